import { BadgeCheck } from 'lucide-react'
import type * as React from 'react'
import { CERTIFICATE_STATE_LABELS, VERIFY_PATH } from '@/contract/certificates'
import type { CertificationRun } from '@/contract/certification'

export type IssuedCertificate = NonNullable<CertificationRun['certificate']>

/**
 * A certificate as both sides show it: its number, a link to its public verification page, and
 * its state ('Certificate DCP-… · Valid'). What a side may do with it comes as `children` under
 * the line: the vendor's switch that lists the device among the certified devices, the Lab
 * manager's Revoke.
 */
export function CertificateLine({
  certificate,
  children,
}: {
  certificate: IssuedCertificate
  children?: React.ReactNode
}) {
  return (
    <div
      data-slot="run-certificate"
      data-state={certificate.state}
      className="flex flex-col gap-3 rounded-control border border-line bg-surface-sunken px-3 py-2 text-small"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink">
        <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        <span className="font-semibold">Certificate</span>
        <a
          href={`${VERIFY_PATH}/${certificate.number}`}
          className="font-mono font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
        >
          {certificate.number}
        </a>
        <span className="text-ink-muted">{`· ${CERTIFICATE_STATE_LABELS[certificate.state]}`}</span>
      </p>
      {children}
    </div>
  )
}
