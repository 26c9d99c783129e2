import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { SecretOnce } from '@/components/ui/secret-once'
import { WEBHOOK_CREATED_MESSAGE, WEBHOOK_SECRET_SHOWN_ONCE_WARNING } from '@/contract/webhooks'

type SecretDialogProps = {
  /** The endpoint's URL, its new secret and the server's message; null when closed. */
  created: { url: string; secret: string; message: string } | null
  onClose: () => void
}

/**
 * The signing secret, shown once after Add endpoint or New secret (SecretOnce: the warning, the
 * secret with Copy). The portal never shows it again: the list shows its last four characters.
 */
function SecretDialog({ created, onClose }: SecretDialogProps) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>{created?.message ?? WEBHOOK_CREATED_MESSAGE}</DialogDescription>
        </DialogHeader>
        {created ? (
          <SecretOnce
            label={`Secret of ${created.url}`}
            secret={created.secret}
            warning={WEBHOOK_SECRET_SHOWN_ONCE_WARNING}
          >
            <p className="text-small text-ink-muted">
              Your receiver checks each delivery’s Webhook-Signature with it: HMAC-SHA256 over the
              Webhook-Timestamp, a dot and the raw body.
            </p>
          </SecretOnce>
        ) : null}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

export { SecretDialog }
