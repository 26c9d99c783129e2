// The programme domain's public module (the lab's test plans): what other folders of server/ use of it.
export { discardDraft, type DraftRefusal, planPage, publishDraft, saveDraft } from './plan-drafts.ts'
export { currentPlanFor, type DevicePlan, planNameFor, planSummaries, planVersionCases } from './plans.ts'
