import { type Context, Hono } from 'hono'
import {
  CERTIFICATE_KEYS_PATH,
  certificatePublishedMessage,
  certificateUnpublishedMessage,
  MALFORMED_CERTIFICATE_NUMBER_MESSAGE,
  REVOKED_NOT_PUBLISHED_MESSAGE,
  normalizeCertificateNumber,
  UNKNOWN_CERTIFICATE_MESSAGE,
} from '@/contract/certificates'
import { readCertificateKeys, readPublicCertificate } from './read.ts'
import { revokeCertificate } from './revoke.ts'
import { labStaffName, ownCertificate, setPublished } from './store.ts'
import type { MainEnv } from '../http/context.ts'
import { labRoute, route, vendorRoute } from '../http/route.ts'

/*
 * docs/decisions/0025: the public side of certificates, with no session needed.
 * - GET /.well-known/certificate-keys.json (and /api/certificate-keys): every key that signs or
 *   signed certificates.
 * - GET /api/certificates/<number>: a certificate's public record (the verification page's and
 *   machines'), its number written in any case, with or without dashes. A malformed number is
 *   400 naming the field; a well-formed one that names nothing is 404 with nothing else said.
 */

export const certificateRoutes = new Hono<MainEnv>()

const keys = async (c: Context<MainEnv>) => {
  c.header('Cache-Control', 'public, max-age=300')
  return c.json(await readCertificateKeys(c.var.services.db))
}
route(certificateRoutes, 'certificateKeys', (c) => keys(c as unknown as Context<MainEnv>))
// The well-known address verifiers look for first; the same answer.
certificateRoutes.get(CERTIFICATE_KEYS_PATH, keys)

route(certificateRoutes, 'certificate', async (c) => {
  const number = normalizeCertificateNumber(c.req.param('number') ?? '')
  if (!number) return c.json({ message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE, field: 'number' }, 400)
  const found = await readPublicCertificate(c.var.services.db, number, c.var.services.publicUrl())
  if (!found) return c.json({ message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' }, 404)
  const { signatureValid: _checkedInThePage, ...certificate } = found
  return c.json(certificate)
})

// A Lab manager revokes a certificate with a reason (the organization's Owners are told).
labRoute(certificateRoutes, 'labRevokeCertificate', async (c) => {
  const { db, mailer } = c.var.services
  const staffName = await labStaffName(db, c.var.labStaffId)
  const result = await revokeCertificate(db, mailer, {
    number: c.var.body.number,
    reason: c.var.body.reason,
    by: `${staffName ?? 'The lab'} (lab)`,
    publicUrl: c.var.services.publicUrl(),
  })
  if (!result.ok) return c.json({ message: result.message, field: result.field }, result.status)
  return c.json({ message: result.message })
})

// The directory of certified devices, for anyone.
route(certificateRoutes, 'directory', async (c) => c.json(await c.var.services.directory.read(c.var.body)))

// An organization lists its certificate among the certified devices, or stops listing it.
vendorRoute(certificateRoutes, 'publishCertificate', async (c) => {
  const { db } = c.var.services
  const number = normalizeCertificateNumber(c.var.body.number)
  if (!number) return c.json({ message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE, field: 'number' }, 400)
  const row = await ownCertificate(db, number, c.var.organizationId)
  // Another organization's certificate is as unknown as one that does not exist.
  if (!row) return c.json({ message: UNKNOWN_CERTIFICATE_MESSAGE, field: 'number' }, 404)
  const { published } = c.var.body
  if (published && row.revoked_at)
    return c.json({ message: REVOKED_NOT_PUBLISHED_MESSAGE, field: 'number' }, 409)
  await setPublished(db, number, published, c.var)
  return c.json({
    message: published ? certificatePublishedMessage(number) : certificateUnpublishedMessage(number),
  })
})
