import * as v from 'valibot'

/*
 * docs/decisions/0048: the operator's calls on a running portal, under /operations/ on the main
 * service (not /api/, the vendors' and the lab's contract). They answer a caller on the portal's
 * machine that came through no proxy, or one with OPERATOR_TOKEN as a Bearer token
 * (server/http/local-caller.ts, the rule /metrics follows), and are what `npm run lab:add-staff`,
 * `npm run certificate:revoke` and `npm run backup` call while a portal runs on their PGlite data
 * folder (scripts/operator-client.ts). The
 * bodies are the lab console's (addLabStaffPayloadSchema, revokeCertificatePayloadSchema); a
 * refusal is `{ message, field }` with 400, 404 or 409, as there.
 */

export const OPERATOR_PATH_PREFIX = '/operations/'
/** POST { email, name, role }: adds a lab staff member and mails their set-password link. */
export const OPERATOR_LAB_STAFF_PATH = '/operations/lab-staff'
/** POST { number, reason }: revokes a certificate; its organization's Owners are told. */
export const OPERATOR_REVOKE_PATH = '/operations/certificates/revoke'
/** POST: a gzipped tar of the data folder (PGlite), taken between two queries. */
export const OPERATOR_BACKUP_PATH = '/operations/backup'
/** GET { pid }: which process answers, so a command checks it is the one holding its data folder. */
export const OPERATOR_PROCESS_PATH = '/operations/process'

export const OPERATOR_REFUSED_MESSAGE =
  'The operator calls answer to a caller on this machine, or with OPERATOR_TOKEN as a Bearer token.'

/** A portal on PostgreSQL has no data folder to snapshot: pg_dump backs it up (field DATABASE_URL). */
export const BACKUP_ON_POSTGRES_MESSAGE =
  'This portal keeps its data in PostgreSQL (DATABASE_URL): back it up with pg_dump, as docs/operations/deploy.md ("Backups") shows.'

export const operatorStaffAnswerSchema = v.object({
  message: v.string(),
  staffId: v.string(),
  /** The set-password link when the portal has no mail server (it is in the development mailbox); null when mailed. */
  link: v.nullable(v.string()),
})

export const operatorProcessAnswerSchema = v.object({ pid: v.number() })

export const operatorRevokeAnswerSchema = v.object({ message: v.string(), number: v.string() })

export const operatorRefusalSchema = v.object({ message: v.string(), field: v.optional(v.string()) })

/* What the commands print (scripts/backup.ts, scripts/restore.ts, scripts/operator-client.ts). */

export const BACKUP_USAGE = 'Usage: npm run backup -- --out <file>'
export const RESTORE_USAGE = 'Usage: npm run restore -- --from <file> --data-dir <new folder>'

export const FROM_REQUIRED_MESSAGE = `--from is required.\n${RESTORE_USAGE}`
export const DATA_DIR_REQUIRED_MESSAGE = `--data-dir is required (a new folder for the restored data).\n${RESTORE_USAGE}`
export const OUT_REQUIRED_MESSAGE = `--out is required.\n${BACKUP_USAGE}`

export const outExistsMessage = (file: string) => `--out: ${file} exists already; name a new file.`

export const backupWrittenMessage = (file: string, bytes: number, from: 'portal' | 'folder') =>
  `Backup written to ${file} (${(bytes / 1_048_576).toFixed(1)} MB), ${
    from === 'portal'
      ? 'a snapshot the running portal took between two queries.'
      : 'from the data folder (no portal was running on it).'
  }`

export const postgresBackupWrittenMessage = (file: string, bytes: number) =>
  `Backup written to ${file} (${(bytes / 1_048_576).toFixed(1)} MB), pg_dump's custom format of DATABASE_URL. SESSION_SECRET and CERT_SIGNING_KEY are not in the database: keep them with it.`

export const postgresRestoredMessage = (file: string) =>
  `Restored ${file} into the database at DATABASE_URL. Start the portal with the SESSION_SECRET and CERT_SIGNING_KEY it had.`

export const notABackupMessage = (file: string) =>
  `--from: ${file} is not a portal backup (npm run backup makes one).`

export const unreadableMessage = (flag: string, file: string, reason: string) =>
  `${flag}: ${file} cannot be read (${reason}).`

export const dataDirNotEmptyMessage = (folder: string) =>
  `--data-dir: ${folder} is not empty; restore into a new folder.`

export const restoredMessage = (
  folder: string,
  found: { records: number; runs: number; certificates: number },
) =>
  `Restored into ${folder}: ${found.records} device record(s), ${found.runs} certification run(s), ${found.certificates} certificate(s). Start the portal with DATA_DIR=${folder}.`

export const postgresToolMissingMessage = (tool: string) =>
  `${tool} was not found: install PostgreSQL's client programs (the server's major version or newer), or run the command above where they are.`

export const postgresToolFailedMessage = (tool: string, code: number | null) =>
  `${tool} stopped with exit code ${code ?? 'none'}; nothing more was done.`

export const postgresRestoreNeedsNoDataDirMessage =
  '--data-dir: with DATABASE_URL set, pg_restore restores into that database; --data-dir is for a PGlite data folder.'

export const portalNotAnsweringMessage = (folder: string, pid: number, url: string) =>
  `The portal (process ${pid}) runs on ${folder} but does not answer at ${url}: set MAIN_PORT and HOST to its own, so that the command asks it.`

export const otherPortalMessage = (url: string, answering: number, owner: number, folder: string) =>
  `The portal at ${url} is process ${answering}, not process ${owner}, which runs on ${folder}: set MAIN_PORT and HOST to that portal's own. Nothing was changed.`

export const portalAnsweredMessage = (url: string, status: number) =>
  `The portal at ${url} answered ${status}, not an operator call's answer: is it this version of the portal?`

/** Who revoked, in the organization's activity log, when an operator's command did. */
export const COMMAND_REVOKER = 'The lab (command)'
