import { FilePlus2, PencilLine, Send, Trash2 } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { RefusalNote } from '@/components/ui/refusal-note'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import { planVersionLabel } from '@/contract/test-plans'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useDiscardTestPlanDraft, usePublishTestPlan } from '@/features/test-plans/api/plan-draft'

export const MANAGER_HINT = 'Ask a Lab manager.'
const REFUSAL_ID = 'plan-manager-only'

/** What runs do once a version is published, as the Publish dialog says it. */
export const publishEffectText = (version: number) =>
  `Runs started from now on use ${planVersionLabel(version)}; runs already started keep theirs.`

type PlanDraftActionsProps = {
  planId: string
  planName: string
  manager: boolean
  /** The draft's version number, or null when the plan has none. */
  draftVersion: number | null
  currentVersion: number
  onEdit: () => void
  onDraftGone: () => void
}

/**
 * A plan's draft controls: draft the next version (or continue the saved draft), publish it, or
 * discard it. Publish and Discard ask first. A Lab engineer sees them disabled, with the reason.
 */
export function PlanDraftActions(props: PlanDraftActionsProps) {
  const { planId, planName, manager, draftVersion, currentVersion, onEdit, onDraftGone } = props
  const [asking, setAsking] = React.useState<'publish' | 'discard' | null>(null)
  const publish = usePublishTestPlan()
  const discard = useDiscardTestPlanDraft()
  const disabled = !manager
  const described = manager ? undefined : REFUSAL_ID

  const onPublish = async () => {
    const answer = await answerOrNull(publish.mutateAsync(planId))
    if (!answer) return
    void showToast('success', answer.message)
    onDraftGone()
  }
  const onDiscard = async () => {
    const answer = await answerOrNull(discard.mutateAsync(planId))
    if (!answer) return
    void showToast('success', answer.message)
    onDraftGone()
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {draftVersion === null ? (
          <Button disabled={disabled} aria-describedby={described} onClick={onEdit}>
            <FilePlus2 aria-hidden="true" /> Draft next version
          </Button>
        ) : (
          <>
            <Button disabled={disabled} aria-describedby={described} onClick={onEdit}>
              <PencilLine aria-hidden="true" /> {`Continue draft of ${planVersionLabel(draftVersion)}`}
            </Button>
            <Button
              variant="outline"
              disabled={disabled}
              loading={publish.isPending}
              aria-describedby={described}
              onClick={() => setAsking('publish')}
            >
              <Send aria-hidden="true" /> {`Publish ${planVersionLabel(draftVersion)}`}
            </Button>
            <Button
              variant="outline"
              disabled={disabled}
              loading={discard.isPending}
              aria-describedby={described}
              onClick={() => setAsking('discard')}
            >
              <Trash2 aria-hidden="true" /> Discard draft
            </Button>
          </>
        )}
      </div>
      {manager ? null : <RefusalNote id={REFUSAL_ID} reason={LAB_MANAGER_ONLY_MESSAGE} hint={MANAGER_HINT} />}
      {draftVersion === null ? null : (
        <>
          <ConfirmDialog
            open={asking === 'publish'}
            onClose={() => setAsking(null)}
            title={`Publish ${planName} ${planVersionLabel(draftVersion)}?`}
            description={publishEffectText(draftVersion)}
            cancelLabel="Not yet"
            confirmLabel={`Publish ${planVersionLabel(draftVersion)}`}
            onConfirm={() => void onPublish()}
          />
          <ConfirmDialog
            open={asking === 'discard'}
            onClose={() => setAsking(null)}
            title={`Discard the draft of ${planVersionLabel(draftVersion)}?`}
            description={`Its cases are deleted. ${planVersionLabel(currentVersion)} stays the plan’s current version.`}
            cancelLabel="Keep the draft"
            confirmLabel="Discard draft"
            onConfirm={() => void onDiscard()}
          />
        </>
      )}
    </div>
  )
}
