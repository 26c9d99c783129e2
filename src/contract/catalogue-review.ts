import * as v from 'valibot'
import { CONTROL_CHARACTER_RULE, idSchema, isCleanMultiline, nameText } from '@/contract/common'

/*
 * The programme's catalogue, kept by the lab (docs/decisions/0034). Every entry of the catalogue —
 * a device manufacturer, a device name under its manufacturer, a device type under a name, a
 * product class under a type — says who added it (the programme's seed, or an organization) and
 * when. A vendor's 'Add New …' name waits in the lab's review queue, still private to its
 * organization; a Lab manager approves it into the shared catalogue, maps it onto an entry the
 * catalogue already has, or declines it with a reason its organization reads. A Lab manager may
 * also approve an organization as a manufacturer: its registration name then joins the vendor
 * list of its own members' portfolio form, and nobody else's.
 *
 * GET catalogue (spec §3) keeps its answer's shape: what is new comes through the calls below.
 */

export const CATALOGUE_KINDS = ['vendor', 'device-name', 'device-type', 'product-class'] as const
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number]

/** How the console and the vendor's list name each kind of entry (the portfolio form's labels). */
export const CATALOGUE_KIND_LABELS: Readonly<Record<CatalogueKind, string>> = {
  vendor: 'Device manufacturer',
  'device-name': 'Device name',
  'device-type': 'Device type',
  'product-class': 'Product class',
}

export const REVIEW_STATES = ['pending', 'approved', 'mapped', 'declined'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

export const REVIEW_STATE_LABELS: Readonly<Record<ReviewState, string>> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  mapped: 'Mapped',
  declined: 'Declined',
}

/** Who added an entry: null is the programme's seed ('Programme'). */
export const addedBySchema = v.nullable(v.looseObject({ organizationId: v.string(), name: v.string() }))
export const PROGRAMME_NAME = 'Programme'

export const catalogueReviewSchema = v.looseObject({
  state: v.picklist(REVIEW_STATES),
  /** The Lab manager who decided; null while pending. */
  decidedBy: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  /** A decline's reason, which the organization reads. */
  reason: v.nullable(v.string()),
  /** The entry a mapped addition now stands for. */
  mappedTo: v.nullable(v.string()),
})
export type CatalogueReview = v.InferOutput<typeof catalogueReviewSchema>

export const catalogueEntrySchema = v.looseObject({
  entryId: v.string(),
  kind: v.picklist(CATALOGUE_KINDS),
  value: v.string(),
  /** The entry it hangs on (see CATALOGUE_PARENT_LABELS); '' for a manufacturer. */
  parent: v.string(),
  addedBy: addedBySchema,
  addedAt: v.string(),
  /**
   * The lab's review of an organization's addition; null for the programme's entries, for an
   * approved manufacturer, and for a new name's pairing with a type of the catalogue (it follows
   * its name).
   */
  review: v.nullable(catalogueReviewSchema),
})
export type CatalogueEntry = v.InferOutput<typeof catalogueEntrySchema>

export const catalogueOrganizationSchema = v.looseObject({
  organizationId: v.string(),
  /** Its registration name. */
  name: v.string(),
  /** Approved as a manufacturer: its members' vendor list names it. */
  manufacturer: v.boolean(),
})
export type CatalogueOrganization = v.InferOutput<typeof catalogueOrganizationSchema>

/** GET /api/lab/catalogue: every entry (the queue is those awaiting review), and the organizations. */
export const labCatalogueAnswerSchema = v.looseObject({
  entries: v.array(catalogueEntrySchema),
  organizations: v.array(catalogueOrganizationSchema),
})
export type LabCatalogueAnswer = v.InferOutput<typeof labCatalogueAnswerSchema>

export const DECLINE_REASON_MAX_LENGTH = 300
export const MAP_TO_MAX_LENGTH = 50

export const catalogueEntryPayloadSchema = v.object({ entryId: idSchema })

export const mapCatalogueEntryPayloadSchema = v.object({
  entryId: idSchema,
  /** The shared entry of the same kind (and parent) it stands for, as the catalogue spells it. */
  mapTo: v.pipe(nameText(MAP_TO_MAX_LENGTH), v.nonEmpty()),
})

export const declineCatalogueEntryPayloadSchema = v.object({
  entryId: idSchema,
  reason: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(),
    v.maxLength(DECLINE_REASON_MAX_LENGTH),
    v.check(isCleanMultiline, CONTROL_CHARACTER_RULE),
  ),
})

export const approveManufacturerPayloadSchema = v.object({ organizationId: idSchema })

/** The labels of the review calls' fields, for their refusals ('Reason is required.'). */
export const CATALOGUE_REVIEW_LABELS = {
  entryId: 'Entry id',
  mapTo: 'Existing entry',
  reason: 'Reason',
  organizationId: 'Organization',
} as const

/** The vendor's own additions and what the lab decided (GET /api/portfoliomanager/catalogue-additions). */
export const catalogueAdditionSchema = v.looseObject({
  kind: v.picklist(CATALOGUE_KINDS),
  value: v.string(),
  parent: v.string(),
  addedAt: v.string(),
  state: v.picklist(REVIEW_STATES),
  decidedAt: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  mappedTo: v.nullable(v.string()),
})
export type CatalogueAddition = v.InferOutput<typeof catalogueAdditionSchema>
export const catalogueAdditionsAnswerSchema = v.looseObject({ additions: v.array(catalogueAdditionSchema) })
export type CatalogueAdditionsAnswer = v.InferOutput<typeof catalogueAdditionsAnswerSchema>

// Messages (asserted by their exact text in the tests).
export const CATALOGUE_ENTRY_NOT_FOUND_MESSAGE = 'There is no such entry in the catalogue.'
export const CATALOGUE_ENTRY_NOT_REVIEWED_MESSAGE =
  'This entry is the programme’s own or follows its name: there is nothing to review.'
export const CATALOGUE_ORGANIZATION_NOT_FOUND_MESSAGE = 'There is no such organization.'
export const catalogueEntryApprovedMessage = (value: string) =>
  `“${value}” is in the shared catalogue: every organization’s form offers it now.`
export const catalogueEntryMappedMessage = (value: string, target: string) =>
  `“${value}” now maps onto “${target}”: its organization’s form offers “${target}” instead.`
export const catalogueEntryDeclinedMessage = (value: string) =>
  `“${value}” is declined. Its organization reads your reason.`
export const catalogueEntryDecidedMessage = (state: ReviewState, by: string) =>
  `This addition was already ${REVIEW_STATE_LABELS[state].toLowerCase()} by ${by}: a decision stands once made.`
export const catalogueEntryAlreadySharedMessage = (value: string, existing: string) =>
  `“${value}” is already in the shared catalogue as “${existing}”: map it onto that entry instead.`
export const catalogueMapTargetMessage = (kind: CatalogueKind, parent: string) =>
  kind === 'device-type'
    ? 'Existing entry: choose a device type of the shared catalogue.'
    : `Existing entry: choose a ${CATALOGUE_KIND_LABELS[kind].toLowerCase()} of the shared catalogue under “${parent}”.`
export const manufacturerApprovedMessage = (name: string) =>
  `${name} is a manufacturer now: its members can choose it in the portfolio form.`
export const manufacturerAlreadyMessage = (name: string) =>
  `${name} is already a manufacturer of the catalogue.`

/** What a vendor reads under the field when a value of theirs was decided (nothing while pending). */
export function additionNotice(addition: Pick<CatalogueAddition, 'value' | 'state' | 'reason' | 'mappedTo'>) {
  switch (addition.state) {
    case 'declined':
      return `The lab declined “${addition.value}”: ${addition.reason ?? ''}`
    case 'mapped':
      return `The lab maps “${addition.value}” onto “${addition.mappedTo ?? ''}”: choose “${addition.mappedTo ?? ''}” for new devices.`
    default:
      return null
  }
}

/** Whether an entry is in the shared catalogue: the programme's, or an addition the lab approved. */
export const isShared = (entry: CatalogueEntry) =>
  entry.review === null
    ? entry.addedBy === null || entry.kind === 'vendor'
    : entry.review.state === 'approved'

/**
 * The shared entries an addition may be mapped onto: of its kind, under the same parent (case
 * aside) — but a type is one type under any name — each spelling once, sorted.
 */
export function mapTargets(entries: ReadonlyArray<CatalogueEntry>, addition: CatalogueEntry): string[] {
  const parent = addition.parent.toLowerCase()
  const values = entries
    .filter(
      (entry) =>
        entry.kind === addition.kind &&
        isShared(entry) &&
        (addition.kind === 'device-type' || entry.parent.toLowerCase() === parent),
    )
    .map((entry) => entry.value)
  return [...new Set(values)].sort((a, b) => a.localeCompare(b))
}

/** Who added an entry, as the console reads it. */
export const addedByText = (addedBy: CatalogueEntry['addedBy']) => addedBy?.name ?? PROGRAMME_NAME
