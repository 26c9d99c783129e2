import { useNavigate } from '@tanstack/react-router'
import { FileUp } from 'lucide-react'
import * as React from 'react'
import { useAppForm } from '@/components/form/form-kit'
import { PageForm } from '@/components/form/page-form'
import { PageShell } from '@/components/layout/page-shell'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ViewNodeContent } from '@/components/ui/view-node'
import {
  CERTIFICATE_NUMBER_EXAMPLE,
  MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
  normalizeCertificateNumber,
} from '@/contract/certificates'
import { useHydrated } from '@/lib/use-hydrated'
import { cn } from '@/lib/utils'
import { type Verification, verifyNumber } from '@/features/certificates/api/verify'
import { numberFromPdf } from '@/features/certificates/model/pdf-number'
import { type ShellAnswer, shellAnswerFor } from '@/features/certificates/model/shell-answer'
import {
  NUMBER_FIELD_NAME,
  NUMBER_REQUIRED_MESSAGE,
  VERIFY_FAILED_MESSAGE,
  VERIFY_LEAD,
  VERIFY_TITLE,
} from '@/features/certificates/model/verify-text'
import {
  DETAIL_CLASS,
  DETAIL_TERM_CLASS,
  DETAIL_TERMS,
  DETAIL_VALUE_CLASS,
  DETAILS_LIST_CLASS,
  verificationView,
} from '@/features/certificates/model/verify-view'

type VerifyPageProps = {
  /** The number in the address (/verify/<number>), as typed there. */
  number?: string | undefined
}

/**
 * /verify and /verify/<number>: anyone, logged in or not, checks a certificate by its
 * number or its PDF. The answer is the portal's record, its signature checked here against the
 * published key: Valid, Expired or Revoked (with the reason and date), or that the signature does
 * not match, or that no certificate has this number — and nothing else about other numbers.
 *
 * /verify/<number> is prerendered once for every number (scripts/build.mjs, PRERENDERED_SHELLS):
 * the shell's own script checks the address's number and shows the answer (AnswerSlot); the form
 * shows the number once the app has hydrated the page.
 */
function VerifyPage({ number }: VerifyPageProps) {
  const hydrated = useHydrated()
  const known = hydrated ? number : undefined
  const normalized = known ? normalizeCertificateNumber(known) : null
  return (
    <PageShell title={VERIFY_TITLE} lead={VERIFY_LEAD}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <VerifyForm number={normalized ?? known ?? ''} />
        {number ? <AnswerSlot key={number} number={number} /> : null}
      </div>
    </PageShell>
  )
}

/** The form's own check of the number typed: given, and shaped like a certificate number. */
function numberProblem(typed: string): string | undefined {
  if (!typed.trim()) return NUMBER_REQUIRED_MESSAGE
  return normalizeCertificateNumber(typed) ? undefined : MALFORMED_CERTIFICATE_NUMBER_MESSAGE
}

/**
 * The number typed (the address's number when it changes), and the two ways to check one: the
 * typed number, or the number read from a certificate's PDF; either opens /verify/<number>.
 */
function VerifyForm({ number }: { number: string }) {
  const navigate = useNavigate()
  const [fileError, setFileError] = React.useState<string | null>(null)
  const [reading, setReading] = React.useState(false)
  const open = (next: string) => void navigate({ to: '/verify/$number', params: { number: next } })
  const form = useAppForm({
    defaultValues: { [NUMBER_FIELD_NAME]: number },
    validators: {
      onSubmit: ({ value }) => {
        const problem = numberProblem(value[NUMBER_FIELD_NAME])
        return problem ? { fields: { [NUMBER_FIELD_NAME]: problem } } : undefined
      },
    },
    onSubmit: ({ value, formApi }) => {
      const next = normalizeCertificateNumber(value[NUMBER_FIELD_NAME])
      if (!next) return
      formApi.setFieldValue(NUMBER_FIELD_NAME, next)
      open(next)
    },
  })
  // The address's number, when it changes, is the one typed.
  React.useLayoutEffect(() => {
    if (form.getFieldValue(NUMBER_FIELD_NAME) !== number) form.setFieldValue(NUMBER_FIELD_NAME, number)
  }, [form, number])

  const readFile = async (file: File | undefined) => {
    if (!file) return
    setFileError(null)
    setReading(true)
    try {
      const found = await numberFromPdf(new Uint8Array(await file.arrayBuffer()))
      if (!found.ok) return setFileError(found.message)
      form.setFieldValue(NUMBER_FIELD_NAME, found.number)
      open(found.number)
    } finally {
      setReading(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageForm form={form} aria-label="Check a certificate number" submitLabel="Check" className="gap-3">
        <form.AppField name={NUMBER_FIELD_NAME}>
          {(field) => (
            <field.TextField
              label="Certificate number"
              hint={`As printed on the certificate, e.g. ${CERTIFICATE_NUMBER_EXAMPLE}`}
              hintFirst
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              inputClassName="font-mono uppercase"
              required
            />
          )}
        </form.AppField>
      </PageForm>
      <PdfDrop onFile={(file) => void readFile(file)} fileError={fileError} reading={reading} />
    </div>
  )
}

type PdfDropProps = {
  onFile: (file: File | undefined) => void
  /** Why the PDF chosen gave no number. */
  fileError: string | null
  reading: boolean
}

/** The certificate's PDF, chosen or dropped here; it is read in the browser. */
function PdfDrop({ onFile, fileError, reading }: PdfDropProps) {
  const [dragging, setDragging] = React.useState(false)
  return (
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
        onFile(event.dataTransfer.files[0])
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
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        {fileError ? <FieldError>{fileError}</FieldError> : null}
      </Field>
      {reading ? (
        <p className="flex items-center gap-2 text-small text-ink-muted">
          <Spinner aria-hidden="true" /> Reading the PDF…
        </p>
      ) : (
        <p className="flex items-center gap-2 text-small text-ink-muted">
          <FileUp aria-hidden="true" className="size-4" /> PDF certificates of this portal name their number.
        </p>
      )}
    </div>
  )
}

type AnswerSlotProps = {
  /** The number in the address, as typed there. */
  number: string
}

/**
 * Where the answer goes. In the prerendered shell it holds "Checking the certificate…", which the
 * shell's script (verify-shell.ts) replaces with the answer before the app has started; when the
 * app hydrates the page it leaves that content as it is (React does not hydrate what is inside
 * an element given `dangerouslySetInnerHTML`) and keeps it while the page shows this number. If
 * the shell had no answer yet, the app's own answer takes the slot's place once hydrated, from
 * the shell's check still on its way. Rendered in the browser from scratch, the slot is the
 * app's from the start.
 */
function AnswerSlot({ number }: AnswerSlotProps) {
  const hydrated = useHydrated()
  const normalized = normalizeCertificateNumber(number)
  // Decided when the slot mounts: only a slot hydrated from the shell takes over the shell's work.
  const [shell] = React.useState(() => (hydrated ? undefined : shellAnswerFor(normalized ?? number)))
  const [keepShellAnswer] = React.useState(() => shell?.shown === true)
  if (typeof document === 'undefined') {
    return (
      <div key="shell" data-slot="verify-answer" className={ANSWER_SLOT}>
        <Checking>Checking the certificate…</Checking>
      </div>
    )
  }
  if (!hydrated || keepShellAnswer) {
    return (
      <div
        key="shell"
        data-slot="verify-answer"
        className={ANSWER_SLOT}
        suppressHydrationWarning
        dangerouslySetInnerHTML={SHELL_CONTENT}
      />
    )
  }
  return (
    <div key="app" data-slot="verify-answer" className={ANSWER_SLOT}>
      {normalized ? (
        <VerifyResult key={normalized} number={normalized} shell={shell} />
      ) : (
        <ViewNodeContent
          node={verificationView({ kind: 'malformed', message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE })}
        />
      )}
    </div>
  )
}

/** On a phone the answer comes first, above the form it came from. */
const ANSWER_SLOT = 'order-first flex flex-col lg:order-none'
/** What React writes into the shell's slot: nothing — it keeps what is there (one object, never rewritten). */
const SHELL_CONTENT = { __html: '' }

function VerifyResult({ number, shell }: { number: string; shell: ShellAnswer | undefined }) {
  const [verification, setVerification] = React.useState<Verification | null>(() => shell?.settled ?? null)
  React.useEffect(() => {
    if (verification) return
    const controller = new AbortController()
    ;(shell?.verification ?? verifyNumber(number, controller.signal))
      .then((result) => {
        if (!controller.signal.aborted) setVerification(result)
      })
      .catch(() => {
        if (!controller.signal.aborted) setVerification({ kind: 'failed', message: VERIFY_FAILED_MESSAGE })
      })
    return () => controller.abort()
  }, [number, shell, verification])

  if (!verification) return <Checking>{`Checking ${number}…`}</Checking>
  return <ViewNodeContent node={verificationView(verification)} />
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
      <dl aria-hidden="true" className={DETAILS_LIST_CLASS}>
        {DETAIL_TERMS.map((term) => (
          <div key={term} className={DETAIL_CLASS}>
            <dt className={DETAIL_TERM_CLASS}>{term}</dt>
            <dd className={DETAIL_VALUE_CLASS}>
              <Pending lines={term === 'Test plan' ? 2 : 1} />
            </dd>
          </div>
        ))}
      </dl>
      <p aria-hidden="true" className="text-small text-ink-muted">
        <Pending lines={2} />
      </p>
    </div>
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
