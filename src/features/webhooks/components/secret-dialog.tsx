import { Check, Copy } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { WEBHOOK_CREATED_MESSAGE } from '@/contract/webhooks'

type SecretDialogProps = {
  /** The new endpoint's URL and secret; null when closed. */
  created: { url: string; secret: string } | null
  onClose: () => void
}

export const SECRET_COPIED = 'Copied'

/**
 * The signing secret, shown once after Add endpoint: read-only, selectable, with Copy. The portal
 * never shows it again (the list shows its last four characters), so closing says so.
 */
function SecretDialog({ created, onClose }: SecretDialogProps) {
  const [copied, setCopied] = React.useState(false)
  const fieldId = React.useId()
  const copy = async () => {
    if (!created) return
    try {
      await navigator.clipboard.writeText(created.secret)
      setCopied(true)
    } catch {
      // Clipboard refused (an insecure page, a denied permission): the field stays selectable.
      document.getElementById(fieldId)?.focus()
    }
  }
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false)
          onClose()
        }
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>{WEBHOOK_CREATED_MESSAGE}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <label htmlFor={fieldId} className="text-small font-semibold text-ink">
            {`Secret of ${created?.url ?? ''}`}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={fieldId}
              readOnly
              value={created?.secret ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-control border border-line-strong bg-surface-muted px-3 py-2 font-mono text-small text-ink focus-visible:focus-ring"
            />
            <Button variant="outline" onClick={() => void copy()}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? SECRET_COPIED : 'Copy'}
            </Button>
          </div>
          <p className="text-small text-ink-muted">
            Your receiver checks each delivery’s Webhook-Signature with it: HMAC-SHA256 over the
            Webhook-Timestamp, a dot and the raw body.
          </p>
        </div>
        <DialogFooter>
          <Button
            onClick={() => {
              setCopied(false)
              onClose()
            }}
          >
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

export { SecretDialog }
