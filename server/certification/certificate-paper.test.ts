import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpointPath, endpoints } from '@/contract/endpoints'
import { RUN_STARTED_MESSAGE } from '@/contract/server-messages'
import {
  createVendor,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * The certificate's sheet (docs/decisions/0040): Letter for a caller registered in a Letter
 * country, A4 for the others, on Download Certificate and on Email Certificate's attachment;
 * `?paper=a4|letter` when the downloading caller chooses; any other value is refused, naming the
 * parameter.
 */

let test: TestPortal
let vendor: TestVendor
let runId = ''
let record = ''

beforeAll(async () => {
  test = await startTestPortal()
  // The test portal skips the address seed: the countries these tests register in, as it writes them.
  await test.database.db
    .insertInto('countries')
    .values([
      { country_code: 'IN', name: 'India', calling_code: '+91' },
      { country_code: 'US', name: 'United States', calling_code: '+1' },
      { country_code: 'CA', name: 'Canada', calling_code: '+1' },
      { country_code: 'DE', name: 'Germany', calling_code: '+49' },
    ])
    .execute()
  vendor = await createVendor(test, 'paula.paper@example.com', 'Paula')
  record = await submitRecord(test, vendor, ['SN201', 'SN202'])
  const started = await vendor.browser.cert('/run-tests', {
    body: { vendor_user_id: vendor.id, portfolio_manager_id: record },
  })
  const body = (await started.json()) as { message: string; runId: string }
  expect(body.message).toBe(RUN_STARTED_MESSAGE)
  runId = body.runId
  await test.portal.executor.settled(runId)
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const registeredIn = (country: string) =>
  test.database.db.updateTable('vendor_accounts').set({ country }).where('id', '=', vendor.id).execute()

/** The distinct sizes of a PDF's pages, in points. */
async function sheetsOf(pdf: Uint8Array) {
  const sizes = (await PDFDocument.load(pdf)).getPages().map((page) => JSON.stringify(page.getSize()))
  return [...new Set(sizes)].map((size) => JSON.parse(size) as unknown)
}

/** The downloaded certificate's answer status and, when it is a PDF, its pages' distinct sizes in points. */
async function download(query = '') {
  const response = await vendor.browser.cert(
    `${endpointPath(endpoints.certificatePdf.path, { runId })}${query}`,
    { method: 'GET' },
  )
  if (response.headers.get('Content-Type') !== 'application/pdf') {
    return { status: response.status, body: (await response.json()) as unknown }
  }
  return { status: response.status, sizes: await sheetsOf(new Uint8Array(await response.arrayBuffer())) }
}

/** Email Certificate's answer status and the sizes of the pages of the PDF it mailed. */
async function mailed() {
  const response = await vendor.browser.cert(endpoints.emailCertificate.path, {
    body: { vendor_user_id: vendor.id, portfolio_manager_id: record },
  })
  const mail = await test.database.db
    .selectFrom('mail_outbox')
    .select('attachments')
    .where('to_address', '=', vendor.email)
    .where('subject', 'like', 'Certificate %')
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow()
  const pdf = Buffer.from(mail.attachments?.[0]?.content ?? '', 'base64')
  return { status: response.status, sizes: await sheetsOf(new Uint8Array(pdf)) }
}

const A4 = { width: 841.89, height: 595.28 }
const LETTER = { width: 792, height: 612 }

describe('the certificate’s paper', () => {
  it('is A4 for a caller registered in India, Letter for one in the United States or Canada', async () => {
    await registeredIn('India')
    expect(await download()).toEqual({ status: 200, sizes: [A4] })
    await registeredIn('United States')
    expect(await download()).toEqual({ status: 200, sizes: [LETTER] })
    await registeredIn('Canada')
    expect(await download()).toEqual({ status: 200, sizes: [LETTER] })
  })

  it('is the one ?paper= names, whatever the country', async () => {
    await registeredIn('United States')
    expect(await download('?paper=a4')).toEqual({ status: 200, sizes: [A4] })
    await registeredIn('Germany')
    expect(await download('?paper=letter')).toEqual({ status: 200, sizes: [LETTER] })
  })

  it('of the mailed certificate is the recipient’s country’s', async () => {
    await registeredIn('United States')
    expect(await mailed()).toEqual({ status: 200, sizes: [LETTER] })
    await registeredIn('India')
    expect(await mailed()).toEqual({ status: 200, sizes: [A4] })
  })

  it('refuses any other paper, naming the parameter', async () => {
    for (const query of ['?paper=legal', '?paper=A4', '?paper=']) {
      expect(await download(query)).toEqual({
        status: 400,
        body: { message: "paper must be 'a4' or 'letter'.", field: 'paper' },
      })
    }
  })
})
