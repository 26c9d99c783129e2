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
import { REVISED_RECORD_NOT_DELETABLE_MESSAGE, REVISION_KEEPS_DEVICE_MESSAGE } from '@/contract/revisions'
import { organizationEventsSeq } from '../events/index.ts'
import { answerFromCache } from '../http/answer-cache.ts'
import type { MainEnv } from '../http/context.ts'
import { newInCatalogue } from './catalogue.ts'
import {
  changesDevice,
  deleteSubmittedRecord,
  lastRunReason,
  listRecordRows,
  ownRecord,
  recordDetails,
  toDeviceRecord,
  updateSubmittedRecord,
} from './records.ts'
import { vendorRoute } from '../http/route.ts'

/*
 * The organization's device records (spec §4, §7): the dashboard's list, delete, and reading and
 * updating one Submitted record (docs/decisions/0012). Every call needs a member's session, a
 * vendorUserId in the body must be the session's own, and the role must allow the call
 * (vendorRoute, docs/decisions/0023); a record of another organization answers 404 as if it did
 * not exist. Submit (drafts.ts), edit and delete (records.ts) write their live event
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
      const rows = await listRecordRows(db, organizationId)
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
  // A device with earlier revisions keeps its history, runs and certificates (docs/decisions/0033).
  if (record.revision > 1) return c.json({ message: REVISED_RECORD_NOT_DELETABLE_MESSAGE }, 409)
  const member = { organizationId, accountId: c.var.accountId }
  const deleted = await deleteSubmittedRecord(db, member, portfolioManagerId, record)
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
  const row = await recordDetails(db, c.var.organizationId, c.var.body.portfolioManagerId)
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
    revision: row.revision,
    lastReason: await lastRunReason(db, row.portfolio_manager_id),
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
  // A revision is of the same device: only its firmware, serials, build and year change (decision 0033).
  if (record.revision > 1 && changesDevice(record, payload))
    return c.json({ message: REVISION_KEEPS_DEVICE_MESSAGE, field: 'deviceName' }, 409)

  const fresh = await newInCatalogue(db, payload, organizationId)
  const problem = portfolioPayloadProblem({ call: 'update', payload }, fresh)
  if (problem) return c.json(problem, 400)

  const member = { organizationId, accountId: c.var.accountId }
  const updated = await updateSubmittedRecord(db, member, payload, fresh)
  if (!updated) return c.json({ message: ONLY_SUBMITTED_EDITABLE_MESSAGE }, 409)
  return c.json({ message: RECORD_UPDATED_MESSAGE })
})
