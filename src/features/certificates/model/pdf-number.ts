import { CERTIFICATE_NUMBER_PATTERN, normalizeCertificateNumber } from '@/contract/certificates'

/*
 * /verify takes the certificate's PDF as well as its number: the portal's PDF names
 * its number in the document's properties and on the page. The file is read here, in the
 * browser — nothing is uploaded — first as it is, then through its compressed streams.
 */

export const NOT_A_PDF_MESSAGE = 'This file is not a PDF.'
export const NO_NUMBER_IN_PDF_MESSAGE = 'This PDF names no certificate number of this portal.'
/** A certificate PDF is tens of kilobytes (its fonts embedded); anything much larger is not one of ours. */
export const PDF_MAX_BYTES = 5 * 1024 * 1024
export const PDF_TOO_LARGE_MESSAGE = 'This file is too large to be a certificate (5 MB at most).'

const SEARCH = new RegExp(
  CERTIFICATE_NUMBER_PATTERN.source.replace(/^\^|\$$/g, '').replace('DCP-?', 'DCP-'),
  'gi',
)

function latin1(bytes: Uint8Array): string {
  let text = ''
  for (let index = 0; index < bytes.length; index += 8192)
    text += String.fromCharCode(...bytes.subarray(index, index + 8192))
  return text
}

/** PDF text strings may be hex, in UTF-16 (`<FEFF0044…>`, as pdf-lib writes the properties). */
function hexStrings(text: string): string {
  let decoded = ''
  for (const match of text.matchAll(/<((?:FEFF|feff)[0-9A-Fa-f\s]+)>/g)) {
    const hex = (match[1] ?? '').replace(/\s+/g, '').slice(4)
    for (let index = 0; index + 4 <= hex.length; index += 4)
      decoded += String.fromCharCode(Number.parseInt(hex.slice(index, index + 4), 16))
    decoded += ' '
  }
  return decoded
}

function firstNumber(text: string): string | null {
  for (const candidate of [text, hexStrings(text)]) {
    for (const match of candidate.matchAll(SEARCH)) {
      const number = normalizeCertificateNumber(match[0])
      if (number) return number
    }
  }
  return null
}

async function inflate(bytes: Uint8Array): Promise<string | null> {
  try {
    const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('deflate'))
    return latin1(new Uint8Array(await new Response(stream).arrayBuffer()))
  } catch {
    return null
  }
}

export type PdfNumber = { ok: true; number: string } | { ok: false; message: string }

/** The certificate number a PDF names, or why none could be read. */
export async function numberFromPdf(bytes: Uint8Array): Promise<PdfNumber> {
  if (bytes.length > PDF_MAX_BYTES) return { ok: false, message: PDF_TOO_LARGE_MESSAGE }
  const text = latin1(bytes)
  if (!text.startsWith('%PDF-')) return { ok: false, message: NOT_A_PDF_MESSAGE }
  const plain = firstNumber(text)
  if (plain) return { ok: true, number: plain }
  // Compressed streams (pdf-lib puts objects, the properties among them, in object streams).
  for (const match of text.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length
    let end = text.indexOf('endstream', start)
    if (end < 0) break
    // The line end before `endstream` is not part of the data.
    if (text[end - 1] === '\n') end -= 1
    if (text[end - 1] === '\r') end -= 1
    const inflated = await inflate(bytes.subarray(start, end))
    const found = inflated ? firstNumber(inflated) : null
    if (found) return { ok: true, number: found }
  }
  return { ok: false, message: NO_NUMBER_IN_PDF_MESSAGE }
}
