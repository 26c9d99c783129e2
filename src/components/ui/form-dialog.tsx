import type * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

/*
 * The shape of a "create" dialog (invite a member, add an endpoint, create a token): a title and
 * a sentence, a form of fields, Cancel and the submit button. Closing the dialog, by Cancel, Escape
 * or the overlay, forgets what was typed (onReset), so it opens empty the next time.
 */

type FormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Forgets what was typed; called whenever the dialog closes. */
  onReset: () => void
  /** The width of the dialog, e.g. 'max-w-lg'. */
  className: string
  children: React.ReactNode
}

/** The dialog itself: what closes it resets it first. */
function FormDialog({ open, onOpenChange, onReset, className, children }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onReset()
        onOpenChange(next)
      }}
    >
      <DialogContent className={className}>{children}</DialogContent>
    </Dialog>
  )
}

type DialogFormProps = {
  title: React.ReactNode
  description: React.ReactNode
  /** Called on submit, the browser's own submission and validation prevented. */
  onSubmit: () => Promise<void>
  submitLabel: React.ReactNode
  /** The submit button spins while the request is under way. */
  pending: boolean
  onCancel: () => void
  children: React.ReactNode
}

/** The dialog's header, its form of fields, and Cancel beside the submit button. */
function DialogForm({
  title,
  description,
  onSubmit,
  submitLabel,
  pending,
  onCancel,
  children,
}: DialogFormProps) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void onSubmit()
        }}
        className="flex flex-col gap-5"
      >
        {children}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </>
  )
}

export { DialogForm, FormDialog }
