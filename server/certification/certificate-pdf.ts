import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import type { CertificationRunRow, DeviceRow, RunTestCaseRow } from '../platform/db/schema.ts'
import { fileNamePart } from '../http/file-names.ts'

/*
 * The certificate that Email Certificate mails (ARCHITECTURE.md decision 8): one landscape A4
 * page naming the organization, the device as submitted, the run that certified it and every
 * test case it passed. Only a Completed run with CERTIFIED-OK has one; the HTTP layer checks that
 * before calling certificatePdf.
 *
 * The PDF uses the standard Helvetica fonts (nothing to embed, a few KB per certificate). Those
 * fonts cover Latin-1 (WinAnsi) only: any other character of a vendor's text is written as '?'
 * rather than failing the mail.
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
  run: Pick<CertificationRunRow, 'run_id' | 'finished_at' | 'harness' | 'plan_name' | 'plan_version'>
  testCases: ReadonlyArray<Pick<RunTestCaseRow, 'name' | 'state'>>
  /** The account's organization, used when the record carries none. */
  organization: string
  /**
   * The issued certificate — its number, when it was issued and until when it is valid,
   * and its verification page (printed, as a link and as a QR code).
   */
  certificate: { number: string; issuedAt: Date; expiresAt: Date; verifyUrl: string }
}

export function certificateFileName(input: Pick<CertificateInput, 'record' | 'certificate'>) {
  return `certificate-${fileNamePart(input.record.device_name)}-${input.certificate.number}.pdf`
}

const A4_LANDSCAPE: [number, number] = [841.89, 595.28]
const INK = rgb(0.07, 0.12, 0.2)
const MUTED = rgb(0.36, 0.41, 0.49)
const BRAND = rgb(0.05, 0.36, 0.72)
const PASS = rgb(0.09, 0.5, 0.27)

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

export async function certificatePdf(input: CertificateInput): Promise<Buffer> {
  const document = await certificateDocument(input.record, input.certificate)
  const regular = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)
  const page = document.addPage(A4_LANDSCAPE)
  drawBorders(page)
  const text = new Writer(page, regular, bold)
  const y = drawHeading(text, page.getSize(), input)
  drawTestCases(text, page.getSize().width, drawFacts(text, page.getSize().width, y, input), input.testCases)
  drawFooter(page, text, input)
  return Buffer.from(await document.save())
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
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: BRAND,
    borderWidth: 3,
  })
  page.drawRectangle({
    x: 32,
    y: 32,
    width: width - 64,
    height: height - 64,
    borderColor: BRAND,
    borderWidth: 0.75,
  })
}

/** The title and the device's name and vendor; where what follows starts. */
function drawHeading(text: Writer, { height }: { height: number }, input: CertificateInput) {
  const { record } = input
  let y = height - 92
  text.centered('DEVICE CERTIFICATION PORTAL', y, { size: 11, font: 'bold', color: BRAND })
  y -= 40
  text.centered('Certificate of Certification', y, { size: 30, font: 'bold' })
  y -= 30
  text.centered('This certifies that the device below passed every test case of its certification plan.', y, {
    size: 12,
    color: MUTED,
  })
  y -= 44
  text.centered(record.device_name, y, { size: 24, font: 'bold', color: BRAND })
  y -= 22
  text.centered(`by ${record.vendor}, submitted by ${record.organization_name || input.organization}`, y, {
    size: 13,
  })
  return y - 44
}

const LEFT = 86

/** The device's facts on the left, the certificate's on the right; where the test cases start. */
function drawFacts(
  text: Writer,
  width: number,
  y: number,
  { record, testCases, certificate }: CertificateInput,
) {
  const right = width / 2 + 20
  const serials = record.device_number_list.filter((serial) => serial.trim() !== '')
  const facts: Array<[string, string]> = [
    ['Device type', record.device_type],
    ['Product class', record.product_class],
    ['Base firmware version', record.base_firmware_version],
    ['Serial numbers', serials.length ? serials.join(', ') : 'None submitted'],
  ]
  const passed = testCases.filter((testCase) => testCase.state === 'passed').length
  const runFacts: Array<[string, string]> = [
    ['Certificate number', certificate.number],
    ['Date of issue', dateFormat.format(certificate.issuedAt)],
    ['Valid until', dateFormat.format(certificate.expiresAt)],
    ['Test cases passed', `${passed} of ${testCases.length}`],
  ]
  text.facts(facts, LEFT, y, width / 2 - LEFT - 30)
  text.facts(runFacts, right, y, width - 86 - right)
  return y - (facts.length * 34 + 16)
}

/** Every test case and its outcome, in two columns. */
function drawTestCases(text: Writer, width: number, top: number, testCases: CertificateInput['testCases']) {
  let y = top
  text.left('Test cases', LEFT, y, { size: 10, font: 'bold', color: MUTED })
  y -= 16
  const columns = 2
  const columnWidth = (width - 2 * LEFT) / columns
  const rows = Math.ceil(testCases.length / columns)
  testCases.forEach((testCase, index) => {
    const column = Math.floor(index / rows)
    const row = index % rows
    const mark = testCase.state === 'passed' ? 'Passed' : testCase.state
    const x = LEFT + column * columnWidth
    const lineY = y - row * 14
    text.left(mark, x, lineY, { size: 9, font: 'bold', color: testCase.state === 'passed' ? PASS : INK })
    text.left(testCase.name, x + 46, lineY, { size: 9, maxWidth: columnWidth - 56 })
  })
}

/** Bottom right: the QR code of the verification page, and its address under the test cases. */
function drawFooter(page: PDFPage, text: Writer, { record, run, certificate }: CertificateInput) {
  const { width } = page.getSize()
  const { verifyUrl } = certificate
  drawQrCode(page, verifyUrl, { x: width - 86 - QR_SIZE, y: 52, size: QR_SIZE })
  text.left('Check this certificate at', LEFT, 76, { size: 8, font: 'bold', color: MUTED })
  text.left(verifyUrl, LEFT, 64, { size: 9, color: BRAND, maxWidth: width - 2 * LEFT - QR_SIZE - 20 })
  text.left(
    `Test plan ${run.plan_name}, version ${run.plan_version} · record ${record.portfolio_manager_id} · run ${run.run_id} · lab harness ${run.harness} · completed ${run.finished_at ? dateFormat.format(run.finished_at) : 'not finished'}`,
    LEFT,
    50,
    { size: 7, color: MUTED, maxWidth: width - 2 * LEFT - QR_SIZE - 20 },
  )
}

const QR_SIZE = 78

/** The QR code of `text`, drawn as squares (vector: sharp at any zoom, nothing embedded). */
function drawQrCode(page: PDFPage, text: string, { x, y, size }: { x: number; y: number; size: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const cell = size / modules.size
  page.drawRectangle({ x: x - 4, y: y - 4, width: size + 8, height: size + 8, color: rgb(1, 1, 1) })
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue
      page.drawRectangle({
        x: x + column * cell,
        y: y + size - (row + 1) * cell,
        width: cell,
        height: cell,
        color: INK,
      })
    }
  }
}

type TextStyle = {
  size: number
  font?: 'regular' | 'bold'
  color?: ReturnType<typeof rgb>
  maxWidth?: number
}

/** Draws text in the standard fonts, keeping only what they can encode and what fits. */
class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  private fontOf(style: TextStyle) {
    return style.font === 'bold' ? this.bold : this.regular
  }

  private fit(value: string, font: PDFFont, size: number, maxWidth: number) {
    const known = new Set(font.getCharacterSet())
    let text = [...value.replace(/\s+/g, ' ')]
      .map((character) => (known.has(character.codePointAt(0) ?? 0) ? character : '?'))
      .join('')
    if (font.widthOfTextAtSize(text, size) <= maxWidth) return text
    while (text.length > 1 && font.widthOfTextAtSize(`${text}…`, size) > maxWidth) text = text.slice(0, -1)
    return `${text.trimEnd()}…`
  }

  left(value: string, x: number, y: number, style: TextStyle) {
    const font = this.fontOf(style)
    const text = this.fit(value, font, style.size, style.maxWidth ?? this.page.getWidth() - x - 60)
    this.page.drawText(text, { x, y, size: style.size, font, color: style.color ?? INK })
  }

  centered(value: string, y: number, style: TextStyle) {
    const font = this.fontOf(style)
    const pageWidth = this.page.getWidth()
    const text = this.fit(value, font, style.size, style.maxWidth ?? pageWidth - 140)
    const x = (pageWidth - font.widthOfTextAtSize(text, style.size)) / 2
    this.page.drawText(text, { x, y, size: style.size, font, color: style.color ?? INK })
  }

  facts(facts: Array<[string, string]>, x: number, y: number, maxWidth: number) {
    facts.forEach(([label, value], index) => {
      const top = y - index * 34
      this.left(label, x, top, { size: 9, font: 'bold', color: MUTED, maxWidth })
      this.left(value, x, top - 14, { size: 12, maxWidth })
    })
  }
}
