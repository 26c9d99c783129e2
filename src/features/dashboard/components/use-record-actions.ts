import { useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import { toast } from 'sonner'
import type { DeviceRecord } from '@/contract/records'
import { useDeleteRecordMutation } from '@/features/dashboard/api/delete-record'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import { answerOrNull } from '@/lib/api-failure'

/** The record actions that belong to the certification service; the route hands them in. */
export type RecordCertificationActions = {
  startCertify(record: DeviceRecord): Promise<void>
  /** A new attempt of the cases the latest one did not pass. */
  rerunFailed(record: DeviceRecord): Promise<void>
  /** Ends the run going (after the vendor confirmed). */
  cancelRun(record: DeviceRecord): Promise<void>
  emailCertificate(record: DeviceRecord): Promise<void>
  downloadResults(record: DeviceRecord): Promise<void>
  /** The PDF of the record's certificate. */
  downloadCertificate(record: DeviceRecord): Promise<void>
}

type WhileBusy = (record: DeviceRecord, work: () => Promise<void>) => Promise<void>

/** The records with an action under way, and a way to run one while its row shows it busy. */
function useBusyRecords() {
  const [busyIds, setBusyIds] = React.useState<ReadonlySet<string>>(new Set())
  const whileBusy: WhileBusy = async (record, work) => {
    const id = record.portfolioManagerId
    setBusyIds((current) => new Set(current).add(id))
    try {
      await work()
    } finally {
      setBusyIds((current) => {
        const next = new Set(current)
        next.delete(id)
        return next
      })
    }
  }
  return { busyIds, whileBusy }
}

type ActionTargets = {
  select: (record: DeviceRecord) => void
  whileBusy: WhileBusy
  certification: RecordCertificationActions
  edit: (record: DeviceRecord) => void
  revise: (record: DeviceRecord) => void
  askDelete: (record: DeviceRecord) => void
  openComments: (record: DeviceRecord) => void
  askCancel: (record: DeviceRecord) => void
}

/** What each menu item does; Delete and Cancel Run ask first. */
function runRecordAction(action: RecordAction, record: DeviceRecord, to: ActionTargets) {
  const { certification, whileBusy } = to
  switch (action) {
    case 'Start Certify':
      to.select(record)
      void whileBusy(record, () => certification.startCertify(record))
      return
    case 'Edit':
      to.edit(record)
      return
    case 'Delete':
      to.askDelete(record)
      return
    case 'Download Results':
      void certification.downloadResults(record)
      return
    case 'Add Comments':
      to.openComments(record)
      return
    case 'Email Certificate':
      void whileBusy(record, () => certification.emailCertificate(record))
      return
    case 'Download Certificate':
      void whileBusy(record, () => certification.downloadCertificate(record))
      return
    case 'Re-run Failed Cases':
      to.select(record)
      void whileBusy(record, () => certification.rerunFailed(record))
      return
    case 'Cancel Run':
      to.askCancel(record)
      return
    case 'New revision':
      to.revise(record)
  }
}

/**
 * The dashboard's selection and the table's actions: which row is selected, which rows are busy,
 * the record whose comments, deletion or cancellation is open, and what confirming those does.
 */
export function useRecordActions(
  vendorUserId: string,
  rows: ReadonlyArray<DeviceRecord>,
  certification: RecordCertificationActions,
) {
  const navigate = useNavigate()
  const [selectedId, setSelectedId] = React.useState<string | null>(null)
  const selected = React.useMemo(
    () => (selectedId === null ? null : (rows.find((row) => row.portfolioManagerId === selectedId) ?? null)),
    [rows, selectedId],
  )
  const { busyIds, whileBusy } = useBusyRecords()
  const [commentsFor, setCommentsFor] = React.useState<DeviceRecord | null>(null)
  const [deleting, setDeleting] = React.useState<DeviceRecord | null>(null)
  const [cancelling, setCancelling] = React.useState<DeviceRecord | null>(null)
  const deleteRecord = useDeleteRecordMutation(vendorUserId)
  const select = (record: DeviceRecord) => setSelectedId(record.portfolioManagerId)

  const onAction = (action: RecordAction, record: DeviceRecord) =>
    runRecordAction(action, record, {
      select,
      whileBusy,
      certification,
      // The record opens in the portfolio form, its device section ready to change (decision 0012).
      edit: (target) => void navigate({ to: '/portfolio', search: { record: target.portfolioManagerId } }),
      // Its device section opens in revise mode, prefilled from the latest revision (docs/decisions/0033).
      revise: (target) =>
        void navigate({ to: '/portfolio', search: { record: target.portfolioManagerId, revise: true } }),
      askDelete: setDeleting,
      openComments: setCommentsFor,
      askCancel: setCancelling,
    })

  // Stable callbacks for the memoised table: typing in the search does not render its rows again.
  const latestOnAction = React.useRef(onAction)
  React.useLayoutEffect(() => {
    latestOnAction.current = onAction
  })
  const stableOnAction = React.useCallback(
    (action: RecordAction, record: DeviceRecord) => latestOnAction.current(action, record),
    [],
  )
  const selectRecord = React.useCallback(
    (record: DeviceRecord) => setSelectedId(record.portfolioManagerId),
    [],
  )

  const confirmDelete = (record: DeviceRecord) => {
    setDeleting(null)
    void whileBusy(record, async () => {
      const answer = await answerOrNull(deleteRecord.mutateAsync(record.portfolioManagerId))
      if (!answer) return
      toast.success(answer.message)
      if (selectedId === record.portfolioManagerId) setSelectedId(null)
    })
  }
  const confirmCancel = (record: DeviceRecord) => {
    setCancelling(null)
    setSelectedId(record.portfolioManagerId)
    void whileBusy(record, () => certification.cancelRun(record))
  }

  return {
    selectedId,
    selected,
    selectRecord,
    busyIds,
    onAction: stableOnAction,
    commentsFor,
    closeComments: () => setCommentsFor(null),
    deleting,
    closeDelete: () => setDeleting(null),
    confirmDelete,
    cancelling,
    closeCancel: () => setCancelling(null),
    confirmCancel,
  }
}
