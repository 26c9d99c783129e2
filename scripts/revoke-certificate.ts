import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import * as v from 'valibot'
import {
  REVOKE_REASON_REQUIRED_MESSAGE,
  revokeCertificatePayloadSchema,
} from '../src/contract/certificates.ts'
import { revokeCertificate } from '../server/certificates/revoke.ts'
import {
  COMMAND_REVOKER,
  OPERATOR_REVOKE_PATH,
  operatorRevokeAnswerSchema,
} from '../src/contract/operator.ts'
import { commandMailer, commandPortalUrl, openCommandDatabase } from './command-database.ts'
import { callOperator, commandRoute, jsonOf, type Output, printRefusal } from './operator-client.ts'

/*
 * docs/decisions/0025: `npm run certificate:revoke -- --number DCP-… --reason "…"`
 * revokes a certificate — for headless setups; a Lab manager does the same from the lab console.
 * The organization's Owners are mailed the reason (SMTP_URL, or the development mailbox); the
 * verification page shows Revoked. docs/decisions/0048: while a portal runs on the PGlite folder
 * (DATA_DIR) the command asks it (its operator call on MAIN_PORT, scripts/operator-client.ts);
 * otherwise, and always on PostgreSQL (DATABASE_URL), it opens the database itself. Same flags,
 * lines and exit codes.
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

type RevokeFlags = { number: string; reason: string }

/** Through the running portal's operator call (docs/decisions/0048). */
async function revokeThroughPortal(base: string, flags: RevokeFlags, env: NodeJS.ProcessEnv, out: Output) {
  const response = await callOperator(base, OPERATOR_REVOKE_PATH, env, flags)
  const body = await jsonOf(response)
  const answer = v.safeParse(operatorRevokeAnswerSchema, body)
  if (!response.ok || !answer.success) return printRefusal(response, body, base, out)
  out.log(`${answer.output.message} Its Owners were told.`)
  return 0
}

/** The command: its exit code (2 for a wrong flag, 1 for a refusal). */
export async function revokeCommand(args: string[], env: NodeJS.ProcessEnv, out: Output = console) {
  const flags = readRevokeFlags(args)
  if ('message' in flags) {
    out.error(flags.message)
    return 2
  }
  const route = await commandRoute(env, out)
  if (route === null) return 1
  if (route !== 'database') return revokeThroughPortal(route.portal, flags, env, out)
  const database = await openCommandDatabase('revoke it from the lab console as a Lab manager', env, out)
  if (!database) return 1
  try {
    const mailer = commandMailer(database, env)
    const result = await revokeCertificate(database.db, mailer, {
      ...flags,
      by: COMMAND_REVOKER,
      publicUrl: commandPortalUrl(env),
    })
    if (!result.ok) {
      out.error(`--${result.field}: ${result.message}`)
      return 1
    }
    out.log(`${result.message} Its Owners were told.`)
    return 0
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await revokeCommand(process.argv.slice(2), process.env)
