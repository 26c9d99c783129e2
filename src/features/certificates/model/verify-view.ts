import * as badgeCheck from 'lucide-react/icons/badge-check'
import * as gitBranch from 'lucide-react/icons/git-branch'
import * as circleAlert from 'lucide-react/icons/circle-exclamation-point'
import * as shieldAlert from 'lucide-react/icons/shield-exclamation-point'
import * as shieldX from 'lucide-react/icons/shield-x'
import * as timerOff from 'lucide-react/icons/timer-off'
import {
  VERIFY_PATH,
  CERTIFICATE_API_PATH,
  CERTIFICATE_STATE_LABELS,
  type CertificateContent,
  type PublicCertificate,
} from '@/contract/certificates'
import { formatPortalTime } from '@/lib/format-time'
import { h, type ViewElement, type ViewNode } from '@/lib/view-node'
import type { Verification } from '@/features/certificates/api/verify'
import {
  carriedFromSourceText,
  coversFirmwareText,
  laterCertificateText,
  RECERTIFICATION_OF_TEXT,
  stillValidText,
  SIGNATURE_MISMATCH_LABEL,
  SIGNATURE_MISMATCH_TEXT,
  SIGNATURE_VALID_TEXT,
  STATE_TEXT,
} from '@/features/certificates/model/verify-text'

/*
 * The verification page's answer as markup described as data (src/lib/view-node.ts):
 * the app renders it with React, and the page's shell builds it before the app has started
 * (src/features/certificates/verify-shell.ts), so a visitor who opens /verify/<number> from a QR
 * code sees the same answer without downloading the app (docs/decisions/0025, point 15).
 */

/** An icon's drawing as lucide ships it (the module's `__iconData`; its React component is unused here). */
type IconData = {
  name: string
  aliases?: readonly string[]
  node: ReadonlyArray<readonly [string, Record<string, string>]>
}
const iconData = (module: unknown) => (module as { __iconData: IconData }).__iconData
const ICONS = {
  badgeCheck: iconData(badgeCheck),
  circleAlert: iconData(circleAlert),
  shieldAlert: iconData(shieldAlert),
  shieldX: iconData(shieldX),
  timerOff: iconData(timerOff),
  gitBranch: iconData(gitBranch),
}
type IconName = keyof typeof ICONS

/** A decorative icon, drawn as lucide-react draws it (the directory's cards draw theirs so too). */
export function icon(name: IconName, className: string): ViewElement {
  const { name: lucideName, aliases = [], node } = ICONS[name]
  const names = [lucideName, ...aliases].map((each) => `lucide-${each}`).join(' ')
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: '24',
      height: '24',
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      class: `lucide ${names} ${className}`,
      'aria-hidden': 'true',
    },
    node.map(([tag, { key: _key, ...attrs }]) => h(tag, attrs)),
  )
}

const TONES = {
  success: 'border-success bg-success-soft text-success',
  warning: 'border-warning bg-warning-soft text-warning',
  danger: 'border-danger bg-danger-soft text-danger',
} as const

/** The verdict: an icon, a label and a sentence, in the tone of the answer. */
function outcome(tone: keyof typeof TONES, iconName: IconName, label: string, text: string): ViewElement {
  return h(
    'section',
    { 'aria-label': 'Result', class: `flex gap-3 self-start rounded-card border p-4 ${TONES[tone]}` },
    icon(iconName, 'mt-0.5 size-6 shrink-0'),
    h(
      'div',
      { class: 'flex flex-col gap-1' },
      h('p', { class: 'text-heading font-bold' }, label),
      h('p', { class: 'text-body text-ink' }, text),
    ),
  )
}

/** The record's terms, in order: the details list, and its frame while checking (verify-page.tsx). */
export const DETAIL_TERMS = [
  'Certificate number',
  'Device',
  'Device type',
  'Product class',
  'Firmware',
  'Serial numbers',
  'Organization',
  'Test plan',
  'Attempts',
  'Issued',
  'Valid until',
] as const

export const DETAILS_LIST_CLASS =
  'grid gap-x-6 gap-y-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2'
export const DETAIL_CLASS = 'flex flex-col gap-0.5'
export const DETAIL_TERM_CLASS = 'text-small font-semibold text-ink-muted'
export const DETAIL_VALUE_CLASS = 'text-body break-words text-ink'

function details(certificate: PublicCertificate, content: CertificateContent): ViewElement {
  const values: Record<(typeof DETAIL_TERMS)[number], string> = {
    'Certificate number': certificate.number,
    Device: `${content.device.vendor} ${content.device.name}`,
    'Device type': content.device.type,
    'Product class': content.device.productClass,
    Firmware: content.device.firmware,
    'Serial numbers': content.device.serialNumbers.join(', ') || 'None',
    Organization: content.organization.name,
    'Test plan': `${content.testPlan.name} (version ${content.testPlan.version}), ${content.testPlan.cases.length} test cases`,
    Attempts: String(content.attempts.length),
    Issued: `${formatPortalTime(content.issuedAt)} UTC`,
    'Valid until': `${formatPortalTime(content.expiresAt)} UTC`,
  }
  return h(
    'dl',
    { class: DETAILS_LIST_CLASS },
    DETAIL_TERMS.map((term) =>
      h(
        'div',
        { class: DETAIL_CLASS },
        h('dt', { class: DETAIL_TERM_CLASS }, term),
        h('dd', { class: DETAIL_VALUE_CLASS }, values[term]),
      ),
    ),
  )
}

const LINK =
  'font-mono font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring'

/** The path of a verification address ('http://…/verify/DCP-…' → '/verify/DCP-…'), this site's own. */
function verifyPathOf(verifyUrl: string, number: string): string {
  try {
    const path = new URL(verifyUrl, 'http://localhost').pathname
    return path.startsWith(`${VERIFY_PATH}/`) ? path : `${VERIFY_PATH}/${number}`
  } catch {
    return `${VERIFY_PATH}/${number}`
  }
}

/**
 * The firmware the certificate covers, prominent; for a recertification, the certificate it
 * carries cases from (docs/decisions/0033).
 */
function firmwareLines(content: CertificateContent): ViewElement {
  const { source } = content
  return h(
    'div',
    { class: 'flex flex-col gap-1', 'data-slot': 'covers-firmware' },
    h(
      'p',
      { class: 'text-heading font-bold text-ink' },
      coversFirmwareText(content.device.firmware, content.revision),
    ),
    source
      ? h(
          'p',
          { class: 'text-body text-ink' },
          `${RECERTIFICATION_OF_TEXT} `,
          h('a', { href: `${VERIFY_PATH}/${source.number}`, class: LINK }, source.number),
          carriedFromSourceText(source.firmware, source.carriedCases.length),
        )
      : null,
  )
}

/** A later revision of the device is certified: its certificate, linked; this one stays valid for its firmware. */
function laterNotice(certificate: PublicCertificate, firmware: string | null): ViewElement | null {
  const later = certificate.laterCertificate
  if (!later) return null
  return h(
    'section',
    {
      'aria-label': 'Later certificate',
      'data-slot': 'later-certificate',
      class: 'flex gap-3 rounded-card border border-brand-200 bg-brand-50 p-4 text-body text-ink',
    },
    icon('gitBranch', 'mt-0.5 size-5 shrink-0 text-brand-700'),
    h(
      'p',
      {},
      laterCertificateText(later.firmware),
      h('a', { href: verifyPathOf(later.verifyUrl, later.number), class: LINK }, later.number),
      '. ',
      certificate.state === 'valid' && firmware ? stillValidText(firmware) : null,
    ),
  )
}

function record({ certificate, content, signature }: Extract<Verification, { kind: 'found' }>): ViewElement {
  const mismatch = signature === 'mismatch'
  const state = certificate.state
  const tone = mismatch || state === 'revoked' ? 'danger' : state === 'expired' ? 'warning' : 'success'
  const iconName: IconName = mismatch
    ? 'shieldAlert'
    : state === 'revoked'
      ? 'shieldX'
      : state === 'expired'
        ? 'timerOff'
        : 'badgeCheck'
  const label = mismatch ? SIGNATURE_MISMATCH_LABEL : CERTIFICATE_STATE_LABELS[state]
  return h(
    'section',
    {
      'aria-label': `Certificate ${certificate.number}`,
      'data-state': mismatch ? 'mismatch' : state,
      class: 'flex flex-col gap-4',
    },
    outcome(tone, iconName, label, mismatch ? SIGNATURE_MISMATCH_TEXT : STATE_TEXT[state]),
    content && !mismatch ? firmwareLines(content) : null,
    laterNotice(certificate, mismatch ? null : (content?.device.firmware ?? null)),
    certificate.revocation
      ? h(
          'p',
          { class: 'text-body text-ink' },
          `Revoked on ${formatPortalTime(certificate.revocation.revokedAt)} UTC: ${certificate.revocation.reason}`,
        )
      : null,
    content && mismatch
      ? h('p', { class: 'text-small font-semibold text-ink' }, 'What the record says (not verified):')
      : null,
    content ? details(certificate, content) : null,
    h(
      'p',
      { class: 'text-small text-ink-muted' },
      mismatch ? null : `${SIGNATURE_VALID_TEXT} Key ${certificate.keyId}. `,
      h(
        'a',
        {
          href: CERTIFICATE_API_PATH.replace(':number', encodeURIComponent(certificate.number)),
          class: 'font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring',
        },
        'The record as JSON',
      ),
    ),
  )
}

/** The answer for a number: the record and its verdict, or why there is none. */
export function verificationView(verification: Verification): ViewNode {
  switch (verification.kind) {
    case 'unknown':
      return outcome('danger', 'shieldX', 'Not found', verification.message)
    case 'malformed':
      return outcome('danger', 'circleAlert', 'Not a certificate number', verification.message)
    case 'failed':
      return outcome('warning', 'circleAlert', 'Not checked', verification.message)
    case 'found':
      return record(verification)
  }
}
