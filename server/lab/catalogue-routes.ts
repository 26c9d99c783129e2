import { Hono } from 'hono'
import {
  CATALOGUE_ENTRY_NOT_FOUND_MESSAGE,
  CATALOGUE_ENTRY_NOT_REVIEWED_MESSAGE,
  CATALOGUE_ORGANIZATION_NOT_FOUND_MESSAGE,
  catalogueEntryAlreadySharedMessage,
  catalogueEntryApprovedMessage,
  catalogueEntryDecidedMessage,
  catalogueEntryDeclinedMessage,
  catalogueEntryMappedMessage,
  catalogueMapTargetMessage,
  manufacturerAlreadyMessage,
  manufacturerApprovedMessage,
} from '@/contract/catalogue-review'
import type { MainEnv } from '../http/context.ts'
import { labRoute } from '../http/route.ts'
import {
  approveManufacturer,
  type DecisionOutcome,
  decideCatalogueEntry,
  labCatalogue,
} from '../portfolio/index.ts'
import { staffName } from './staff-store.ts'

/*
 * The lab console's catalogue calls (docs/decisions/0034): every staff member reads the catalogue
 * and its review queue; a Lab manager approves, maps or declines an organization's addition and
 * approves an organization as a manufacturer. The rules live in server/portfolio/catalogue-review.ts.
 */

export const labCatalogueRoutes = new Hono<MainEnv>()

/** The answer of a decision: its message, or the refusal with its status and field. */
function answerOf(outcome: DecisionOutcome) {
  if ('decided' in outcome) {
    const message =
      outcome.decided === 'approve'
        ? catalogueEntryApprovedMessage(outcome.value)
        : outcome.decided === 'map'
          ? catalogueEntryMappedMessage(outcome.value, outcome.target ?? '')
          : catalogueEntryDeclinedMessage(outcome.value)
    return { body: { message }, status: 200 as const }
  }
  switch (outcome.refused) {
    case 'not-found':
      return { body: { message: CATALOGUE_ENTRY_NOT_FOUND_MESSAGE, field: 'entryId' }, status: 404 as const }
    case 'not-reviewed':
      return {
        body: { message: CATALOGUE_ENTRY_NOT_REVIEWED_MESSAGE, field: 'entryId' },
        status: 409 as const,
      }
    case 'decided':
      return {
        body: { message: catalogueEntryDecidedMessage(outcome.state, outcome.by), field: 'entryId' },
        status: 409 as const,
      }
    case 'already-shared':
      return {
        body: {
          message: catalogueEntryAlreadySharedMessage(outcome.value, outcome.existing),
          field: 'entryId',
        },
        status: 409 as const,
      }
    case 'bad-target':
      return {
        body: { message: catalogueMapTargetMessage(outcome.kind, outcome.parent), field: 'mapTo' },
        status: 400 as const,
      }
  }
}

labRoute(labCatalogueRoutes, 'labCatalogue', async (c) => c.json(await labCatalogue(c.var.services.db)))

labRoute(labCatalogueRoutes, 'labApproveCatalogueEntry', async (c) => {
  const { db } = c.var.services
  const by = await staffName(db, c.var.labStaffId)
  const { body, status } = answerOf(
    await decideCatalogueEntry(db, { entryId: c.var.body.entryId, by, decision: 'approve' }),
  )
  return c.json(body, status)
})

labRoute(labCatalogueRoutes, 'labMapCatalogueEntry', async (c) => {
  const { db } = c.var.services
  const by = await staffName(db, c.var.labStaffId)
  const { entryId, mapTo } = c.var.body
  const { body, status } = answerOf(await decideCatalogueEntry(db, { entryId, by, decision: 'map', mapTo }))
  return c.json(body, status)
})

labRoute(labCatalogueRoutes, 'labDeclineCatalogueEntry', async (c) => {
  const { db } = c.var.services
  const by = await staffName(db, c.var.labStaffId)
  const { entryId, reason } = c.var.body
  const { body, status } = answerOf(
    await decideCatalogueEntry(db, { entryId, by, decision: 'decline', reason }),
  )
  return c.json(body, status)
})

labRoute(labCatalogueRoutes, 'labApproveManufacturer', async (c) => {
  const { db } = c.var.services
  const by = await staffName(db, c.var.labStaffId)
  const outcome = await approveManufacturer(db, { organizationId: c.var.body.organizationId, by })
  if ('approved' in outcome) return c.json({ message: manufacturerApprovedMessage(outcome.approved) })
  return outcome.refused === 'not-found'
    ? c.json({ message: CATALOGUE_ORGANIZATION_NOT_FOUND_MESSAGE, field: 'organizationId' }, 404)
    : c.json({ message: manufacturerAlreadyMessage(outcome.name), field: 'organizationId' }, 409)
})
