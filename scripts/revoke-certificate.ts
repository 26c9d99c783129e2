import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import * as v from 'valibot'
import {
  REVOKE_REASON_REQUIRED_MESSAGE,
  revokeCertificatePayloadSchema,
} from '../src/contract/certificates.ts'
import { revokeCertificate } from '../server/certificates/revoke.ts'
import { commandMailer, commandPortalUrl, openCommandDatabase } from './command-database.ts'

/*
 * docs/decisions/0025: `npm run certificate:revoke -- --number DCP-… --reason "…"`
 * revokes a certificate — for headless setups; a Lab manager does the same from the lab console.
 * The organization's Owners are mailed the reason (SMTP_URL, or the development mailbox); the
 * verification page shows Revoked. The database is the portal's (DATABASE_URL, or PGlite in
 * DATA_DIR: while the portal runs on that folder the command says so and changes nothing).
 */

const USAGE = 'Usage: npm run certificate:revoke -- --number DCP-XXXX-XXXX-XXXX --reason "<why>"'

/** Reads the flags; a message naming the flag when one is missing or wrong. */
export function readRevokeFlags(args: string[]): { number: string; reason: string } | { message: string } {
  let values: { number?: string; reason?: string }
  try {
    values = parseArgs({
      args,
      options: { number: { type: 'string' }, reason: { type: 'string' } },
      strict: true,
    }).values
  } catch (error) {
    return { message: `${error instanceof Error ? error.message : String(error)}\n${USAGE}` }
  }
  if (!values.number?.trim()) return { message: `--number is required.\n${USAGE}` }
  const parsed = v.safeParse(revokeCertificatePayloadSchema, {
    number: values.number,
    reason: values.reason ?? '',
  })
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const flag = issue.path?.[0]?.key === 'number' ? '--number' : '--reason'
    return { message: `${flag}: ${issue.message}` }
  }
  if (parsed.output.reason === '') return { message: `--reason: ${REVOKE_REASON_REQUIRED_MESSAGE}` }
  return parsed.output
}

async function main() {
  const flags = readRevokeFlags(process.argv.slice(2))
  if ('message' in flags) {
    console.error(flags.message)
    process.exitCode = 2
    return
  }
  const database = await openCommandDatabase('revoke it from the lab console as a Lab manager')
  if (!database) return
  try {
    const mailer = commandMailer(database)
    const result = await revokeCertificate(database.db, mailer, {
      ...flags,
      by: 'The lab (command)',
      publicUrl: commandPortalUrl(),
    })
    if (!result.ok) {
      console.error(`--${result.field}: ${result.message}`)
      process.exitCode = 1
      return
    }
    console.log(`${result.message} Its Owners were told.`)
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
