import { Cable, Network, Radio, RouterIcon, Server, Tv, type LucideIcon } from 'lucide-react'
import { Link } from '@tanstack/react-router'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Collapsible, CollapsibleContent, DisclosureToggle } from '@/components/ui/collapsible'
import { DisclosureCard } from '@/features/marketing/components/disclosure-card'
import {
  CERTIFICATION_CLASSES,
  CERTIFICATIONS_INTRO,
  CERTIFICATIONS_INTRO_MORE,
} from '@/features/marketing/model/device-certifications'
import { cn } from '@/lib/utils'

const ICONS: Record<string, LucideIcon> = {
  'wi-fi-routers': RouterIcon,
  'wi-fi-mesh-devices': Network,
  'set-top-boxes': Tv,
  ont: Cable,
  olt: Server,
  onu: Radio,
}

/** The id of the introduction's Read More, beside the cards' ids. */
export const INTRO_ID = 'intro'

type DeviceCertificationsProps = React.ComponentProps<'div'> & {
  /** Parts open at first: INTRO_ID and card ids (stories). */
  defaultOpen?: readonly string[]
}

/**
 * The device certifications page (spec §2): descriptive text with a Read More toggle, and an
 * expandable card per device class, each with its own Read More.
 */
function DeviceCertifications({ defaultOpen = [], className, ...props }: DeviceCertificationsProps) {
  return (
    <div data-slot="device-certifications" className={cn('flex flex-col gap-8', className)} {...props}>
      <Collapsible defaultOpen={defaultOpen.includes(INTRO_ID)} className="flex max-w-3xl flex-col gap-3">
        <p className="text-body text-ink">{CERTIFICATIONS_INTRO}</p>
        <CollapsibleContent className="flex flex-col gap-3 text-body text-ink-muted">
          {CERTIFICATIONS_INTRO_MORE.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </CollapsibleContent>
        <DisclosureToggle moreLabel="Read More" lessLabel="Read Less" className="self-start" />
      </Collapsible>

      <section aria-labelledby="certified-classes" className="flex flex-col gap-4">
        <h2 id="certified-classes" className="text-heading text-ink">
          Device classes we certify
        </h2>
        <ul className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CERTIFICATION_CLASSES.map((item) => {
            const Icon = ICONS[item.id] ?? RouterIcon
            return (
              <li key={item.id} className="flex">
                <DisclosureCard
                  titleId={`certification-${item.id}`}
                  heading={
                    <>
                      <Icon aria-hidden="true" className="size-8 text-brand-700" />
                      <h3 id={`certification-${item.id}`} className="text-heading text-ink">
                        {item.title}
                      </h3>
                    </>
                  }
                  summary={item.summary}
                  defaultOpen={defaultOpen.includes(item.id)}
                  moreLabel="Read More"
                  lessLabel="Read Less"
                >
                  <p className="mb-1 text-small font-semibold text-ink">What the lab tests</p>
                  <ul className="list-disc space-y-1 ps-5 text-small text-ink-muted">
                    {item.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                </DisclosureCard>
              </li>
            )
          })}
        </ul>
      </section>

      <section
        aria-labelledby="certified-devices"
        className="flex flex-col items-start gap-3 rounded-card border border-line bg-surface-sunken p-5"
      >
        <h2 id="certified-devices" className="text-heading text-ink">
          Devices already certified
        </h2>
        <p className="max-w-3xl text-body text-ink-muted">
          Every certificate has a public record. Look up the devices their makers list, or check a certificate
          by its number or its PDF.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/certified-devices">Browse the certified devices</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/verify">Verify a certificate</Link>
          </Button>
        </div>
      </section>
    </div>
  )
}

export { DeviceCertifications }
