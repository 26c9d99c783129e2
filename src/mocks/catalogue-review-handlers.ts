import { HttpResponse } from 'msw'
import {
  CATALOGUE_ENTRY_NOT_FOUND_MESSAGE,
  CATALOGUE_ENTRY_NOT_REVIEWED_MESSAGE,
  CATALOGUE_ORGANIZATION_NOT_FOUND_MESSAGE,
  type CatalogueEntry,
  catalogueEntryAlreadySharedMessage,
  catalogueEntryApprovedMessage,
  catalogueEntryDecidedMessage,
  catalogueEntryDeclinedMessage,
  catalogueEntryMappedMessage,
  catalogueMapTargetMessage,
  type CatalogueReview,
  manufacturerAlreadyMessage,
  manufacturerApprovedMessage,
  mapTargets,
} from '@/contract/catalogue-review'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import { NOKIA_ORGANIZATION } from '@/mocks/fixtures/roles'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { answer, badRequest, mockEndpoint } from '@/mocks/mock-endpoint'

/*
 * The catalogue's review in the fixture world, with the server's rules and messages
 * (server/portfolio/catalogue-review.ts): every staff member reads; a Lab manager (the fixture
 * lab's first member, in the role the story gives her) decides once, and a second decision is 409.
 * The vendor's additions are those of the fixture session's organization, Nokia's.
 */

const caller = () => world.lab.staff[0]!
const managerOnly = () => (caller().role === 'Lab manager' ? null : answer(LAB_MANAGER_ONLY_MESSAGE, 403))
const refused = (message: string, field: string, status: number) => badRequest({ message, field }, {}, status)

/** The pending addition `entryId` names, or the refusal to answer. */
function pendingEntry(entryId: string): CatalogueEntry | Response {
  const entry = world.catalogueReview.entries.find((item) => item.entryId === entryId)
  if (!entry) return refused(CATALOGUE_ENTRY_NOT_FOUND_MESSAGE, 'entryId', 404)
  if (entry.review === null) return refused(CATALOGUE_ENTRY_NOT_REVIEWED_MESSAGE, 'entryId', 409)
  if (entry.review.state !== 'pending')
    return refused(
      catalogueEntryDecidedMessage(entry.review.state, entry.review.decidedBy ?? ''),
      'entryId',
      409,
    )
  return entry
}

const decide = (entry: CatalogueEntry, review: Partial<CatalogueReview>) => {
  entry.review = {
    state: 'pending',
    reason: null,
    mappedTo: null,
    ...review,
    decidedBy: caller().name,
    decidedAt: FIXTURE_NOW.toISOString(),
  }
}

const spelledAs = (targets: ReadonlyArray<string>, value: string) =>
  targets.find((target) => target.toLowerCase() === value.trim().toLowerCase())

export const catalogueReviewHandlers = [
  mockEndpoint('labCatalogue', () => HttpResponse.json(structuredClone(world.catalogueReview))),

  mockEndpoint('labApproveCatalogueEntry', ({ body }) => {
    const entry = managerOnly() ?? pendingEntry(body.entryId)
    if (entry instanceof Response) return entry
    const existing = spelledAs(mapTargets(world.catalogueReview.entries, entry), entry.value)
    if (existing) return refused(catalogueEntryAlreadySharedMessage(entry.value, existing), 'entryId', 409)
    decide(entry, { state: 'approved' })
    return answer(catalogueEntryApprovedMessage(entry.value))
  }),

  mockEndpoint('labMapCatalogueEntry', ({ body }) => {
    const entry = managerOnly() ?? pendingEntry(body.entryId)
    if (entry instanceof Response) return entry
    const target = spelledAs(mapTargets(world.catalogueReview.entries, entry), body.mapTo)
    if (!target) return refused(catalogueMapTargetMessage(entry.kind, entry.parent), 'mapTo', 400)
    decide(entry, { state: 'mapped', mappedTo: target })
    return answer(catalogueEntryMappedMessage(entry.value, target))
  }),

  mockEndpoint('labDeclineCatalogueEntry', ({ body }) => {
    const entry = managerOnly() ?? pendingEntry(body.entryId)
    if (entry instanceof Response) return entry
    decide(entry, { state: 'declined', reason: body.reason })
    return answer(catalogueEntryDeclinedMessage(entry.value))
  }),

  mockEndpoint('labApproveManufacturer', ({ body }) => {
    const refusal = managerOnly()
    if (refusal) return refusal
    const organization = world.catalogueReview.organizations.find(
      (item) => item.organizationId === body.organizationId,
    )
    if (!organization) return refused(CATALOGUE_ORGANIZATION_NOT_FOUND_MESSAGE, 'organizationId', 404)
    if (organization.manufacturer)
      return refused(manufacturerAlreadyMessage(organization.name), 'organizationId', 409)
    organization.manufacturer = true
    world.catalogueReview.entries.unshift({
      entryId: `vendor-${organization.organizationId}`,
      kind: 'vendor',
      value: organization.name,
      parent: '',
      addedBy: { organizationId: organization.organizationId, name: organization.name },
      addedAt: FIXTURE_NOW.toISOString(),
      review: null,
    })
    return answer(manufacturerApprovedMessage(organization.name))
  }),

  mockEndpoint('catalogueAdditions', () =>
    HttpResponse.json({
      additions: world.catalogueReview.entries
        .filter(
          (entry) => entry.addedBy?.organizationId === NOKIA_ORGANIZATION.organizationId && entry.review,
        )
        .sort((a, b) => b.addedAt.localeCompare(a.addedAt))
        .map((entry) => ({
          kind: entry.kind,
          value: entry.value,
          parent: entry.parent,
          addedAt: entry.addedAt,
          state: entry.review?.state ?? 'pending',
          decidedAt: entry.review?.decidedAt ?? null,
          reason: entry.review?.reason ?? null,
          mappedTo: entry.review?.mappedTo ?? null,
        })),
    }),
  ),
]
