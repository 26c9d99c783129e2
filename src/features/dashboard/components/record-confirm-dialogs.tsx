import { ConfirmDialog } from '@/components/ui/confirm-dialog'
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
    <ConfirmDialog
      open={record !== null}
      onClose={onClose}
      title="Delete this device record?"
      description={
        <>
          {record?.deviceName} ({record?.vendor}) is removed from your dashboard. This cannot be undone.
        </>
      }
      cancelLabel="Keep it"
      confirmLabel="Delete"
      onConfirm={() => record && onConfirm(record)}
    />
  )
}

/** Cancel Run asks first: the cases not yet run are dropped. */
export function CancelRunDialog({ record, onClose, onConfirm }: ConfirmProps) {
  return (
    <ConfirmDialog
      open={record !== null}
      onClose={onClose}
      title="Cancel this certification run?"
      description={
        <>
          The run of {record?.deviceName} ({record?.vendor}) stops. The test cases that have finished keep
          their results; the others are not run. You can start it again with Start Certify.
        </>
      }
      cancelLabel="Keep running"
      confirmLabel="Cancel run"
      onConfirm={() => record && onConfirm(record)}
    />
  )
}
