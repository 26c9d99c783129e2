import { Copy, TriangleAlert } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

/** Said after Copy (to screen readers too). */
export const SECRET_COPIED_MESSAGE = 'Copied to the clipboard.'
/** When the browser refused the clipboard (an insecure page, a denied permission). */
export const SECRET_COPY_FAILED_MESSAGE =
  'The browser did not let the page copy. Select the text and copy it yourself.'

type SecretOnceProps = {
  /** The field's label ("Your new token", "Signing secret of …"). */
  label: string
  secret: string
  /** Why it must be copied now: it is not shown again. */
  warning: string
  /** What else the reader needs beside the secret (how it is used). */
  children?: React.ReactNode
}

/**
 * A secret the portal shows this once (an API token, a webhook's signing secret): the warning, the
 * secret read-only (selected on focus) with Copy, and whether it was copied. Copy takes the focus
 * when it appears, so that Enter copies; if the browser refuses, the field takes it, selected.
 */
function SecretOnce({ label, secret, warning, children }: SecretOnceProps) {
  const [copy, setCopy] = React.useState<'idle' | 'copied' | 'failed'>('idle')
  const copyRef = React.useRef<HTMLButtonElement>(null)
  const fieldRef = React.useRef<HTMLInputElement>(null)
  React.useEffect(() => copyRef.current?.focus(), [])

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      setCopy('copied')
    } catch {
      setCopy('failed')
      fieldRef.current?.focus()
    }
  }

  return (
    <div data-slot="secret-once" className="flex flex-col gap-4">
      <div
        className="flex gap-2 rounded-control border border-warning bg-warning-soft p-3 text-small text-ink"
        role="note"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>{warning}</p>
      </div>
      <Field>
        <FieldLabel>{label}</FieldLabel>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={fieldRef}
            readOnly
            value={secret}
            spellCheck={false}
            className="font-mono text-small"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button ref={copyRef} type="button" variant="outline" onClick={() => void onCopy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      </Field>
      <p aria-live="polite" className="min-h-5 text-small text-ink-muted">
        {copy === 'copied' ? SECRET_COPIED_MESSAGE : copy === 'failed' ? SECRET_COPY_FAILED_MESSAGE : ''}
      </p>
      {children}
    </div>
  )
}

export { SecretOnce }
