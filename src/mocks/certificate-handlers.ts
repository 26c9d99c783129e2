import { HttpResponse } from 'msw'
import {
  MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
  normalizeCertificateNumber,
  UNKNOWN_CERTIFICATE_MESSAGE,
} from '@/contract/certificates'
import { world } from '@/mocks/fixtures/world'
import { badRequest, mockEndpoint } from '@/mocks/mock-endpoint'

/*
 * Issue 20: the public certificate calls in the fixture world, with the server's rules and
 * messages (server/main/routes/certificates.ts): the published keys, and a certificate by its
 * number written in any case, with or without dashes.
 */

export const certificateHandlers = [
  mockEndpoint('certificateKeys', () => HttpResponse.json({ keys: world.certificateKeys })),

  mockEndpoint('certificate', ({ params }) => {
    const number = normalizeCertificateNumber(String(params.number ?? ''))
    if (!number) return badRequest({ message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE, field: 'number' })
    const found = world.certificates.find((certificate) => certificate.number === number)
    if (!found) return badRequest({ message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' }, {}, 404)
    return HttpResponse.json(found)
  }),
]
