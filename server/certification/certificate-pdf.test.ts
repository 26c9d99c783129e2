import { PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { extractTextItems, type StructuredTextItem } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { carriedFromText } from '@/contract/revisions'
import type { CertificatePaper } from '@/contract/certification'
import { certificatePdf, QR_SIZE, QR_Y, type CertificateInput } from './certificate-pdf.ts'
import { testsUsePostgres } from '../platform/db/test-database.ts'

/*
 * The certificate PDF read back as a reader's PDF software sees it (pdf.js, through unpdf): every
 * text item's box, for plans of 1 to 60 cases and a recertification, on A4 and on Letter. No two
 * boxes overlap, none leaves that sheet's frame or touches the QR code, and every case is there
 * with its mark.
 */

/** Each paper with its landscape sheet's size in points, as the PDF must state it. */
const PAPERS: Array<[CertificatePaper, number, number]> = [
  ['a4', 841.89, 595.28],
  ['letter', 792, 612],
]
const NUMBER = 'DCP-2026-7K3M-Q9XH'
const SOURCE = 'DCP-2026-2BCD-4FGH'

function input(cases: number, { carried = 0 } = {}): CertificateInput {
  return {
    record: {
      portfolio_manager_id: 'pm-1',
      organization_name: 'MeshWave Networks',
      vendor: 'Nokia',
      device_name: 'Beacon 6',
      device_type: 'Wi-Fi Mesh Device',
      product_class: 'Wi-Fi 6 Mesh',
      base_firmware_version: carried ? '1.1.0' : '1.0.2',
      device_number_list: ['SN-0001', 'SN-0002', ''],
    },
    run: {
      run_id: 'run-1',
      finished_at: new Date('2026-11-20T10:00:00Z'),
      harness: 'simulated',
      plan_name: 'Wi-Fi Mesh Device',
      plan_version: 2,
      revision: carried ? 3 : 1,
    },
    testCases: Array.from({ length: cases }, (_, index) => ({
      // Long names, as the plans' longest ("Security baseline (open ports, default credentials, TLS)").
      name: `Case ${index + 1}: security baseline (open ports, default credentials, TLS)`,
      state: 'passed' as const,
      carried_from: index < carried ? SOURCE : null,
    })),
    organization: 'MeshWave Networks',
    certificate: {
      number: NUMBER,
      issuedAt: new Date('2026-11-20T10:00:00Z'),
      expiresAt: new Date('2029-11-20T10:00:00Z'),
      verifyUrl: `https://portal.example/verify/${NUMBER}`,
      source: carried ? { number: SOURCE, firmware: '1.0.2' } : null,
    },
  }
}

type Box = { text: string; left: number; right: number; bottom: number; top: number }

/** A text item's box: its advance width, from the descender to the cap height. */
const box = (item: StructuredTextItem): Box => ({
  text: item.str,
  left: item.x,
  right: item.x + item.width,
  bottom: item.y - 0.22 * item.fontSize,
  top: item.y + 0.75 * item.fontSize,
})

const overlaps = (a: Omit<Box, 'text'>, b: Omit<Box, 'text'>) =>
  a.left < b.right - 0.01 && b.left < a.right - 0.01 && a.bottom < b.top - 0.01 && b.bottom < a.top - 0.01

type Read = { width: number; height: number; boxes: Box[] }

/** Every page of the certificate on `paper`: its size as the PDF states it, and its text boxes. */
async function pages(certificate: CertificateInput, paper: CertificatePaper = 'a4'): Promise<Read[]> {
  const pdf = new Uint8Array(await certificatePdf(certificate, paper))
  const sizes = (await PDFDocument.load(pdf)).getPages().map((page) => page.getSize())
  const { items } = await extractTextItems(pdf)
  return items.map((page, index) => ({
    ...sizes[index]!,
    boxes: page.filter((item) => item.str.trim() !== '').map(box),
  }))
}

/** Text outside the page's inner frame, over the QR code (and its white margin) or over other text. */
function layoutFaults({ width, height, boxes: page }: Read) {
  // The QR code and its white margin, bottom right of every page.
  const qr = {
    left: width - 86 - QR_SIZE - 4,
    right: width - 86 + 4,
    bottom: QR_Y - 4,
    top: QR_Y + QR_SIZE + 4,
  }
  const faults: string[] = []
  page.forEach((a, index) => {
    if (a.left < 40 || a.right > width - 40 || a.bottom < 40 || a.top > height - 40)
      faults.push(`"${a.text}" leaves the frame`)
    if (overlaps(a, qr)) faults.push(`"${a.text}" is drawn over the QR code`)
    for (const b of page.slice(index + 1)) if (overlaps(a, b)) faults.push(`"${a.text}" overlaps "${b.text}"`)
  })
  return faults
}

/** A plan's length, and how many pages its certificate takes on A4 and on Letter. */
const LENGTHS: Array<[number, number, number]> = [
  [1, 1, 1],
  [10, 1, 1],
  [11, 2, 1],
  [14, 2, 1],
  [15, 2, 2],
  [60, 3, 3],
]
const CASES = PAPERS.flatMap(([paper, width, height]) =>
  LENGTHS.map(([cases, a4, letter]) => [cases, paper, paper === 'a4' ? a4 : letter, width, height] as const),
)

// Opens no database: once, in the PGlite run.
describe.skipIf(testsUsePostgres())('the certificate PDF', () => {
  it.each(CASES)(
    '%i cases on %s: %i pages of its size, nothing drawn over anything, every case listed once',
    async (cases, paper, count, width, height) => {
      const read = await pages(input(cases), paper)
      expect(read).toHaveLength(count)
      for (const page of read) {
        expect([page.width, page.height]).toEqual([width, height])
        expect(layoutFaults(page)).toEqual([])
      }
      const texts = read.flatMap((page) => page.boxes.map((item) => item.text))
      for (let index = 1; index <= cases; index += 1)
        expect(texts.filter((text) => text.startsWith(`Case ${index}:`))).toHaveLength(1)
      expect(texts.filter((text) => text === 'Passed')).toHaveLength(cases)
      expect(texts).toContain(`${cases} of ${cases}`)
      expect(texts).toContain('Wi-Fi Mesh Device, version 2')
      // Every page carries the verification link; a document of several pages numbers them.
      for (const [index, page] of read.entries()) {
        const pageTexts = page.boxes.map((item) => item.text)
        expect(pageTexts).toContain(`https://portal.example/verify/${NUMBER}`)
        if (count > 1) expect(pageTexts).toContain(`Page ${index + 1} of ${count}`)
      }
      if (count > 1) {
        const where = count === 2 ? 'page 2' : `pages 2 to ${count}`
        expect(texts).toContain(`${cases} of ${cases} passed, each listed on ${where}.`)
        expect(texts).toContain(`Test cases of certificate ${NUMBER}`)
      }
    },
  )

  it.each(PAPERS)(
    'a recertification on %s names its revision and source certificate, and marks the carried cases',
    async (paper) => {
      const read = await pages(input(15, { carried: 9 }), paper)
      for (const page of read) expect(layoutFaults(page)).toEqual([])
      const texts = read.flatMap((page) => page.boxes.map((item) => item.text))
      expect(texts).toContain('1.1.0 (revision 3)')
      expect(texts).toContain('Recertification of')
      expect(texts).toContain(SOURCE)
      expect(texts).toContain('Wi-Fi Mesh Device, version 2')
      expect(texts.filter((text) => text === 'Carried')).toHaveLength(9)
      expect(texts.filter((text) => text === 'Passed')).toHaveLength(6)
      expect(texts).toContain(
        `Carried: ${carriedFromText(SOURCE)} (firmware 1.0.2), where it passed; the plan marks it not sensitive to firmware, so it was not run again.`,
      )
    },
  )

  it('is titled a Certificate of Conformance, in embedded Inter: Latin Extended as typed, other scripts as ?', async () => {
    const certificate = input(3)
    certificate.record.organization_name = 'Łódź Sieci 漢'
    const pdf = await certificatePdf(certificate, 'a4')
    const texts = (await extractTextItems(new Uint8Array(pdf))).items.flat().map((item) => item.str)
    expect(texts).toContain('Certificate of Conformance')
    // A line drawn in two fonts reads back as one text item per font: joined, it is the line.
    expect(texts.join('')).toContain('by Nokia, submitted by Łódź Sieci ?')
    // Every font is Inter with its glyphs in the file, none of the standard fonts a reader substitutes.
    const document = await PDFDocument.load(pdf)
    const descriptors = document.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object) =>
          object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
      )
    expect(descriptors.length).toBeGreaterThan(0)
    for (const descriptor of descriptors as PDFDict[]) {
      expect(descriptor.get(PDFName.of('FontName'))?.toString()).toMatch(/^\/Inter-(Regular|Bold)-\d+$/)
      expect(descriptor.get(PDFName.of('FontFile2'))).toBeDefined()
    }
  })

  it('a first certification shows neither a revision nor a source', async () => {
    const texts = (await pages(input(6))).flatMap((page) => page.boxes.map((item) => item.text))
    expect(texts).toContain('1.0.2')
    expect(texts).not.toContain('Recertification of')
    expect(texts.some((text) => text.startsWith('Carried'))).toBe(false)
  })
})
