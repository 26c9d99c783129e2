import { labCan, type LabRole } from '@/contract/lab'
import {
  type LabTestPlanAnswer,
  type PlanCaseChange,
  type PlanCaseField,
  type PlanSummary,
  type PlanVersion,
  planVersionLabel,
} from '@/contract/test-plans'

/*
 * What the test plans' pages show, as plain functions of the server's answers: a plan's device
 * type and classes in words, its versions, a change between two versions in one line, and the
 * address of the plan page (?version=…&view=…).
 */

export const EVERY_OTHER_TYPE = 'Every other type'
export const EVERY_CLASS = 'Every class'

/** Changing a plan is a Lab manager's (lab-manage); everyone on the staff reads it. */
export const canChangePlans = (role: LabRole) => labCan(role, 'lab-manage')

/** The device type a plan applies to; the generic plan's is every type the catalogue lacks. */
export const deviceTypeText = (plan: Pick<PlanSummary, 'deviceType'>) => plan.deviceType ?? EVERY_OTHER_TYPE

/** What the plan page says of a plan under its name. */
export const planLead = (plan: Pick<PlanSummary, 'deviceType'>) =>
  plan.deviceType === null
    ? 'The cases a device runs when the catalogue does not know its type.'
    : `The cases every ${plan.deviceType} runs, version by version.`

/** The product classes a case is limited to, or every class. */
export const classesText = (classes: ReadonlyArray<string>) =>
  classes.length === 0 ? EVERY_CLASS : classes.join(', ')

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export const casesCountText = (count: number) => plural(count, 'case', 'cases')
export const runCountText = (count: number) => plural(count, 'run', 'runs')

/** "12 records of 3 organizations". */
export const appliesToText = (records: number, organizations: number) =>
  `${plural(records, 'record', 'records')} of ${plural(organizations, 'organization', 'organizations')}`

/** 'v2', or 'v3 (draft)'. */
export const versionName = (version: Pick<PlanVersion, 'version' | 'state'>) =>
  version.state === 'draft'
    ? `${planVersionLabel(version.version)} (draft)`
    : planVersionLabel(version.version)

export const draftOf = (answer: LabTestPlanAnswer) => answer.versions.find((item) => item.state === 'draft')

/** The newest published version (the plan's current one). */
export const currentVersionOf = (answer: LabTestPlanAnswer) =>
  answer.versions.find((item) => item.state === 'published' && item.version === answer.plan.currentVersion) ??
  answer.versions.find((item) => item.state === 'published')

/** The version the one given replaced: the published version just before it, or none for v1. */
export function previousVersionOf(
  versions: ReadonlyArray<PlanVersion>,
  version: PlanVersion,
): PlanVersion | undefined {
  return versions
    .filter((item) => item.state === 'published' && item.version < version.version)
    .sort((a, b) => b.version - a.version)[0]
}

/** The version the address names, else the draft, else the current version. */
export function shownVersion(answer: LabTestPlanAnswer, wanted: number | undefined): PlanVersion | undefined {
  const named = wanted === undefined ? undefined : answer.versions.find((item) => item.version === wanted)
  return named ?? draftOf(answer) ?? currentVersionOf(answer)
}

/** Where a draft starts: the saved draft, or the current version's cases. */
export const draftStartCases = (answer: LabTestPlanAnswer) =>
  (draftOf(answer) ?? currentVersionOf(answer))?.cases ?? []

/** One change as words, without colour: its kind, the case, and what about it. */
export function changeText(change: PlanCaseChange): { kind: string; detail: string } {
  switch (change.kind) {
    case 'added':
      return { kind: 'Added', detail: `“${change.case.name}”` }
    case 'removed':
      return { kind: 'Removed', detail: `“${change.case.name}”` }
    case 'moved':
      return { kind: 'Moved', detail: `“${change.case.name}”: position ${change.from} → ${change.to}` }
    case 'changed':
      return {
        kind: 'Changed',
        detail: `“${change.case.name}”: ${change.fields.map(fieldChangeText(change)).join('; ')}`,
      }
  }
}

function fieldChangeText(change: Extract<PlanCaseChange, { kind: 'changed' }>) {
  return (field: PlanCaseField) => {
    if (field === 'firmwareSensitive')
      return change.case.firmwareSensitive ? 'now firmware-sensitive' : 'no longer firmware-sensitive'
    if (field === 'productClasses')
      return `product classes ${classesText(change.before.productClasses)} → ${classesText(change.case.productClasses)}`
    return 'description changed'
  }
}

/** The plan page's address: which version shows, and its cases or its changes. */
export type PlanSearch = { version?: number | undefined; view?: 'cases' | 'changes' | undefined }

/** Read leniently: what is not valid is left out. */
export function parsePlanSearch(search: Record<string, unknown>): PlanSearch {
  const version = Number(search.version)
  return {
    version: Number.isInteger(version) && version > 0 && version < 100_000 ? version : undefined,
    view: search.view === 'changes' ? 'changes' : undefined,
  }
}
