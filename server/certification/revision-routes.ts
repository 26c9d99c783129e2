import { Hono } from 'hono'
import { portfolioPayloadProblem } from '@/contract/portfolio-rules'
import {
  ONLY_ENDED_REVISABLE_MESSAGE,
  recordRevisedMessage,
  revisionUnchangedMessage,
} from '@/contract/revisions'
import { RECORD_NOT_FOUND_MESSAGE } from '@/contract/server-messages'
import type { MainEnv } from '../http/context.ts'
import { vendorRoute } from '../http/route.ts'
import { reviseRecord } from './revise.ts'
import { recordRevisions } from './revision-history.ts'

/*
 * A record's revisions on the main service (docs/decisions/0033): New revision (a member who may
 * change the portfolio) and the revision history (anyone of the organization). Another
 * organization's record answers 404 as if it did not exist, as the other record calls do.
 */

export const revisionRoutes = new Hono<MainEnv>()

/**
 * The record's next revision: its changed fields pass the portfolio rules of an update (the
 * device's vendor, name, type and class are the record's own) or are refused with 400 naming the
 * field; a record whose run has not ended, or a revision that changes nothing, with 409.
 */
vendorRoute(revisionRoutes, 'reviseRecord', async (c) => {
  const { db } = c.var.services
  const organizationId = c.var.organizationId
  const payload = c.var.body
  const record = await db
    .selectFrom('device_records')
    .select(['vendor', 'device_name', 'device_type', 'product_class'])
    .where('portfolio_manager_id', '=', payload.portfolioManagerId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  if (!record) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  const problem = portfolioPayloadProblem({
    call: 'update',
    payload: {
      ...payload,
      vendor: record.vendor,
      deviceName: record.device_name,
      deviceType: record.device_type,
      productClass: record.product_class,
    },
  })
  if (problem) return c.json(problem, 400)

  const result = await reviseRecord(db, { organizationId, accountId: c.var.accountId, payload })
  if (result.ok) return c.json({ message: recordRevisedMessage(result.revision), revision: result.revision })
  switch (result.reason) {
    case 'not-found':
      return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    case 'not-revisable':
      return c.json({ message: ONLY_ENDED_REVISABLE_MESSAGE }, 409)
    case 'unchanged':
      return c.json({ message: revisionUnchangedMessage(result.revision), field: 'baseFirmwareVersion' }, 409)
  }
})

vendorRoute(revisionRoutes, 'recordRevisions', async (c) => {
  const { db } = c.var.services
  const revisions = await recordRevisions(db, c.var.organizationId, c.var.body.portfolioManagerId)
  if (!revisions) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  c.header('Cache-Control', 'no-store')
  return c.json({ revisions })
})
