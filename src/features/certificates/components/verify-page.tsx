import { useNavigate } from '@tanstack/react-router'
import { BadgeCheck, CircleAlert, FileUp, ShieldAlert, ShieldX, TimerOff } from 'lucide-react'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import {
  CERTIFICATE_NUMBER_EXAMPLE,
  CERTIFICATE_STATE_LABELS,
  type CertificateContent,
  MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
  normalizeCertificateNumber,
  type PublicCertificate,
} from '@/contract/certificates'
import { endpointPath, endpoints } from '@/contract/endpoints'
import { formatPortalTime } from '@/lib/format-time'
import { useHydrated } from '@/lib/use-hydrated'
import { cn } from '@/lib/utils'
import { type Verification, verifyNumber } from '@/features/certificates/api/verify'
import { numberFromPdf } from '@/features/certificates/model/pdf-number'
import {
  NUMBER_REQUIRED_MESSAGE,
  SIGNATURE_MISMATCH_LABEL,
  SIGNATURE_MISMATCH_TEXT,
  SIGNATURE_VALID_TEXT,
  STATE_TEXT,
  VERIFY_FAILED_MESSAGE,
  VERIFY_LEAD,
  VERIFY_TITLE,
} from '@/features/certificates/model/verify-text'

type VerifyPageProps = {
  /** The number in the address (/verify/<number>), as typed there. */
  number?: string | undefined
}

/**
 * /verify and /verify/<number> (issue 20): anyone, logged in or not, checks a certificate by its
 * number or its PDF. The answer is the portal's record, its signature checked here against the
 * published key: Valid, Expired or Revoked (with the reason and date), or that the signature does
 * not match, or that no certificate has this number — and nothing else about other numbers.
 *
 * /verify/<number> is prerendered once for every number (scripts/build.mjs, PRERENDERED_SHELLS):
 * until the page has hydrated it shows no number — an empty field and a neutral status — and
 * then the address's number, whose check starts then.
 */
function VerifyPage({ number }: VerifyPageProps) {
  const hydrated = useHydrated()
  const known = hydrated ? number : undefined
  const normalized = known ? normalizeCertificateNumber(known) : null
  return (
    <PageShell title={VERIFY_TITLE} lead={VERIFY_LEAD}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <VerifyForm number={normalized ?? known ?? ''} />
        {/* On a phone the answer comes first, above the form it came from. */}
        {number ? (
          <div className="order-first flex flex-col lg:order-none">
            {!known ? (
              <Checking>Checking the certificate…</Checking>
            ) : normalized ? (
              <VerifyResult key={normalized} number={normalized} />
            ) : (
              <Outcome tone="danger" icon={CircleAlert} label="Not a certificate number">
                {MALFORMED_CERTIFICATE_NUMBER_MESSAGE}
              </Outcome>
            )}
          </div>
        ) : null}
      </div>
    </PageShell>
  )
}

function VerifyForm({ number }: { number: string }) {
  const navigate = useNavigate()
  const [typed, setTyped] = React.useState(number)
  const [shown, setShown] = React.useState(number)
  if (number !== shown) {
    setShown(number)
    setTyped(number)
  }
  const [error, setError] = React.useState<string | null>(null)
  const [fileError, setFileError] = React.useState<string | null>(null)
  const [reading, setReading] = React.useState(false)
  const [dragging, setDragging] = React.useState(false)
  const inputRef = React.useRef<HTMLInputElement>(null)

  const open = (next: string) => void navigate({ to: '/verify/$number', params: { number: next } })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!typed.trim()) {
      setError(NUMBER_REQUIRED_MESSAGE)
      inputRef.current?.focus()
      return
    }
    const next = normalizeCertificateNumber(typed)
    if (!next) {
      setError(MALFORMED_CERTIFICATE_NUMBER_MESSAGE)
      inputRef.current?.focus()
      return
    }
    setError(null)
    setTyped(next)
    open(next)
  }

  const readFile = async (file: File | undefined) => {
    if (!file) return
    setFileError(null)
    setReading(true)
    try {
      const found = await numberFromPdf(new Uint8Array(await file.arrayBuffer()))
      if (!found.ok) return setFileError(found.message)
      setTyped(found.number)
      open(found.number)
    } finally {
      setReading(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        aria-label="Check a certificate number"
        onSubmit={submit}
        className="flex flex-col gap-3"
      >
        <Field invalid={Boolean(error)} required>
          <FieldLabel showRequired>Certificate number</FieldLabel>
          <FieldHint>{`As printed on the certificate, e.g. ${CERTIFICATE_NUMBER_EXAMPLE}`}</FieldHint>
          <Input
            ref={inputRef}
            value={typed}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
            onChange={(event) => {
              setTyped(event.target.value)
              setError(null)
            }}
          />
          {error ? <FieldError>{error}</FieldError> : null}
        </Field>
        <Button type="submit" className="self-start">
          Check
        </Button>
      </form>
      <div
        data-slot="pdf-drop"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          void readFile(event.dataTransfer.files[0])
        }}
        className={cn(
          'flex flex-col gap-2 rounded-card border border-dashed border-line-strong p-4 transition-colors',
          dragging && 'border-brand-600 bg-brand-50',
        )}
      >
        <Field invalid={Boolean(fileError)}>
          <FieldLabel>Or choose the certificate PDF</FieldLabel>
          <FieldHint>Read in your browser; nothing is uploaded. You can also drop it here.</FieldHint>
          <Input
            type="file"
            accept="application/pdf,.pdf"
            className="cursor-pointer file:me-3 file:rounded-control file:border-0 file:bg-brand-100 file:px-3 file:py-1 file:font-semibold file:text-brand-900"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
          {fileError ? <FieldError>{fileError}</FieldError> : null}
        </Field>
        {reading ? (
          <p className="flex items-center gap-2 text-small text-ink-muted">
            <Spinner aria-hidden="true" /> Reading the PDF…
          </p>
        ) : (
          <p className="flex items-center gap-2 text-small text-ink-muted">
            <FileUp aria-hidden="true" className="size-4" /> PDF certificates of this portal name their
            number.
          </p>
        )}
      </div>
    </div>
  )
}

function VerifyResult({ number }: { number: string }) {
  const [verification, setVerification] = React.useState<Verification | null>(null)
  React.useEffect(() => {
    const controller = new AbortController()
    verifyNumber(number, controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setVerification(result)
      })
      .catch(() => {
        if (!controller.signal.aborted) setVerification({ kind: 'failed', message: VERIFY_FAILED_MESSAGE })
      })
    return () => controller.abort()
  }, [number])

  if (!verification) return <Checking>{`Checking ${number}…`}</Checking>
  if (verification.kind === 'unknown')
    return (
      <Outcome tone="danger" icon={ShieldX} label="Not found">
        {verification.message}
      </Outcome>
    )
  if (verification.kind === 'malformed')
    return (
      <Outcome tone="danger" icon={CircleAlert} label="Not a certificate number">
        {verification.message}
      </Outcome>
    )
  if (verification.kind === 'failed')
    return (
      <Outcome tone="warning" icon={CircleAlert} label="Not checked">
        {verification.message}
      </Outcome>
    )
  return <CertificateRecord verification={verification} />
}

/**
 * While the answer is on its way (or, in the prerendered HTML, the number not yet read): the
 * record's frame — a one-line status where the verdict comes, the details' terms with bars for
 * their values, the signature's line — so that the answer of a certificate takes its place without
 * moving what is around it (no layout shift on a phone, where the answer comes first).
 */
function Checking({ children }: { children: string }) {
  return (
    <div className="flex flex-col gap-4" data-slot="checking">
      <div role="status" className="flex gap-3 self-start rounded-card border border-line p-4 text-ink-muted">
        <Spinner aria-hidden="true" className="mt-0.5 size-6" />
        <div className="flex flex-col gap-1">
          <p className="text-heading font-bold text-ink">{children}</p>
          <p className="text-body">Its signature is checked in your browser.</p>
        </div>
      </div>
      <div aria-hidden="true">
        <DetailsList
          rows={DETAIL_TERMS.map((term) => [
            term,
            <Pending key={term} lines={term === 'Test plan' ? 2 : 1} />,
          ])}
        />
      </div>
      <p aria-hidden="true" className="text-small text-ink-muted">
        <Pending lines={2} />
      </p>
    </div>
  )
}

const TONES = {
  success: 'border-success bg-success-soft text-success',
  warning: 'border-warning bg-warning-soft text-warning',
  danger: 'border-danger bg-danger-soft text-danger',
} as const

function Outcome({
  tone,
  icon: Icon,
  label,
  children,
}: {
  tone: keyof typeof TONES
  icon: React.ComponentType<{ className?: string }>
  label: string
  children: React.ReactNode
}) {
  return (
    <section aria-label="Result" className={cn('flex gap-3 self-start rounded-card border p-4', TONES[tone])}>
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="text-heading font-bold">{label}</p>
        <p className="text-body text-ink">{children}</p>
      </div>
    </section>
  )
}

function CertificateRecord({ verification }: { verification: Extract<Verification, { kind: 'found' }> }) {
  const { certificate, content, signature } = verification
  const mismatch = signature === 'mismatch'
  const state = certificate.state
  const tone = mismatch || state === 'revoked' ? 'danger' : state === 'expired' ? 'warning' : 'success'
  const icon = mismatch
    ? ShieldAlert
    : state === 'revoked'
      ? ShieldX
      : state === 'expired'
        ? TimerOff
        : BadgeCheck
  const label = mismatch ? SIGNATURE_MISMATCH_LABEL : CERTIFICATE_STATE_LABELS[state]
  return (
    <section
      aria-label={`Certificate ${certificate.number}`}
      data-state={mismatch ? 'mismatch' : state}
      className="flex flex-col gap-4"
    >
      <Outcome tone={tone} icon={icon} label={label}>
        {mismatch ? SIGNATURE_MISMATCH_TEXT : STATE_TEXT[state]}
      </Outcome>
      {certificate.revocation ? (
        <p className="text-body text-ink">
          {`Revoked on ${formatPortalTime(certificate.revocation.revokedAt)} UTC: ${certificate.revocation.reason}`}
        </p>
      ) : null}
      {content && mismatch ? (
        <p className="text-small font-semibold text-ink">What the record says (not verified):</p>
      ) : null}
      {content ? <Details certificate={certificate} content={content} /> : null}
      <p className="text-small text-ink-muted">
        {mismatch ? null : `${SIGNATURE_VALID_TEXT} Key ${certificate.keyId}. `}
        <a
          href={endpointPath(endpoints.certificate.path, { number: certificate.number })}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
        >
          The record as JSON
        </a>
      </p>
    </section>
  )
}

/** The record's terms, in order: the details list and its placeholder while checking. */
const DETAIL_TERMS = [
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

function Details({ certificate, content }: { certificate: PublicCertificate; content: CertificateContent }) {
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
  return <DetailsList rows={DETAIL_TERMS.map((term) => [term, values[term]])} />
}

const DETAILS_LIST = 'grid gap-x-6 gap-y-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2'

function DetailsList({ rows }: { rows: ReadonlyArray<[string, React.ReactNode]> }) {
  return (
    <dl className={DETAILS_LIST}>
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-0.5">
          <dt className="text-small font-semibold text-ink-muted">{term}</dt>
          <dd className="text-body break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A value not known yet: a bar of one line's height (two on a phone for the test plan's). */
function Pending({ lines = 1 }: { lines?: 1 | 2 }) {
  const bar = 'inline-block h-4 rounded bg-surface-sunken align-middle'
  return (
    <>
      <span className="block">
        <span className={cn(bar, 'w-40 max-w-full')} />
      </span>
      {lines === 2 ? (
        <span className="block sm:hidden">
          <span className={cn(bar, 'w-24')} />
        </span>
      ) : null}
    </>
  )
}

export { VerifyPage }
