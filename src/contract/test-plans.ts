import * as v from 'valibot'
import { CONTROL_CHARACTER_RULE, idSchema, isCleanLine, isCleanMultiline } from '@/contract/common'

/*
 * Test plans as the programme's data (docs/decisions/0032): a plan applies to one device type (or,
 * the generic plan, to every type the catalogue does not know) and holds versions. A version is
 * an ordered list of cases, each with its description, whether a firmware change must run it
 * again, and the product classes it is limited to (none: every class). The lab publishes a
 * version; a run records the version it used and keeps it, and so do its certificate and /verify.
 * At most one draft per plan; publishing it makes it the next version.
 */

export const PLAN_CASE_NAME_MAX_LENGTH = 120
export const PLAN_CASE_DESCRIPTION_MAX_LENGTH = 600
export const PLAN_CASES_MAX = 100

export const planCaseSchema = v.looseObject({
  name: v.string(),
  description: v.string(),
  /** A firmware revision of a certified device runs this case again; the others are carried. */
  firmwareSensitive: v.boolean(),
  /** The product classes the case is limited to; empty: every class of the device type. */
  productClasses: v.array(v.string()),
})
export type PlanCase = v.InferOutput<typeof planCaseSchema>

export const PLAN_VERSION_STATES = ['draft', 'published'] as const

export const planVersionSchema = v.looseObject({
  version: v.number(),
  state: v.picklist(PLAN_VERSION_STATES),
  cases: v.array(planCaseSchema),
  createdAt: v.string(),
  createdBy: v.string(),
  publishedAt: v.nullable(v.string()),
  publishedBy: v.nullable(v.string()),
  /** Runs started with this version. */
  runCount: v.number(),
})
export type PlanVersion = v.InferOutput<typeof planVersionSchema>

export const planSummarySchema = v.looseObject({
  planId: v.string(),
  /** 'Wi-Fi Mesh Device', or 'Generic device'. */
  name: v.string(),
  /** The device type it applies to; null for the generic plan. */
  deviceType: v.nullable(v.string()),
  /** The product classes its cases know (a run of another class gets the type's cases only). */
  productClasses: v.array(v.string()),
  /** The newest published version. */
  currentVersion: v.number(),
  caseCount: v.number(),
  publishedAt: v.string(),
  hasDraft: v.boolean(),
})
export type PlanSummary = v.InferOutput<typeof planSummarySchema>

export const labTestPlansAnswerSchema = v.looseObject({ plans: v.array(planSummarySchema) })
export type LabTestPlansAnswer = v.InferOutput<typeof labTestPlansAnswerSchema>

/** A device the plan applies to (the latest of each record), as the plan page lists them. */
export const planDeviceSchema = v.looseObject({
  portfolioManagerId: v.string(),
  deviceName: v.string(),
  vendor: v.string(),
  productClass: v.string(),
  organizationName: v.string(),
})

export const labTestPlanQuerySchema = v.object({ planId: idSchema })
export const labTestPlanAnswerSchema = v.looseObject({
  plan: planSummarySchema,
  /** Newest first; the draft, when there is one, first of all. */
  versions: v.array(planVersionSchema),
  appliesTo: v.looseObject({
    records: v.number(),
    organizations: v.number(),
    /** The first PLAN_DEVICES_SHOWN of them, by device name. */
    devices: v.array(planDeviceSchema),
  }),
})
export type LabTestPlanAnswer = v.InferOutput<typeof labTestPlanAnswerSchema>
export const PLAN_DEVICES_SHOWN = 50

const caseInputSchema = v.object({
  name: v.string('Case name must be text.'),
  description: v.string('Case description must be text.'),
  firmwareSensitive: v.boolean('Firmware-sensitive must be true or false.'),
  productClasses: v.array(v.string(), 'Product classes must be a list.'),
})
export type PlanCaseInput = v.InferOutput<typeof caseInputSchema>

export const saveTestPlanDraftPayloadSchema = v.object({
  planId: idSchema,
  cases: v.pipe(
    v.array(caseInputSchema, 'cases must be a list of cases.'),
    v.maxLength(PLAN_CASES_MAX, `A plan holds at most ${PLAN_CASES_MAX} cases.`),
  ),
})

export const testPlanActionPayloadSchema = v.object({ planId: idSchema })

export const labTestPlanChangeAnswerSchema = v.looseObject({
  message: v.string(),
  plan: labTestPlanAnswerSchema,
})

export const TEST_PLAN_NOT_FOUND_MESSAGE = 'There is no such test plan.'
export const TEST_PLAN_DRAFT_SAVED_MESSAGE =
  'Draft saved. Runs keep using the published version until you publish it.'
export const TEST_PLAN_DRAFT_DISCARDED_MESSAGE = 'Draft discarded.'
export const TEST_PLAN_NO_DRAFT_MESSAGE = 'This plan has no draft to publish.'
export const TEST_PLAN_NO_DRAFT_TO_DISCARD_MESSAGE = 'This plan has no draft to discard.'
export const TEST_PLAN_DRAFT_UNCHANGED_MESSAGE =
  'The draft is the same as the published version: change a case before publishing.'
export const testPlanPublishedMessage = (name: string, version: number) =>
  `${name} version ${version} is published. Runs started from now on use it.`
export const PLAN_NO_CASES_MESSAGE = 'A plan needs at least one case.'

/** The plan a run executes, as its details say it (vendor and lab alike). */
export const runPlanText = (plan: { name: string; version: number }) =>
  `Test plan: ${plan.name}, version ${plan.version}`

/** The label of a plan version as people read it: 'v2'. */
export const planVersionLabel = (version: number) => `v${version}`

const trimmed = (value: string) => value.normalize('NFC').trim()

/**
 * A save refused by its cases answers 400 { message: planDraftProblem's, field: 'cases' }; a
 * publish of a draft equal to the current version 409 TEST_PLAN_DRAFT_UNCHANGED_MESSAGE. A draft
 * saved again takes the saver's name and the time (createdBy, createdAt); publishedBy is who published.
 *
 * The first problem of a draft's cases, worded for the lab manager and naming the case, or null.
 * The plan's own product classes bound what a case may be limited to. The server and the plan
 * editor both ask it.
 */
export function planDraftProblem(
  cases: ReadonlyArray<PlanCaseInput>,
  knownClasses: ReadonlyArray<string>,
): string | null {
  if (cases.length === 0) return PLAN_NO_CASES_MESSAGE
  if (cases.length > PLAN_CASES_MAX) return `A plan holds at most ${PLAN_CASES_MAX} cases.`
  const seen = new Set<string>()
  const classes = new Set(knownClasses.map((name) => name.toLowerCase()))
  for (const [index, item] of cases.entries()) {
    const label = `Case ${index + 1}`
    const name = trimmed(item.name)
    if (name === '') return `${label}: the name is required.`
    if (name.length > PLAN_CASE_NAME_MAX_LENGTH)
      return `${label}: the name must be at most ${PLAN_CASE_NAME_MAX_LENGTH} characters.`
    if (!isCleanLine(name)) return `${label}: the name ${CONTROL_CHARACTER_RULE}.`
    if (seen.has(name.toLowerCase())) return `${label}: “${name}” is already a case of this plan.`
    seen.add(name.toLowerCase())
    if (item.description.length > PLAN_CASE_DESCRIPTION_MAX_LENGTH)
      return `${label}: the description must be at most ${PLAN_CASE_DESCRIPTION_MAX_LENGTH} characters.`
    if (!isCleanMultiline(item.description)) return `${label}: the description ${CONTROL_CHARACTER_RULE}.`
    const unknown = item.productClasses.find(
      (productClass) => !classes.has(productClass.trim().toLowerCase()),
    )
    if (unknown !== undefined) return `${label}: “${unknown}” is not a product class of this plan.`
  }
  return null
}

/** A draft's cases as stored: names and descriptions trimmed, classes as the plan spells them. */
export function normalisePlanCases(
  cases: ReadonlyArray<PlanCaseInput>,
  knownClasses: ReadonlyArray<string>,
): PlanCase[] {
  const spelled = new Map(knownClasses.map((name) => [name.toLowerCase(), name]))
  return cases.map((item) => ({
    name: trimmed(item.name),
    description: item.description.trim(),
    firmwareSensitive: item.firmwareSensitive,
    productClasses: [
      ...new Set(item.productClasses.map((name) => spelled.get(name.trim().toLowerCase()) ?? name.trim())),
    ],
  }))
}

/** The cases of a version that a device of `productClass` runs, in the plan's order. */
export function casesForClass(cases: ReadonlyArray<PlanCase>, productClass: string): PlanCase[] {
  const wanted = productClass.trim().toLowerCase()
  return cases.filter(
    (item) =>
      item.productClasses.length === 0 || item.productClasses.some((name) => name.toLowerCase() === wanted),
  )
}

export type PlanCaseField = 'description' | 'firmwareSensitive' | 'productClasses'

/** What changed from one version's cases to the next, case by case, for the plan's diff. */
export type PlanCaseChange =
  | { kind: 'added'; case: PlanCase }
  | { kind: 'removed'; case: PlanCase }
  | { kind: 'changed'; case: PlanCase; before: PlanCase; fields: PlanCaseField[] }
  | { kind: 'moved'; case: PlanCase; from: number; to: number }

export function planDiff(before: ReadonlyArray<PlanCase>, after: ReadonlyArray<PlanCase>): PlanCaseChange[] {
  const key = (item: PlanCase) => item.name.toLowerCase()
  const old = new Map(before.map((item) => [key(item), item]))
  const kept = new Set(after.map(key))
  // The cases in both, in each order: those outside their longest common run moved.
  const was = before.map(key).filter((name) => kept.has(name))
  const is = after.map(key).filter((name) => old.has(name))
  const inPlace = longestCommon(was, is)
  const changes: PlanCaseChange[] = []
  for (const item of after) {
    const previous = old.get(key(item))
    if (!previous) {
      changes.push({ kind: 'added', case: item })
      continue
    }
    const fields: PlanCaseField[] = []
    if (previous.description !== item.description) fields.push('description')
    if (previous.firmwareSensitive !== item.firmwareSensitive) fields.push('firmwareSensitive')
    if ([...previous.productClasses].sort().join('\n') !== [...item.productClasses].sort().join('\n'))
      fields.push('productClasses')
    if (fields.length > 0) changes.push({ kind: 'changed', case: item, before: previous, fields })
    if (!inPlace.has(key(item))) {
      changes.push({
        kind: 'moved',
        case: item,
        from: was.indexOf(key(item)) + 1,
        to: is.indexOf(key(item)) + 1,
      })
    }
  }
  for (const item of before) if (!kept.has(key(item))) changes.push({ kind: 'removed', case: item })
  return changes
}

/** The names of a longest common subsequence of a and b (a plan holds at most 100 cases). */
function longestCommon(a: readonly string[], b: readonly string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i]![j] =
        a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
  const common = new Set<string>()
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      common.add(a[i]!)
      i += 1
      j += 1
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1
    else j += 1
  }
  return common
}
