import { Hono } from 'hono'
import type { RecordDetails } from '@/contract/portfolio'
import { portfolioPayloadProblem } from '@/contract/portfolio-rules'
import type { DeviceRecord, RecordListAnswer } from '@/contract/records'
import {
  ONLY_SUBMITTED_DELETABLE_MESSAGE,
  ONLY_SUBMITTED_EDITABLE_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RECORD_UPDATED_MESSAGE,
} from '@/contract/server-messages'
import { EVENTS_SEQ_HEADER } from '@/contract/events'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { organizationEventsSeq } from '../events/index.ts'
import { answerFromCache } from '../http/answer-cache.ts'
import type { MainEnv } from '../http/context.ts'
import { addToCatalogue, newInCatalogue } from './catalogue.ts'
import { DEVICE_ROW_COLUMNS, ownRecord, RECORD_DETAIL_COLUMNS, toDeviceRecord } from './records.ts'
import { vendorRoute } from '../http/route.ts'

/*
 * The organization's device records (spec §4, §7): the dashboard's list, delete, and reading and
 * updating one Submitted record (docs/decisions/0012). Every call needs a member's session, a
 * vendorUserId in the body must be the session's own, and the role must allow the call
 * (vendorRoute, docs/decisions/0023); a record of another organization answers 404 as if it did
 * not exist. Submit (drafts), edit and delete write their live event
 * (record.submitted, record.edited, record.deleted) in the change's transaction (decision 0020).
 */

export const recordRoutes = new Hono<MainEnv>()

/* ------------------------------------------------------------------------- list and delete */

/*
 * The list answers X-Events-Seq (EVENTS_SEQ_HEADER): the organization's newest event seq, read before
 * the list, so the list holds every change up to it; a tab that read the list before its stream's
 * hello compares it with the hello's accountSeq and reads again if it is older (decision 0022).
 * The seq is read with the organization's data version in one statement, and that version (not the
 * one read with the session, earlier) picks the cached answer: a change committed between the
 * session's read and the seq's would otherwise be counted in the seq but missing from a cached
 * answer. On PGlite the version is this process's count of portfolio writes, read after the seq.
 */
vendorRoute(recordRoutes, 'listRecords', async (c) => {
  const { db, writes } = c.var.services
  const organizationId = c.var.organizationId
  const seen = await organizationEventsSeq(db, organizationId)
  const version = writes ? writes.epoch('portfolio') : seen.dataVersion
  const headers = { [EVENTS_SEQ_HEADER]: String(seen.seq) }
  return answerFromCache(
    c,
    `list:${organizationId}`,
    async () => {
      const rows = await db
        .selectFrom('device_records')
        .select(DEVICE_ROW_COLUMNS)
        .where('organization_id', '=', organizationId)
        .orderBy('creation_time', 'desc')
        .orderBy('portfolio_manager_id', 'desc')
        .execute()
      const list: DeviceRecord[] = rows.map(toDeviceRecord)
      const answer: RecordListAnswer = { portfolioManagerSubmittedDetailsList: list }
      return answer
    },
    { version, headers },
  )
})

vendorRoute(recordRoutes, 'deleteRecord', async (c) => {
  const { db } = c.var.services
  const organizationId = c.var.organizationId
  const { portfolioManagerId } = c.var.body
  const record = await ownRecord(db, organizationId, portfolioManagerId)
  if (!record) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  if (record.status !== 'Submitted') return c.json({ message: ONLY_SUBMITTED_DELETABLE_MESSAGE }, 409)
  const deleted = await db.transaction().execute(async (trx) => {
    // Guarded in SQL too: a run started in the meantime keeps its record.
    const row = await trx
      .deleteFrom('device_records')
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'Submitted')
      .returning('portfolio_manager_id')
      .executeTakeFirst()
    if (!row) return false
    await logActivity(trx, {
      organizationId,
      actorAccountId: c.var.accountId,
      action: 'record.deleted',
      subject: recordSubject(record),
    })
    // Last in the transaction: the event exists exactly when the deletion does (decision 0020).
    await appendEvent(trx, organizationId, { type: 'record.deleted', portfolioManagerId })
    return true
  })
  if (!deleted) return c.json({ message: ONLY_SUBMITTED_DELETABLE_MESSAGE }, 409)
  return c.json({ message: RECORD_DELETED_MESSAGE })
})

/* ------------------------------------------------------ one submitted record: read and update */

/**
 * One of the vendor's records with its device details, in any status: the form opens a Submitted
 * one for editing and tells why it cannot open any other. Another vendor's record is missing (404),
 * as for delete; a vendorUserId that is not the session's is refused before (requireVendor, 403).
 */
vendorRoute(recordRoutes, 'getRecord', async (c) => {
  const { db } = c.var.services
  const row = await db
    .selectFrom('device_records')
    .select(RECORD_DETAIL_COLUMNS)
    .where('portfolio_manager_id', '=', c.var.body.portfolioManagerId)
    .where('organization_id', '=', c.var.organizationId)
    .executeTakeFirst()
  if (!row) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  const answer: RecordDetails = {
    portfolioManagerId: row.portfolio_manager_id,
    organizationName: row.organization_name,
    businessDomain: row.business_domain,
    vendor: row.vendor,
    deviceName: row.device_name,
    deviceType: row.device_type,
    productClass: row.product_class,
    devicesToBeCertified: row.devices_to_be_certified,
    deviceNumberList: row.device_number_list,
    baseFirmwareVersion: row.base_firmware_version,
    yearOfManufacturing: row.year_of_manufacturing,
    isEngBuildAvailable: row.is_eng_build_available,
    creationTime: row.creation_time.toISOString(),
    createdBy: row.created_by,
    status: row.status,
    isCertified: row.is_certified,
  }
  c.header('Cache-Control', 'no-store')
  return c.json(answer)
})

/**
 * The device section of a Submitted record, changed in place (the record keeps its id, creation
 * time, organization and line of business). It passes the portfolio rules of an update — a submit
 * of the device section alone, a value new to the catalogue being an 'Add New ...' choice with its
 * length rule — or is refused with 400. A record that has left Submitted — a run started,
 * waits in maintenance or ended — is refused with 409 and left as it is: its results describe the
 * device as it was submitted. The data version rises with the row (migration 0002's trigger; the
 * write watch on PGlite), so the next list and get answers are built again.
 */
vendorRoute(recordRoutes, 'updateRecord', async (c) => {
  const { db } = c.var.services
  const organizationId = c.var.organizationId
  const payload = c.var.body
  const record = await ownRecord(db, organizationId, payload.portfolioManagerId)
  if (!record) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  if (record.status !== 'Submitted') return c.json({ message: ONLY_SUBMITTED_EDITABLE_MESSAGE }, 409)

  const fresh = await newInCatalogue(db, payload, organizationId)
  const problem = portfolioPayloadProblem({ call: 'update', payload }, fresh)
  if (problem) return c.json(problem, 400)

  const updated = await db.transaction().execute(async (trx) => {
    // Guarded in SQL too: a run started in the meantime keeps the device it was started for.
    const row = await trx
      .updateTable('device_records')
      .set({
        vendor: payload.vendor,
        device_name: payload.deviceName,
        device_type: payload.deviceType,
        product_class: payload.productClass,
        devices_to_be_certified: payload.devicesToBeCertified,
        device_number_list: payload.deviceNumberList.filter((serial) => serial !== ''),
        base_firmware_version: payload.baseFirmwareVersion,
        year_of_manufacturing: payload.yearOfManufacturing,
        is_eng_build_available: payload.isEngBuildAvailable,
      })
      .where('portfolio_manager_id', '=', payload.portfolioManagerId)
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'Submitted')
      .returning(DEVICE_ROW_COLUMNS)
      .executeTakeFirst()
    if (!row) return false
    await addToCatalogue(trx, organizationId, payload, fresh)
    await logActivity(trx, {
      organizationId,
      actorAccountId: c.var.accountId,
      action: 'record.edited',
      subject: recordSubject(row),
    })
    // Last in the transaction: the event exists exactly when the change does (decision 0020).
    await appendEvent(trx, organizationId, {
      type: 'record.edited',
      portfolioManagerId: row.portfolio_manager_id,
      row: toDeviceRecord(row),
    })
    return true
  })
  if (!updated) return c.json({ message: ONLY_SUBMITTED_EDITABLE_MESSAGE }, 409)
  return c.json({ message: RECORD_UPDATED_MESSAGE })
})
