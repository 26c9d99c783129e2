import { Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import {
  type LabTestPlanAnswer,
  PLAN_CASES_MAX,
  type PlanCase,
  planVersionLabel,
} from '@/contract/test-plans'
import { DraftCaseFields } from '@/features/test-plans/components/draft-case-fields'
import { ADD_CASE_ID, DRAFT_ERROR_ID, useDraftForm } from '@/features/test-plans/components/use-draft-form'

type DraftEditorProps = {
  planId: string
  /** The plan's product classes: what a case may be limited to. */
  productClasses: ReadonlyArray<string>
  /** The version the draft will be once published, and the one runs use until then. */
  nextVersion: number
  currentVersion: number
  /** The saved draft's cases, or the current version's. */
  startCases: ReadonlyArray<PlanCase>
  onSaved: (plan: LabTestPlanAnswer) => void
  onClose: () => void
}

/**
 * A Lab manager drafts a plan's next version: its cases in order, each editable, added, removed or
 * moved. Save checks the draft as the server will (planDraftProblem) and tells the first problem,
 * or the server's refusal, above the buttons, the focus on the case it names. Cancel asks first
 * when something changed.
 */
export function DraftEditor(props: DraftEditorProps) {
  const { form, formRef, cases, problem, move, remove, add, cancel, asking, setAsking } = useDraftForm(props)
  const { productClasses, nextVersion, currentVersion, onClose } = props

  return (
    <section aria-labelledby="plan-draft-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="plan-draft-title" className="text-heading text-ink">
          {`Draft of ${planVersionLabel(nextVersion)}`}
        </h2>
        <p className="text-small text-ink-muted">
          {`Runs keep using ${planVersionLabel(currentVersion)} until you publish the draft. ${cases.length} of at most ${PLAN_CASES_MAX} cases.`}
        </p>
      </div>
      <form
        ref={formRef}
        noValidate
        aria-labelledby="plan-draft-title"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <ol className="flex flex-col gap-4">
          {cases.map((item, index) => (
            <li key={item.key}>
              <DraftCaseFields
                form={form}
                index={index}
                count={cases.length}
                productClasses={productClasses}
                onMove={move}
                onRemove={remove}
              />
            </li>
          ))}
        </ol>
        <Button
          id={ADD_CASE_ID}
          variant="outline"
          className="self-start"
          disabled={cases.length >= PLAN_CASES_MAX}
          onClick={add}
        >
          <Plus aria-hidden="true" /> Add case
        </Button>
        <p
          id={DRAFT_ERROR_ID}
          tabIndex={-1}
          role="alert"
          className="text-small font-medium text-danger empty:hidden focus-visible:focus-ring"
        >
          {problem ?? ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <form.AppForm>
            <form.SubmitButton enabledWhenInvalid>Save draft</form.SubmitButton>
          </form.AppForm>
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Discard your changes?"
        description="The changes you made in the editor are lost. The saved draft, if any, stays as it was."
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onConfirm={onClose}
      />
    </section>
  )
}
