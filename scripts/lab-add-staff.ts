import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import { LAB_ROLES, labRoleSchema, type LabRole } from '../src/contract/lab.ts'
import type { Database } from '../server/platform/db/schema.ts'
import { addStaffMember } from '../server/lab/staff.ts'
import type { Mailer } from '../server/platform/mailer.ts'
import { OPERATOR_LAB_STAFF_PATH, operatorStaffAnswerSchema } from '../src/contract/operator.ts'
import { commandMailer, commandPortalUrl, openCommandDatabase } from './command-database.ts'
import { callOperator, commandRoute, jsonOf, type Output, printRefusal } from './operator-client.ts'

/*
 * docs/decisions/0024: `npm run lab:add-staff -- --email … --name … [--role …]` adds a
 * lab staff member — the way the first Lab manager comes to exist; later ones a Lab manager may
 * add on /lab/staff. The member gets a set-password link by mail (SMTP_URL), or, with no mail
 * server configured, in the development mailbox and printed here. The link points at PORTAL_URL
 * (default http://localhost:<MAIN_PORT or 7700>).
 *
 * docs/decisions/0048: while a portal runs on the PGlite folder (DATA_DIR) the command asks it
 * (its operator call on MAIN_PORT, scripts/operator-client.ts), and the portal mails the link;
 * otherwise, and always on PostgreSQL (DATABASE_URL), it opens the database itself. Same flags,
 * lines and exit codes.
 */

export type AddStaffOptions = { email: string; name: string; role: LabRole; portalUrl: string }

export type AddStaffResult = { ok: true; link: string; staffId: string } | { ok: false; message: string }

/** Adds the member and mails their link; the refusal's message names the flag. */
export async function addStaff(
  db: Kysely<Database>,
  mailer: Mailer,
  { email, name, role, portalUrl }: AddStaffOptions,
): Promise<AddStaffResult> {
  const added = await addStaffMember(db, mailer, { email, name, role, origin: portalUrl })
  if (!added.ok) return { ok: false, message: `--${added.refused.field}: ${added.refused.message}` }
  return { ok: true, link: added.link, staffId: added.staffId }
}

const USAGE = `Usage: npm run lab:add-staff -- --email <address> --name "<full name>" [--role "Lab engineer" | "Lab manager"]`

/** Reads the flags; a message naming the flag when one is missing or wrong. */
export function readFlags(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): AddStaffOptions | { message: string } {
  let values: { email?: string; name?: string; role?: string }
  try {
    values = parseArgs({
      args,
      options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }).values
  } catch (error) {
    return { message: `${error instanceof Error ? error.message : String(error)}\n${USAGE}` }
  }
  if (!values.email?.trim()) return { message: `--email is required.\n${USAGE}` }
  if (!values.name?.trim()) return { message: `--name is required.\n${USAGE}` }
  const role = values.role ?? 'Lab engineer'
  const parsed = v.safeParse(labRoleSchema, role)
  if (!parsed.success) return { message: `--role must be one of: ${LAB_ROLES.join(', ')}.` }
  const portalUrl = commandPortalUrl(env)
  return { email: values.email.trim(), name: values.name.trim(), role: parsed.output, portalUrl }
}

/** What the command prints once the member is added (with the database or through the portal). */
function printAdded(flags: AddStaffOptions, link: string | null, out: Output) {
  out.log(`${flags.name} <${flags.email}> is now a ${flags.role} of the lab.`)
  if (link) {
    // No mail server: the link is in the development mailbox, and here.
    out.log(
      `No mail server is configured (SMTP_URL): the set-password link is in the development mailbox, and here:\n  ${link}`,
    )
  } else {
    out.log(`A set-password link was mailed to ${flags.email}.`)
  }
}

/** Through the running portal's operator call (docs/decisions/0048). */
async function addThroughPortal(base: string, flags: AddStaffOptions, env: NodeJS.ProcessEnv, out: Output) {
  const { email, name, role } = flags
  const response = await callOperator(base, OPERATOR_LAB_STAFF_PATH, env, { email, name, role })
  const body = await jsonOf(response)
  const answer = v.safeParse(operatorStaffAnswerSchema, body)
  if (!response.ok || !answer.success) return printRefusal(response, body, base, out)
  printAdded(flags, answer.output.link, out)
  return 0
}

/** The command: its exit code (2 for a wrong flag, 1 for a refusal). */
export async function addStaffCommand(args: string[], env: NodeJS.ProcessEnv, out: Output = console) {
  const flags = readFlags(args, env)
  if ('message' in flags) {
    out.error(flags.message)
    return 2
  }
  const route = await commandRoute(env, out)
  if (route === null) return 1
  if (route !== 'database') return addThroughPortal(route.portal, flags, env, out)
  const database = await openCommandDatabase('add staff from /lab/staff as a Lab manager', env, out)
  if (!database) return 1
  try {
    const mailer = commandMailer(database, env)
    const result = await addStaff(database.db, mailer, flags)
    if (!result.ok) {
      out.error(result.message)
      return 1
    }
    printAdded(flags, mailer.mode === 'mailbox' ? result.link : null, out)
    return 0
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await addStaffCommand(process.argv.slice(2), process.env)
