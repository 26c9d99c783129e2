import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import fontkit from '@pdf-lib/fontkit'
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import { woffToSfnt } from './woff.ts'

/*
 * Drawing for the certificate PDF (certificate-pdf.ts): text in Inter, embedded (subset) so that
 * the document looks the same in every reader, and the QR code as vector squares. Inter comes in
 * two files per weight (Latin, and Latin Extended for names such as "Łódź"): each character is
 * drawn in the first file that has it, and one that neither has is written as '?'. Text is kept to
 * the width it is given, ending in '…' when it is cut.
 */

const require = createRequire(import.meta.url)
type Weight = 'regular' | 'bold'
type FontFile = { bytes: Buffer; cover: Set<number> }
const interFile = (subset: 'latin' | 'latin-ext', weight: 400 | 700): FontFile => {
  const bytes = woffToSfnt(
    readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
  )
  return { bytes, cover: new Set(fontkit.create(bytes).characterSet) }
}
/** Each weight's files, Latin first; read and parsed once. */
let fontFiles: Record<Weight, FontFile[]> | undefined

/**
 * Inter regular and bold embedded in `document`: the Latin fonts, and the Latin Extended ones only
 * when some character of `texts` needs them (each embedded font costs time when the PDF is saved).
 */
export async function embedFonts(document: PDFDocument, texts: readonly string[]): Promise<Fonts> {
  fontFiles ??= {
    regular: [interFile('latin', 400), interFile('latin-ext', 400)],
    bold: [interFile('latin', 700), interFile('latin-ext', 700)],
  }
  const files = fontFiles
  const characters = new Set([...texts.join('')].map((character) => character.codePointAt(0) ?? 0))
  const needed = (weight: Weight) =>
    files[weight].filter(
      (file, index) =>
        index === 0 ||
        [...characters].some((code) => !files[weight][0]!.cover.has(code) && file.cover.has(code)),
    )
  document.registerFontkit(fontkit)
  const embed = async (weight: Weight): Promise<Family> => {
    const chosen = needed(weight)
    const fonts = await Promise.all(
      chosen.map((file) => document.embedFont(file.bytes, { subset: true, features: PLAIN_TEXT })),
    )
    return { fonts, covers: chosen.map((file) => file.cover) }
  }
  const [regular, bold] = await Promise.all([embed('regular'), embed('bold')])
  return { regular, bold }
}

/**
 * No contextual alternates, ligatures or kerning: the certificate's short lines gain nothing from
 * them, and Inter's chaining rules made laying out a 60-case certificate take seconds.
 */
const PLAIN_TEXT = Object.fromEntries(
  ['calt', 'clig', 'liga', 'rlig', 'rclt', 'ccmp', 'locl', 'kern', 'mark', 'mkmk', 'curs'].map((feature) => [
    feature,
    false,
  ]),
)

type Family = { fonts: PDFFont[]; covers: Array<Set<number>> }
export type Fonts = { regular: Family; bold: Family }

export const INK = rgb(0.07, 0.12, 0.2)
export const MUTED = rgb(0.36, 0.41, 0.49)
export const BRAND = rgb(0.05, 0.36, 0.72)
export const PASS = rgb(0.09, 0.5, 0.27)

export type TextStyle = {
  size: number
  font?: 'regular' | 'bold'
  color?: ReturnType<typeof rgb>
  maxWidth?: number
}

type Run = { text: string; font: PDFFont }
const advances = new WeakMap<PDFFont, Map<string, number>>()

/** Draws text in the embedded fonts, keeping to what they can draw and to the width given. */
export class Writer {
  constructor(
    readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {}

  /** The text as runs of one font each: every character in the first font that has it, else '?'. */
  private runs(value: string, style: TextStyle): Run[] {
    const { fonts, covers } = style.font === 'bold' ? this.fonts.bold : this.fonts.regular
    const runs: Run[] = []
    for (const character of value.replace(/\s+/g, ' ')) {
      const index = covers.findIndex((cover) => cover.has(character.codePointAt(0) ?? 0))
      const font = fonts[Math.max(index, 0)]!
      const text = index === -1 ? '?' : character
      const last = runs.at(-1)
      if (last?.font === font) last.text += text
      else runs.push({ text, font })
    }
    return runs
  }

  /** A character's advance at size 1, measured once per font (laying text out is costly). */
  private advance(font: PDFFont, character: string) {
    let widths = advances.get(font)
    if (!widths) advances.set(font, (widths = new Map()))
    let width = widths.get(character)
    if (width === undefined) widths.set(character, (width = font.widthOfTextAtSize(character, 1)))
    return width
  }

  private width(runs: Run[], size: number) {
    let sum = 0
    for (const run of runs) for (const character of run.text) sum += this.advance(run.font, character)
    return sum * size
  }

  /** The runs of `value` within `maxWidth`, cut with '…' when too wide. */
  private fit(value: string, style: TextStyle, maxWidth: number) {
    const runs = this.runs(value, style)
    if (this.width(runs, style.size) <= maxWidth) return runs
    const ellipsis = this.runs('…', style)
    const room = maxWidth - this.width(ellipsis, style.size)
    const kept: Run[] = []
    let used = 0
    for (const run of runs) {
      let text = ''
      for (const character of run.text) {
        const width = this.advance(run.font, character) * style.size
        if (used + width > room) break
        used += width
        text += character
      }
      if (text) kept.push({ text, font: run.font })
      if (text !== run.text) break
    }
    const last = kept.at(-1)
    if (last) last.text = last.text.trimEnd()
    return [...kept, ...ellipsis]
  }

  private draw(runs: Run[], x: number, y: number, style: TextStyle) {
    let left = x
    for (const run of runs) {
      this.page.drawText(run.text, {
        x: left,
        y,
        size: style.size,
        font: run.font,
        color: style.color ?? INK,
      })
      left += run.font.widthOfTextAtSize(run.text, style.size)
    }
  }

  left(value: string, x: number, y: number, style: TextStyle) {
    this.draw(this.fit(value, style, style.maxWidth ?? this.page.getWidth() - x - 60), x, y, style)
  }

  right(value: string, x: number, y: number, style: TextStyle) {
    const runs = this.fit(value, style, style.maxWidth ?? x - 60)
    this.draw(runs, x - this.width(runs, style.size), y, style)
  }

  centered(value: string, y: number, style: TextStyle) {
    const pageWidth = this.page.getWidth()
    const runs = this.fit(value, style, style.maxWidth ?? pageWidth - 140)
    this.draw(runs, (pageWidth - this.width(runs, style.size)) / 2, y, style)
  }

  /** Label over value, one pair every `step` points down. */
  facts(
    facts: ReadonlyArray<readonly [string, string]>,
    x: number,
    y: number,
    maxWidth: number,
    step: number,
  ) {
    facts.forEach(([label, value], index) => {
      const top = y - index * step
      this.left(label, x, top, { size: 9, font: 'bold', color: MUTED, maxWidth })
      this.left(value, x, top - 14, { size: 12, maxWidth })
    })
  }
}

/** The QR code of `text`, drawn as squares (vector: sharp at any zoom, nothing embedded). */
export function drawQrCode(
  page: PDFPage,
  text: string,
  { x, y, size }: { x: number; y: number; size: number },
) {
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
