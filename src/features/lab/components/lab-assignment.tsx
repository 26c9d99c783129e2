import { useQuery } from '@tanstack/react-query'
import { UserRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FilterSelect } from '@/components/ui/list-controls'
import type { LabStaff } from '@/contract/lab'
import {
  ASSIGN_TO_ME_LABEL,
  assigneeText,
  type LabAssignee,
  UNASSIGN_LABEL,
  UNASSIGNED_TEXT,
} from '@/contract/lab-assignment'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { cn } from '@/lib/utils'
import { labStaffQueryOptions, useLabAssign } from '@/features/lab/api/lab-api'
import { isLabManager } from '@/features/lab/model/lab-view'

/** Who has the record, in a few words ('Assigned to you', 'Assigned to Eli Engineer', 'Unassigned'). */
export function AssigneeBadge({ assignee, staffId }: { assignee: LabAssignee | null; staffId: string }) {
  const mine = assignee?.staffId === staffId
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-small',
        mine ? 'font-semibold text-brand-800' : 'text-ink-muted',
      )}
    >
      <UserRound aria-hidden="true" className="size-4" />
      {assignee ? assigneeText(assignee.name, mine) : UNASSIGNED_TEXT}
    </span>
  )
}

/**
 * The record's assignment (docs/decisions/0045): who has it, "Assign to me" when it is not the
 * caller's, "Unassign" when it is anyone's; a Lab manager (who reads the staff) may give it to
 * another active member.
 */
export function AssignmentControl({
  portfolioManagerId,
  assignee,
  staff,
}: {
  portfolioManagerId: string
  assignee: LabAssignee | null
  staff: LabStaff
}) {
  const assign = useLabAssign()
  const manager = isLabManager(staff.role)
  const members = useQuery({ ...labStaffQueryOptions(), enabled: manager })
  const change = async (staffId: string | null) => {
    const answer = await answerOrNull(assign.mutateAsync({ portfolioManagerId, staffId }))
    if (answer) void showToast('success', answer.message)
  }
  const busy = (staffId: string | null) => assign.isPending && assign.variables?.staffId === staffId
  const others = (members.data?.staff ?? []).filter(
    (member) => member.state === 'active' && member.staffId !== assignee?.staffId,
  )

  return (
    <section aria-label="Assignment" className="flex flex-wrap items-center gap-2">
      <AssigneeBadge assignee={assignee} staffId={staff.staffId} />
      {assignee?.staffId !== staff.staffId ? (
        <Button size="sm" loading={busy(staff.staffId)} onClick={() => void change(staff.staffId)}>
          {ASSIGN_TO_ME_LABEL}
        </Button>
      ) : null}
      {assignee ? (
        <Button size="sm" variant="outline" loading={busy(null)} onClick={() => void change(null)}>
          {UNASSIGN_LABEL}
        </Button>
      ) : null}
      {manager && others.length > 0 ? (
        <div className="w-56">
          <FilterSelect
            label="Assign to"
            allLabel="Choose a member"
            value={undefined}
            options={others.map((member) => ({ value: member.staffId, label: member.name }))}
            onChange={(staffId) => (staffId ? void change(staffId) : undefined)}
          />
        </div>
      ) : null}
    </section>
  )
}
