import { portalUrlFromEnv } from '../server/platform/portal-url.ts'
import { databaseOptionsFromEnv, openDatabase } from '../server/platform/db/database.ts'
import { createMailer } from '../server/platform/mailer.ts'
import { writeToDevMailbox } from '../server/apps/dev-mailbox.ts'
import type { Output } from './operator-client.ts'

/*
 * What the operator's commands share when no portal answers (lab-add-staff.ts,
 * revoke-certificate.ts; with one running they call it, scripts/operator-client.ts): the portal's
 * database (DATABASE_URL, or PGlite in DATA_DIR — whose folder belongs to one process, so while a
 * portal runs on it unseen, e.g. on another MAIN_PORT, the command says so, with what to do
 * instead, and changes nothing), its mailer (SMTP_URL, or the development mailbox) and its public
 * address.
 */

export type CommandDatabase = Awaited<ReturnType<typeof openDatabase>>

/** The database, or null once the reason it could not be opened is printed (exit code 1). */
export async function openCommandDatabase(
  instead: string,
  env: NodeJS.ProcessEnv = process.env,
  out: Output = console,
): Promise<CommandDatabase | null> {
  try {
    return await openDatabase({ ...databaseOptionsFromEnv(env) })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    out.error(
      /taken by another process|in use by process/.test(message)
        ? `${message}\nThe portal is running on this data folder, and PGlite lets one process open it. Set MAIN_PORT (and HOST) to the running portal's, so that the command asks it; or stop the portal, run this command, and start the portal again (or ${instead}).`
        : message,
    )
    return null
  }
}

export function commandMailer(database: CommandDatabase, env: NodeJS.ProcessEnv = process.env) {
  return createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    mailbox: writeToDevMailbox(database.db),
    log: () => {},
  })
}

/** PORTAL_URL, or the main service on this machine, as the portal itself takes it (server/platform/portal-url.ts). */
export function commandPortalUrl(env: NodeJS.ProcessEnv = process.env): string {
  const mainPort = Number(env.MAIN_PORT?.trim() || '7700')
  return portalUrlFromEnv({ env, hostname: env.HOST?.trim() || 'localhost', mainPort })
}
