import { Link } from '@tanstack/react-router'
import {
  ArrowRight,
  Building2,
  ClipboardList,
  FlaskConical,
  LayoutDashboard,
  MapPin,
  Network,
  UserRound,
  type LucideIcon,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AuthCard } from '@/features/auth/components/auth-card'

type Item = { icon: LucideIcon; title: string; text: string }

const WHAT_YOU_GET: ReadonlyArray<Item> = [
  {
    icon: ClipboardList,
    title: 'Describe your portfolio',
    text: 'Your organization, line of business and the devices you want certified, in one form you can save as a draft.',
  },
  {
    icon: FlaskConical,
    title: 'Start certification runs',
    text: 'Submit a device and start its run in our lab when you are ready.',
  },
  {
    icon: LayoutDashboard,
    title: 'Follow them on the dashboard',
    text: 'See each device from submitted to certified, download results and receive certificates.',
  },
]

const WHAT_YOU_NEED: ReadonlyArray<Item> = [
  { icon: Building2, title: 'Organization', text: 'the name your devices are sold under.' },
  { icon: Network, title: 'Line of business', text: 'Wireline, Wireless or both.' },
  { icon: UserRound, title: 'Contact', text: 'your name, e-mail address and phone number.' },
  { icon: MapPin, title: 'Address', text: 'country, state and city.' },
]

/**
 * /create-profile (spec §2): what a vendor profile is for and what registering asks for, then the
 * way to the registration form. Calls nothing, so it is prerendered like the marketing pages.
 */
function CreateProfilePage() {
  return (
    <AuthCard
      title="Create your vendor profile"
      lead="Register your organization once to describe your devices and have them certified."
      width="wide"
      footer={
        <p>
          Already registered?{' '}
          <Link
            to="/login"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:gap-8">
        <section aria-labelledby="create-profile-benefits" className="flex flex-col gap-4">
          <h2 id="create-profile-benefits" className="text-heading text-ink">
            With a vendor profile you can
          </h2>
          <ul className="flex flex-col gap-4">
            {WHAT_YOU_GET.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="flex flex-col gap-0.5">
                  <p className="font-semibold text-ink">{title}</p>
                  <p className="text-small text-ink-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="create-profile-needs"
          className="flex flex-col gap-4 rounded-card border border-line bg-surface-muted p-5"
        >
          <h2 id="create-profile-needs" className="text-heading text-ink">
            What you need
          </h2>
          <ul className="flex flex-col gap-3">
            {WHAT_YOU_NEED.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <p className="text-small text-ink-muted">
                  <span className="font-semibold text-ink">{title}</span>: {text}
                </p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-small text-ink-muted">
          After you register we e-mail you a 6-digit code to create your password.
        </p>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/create-profile/register">
            Register
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </AuthCard>
  )
}

export { CreateProfilePage }
