import { portalUrlFromEnv } from '../server/platform/portal-url.ts'
import { databaseOptionsFromEnv, openDatabase } from '../server/platform/db/database.ts'
import { createMailer } from '../server/platform/mailer.ts'
import { writeToDevMailbox } from '../server/apps/dev-mailbox.ts'

/*
 * What the operator's commands share (lab-add-staff.ts, revoke-certificate.ts): the portal's
 * database (DATABASE_URL, or PGlite in DATA_DIR — whose folder belongs to one process, so while
 * the portal runs on it the command says so, with what to do instead, and changes nothing), its
 * mailer (SMTP_URL, or the development mailbox) and its public address.
 */

export type CommandDatabase = Awaited<ReturnType<typeof openDatabase>>

/** The database, or null once the reason it could not be opened is printed (exit code 1). */
export async function openCommandDatabase(instead: string): Promise<CommandDatabase | null> {
  try {
    return await openDatabase({ ...databaseOptionsFromEnv(process.env) })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(
      /taken by another process/.test(message)
        ? `${message}\nThe portal is running on this data folder, and PGlite lets one process open it. Stop the portal, run this command, and start the portal again (or ${instead}).`
        : message,
    )
    process.exitCode = 1
    return null
  }
}

export function commandMailer(database: CommandDatabase) {
  return createMailer({
    smtpUrl: process.env.SMTP_URL,
    from: process.env.MAIL_FROM,
    mailbox: writeToDevMailbox(database.db),
    log: () => {},
  })
}

/** PORTAL_URL, or the main service on this machine, as the portal itself takes it (server/platform/portal-url.ts). */
export function commandPortalUrl(env: NodeJS.ProcessEnv = process.env): string {
  const mainPort = Number(env.MAIN_PORT?.trim() || '7700')
  return portalUrlFromEnv({ env, hostname: env.HOST?.trim() || 'localhost', mainPort })
}
