import { Link } from '@tanstack/react-router'
import { LifeBuoy, Mail } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card'
import { getSupportEmail, supportMailto } from '@/lib/config'
import { cn } from '@/lib/utils'

type ContactUsProps = React.ComponentProps<'div'> & {
  /** The support address (VITE_SUPPORT_EMAIL by default). */
  supportEmail?: string
}

/**
 * Contact Us (spec §2): the way to the help center, and the support address as a link that opens
 * the mail composer.
 */
function ContactUs({ supportEmail = getSupportEmail(), className, ...props }: ContactUsProps) {
  const mailto = supportMailto({ email: supportEmail })
  return (
    <div data-slot="contact-us" className={cn('grid gap-6 md:grid-cols-2', className)} {...props}>
      <Card>
        <CardHeader className="gap-3">
          <LifeBuoy aria-hidden="true" className="size-8 text-brand-700" />
          <h2 id="contact-help-center" className="text-heading text-ink">
            Find an answer
          </h2>
        </CardHeader>
        <CardContent className="text-ink-muted">
          The help center answers the most common questions about your account, your devices, certification
          runs and billing, and you can search it.
        </CardContent>
        <CardFooter className="mt-auto">
          <Button asChild variant="secondary">
            <Link to="/help-center">Go to the Help Center</Link>
          </Button>
        </CardFooter>
      </Card>

      <Card>
        <CardHeader className="gap-3">
          <Mail aria-hidden="true" className="size-8 text-brand-700" />
          <h2 id="contact-support" className="text-heading text-ink">
            Write to support
          </h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-ink-muted">
          <p>
            Write to{' '}
            <a
              href={mailto}
              className="font-semibold [overflow-wrap:break-word] text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
            >
              {supportEmail}
            </a>
            . We answer within two working days.
          </p>
          <p>Name your organization and, for a device, its name and product class: we find it faster.</p>
        </CardContent>
      </Card>
    </div>
  )
}

export { ContactUs }
