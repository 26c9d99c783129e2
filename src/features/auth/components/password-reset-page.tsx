import { Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AuthCard } from '@/features/auth/components/auth-card'

/** /password-reset (spec §2): the end of the forgot-password flow, with the way back to login. */
function PasswordResetPage() {
  return (
    <AuthCard
      title="Password reset"
      lead="Your password has been changed. Sign in with your e-mail address and your new password."
    >
      <div className="flex items-start gap-3 rounded-control border border-success/30 bg-success-soft p-4">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div className="flex flex-col gap-0.5 text-small">
          <p className="font-semibold text-ink">Password changed</p>
          <p className="text-ink-muted">The 6-digit code has been used and no longer works.</p>
        </div>
      </div>
      <Button asChild size="lg" className="w-full">
        <Link to="/login">Back to login</Link>
      </Button>
      <p className="text-small text-ink-muted">
        Didn&apos;t ask for this change? Reset your password again and{' '}
        <Link
          to="/contact-us"
          className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
        >
          contact support
        </Link>
        .
      </p>
    </AuthCard>
  )
}

export { PasswordResetPage }
