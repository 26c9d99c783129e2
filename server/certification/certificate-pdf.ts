import { PDFDocument, type PDFPage } from 'pdf-lib'
import type { CertificatePaper as Paper } from '@/contract/certification'
import { carriedFromText } from '@/contract/revisions'
import type { CertificationRunRow, DeviceRow, RunTestCaseRow } from '../platform/db/schema.ts'
import { fileNamePart } from '../http/file-names.ts'
import { BRAND, drawQrCode, embedFonts, INK, MUTED, PASS, Writer } from './certificate-pdf-writer.ts'

/*
 * The certificate that Email Certificate mails (ARCHITECTURE.md decision 8): landscape, naming
 * the organization, the device as submitted, the run that certified it and every test case it
 * passed. Only a Completed run with CERTIFIED-OK has one; the HTTP layer checks that before
 * calling certificatePdf. It is printed on A4 or Letter (docs/decisions/0040): every position is
 * measured from the sheet's edges and each page lists as many cases as its space holds.
 *
 * Page 1 is the certificate; its test cases are listed under it when they fit, otherwise on the
 * pages that follow, two columns each, so that nothing is drawn over anything else whatever the
 * plan's length (certificate-pdf.test.ts reads every text box back). Every page ends with the
 * verification link and its QR code. A recertification (docs/decisions/0033) names its revision
 * and source certificate, and marks the cases carried from it.
 *
 * The text is in Inter, embedded as a subset (certificate-pdf-writer.ts): Latin and Latin
 * Extended, so a vendor's "Łódź" prints as typed; a character Inter lacks is written as '?' rather
 * than failing the mail.
 */

export type CertificateInput = {
  record: Pick<
    DeviceRow,
    | 'portfolio_manager_id'
    | 'organization_name'
    | 'vendor'
    | 'device_name'
    | 'device_type'
    | 'product_class'
    | 'base_firmware_version'
    | 'device_number_list'
  >
  run: Pick<
    CertificationRunRow,
    'run_id' | 'finished_at' | 'harness' | 'plan_name' | 'plan_version' | 'revision'
  >
  testCases: ReadonlyArray<Pick<RunTestCaseRow, 'name' | 'state' | 'carried_from'>>
  /** The account's organization, used when the record carries none. */
  organization: string
  /**
   * The issued certificate — its number, when it was issued and until when it is valid, its
   * verification page (printed, as a link and as a QR code) and, for a recertification, the
   * certificate its carried cases come from.
   */
  certificate: {
    number: string
    issuedAt: Date
    expiresAt: Date
    verifyUrl: string
    source?: { number: string; firmware: string } | null
  }
}

export function certificateFileName(input: Pick<CertificateInput, 'record' | 'certificate'>) {
  return `certificate-${fileNamePart(input.record.device_name)}-${input.certificate.number}.pdf`
}

/** The sheets a certificate is printed on, landscape, in points (docs/decisions/0040). */
const PAPER_SIZES: Record<Paper, [number, number]> = {
  a4: [841.89, 595.28],
  letter: [792, 612],
}
const LEFT = 86
const ROW = 14
export const QR_SIZE = 78
export const QR_Y = 52
/** The lowest baseline a case row or the carried note may take: clear of the footer and the QR code. */
const CASES_BOTTOM = QR_Y + QR_SIZE + 16
/** From the top edge: the heading's first line, a later page's test cases; below the heading, the facts. */
const HEADING_FROM_TOP = 84
const LATER_CASES_FROM_TOP = 130
const FACTS_UNDER_HEADING = 156
/** From the facts' first line to the test cases under them (four facts, 30 points apart). */
const CASES_UNDER_FACTS = 124
/** The facts' three columns (device, certificate, tests): their shares of the width, 24 points apart. */
const FACT_COLUMNS = [0.4, 0.29, 0.31] as const
const FACT_GUTTER = 24

/** Where things go on a sheet of the given size. */
function layoutOf(paper: Paper) {
  const [width, height] = PAPER_SIZES[paper]
  const headingTop = height - HEADING_FROM_TOP
  const factsTop = headingTop - FACTS_UNDER_HEADING
  const firstCasesTop = factsTop - CASES_UNDER_FACTS
  const laterCasesTop = height - LATER_CASES_FROM_TOP
  /** How many rows of cases a column holds from `top` down to CASES_BOTTOM. */
  const rowsFrom = (top: number) => Math.floor((top - 16 - CASES_BOTTOM) / ROW) + 1
  return {
    size: [width, height] as [number, number],
    headingTop,
    factsTop,
    firstCasesTop,
    laterCasesTop,
    firstRows: rowsFrom(firstCasesTop),
    laterRows: rowsFrom(laterCasesTop),
  }
}
type Layout = ReturnType<typeof layoutOf>

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** The certificate on `paper` (A4 or Letter, landscape): every position follows from the sheet's size. */
export async function certificatePdf(input: CertificateInput, paper: Paper): Promise<Buffer> {
  const layout = layoutOf(paper)
  const document = await certificateDocument(input.record, input.certificate)
  const fonts = await embedFonts(document, certificateTexts(input))
  const note = carriedNote(input)
  const noteRows = note ? 2 : 0
  const count = input.testCases.length
  const onFirst = Math.ceil(count / 2) + noteRows <= layout.firstRows
  const chunks = onFirst ? [] : pageChunks(count, noteRows, layout.laterRows)
  const pages = 1 + chunks.length
  const newPage = (index: number) => {
    const page = document.addPage(layout.size)
    drawBorders(page)
    const text = new Writer(page, fonts)
    drawFooter(text, input, pages > 1 ? `Page ${index} of ${pages}` : '')
    return text
  }

  const first = newPage(1)
  drawHeading(first, layout, input)
  drawFacts(first, layout, input)
  if (onFirst) drawCases(first, layout.firstCasesTop, input.testCases, note)
  else drawCasesElsewhere(first, layout, input, pages)
  let from = 0
  chunks.forEach((size, index) => {
    const text = newPage(index + 2)
    drawScheduleHeading(text, layout, input)
    const last = index === chunks.length - 1
    drawCases(text, layout.laterCasesTop, input.testCases.slice(from, from + size), last ? note : null)
    from += size
  })
  return Buffer.from(await document.save())
}

const passedCount = (testCases: CertificateInput['testCases']) =>
  testCases.filter((testCase) => testCase.state === 'passed').length

/** The vendor's texts the certificate prints (its own wording is Latin). */
function certificateTexts({ record, testCases, organization }: CertificateInput) {
  return [
    ...Object.values(record).flat().map(String),
    ...testCases.map((testCase) => testCase.name),
    organization,
  ]
}

/**
 * How many cases each later page lists (two columns of `rows`), the last one leaving room for
 * the carried note.
 */
function pageChunks(count: number, noteRows: number, rows: number) {
  const chunks: number[] = []
  let remaining = count
  while (remaining > 0) {
    const take =
      Math.ceil(remaining / 2) + noteRows <= rows
        ? remaining
        : remaining <= 2 * rows
          ? 2 * (rows - noteRows)
          : 2 * rows
    chunks.push(take)
    remaining -= take
  }
  return chunks
}

/** A new document with the certificate's properties. */
async function certificateDocument(
  record: CertificateInput['record'],
  { number, issuedAt, verifyUrl }: CertificateInput['certificate'],
) {
  const document = await PDFDocument.create()
  document.setTitle(`Certificate ${number}: ${record.device_name}`)
  // The number and the page are in the document's properties too, for a verifier that reads the file.
  document.setSubject(`Device certification ${number}. Verify at ${verifyUrl}`)
  document.setKeywords([number, verifyUrl])
  document.setAuthor('Device Certification Portal')
  document.setCreator('Device Certification Portal')
  document.setCreationDate(issuedAt)
  document.setModificationDate(issuedAt)
  return document
}

/** The page's double frame. */
function drawBorders(page: PDFPage) {
  const { width, height } = page.getSize()
  const frame = (inset: number, borderWidth: number) =>
    page.drawRectangle({
      x: inset,
      y: inset,
      width: width - 2 * inset,
      height: height - 2 * inset,
      borderColor: BRAND,
      borderWidth,
    })
  frame(24, 3)
  frame(32, 0.75)
}

/** The title and the device's name and vendor. */
function drawHeading(text: Writer, { headingTop: top }: Layout, { record, organization }: CertificateInput) {
  text.centered('DEVICE CERTIFICATION PORTAL', top, { size: 11, font: 'bold', color: BRAND })
  text.centered('Certificate of Conformance', top - 36, { size: 30, font: 'bold' })
  text.centered(
    'This certifies that the device below passed every test case of its certification plan.',
    top - 62,
    { size: 12, color: MUTED },
  )
  text.centered(record.device_name, top - 100, { size: 24, font: 'bold', color: BRAND })
  text.centered(`by ${record.vendor}, submitted by ${record.organization_name || organization}`, top - 120, {
    size: 13,
  })
}

/** The device's facts, the certificate's and its tests', in three columns above the test cases. */
function drawFacts(
  text: Writer,
  { factsTop: top, size: [width] }: Layout,
  { record, run, testCases, certificate }: CertificateInput,
) {
  const serials = record.device_number_list.filter((serial) => serial.trim() !== '')
  const revision = run.revision >= 2 ? ` (revision ${run.revision})` : ''
  const passed = passedCount(testCases)
  const device: Array<[string, string]> = [
    ['Device type', record.device_type],
    ['Product class', record.product_class],
    ['Base firmware version', `${record.base_firmware_version}${revision}`],
    ['Serial numbers', serials.length ? serials.join(', ') : 'None submitted'],
  ]
  const issued: Array<[string, string]> = [
    ['Certificate number', certificate.number],
    ['Date of issue', dateFormat.format(certificate.issuedAt)],
    ['Valid until', dateFormat.format(certificate.expiresAt)],
  ]
  const tests: Array<[string, string]> = [
    ['Test cases passed', `${passed} of ${testCases.length}`],
    ['Test plan', `${run.plan_name}, version ${run.plan_version}`],
    ...(certificate.source ? [['Recertification of', certificate.source.number] as [string, string]] : []),
  ]
  const room = width - 2 * LEFT - FACT_GUTTER * (FACT_COLUMNS.length - 1)
  let x = LEFT
  ;[device, issued, tests].forEach((facts, index) => {
    const columnWidth = room * FACT_COLUMNS[index]!
    text.facts(facts, x, top, columnWidth, 30)
    x += columnWidth + FACT_GUTTER
  })
}

/** Two columns of cases from `top`, filled down the first, then the carried note under them. */
function drawCases(text: Writer, top: number, cases: CertificateInput['testCases'], note: string | null) {
  text.left('Test cases', LEFT, top, { size: 10, font: 'bold', color: MUTED })
  const columnWidth = (text.page.getWidth() - 2 * LEFT) / 2
  const rows = Math.ceil(cases.length / 2)
  cases.forEach((testCase, index) => {
    const x = LEFT + Math.floor(index / rows) * columnWidth
    const y = top - 16 - (index % rows) * ROW
    const passed = testCase.state === 'passed'
    const mark = !passed ? testCase.state : testCase.carried_from ? 'Carried' : 'Passed'
    text.left(mark, x, y, { size: 9, font: 'bold', color: passed ? PASS : INK })
    text.left(testCase.name, x + 46, y, { size: 9, maxWidth: columnWidth - 56 })
  })
  if (note) {
    text.left(note, LEFT, top - 16 - rows * ROW - 6, {
      size: 8.5,
      color: MUTED,
      maxWidth: text.page.getWidth() - 2 * LEFT,
    })
  }
}

/** Page 1's line when the cases are listed on the pages that follow. */
function drawCasesElsewhere(
  text: Writer,
  { firstCasesTop: top }: Layout,
  { testCases }: CertificateInput,
  pages: number,
) {
  const passed = passedCount(testCases)
  const where = pages === 2 ? 'page 2' : `pages 2 to ${pages}`
  text.left('Test cases', LEFT, top, { size: 10, font: 'bold', color: MUTED })
  text.left(`${passed} of ${testCases.length} passed, each listed on ${where}.`, LEFT, top - 18, {
    size: 12,
  })
}

/** A later page's heading: whose test cases these are. */
function drawScheduleHeading(
  text: Writer,
  { headingTop: top }: Layout,
  { record, run, certificate }: CertificateInput,
) {
  text.left(`Test cases of certificate ${certificate.number}`, LEFT, top, { size: 16, font: 'bold' })
  text.left(
    `${record.device_name} by ${record.vendor}, firmware ${record.base_firmware_version} · test plan ${run.plan_name}, version ${run.plan_version}`,
    LEFT,
    top - 20,
    { size: 10, color: MUTED, maxWidth: text.page.getWidth() - 2 * LEFT },
  )
}

/** 'Carried: carried from DCP-… (firmware 1.0.0), …' when some case was carried, else null. */
function carriedNote({ testCases, certificate }: CertificateInput) {
  const carried = testCases.find((testCase) => testCase.carried_from)?.carried_from
  if (!carried) return null
  const firmware = certificate.source?.number === carried ? ` (firmware ${certificate.source.firmware})` : ''
  return `Carried: ${carriedFromText(carried)}${firmware}, where it passed; the plan marks it not sensitive to firmware, so it was not run again.`
}

/** Every page's foot: the verification page's address and QR code, the run's references, the page number. */
function drawFooter(text: Writer, { record, run, certificate }: CertificateInput, pageNumber: string) {
  const { width, height } = text.page.getSize()
  const { verifyUrl } = certificate
  const maxWidth = width - 2 * LEFT - QR_SIZE - 20
  drawQrCode(text.page, verifyUrl, { x: width - LEFT - QR_SIZE, y: QR_Y, size: QR_SIZE })
  if (pageNumber) text.right(pageNumber, width - LEFT, height - 60, { size: 8, color: MUTED })
  text.left('Check this certificate at', LEFT, 76, { size: 8, font: 'bold', color: MUTED })
  text.left(verifyUrl, LEFT, 64, { size: 9, color: BRAND, maxWidth })
  text.left(
    `Record ${record.portfolio_manager_id} · run ${run.run_id} · lab harness ${run.harness} · completed ${run.finished_at ? dateFormat.format(run.finished_at) : 'not finished'}`,
    LEFT,
    50,
    { size: 7, color: MUTED, maxWidth },
  )
}
