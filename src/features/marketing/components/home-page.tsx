import { Link } from '@tanstack/react-router'
import {
  ArrowRight,
  Award,
  BadgeCheck,
  Building2,
  Cable,
  Cpu,
  HeartHandshake,
  Layers,
  LifeBuoy,
  Network,
  Puzzle,
  Radio,
  RouterIcon,
  Server,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
  Tv,
  Wifi,
  type LucideIcon,
} from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { DisclosureCard } from '@/features/marketing/components/disclosure-card'
import type { PortfolioType } from '@/contract/portfolio-types'
import { HeroCarousel } from '@/features/marketing/components/hero-carousel'
import {
  BENEFITS,
  DEVICE_CLASS_STORIES,
  PORTFOLIO_CARDS,
  portfolioCardTarget,
} from '@/features/marketing/model/home-content'
import { useAuthView } from '@/lib/use-auth-data'
import { cn } from '@/lib/utils'

const BENEFIT_ICONS: Record<string, LucideIcon> = {
  interoperability: Puzzle,
  'quality-assurance': BadgeCheck,
  'standards-checkpoint': ShieldCheck,
  'reduced-recall-risk': ShieldAlert,
  'seamless-connectivity': Wifi,
  'reliable-hardware-and-software': Cpu,
  'customer-experience': HeartHandshake,
  'trusted-device': Award,
  'reduced-support-costs': LifeBuoy,
}

const CLASS_ICONS: Record<string, LucideIcon> = {
  'wi-fi-router': RouterIcon,
  'wi-fi-extender': Radio,
  'wi-fi-mesh-device': Network,
  'set-top-box': Tv,
  ont: Cable,
  olt: Server,
  onu: Smartphone,
}

const PORTFOLIO_ICONS: Record<PortfolioType, LucideIcon> = {
  'organization-portfolio': Building2,
  'line-of-business-portfolio': Layers,
  'device-portfolio': RouterIcon,
}

type HomePageProps = React.ComponentProps<'div'> & {
  /** Device classes whose Learn more is open at first (stories). */
  defaultOpen?: readonly string[]
  /** The hero's first image (stories). */
  heroStartAt?: number
}

/**
 * The home page (spec §1, §2): sections home (hero and the nine benefits), portfolio-manager
 * (the three portfolio cards) and device-certifications (a Learn more per device class).
 */
function HomePage({ defaultOpen = [], heroStartAt, className, ...props }: HomePageProps) {
  return (
    <div data-slot="home-page" className={cn('flex flex-col', className)} {...props}>
      <title>Device Certification Portal · Certify your telecom devices</title>
      <section id="home" aria-labelledby="page-title">
        <HomeHero heroStartAt={heroStartAt} />

        <Benefits />
      </section>

      <section
        id="portfolio-manager"
        aria-labelledby="portfolio-manager-title"
        className="border-y border-line bg-surface"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 id="portfolio-manager-title" className="text-title text-ink">
              Portfolio manager
            </h2>
            <p className="text-body text-ink-muted">
              Your portfolio tells the lab who you are, what you build and which devices to certify. Pick a
              part to start with.
            </p>
          </div>
          <PortfolioCards />
        </div>
      </section>

      <section
        id="device-certifications"
        aria-labelledby="device-certifications-title"
        className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6"
      >
        <div className="flex max-w-2xl flex-col gap-2">
          <h2 id="device-certifications-title" className="text-title text-ink">
            Device certifications
          </h2>
          <p className="text-body text-ink-muted">
            Seven device classes, each with its own test plan. Open a class to see what the lab looks at.
          </p>
        </div>
        <DeviceClasses defaultOpen={defaultOpen} />
      </section>
    </div>
  )
}

/** The first screen: what the portal is for, its two ways in, and the turning product image. */
function HomeHero({ heroStartAt }: { heroStartAt: number | undefined }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 via-surface-muted to-surface-muted">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.1fr_1fr] lg:py-16">
        <div className="flex flex-col gap-5">
          <p className="text-small font-semibold tracking-wide text-brand-700 uppercase">
            Device certification for telecom vendors
          </p>
          <h1 id="page-title" className="text-title text-ink sm:text-display">
            Certify your telecom devices, from first form to certificate
          </h1>
          <p className="max-w-xl text-lead text-ink-muted">
            Register your organization, describe your Wi-Fi routers, extenders, mesh devices, set-top boxes,
            ONTs, OLTs and ONUs, and follow every certification run in one place.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/" hash="portfolio-manager">
                Start with a portfolio
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/" hash="device-certifications">
                Devices we certify
              </Link>
            </Button>
          </div>
        </div>
        <HeroCarousel {...(heroStartAt === undefined ? {} : { startAt: heroStartAt })} />
      </div>
    </div>
  )
}

/** Why certify: the nine benefits. */
function Benefits() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6">
      <div className="flex max-w-2xl flex-col gap-2">
        <h2 id="benefits" className="text-title text-ink">
          Why certify with us
        </h2>
        <p className="text-body text-ink-muted">
          Certification is a checkpoint between your lab and the operator’s network. It pays back in nine
          ways.
        </p>
      </div>
      <ul aria-labelledby="benefits" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map((benefit) => {
          const Icon = BENEFIT_ICONS[benefit.id] ?? BadgeCheck
          return (
            <li
              key={benefit.id}
              className="flex gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="text-body font-semibold text-ink">{benefit.title}</h3>
                <p className="text-small text-ink-muted">{benefit.text}</p>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** A Learn more per device class; `defaultOpen` names those open at first. */
function DeviceClasses({ defaultOpen }: { defaultOpen: readonly string[] }) {
  return (
    <ul className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {DEVICE_CLASS_STORIES.map((story) => {
        const Icon = CLASS_ICONS[story.id] ?? RouterIcon
        return (
          <li key={story.id} className="flex">
            <DisclosureCard
              titleId={`class-${story.id}`}
              heading={
                <div className="flex items-center gap-3">
                  <Icon aria-hidden="true" className="size-6 text-brand-700" />
                  <h3 id={`class-${story.id}`} className="text-heading text-ink">
                    {story.title}
                  </h3>
                </div>
              }
              summary={story.summary}
              defaultOpen={defaultOpen.includes(story.id)}
              contentClassName="flex flex-col gap-2 text-small text-ink-muted"
            >
              {story.more.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </DisclosureCard>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Spec §2: a logged-in user goes to the portfolio form at the card's section; a visitor to the
 * portfolio manager landing. On prerendered HTML the visitor's target stands until hydration.
 */
function PortfolioCards() {
  const { status } = useAuthView()
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PORTFOLIO_CARDS.map((card) => {
        const Icon = PORTFOLIO_ICONS[card.type]
        return (
          <li key={card.type} className="flex">
            <Link
              {...portfolioCardTarget(card.type, status === 'member')}
              data-portfolio={card.type}
              className={cn(
                'group flex w-full flex-col gap-3 rounded-card border border-line bg-surface-muted p-5 shadow-card transition',
                'hover:-translate-y-0.5 hover:border-brand-400 hover:bg-surface focus-visible:focus-ring',
              )}
            >
              <span className="flex size-11 items-center justify-center rounded-lg bg-brand-700 text-ink-inverted">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="text-heading text-ink">{card.title}</span>
              <span className="text-small text-ink-muted">{card.text}</span>
              <span className="mt-auto inline-flex items-center gap-1 text-small font-semibold text-brand-700">
                {status === 'member' ? 'Open in the portfolio form' : 'See what it holds'}
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

export { HomePage }
