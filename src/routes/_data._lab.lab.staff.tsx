import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { RefusalNote } from '@/components/ui/refusal-note'
import { Spinner } from '@/components/ui/spinner'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import { labStaffQueryOptions } from '@/features/lab/api/lab-api'
import { LabStaffScreen } from '@/features/lab/components/lab-staff-screen'
import { MANAGER_HINT } from '@/features/lab/components/lab-state-bar'
import { isLabManager } from '@/features/lab/model/lab-view'

const TITLE = 'Lab staff'
const LEAD = 'Who can log in to the lab console, with which role.'

export const Route = createFileRoute('/_data/_lab/lab/staff')({
  component: LabStaffRoute,
})

function LabStaffRoute() {
  const { labStaff } = Route.useRouteContext()
  const manager = labStaff ? isLabManager(labStaff.role) : false
  const staff = useQuery({ ...labStaffQueryOptions(), enabled: manager })
  if (!labStaff) return null
  return (
    <PageShell
      title={TITLE}
      lead={LEAD}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/lab">Back to the queue</Link>
        </Button>
      }
    >
      {!manager ? (
        <RefusalNote reason={LAB_MANAGER_ONLY_MESSAGE} hint={MANAGER_HINT} />
      ) : staff.data ? (
        <LabStaffScreen me={labStaff} staff={staff.data.staff} />
      ) : staff.error ? (
        <p role="alert" className="text-body text-danger">
          {staff.error.message}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-body text-ink-muted">
          <Spinner aria-hidden="true" /> Loading the staff…
        </p>
      )}
    </PageShell>
  )
}
