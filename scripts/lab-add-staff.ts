import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import { LAB_ROLES, labRoleSchema, type LabRole } from '../src/contract/lab.ts'
import type { Database } from '../server/platform/db/schema.ts'
import { createStaff, mailSetPasswordLink } from '../server/lab/staff.ts'
import type { Mailer } from '../server/platform/mailer.ts'
import { commandMailer, commandPortalUrl, openCommandDatabase } from './command-database.ts'

/*
 * docs/decisions/0024: `npm run lab:add-staff -- --email … --name … [--role …]` adds a
 * lab staff member — the way the first Lab manager comes to exist; later ones a Lab manager may
 * add on /lab/staff. The member gets a set-password link by mail (SMTP_URL), or, with no mail
 * server configured, in the development mailbox and printed here. The link points at PORTAL_URL
 * (default http://localhost:<MAIN_PORT or 7700>).
 *
 * The database is the portal's (DATABASE_URL, or PGlite in DATA_DIR). PGlite's folder belongs to
 * one process at a time: while the portal runs on it, the command says so and changes nothing.
 */

export type AddStaffOptions = { email: string; name: string; role: LabRole; portalUrl: string }

export type AddStaffResult = { ok: true; link: string; staffId: string } | { ok: false; message: string }

/** Adds the member and mails their link; the refusal's message names the flag. */
export async function addStaff(
  db: Kysely<Database>,
  mailer: Mailer,
  { email, name, role, portalUrl }: AddStaffOptions,
): Promise<AddStaffResult> {
  const created = await createStaff(db, { email, name, role })
  if ('refused' in created)
    return { ok: false, message: `--${created.refused.field}: ${created.refused.message}` }
  const link = await mailSetPasswordLink(db, mailer, { ...created, origin: portalUrl, purpose: 'welcome' })
  return { ok: true, link, staffId: created.staffId }
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

async function main() {
  const flags = readFlags(process.argv.slice(2))
  if ('message' in flags) {
    console.error(flags.message)
    process.exitCode = 2
    return
  }
  const database = await openCommandDatabase('add staff from /lab/staff as a Lab manager')
  if (!database) return
  try {
    const mailer = commandMailer(database)
    const result = await addStaff(database.db, mailer, flags)
    if (!result.ok) {
      console.error(result.message)
      process.exitCode = 1
      return
    }
    console.log(`${flags.name} <${flags.email}> is now a ${flags.role} of the lab.`)
    if (mailer.mode === 'mailbox') {
      // No mail server: the link is in the development mailbox, and here.
      console.log(
        `No mail server is configured (SMTP_URL): the set-password link is in the development mailbox, and here:\n  ${result.link}`,
      )
    } else {
      console.log(`A set-password link was mailed to ${flags.email}.`)
    }
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
