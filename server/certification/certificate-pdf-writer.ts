import { rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'

/*
 * Drawing for the certificate PDF (certificate-pdf.ts): text in the standard Helvetica fonts,
 * kept to what they encode and to the width it is given, and the QR code as vector squares.
 */

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

/** Draws text in the standard fonts, keeping only what they can encode and what fits. */
export class Writer {
  constructor(
    readonly page: PDFPage,
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

  right(value: string, x: number, y: number, style: TextStyle) {
    const font = this.fontOf(style)
    const text = this.fit(value, font, style.size, style.maxWidth ?? x - 60)
    const width = font.widthOfTextAtSize(text, style.size)
    this.page.drawText(text, { x: x - width, y, size: style.size, font, color: style.color ?? INK })
  }

  centered(value: string, y: number, style: TextStyle) {
    const font = this.fontOf(style)
    const pageWidth = this.page.getWidth()
    const text = this.fit(value, font, style.size, style.maxWidth ?? pageWidth - 140)
    const x = (pageWidth - font.widthOfTextAtSize(text, style.size)) / 2
    this.page.drawText(text, { x, y, size: style.size, font, color: style.color ?? INK })
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
