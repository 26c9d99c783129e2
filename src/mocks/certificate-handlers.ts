import { HttpResponse } from 'msw'
import {
  CERTIFICATE_ALREADY_REVOKED_MESSAGE,
  certificatePublishedMessage,
  certificateUnpublishedMessage,
  REVOKED_NOT_PUBLISHED_MESSAGE,
  certificateRevokedMessage,
  MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
  normalizeCertificateNumber,
  REVOKE_REASON_REQUIRED_MESSAGE,
  UNKNOWN_CERTIFICATE_MESSAGE,
  type DirectoryEntry,
  type PublicCertificate,
} from '@/contract/certificates'
import { DirectoryListing } from '@/contract/directory-search'
import { FIXTURE_NOW, world } from '@/mocks/fixtures/world'
import { LAB_RUN_NOT_FOUND_MESSAGE } from '@/contract/lab'
import { CERTIFIED_OK } from '@/contract/records'
import * as said from '@/contract/server-messages'
import { answer, badRequest, mockEndpoint } from '@/mocks/mock-endpoint'

/*
 * The public certificate calls in the fixture world, with the server's rules and
 * messages (server/certificates/routes.ts): the published keys, and a certificate by its
 * number written in any case, with or without dashes.
 */

/** A one-page PDF naming the certificate: the fixture world's Download Certificate. */
function fixturePdf(title: string): string {
  const text = title.replace(/[()\\]/g, '')
  const stream = `BT /F1 18 Tf 72 500 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return body
}

/**
 * The directory lists a device once (docs/decisions/0033): under its newest listed certificate,
 * with the firmware versions its listed certificates cover, newest first.
 */
function onePerDevice(listed: ReadonlyArray<PublicCertificate>): DirectoryEntry[] {
  const newestFirst = [...listed].sort((a, b) => b.content.issuedAt.localeCompare(a.content.issuedAt))
  const devices = new Map<string, DirectoryEntry>()
  for (const { number, content } of newestFirst) {
    const { device, organization } = content
    const key = JSON.stringify([
      organization.id,
      device.vendor,
      device.name,
      device.type,
      device.productClass,
    ])
    const known = devices.get(key)
    if (known) {
      if (!known.firmwareVersions?.includes(device.firmware)) known.firmwareVersions?.push(device.firmware)
      continue
    }
    devices.set(key, {
      number,
      vendor: device.vendor,
      deviceName: device.name,
      deviceType: device.type,
      productClass: device.productClass,
      organizationName: organization.name,
      issuedAt: content.issuedAt,
      expiresAt: content.expiresAt,
      firmwareVersions: [device.firmware],
    })
  }
  return [...devices.values()]
}

export const certificateHandlers = [
  mockEndpoint('directory', ({ body }) => {
    const listed = world.certificates.filter(
      (certificate) =>
        certificate.state === 'valid' && world.publishedCertificates.includes(certificate.number),
    )
    const devices = onePerDevice(listed)
    const found = new DirectoryListing(devices).search(body, FIXTURE_NOW.getTime())
    // The listing keeps the public fields it knows (src/contract/directory-search.ts publicEntry),
    // which do not yet include firmwareVersions: they are put back on the page's entries.
    const versions = new Map(devices.map((entry) => [entry.number, entry.firmwareVersions]))
    return HttpResponse.json({
      ...found,
      items: found.items.map((entry) => ({ ...entry, firmwareVersions: versions.get(entry.number) })),
    })
  }),

  mockEndpoint('publishCertificate', ({ body }) => {
    const number = normalizeCertificateNumber(body.number)
    if (!number) return badRequest({ message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE, field: 'number' })
    const found = world.certificates.find((certificate) => certificate.number === number)
    if (!found) return badRequest({ message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' }, {}, 404)
    if (body.published && found.revocation)
      return badRequest({ message: REVOKED_NOT_PUBLISHED_MESSAGE, field: 'number' }, {}, 409)
    world.publishedCertificates = world.publishedCertificates.filter((item) => item !== number)
    if (body.published) world.publishedCertificates.push(number)
    return answer(
      body.published ? certificatePublishedMessage(number) : certificateUnpublishedMessage(number),
    )
  }),

  mockEndpoint('certificatePdf', ({ params }) => {
    const run = world.runs.find((candidate) => candidate.runId === params.runId)
    if (!run) return answer(LAB_RUN_NOT_FOUND_MESSAGE, 404)
    if (run.status !== 'Completed' || run.isCertified !== CERTIFIED_OK)
      return answer(said.NOT_CERTIFIED_MESSAGE, 409)
    const record = world.records.find((candidate) => candidate.portfolioManagerId === run.portfolioManagerId)
    return new HttpResponse(fixturePdf(`Certificate: ${record?.deviceName ?? run.runId}`), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="certificate-${run.runId}.pdf"`,
      },
    })
  }),

  mockEndpoint('certificateKeys', () => HttpResponse.json({ keys: world.certificateKeys })),

  mockEndpoint('labRevokeCertificate', ({ body }) => {
    const number = normalizeCertificateNumber(body.number)
    if (!number) return badRequest({ message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE, field: 'number' })
    const found = world.certificates.find((certificate) => certificate.number === number)
    if (!found) return badRequest({ message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' }, {}, 404)
    if (found.revocation)
      return badRequest({ message: CERTIFICATE_ALREADY_REVOKED_MESSAGE, field: 'number' }, {}, 409)
    if (body.reason.trim() === '')
      return badRequest({ message: REVOKE_REASON_REQUIRED_MESSAGE, field: 'reason' })
    found.state = 'revoked'
    found.revocation = { reason: body.reason, revokedAt: FIXTURE_NOW.toISOString() }
    // The runs that name it say so too (the vendor's run details, the lab's record).
    for (const run of world.runs)
      if (run.certificate?.number === number) run.certificate = { number, state: 'revoked' }
    return answer(certificateRevokedMessage(number))
  }),

  mockEndpoint('certificate', ({ params }) => {
    const number = normalizeCertificateNumber(String(params.number ?? ''))
    if (!number) return badRequest({ message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE, field: 'number' })
    const found = world.certificates.find((certificate) => certificate.number === number)
    if (!found) return badRequest({ message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' }, {}, 404)
    return HttpResponse.json(found)
  }),
]
