import { Readable } from 'node:stream'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { revokeCertificatePayloadSchema } from '@/contract/certificates'
import { addLabStaffPayloadSchema, labStaffAddedMessage } from '@/contract/lab'
import {
  BACKUP_ON_POSTGRES_MESSAGE,
  COMMAND_REVOKER,
  OPERATOR_BACKUP_PATH,
  OPERATOR_LAB_STAFF_PATH,
  OPERATOR_PROCESS_PATH,
  OPERATOR_REFUSED_MESSAGE,
  OPERATOR_REVOKE_PATH,
} from '@/contract/operator'
import { revokeCertificate } from '../certificates/index.ts'
import { jsonBody, limitBodySize } from '../http/json-body.ts'
import { isLocalCallerOrBearer } from '../http/local-caller.ts'
import { addStaffMember } from '../lab/index.ts'
import type { Database } from '../platform/db/schema.ts'
import type { Mailer } from '../platform/mailer.ts'

/*
 * docs/decisions/0048: the operator's calls on a running portal (src/contract/operator.ts), on
 * the main service, before its own layers (no session, no CSRF: the caller is this machine's
 * operator, or holds OPERATOR_TOKEN — the rule /metrics follows, server/http/local-caller.ts).
 * They call what the commands call without a portal: addStaffMember, revokeCertificate, the
 * data folder's snapshot.
 */

export type OperatorParts = {
  db: Kysely<Database>
  mailer: Mailer
  /** The origin of the links the portal mails (PORTAL_URL). */
  publicUrl: () => string
  /** OPERATOR_TOKEN: the calls also answer a caller beyond this machine that sends it. */
  token?: string | undefined
  /** The data folder's backup, gzipped (PGlite in a folder); null on PostgreSQL, which pg_dump backs up. */
  backup: (() => Promise<Readable>) | null
}

export function createOperatorApp(parts: OperatorParts): Hono {
  const app = new Hono()
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    if (!isLocalCallerOrBearer(c, parts.token)) return c.json({ message: OPERATOR_REFUSED_MESSAGE }, 403)
    await next()
  })
  app.get(OPERATOR_PROCESS_PATH, (c) => c.json({ pid: process.pid }))
  app.post(OPERATOR_LAB_STAFF_PATH, limitBodySize, jsonBody(addLabStaffPayloadSchema), async (c) => {
    const { db, mailer } = parts
    const body = c.var.body
    const added = await addStaffMember(db, mailer, { ...body, origin: parts.publicUrl() })
    if (!added.ok) {
      const { message, field, status } = added.refused
      return c.json({ message, field }, status)
    }
    // With no mail server the link is in the development mailbox; the operator is told it too.
    const link = mailer.mode === 'mailbox' ? added.link : null
    return c.json({ message: labStaffAddedMessage(body.email.trim()), staffId: added.staffId, link })
  })
  app.post(OPERATOR_REVOKE_PATH, limitBodySize, jsonBody(revokeCertificatePayloadSchema), async (c) => {
    const result = await revokeCertificate(parts.db, parts.mailer, {
      ...c.var.body,
      by: COMMAND_REVOKER,
      publicUrl: parts.publicUrl(),
    })
    if (!result.ok) return c.json({ message: result.message, field: result.field }, result.status)
    return c.json({ message: result.message, number: result.number })
  })
  app.post(OPERATOR_BACKUP_PATH, async (c) => {
    if (!parts.backup) return c.json({ message: BACKUP_ON_POSTGRES_MESSAGE, field: 'DATABASE_URL' }, 409)
    const stream = await parts.backup()
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': 'attachment; filename="portal-backup.tar.gz"',
    })
  })
  app.all('*', (c) => c.json({ message: `No call at ${c.req.method} ${c.req.path}.` }, 405))
  return app
}
