import { Copy, TriangleAlert } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import {
  API_TOKEN_COPIED_MESSAGE,
  API_TOKEN_COPY_FAILED_MESSAGE,
  API_TOKEN_SHOWN_ONCE_WARNING,
  apiTokenVendorUserIdNote,
} from '@/contract/api-tokens'

type TokenSecretProps = {
  secret: string
  vendorUserId: string
}

/**
 * A new token's secret, shown this once: read-only (selected on focus), Copy, the warning that it
 * will not be shown again, and the vendorUserId the pipeline sends with it. Copy takes the focus
 * when it appears, so that Enter copies.
 */
function TokenSecret({ secret, vendorUserId }: TokenSecretProps) {
  const [copy, setCopy] = React.useState<'idle' | 'copied' | 'failed'>('idle')
  const copyRef = React.useRef<HTMLButtonElement>(null)
  React.useEffect(() => copyRef.current?.focus(), [])

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      setCopy('copied')
    } catch {
      setCopy('failed')
    }
  }

  return (
    <div data-slot="token-secret" className="flex flex-col gap-4">
      <div
        className="flex gap-2 rounded-control border border-warning bg-warning-soft p-3 text-small text-ink"
        role="note"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>{API_TOKEN_SHOWN_ONCE_WARNING}</p>
      </div>
      <Field>
        <FieldLabel>Your new token</FieldLabel>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
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
        {copy === 'copied'
          ? API_TOKEN_COPIED_MESSAGE
          : copy === 'failed'
            ? API_TOKEN_COPY_FAILED_MESSAGE
            : ''}
      </p>
      <p className="text-small break-all text-ink-muted">{apiTokenVendorUserIdNote(vendorUserId)}</p>
    </div>
  )
}

export { TokenSecret }
