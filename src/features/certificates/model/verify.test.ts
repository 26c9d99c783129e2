import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { createCertificateFixture, FIXTURE_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/certificates'
import {
  NO_NUMBER_IN_PDF_MESSAGE,
  NOT_A_PDF_MESSAGE,
  numberFromPdf,
  PDF_TOO_LARGE_MESSAGE,
} from '@/features/certificates/model/pdf-number'
import { verifyCertificateSignature } from '@/features/certificates/model/verify-signature'

const { certificates, keys } = createCertificateFixture()
const byNumber = (number: string) => certificates.find((certificate) => certificate.number === number)!
const publicKey = keys[0]!.publicKey

describe('verifyCertificateSignature', () => {
  it('accepts the signed text and refuses an altered one, another key or a broken signature', async () => {
    const valid = byNumber(FIXTURE_CERTIFICATE_NUMBERS.valid)
    expect(await verifyCertificateSignature(valid.payload, valid.signature, publicKey)).toBe(true)
    const altered = byNumber(FIXTURE_CERTIFICATE_NUMBERS.altered)
    expect(await verifyCertificateSignature(altered.payload, altered.signature, publicKey)).toBe(false)
    expect(await verifyCertificateSignature(`${valid.payload} `, valid.signature, publicKey)).toBe(false)
    const other = byNumber(FIXTURE_CERTIFICATE_NUMBERS.expired)
    expect(await verifyCertificateSignature(valid.payload, other.signature, publicKey)).toBe(false)
    expect(await verifyCertificateSignature(valid.payload, 'not-a-signature', publicKey)).toBe(false)
    expect(await verifyCertificateSignature(valid.payload, valid.signature, 'short')).toBe(false)
  })
})

async function pdfWith(keywords: string[]) {
  const document = await PDFDocument.create()
  document.addPage()
  if (keywords.length) document.setKeywords(keywords)
  return new Uint8Array(await document.save())
}

describe('numberFromPdf', () => {
  it('reads the number a certificate PDF names, compressed or not', async () => {
    expect(await numberFromPdf(await pdfWith(['DCP-7KQ4-M9XZ-2F8H', 'http://localhost/verify/x']))).toEqual({
      ok: true,
      number: 'DCP-7KQ4-M9XZ-2F8H',
    })
    const plain = new TextEncoder().encode('%PDF-1.4\n(Certificate dcp-3b1n-q8rt-6wza)\n%%EOF')
    expect(await numberFromPdf(plain)).toEqual({ ok: true, number: 'DCP-3B1N-Q8RT-6WZA' })
  })

  it('says what is wrong with a file that is not one', async () => {
    expect(await numberFromPdf(new TextEncoder().encode('GIF89a…'))).toEqual({
      ok: false,
      message: NOT_A_PDF_MESSAGE,
    })
    expect(await numberFromPdf(await pdfWith([]))).toEqual({ ok: false, message: NO_NUMBER_IN_PDF_MESSAGE })
    expect(await numberFromPdf(new Uint8Array(5 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      message: PDF_TOO_LARGE_MESSAGE,
    })
  })
})
