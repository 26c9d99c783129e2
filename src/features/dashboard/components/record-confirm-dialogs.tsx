import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import type { DeviceRecord } from '@/contract/records'

type ConfirmProps = {
  /** The record asked about; null: closed. */
  record: DeviceRecord | null
  onClose: () => void
  onConfirm: (record: DeviceRecord) => void
}

/** Delete asks first: a deleted record cannot be brought back. */
export function DeleteRecordDialog({ record, onClose, onConfirm }: ConfirmProps) {
  return (
    <AlertDialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this device record?</AlertDialogTitle>
          <AlertDialogDescription>
            {record?.deviceName} ({record?.vendor}) is removed from your dashboard. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => record && onConfirm(record)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** Cancel Run asks first: the cases not yet run are dropped. */
export function CancelRunDialog({ record, onClose, onConfirm }: ConfirmProps) {
  return (
    <AlertDialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this certification run?</AlertDialogTitle>
          <AlertDialogDescription>
            The run of {record?.deviceName} ({record?.vendor}) stops. The test cases that have finished keep
            their results; the others are not run. You can start it again with Start Certify.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep running</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => record && onConfirm(record)}>
            Cancel run
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
