import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0027 point 5: a webhook endpoint may be disabled by the portal because
 * its URL no longer passes the destination check at delivery (disabled_reason 'destination'), e.g.
 * registered as http://127.0.0.1 on a development portal that now runs without DEV_WEBHOOKS.
 * Down: such endpoints stay disabled, as disabled by an Owner.
 */

const up = [
  'alter table webhook_endpoints drop constraint webhook_endpoints_disabled_reason_check',
  `alter table webhook_endpoints add constraint webhook_endpoints_disabled_reason_check
    check (disabled_reason in ('owner', 'failing', 'destination'))`,
]

const down = [
  `update webhook_endpoints set disabled_reason = 'owner' where disabled_reason = 'destination'`,
  'alter table webhook_endpoints drop constraint webhook_endpoints_disabled_reason_check',
  `alter table webhook_endpoints add constraint webhook_endpoints_disabled_reason_check
    check (disabled_reason in ('owner', 'failing'))`,
]

export const webhookDestinationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
