import { emailKey as emailKeyOf } from '@/contract/validation/fields'
import { sql, type Kysely, type Transaction } from 'kysely'
import {
  isLabNotificationKind,
  LAB_NOTIFICATION_KINDS,
  type LabNotificationKind,
  type LabNotificationSettingsAnswer,
  NOTIFICATION_KINDS,
  type ORGANIZATION_KINDS,
  type NotificationKind,
  type NotificationSettingsAnswer,
  type UnsubscribeInfo,
  unsubscribeScopeLabel,
} from '@/contract/notifications'
import { currentOrganizationId } from '../platform/db/organization-ids.ts'
import type { Database } from '../platform/db/schema.ts'
import type { UnsubscribeClaim } from './unsubscribe-token.ts'

/*
 * docs/decisions/0028 points 2–4: who gets which notification. A member's switch is
 * per organization for the organization's kinds, and the account's own for invitations
 * (scope ''); no row means on. An address without an account can only turn invitations off
 * (notification_address_optouts). A lab staff member has switches of their own for the lab's kinds
 * (lab_notification_settings, migration 0017; point 9).
 */

type Db = Kysely<Database> | Transaction<Database>

/** The scope a kind's setting is stored under: the organization, or '' for the account's invitations. */
export const scopeOf = (kind: NotificationKind, organizationId: string) =>
  kind === 'invitation' ? '' : organizationId

export async function readSettings(
  db: Db,
  accountId: string,
  organizationId: string,
): Promise<NotificationSettingsAnswer> {
  const account = await db
    .selectFrom('vendor_accounts')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const organization = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('notification_settings')
    .select(['scope', 'kind', 'enabled'])
    .where('account_id', '=', accountId)
    .where('scope', 'in', [organizationId, ''])
    .execute()
  const off = new Set(
    rows
      .filter((row) => !row.enabled && row.scope === scopeOf(row.kind, organizationId))
      .map((row) => row.kind),
  )
  return {
    organizationId,
    organizationName: organization.name,
    emailId: account.email,
    settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) })),
  }
}

export async function writeSetting(
  db: Db,
  accountId: string,
  organizationId: string,
  kind: NotificationKind,
  enabled: boolean,
) {
  await db
    .insertInto('notification_settings')
    .values({ account_id: accountId, scope: scopeOf(kind, organizationId), kind, enabled })
    .onConflict((conflict) =>
      conflict.columns(['account_id', 'scope', 'kind']).doUpdateSet({ enabled, updated_at: sql`now()` }),
    )
    .execute()
}

export type Recipient = { accountId: string; email: string }

/** The members of the organization whose setting for `kind` is on. */
export async function recipientsOf(
  db: Db,
  organizationId: string,
  kind: (typeof ORGANIZATION_KINDS)[number],
): Promise<Recipient[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('vendor_accounts as a', 'a.id', 'm.account_id')
    .select(['a.id as accountId', 'a.email as email'])
    .where('m.organization_id', '=', organizationId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_settings as s')
            .select('s.kind')
            .whereRef('s.account_id', '=', 'a.id')
            .where('s.scope', '=', organizationId)
            .where('s.kind', '=', kind)
            .where('s.enabled', '=', false),
        ),
      ),
    )
    .orderBy('a.id')
    .execute()
}

/** A lab staff member's settings: every lab kind, on unless a row turned it off. */
export async function readLabSettings(db: Db, staffId: string): Promise<LabNotificationSettingsAnswer> {
  const staff = await db
    .selectFrom('lab_staff')
    .select('email')
    .where('id', '=', staffId)
    .executeTakeFirstOrThrow()
  const off = new Set(
    (
      await db
        .selectFrom('lab_notification_settings')
        .select('kind')
        .where('staff_id', '=', staffId)
        .where('enabled', '=', false)
        .execute()
    ).map((row) => row.kind),
  )
  return {
    emailId: staff.email,
    settings: LAB_NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) })),
  }
}

export async function writeLabSetting(db: Db, staffId: string, kind: LabNotificationKind, enabled: boolean) {
  await db
    .insertInto('lab_notification_settings')
    .values({ staff_id: staffId, kind, enabled })
    .onConflict((conflict) =>
      conflict.columns(['staff_id', 'kind']).doUpdateSet({ enabled, updated_at: sql`now()` }),
    )
    .execute()
}

export type LabRecipient = { staffId: string; email: string }

/** The lab staff who can log in (a password set, not removed) and whose setting for `kind` is on. */
export async function labRecipientsOf(db: Db, kind: LabNotificationKind): Promise<LabRecipient[]> {
  return db
    .selectFrom('lab_staff as l')
    .select(['l.id as staffId', 'l.email as email'])
    .where('l.disabled_at', 'is', null)
    .where('l.password_hash', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lab_notification_settings as s')
            .select('s.kind')
            .whereRef('s.staff_id', '=', 'l.id')
            .where('s.kind', '=', kind)
            .where('s.enabled', '=', false),
        ),
      ),
    )
    .orderBy('l.id')
    .execute()
}

/**
 * Whether an invitation mail may go to `emailId`. With an account at that address, the account's
 * invitation switch decides (its unsubscribe link names the account); without one, whether the
 * address turned invitations off from an earlier invitation's link (an account made later for the
 * address — its owner proved it with the mailed code — then decides instead).
 */
export async function invitationRecipient(
  db: Db,
  emailId: string,
): Promise<{ allowed: boolean; accountId: string | null; emailKey: string }> {
  const key = emailKeyOf(emailId)
  const account = await db
    .selectFrom('vendor_accounts')
    .select('id')
    .where('email_key', '=', key)
    .executeTakeFirst()
  if (account) {
    const setting = await db
      .selectFrom('notification_settings')
      .select('enabled')
      .where('account_id', '=', account.id)
      .where('scope', '=', '')
      .where('kind', '=', 'invitation')
      .executeTakeFirst()
    return { allowed: setting?.enabled !== false, accountId: account.id, emailKey: key }
  }
  const optout = await db
    .selectFrom('notification_address_optouts')
    .select('email_key')
    .where('email_key', '=', key)
    .executeTakeFirst()
  return { allowed: optout === undefined, accountId: null, emailKey: key }
}

/** The kinds an account's claim turns off: its kind, or every kind ('all'). */
const kindsOf = (claim: UnsubscribeClaim): readonly NotificationKind[] =>
  claim.scope === 'all' ? NOTIFICATION_KINDS : isLabNotificationKind(claim.scope) ? [] : [claim.scope]

/** The lab kinds a staff member's claim turns off. */
const labKindsOf = (claim: UnsubscribeClaim): readonly LabNotificationKind[] =>
  claim.scope === 'all' ? LAB_NOTIFICATION_KINDS : isLabNotificationKind(claim.scope) ? [claim.scope] : []

/**
 * The claim with its organization's id as it is now: a link mailed before migration 0019 names
 * the id the organization had then (its founding account's).
 */
export async function currentClaim(db: Db, claim: UnsubscribeClaim): Promise<UnsubscribeClaim> {
  if (claim.subject.type !== 'account' || claim.subject.organizationId === '') return claim
  const organizationId = await currentOrganizationId(db, claim.subject.organizationId)
  return { ...claim, subject: { ...claim.subject, organizationId } }
}

/** What the link turns off, as the page shows it; null when its account or organization is gone. */
export async function unsubscribeInfo(db: Db, claim: UnsubscribeClaim): Promise<UnsubscribeInfo | null> {
  const label = unsubscribeScopeLabel(claim.scope)
  if (claim.subject.type === 'staff') {
    const staff = await db
      .selectFrom('lab_staff')
      .select('email')
      .where('id', '=', claim.subject.staffId)
      .executeTakeFirst()
    if (!staff) return null
    const settings = (await readLabSettings(db, claim.subject.staffId)).settings
    const kinds = labKindsOf(claim)
    const alreadyOff = settings.filter((s) => kinds.includes(s.kind)).every((s) => !s.enabled)
    return { scope: claim.scope, label, emailId: staff.email, organizationName: null, alreadyOff }
  }
  if (claim.subject.type === 'address') {
    const optout = await db
      .selectFrom('notification_address_optouts')
      .select('email_key')
      .where('email_key', '=', claim.subject.emailKey)
      .executeTakeFirst()
    return {
      scope: 'invitation',
      label,
      emailId: claim.subject.emailKey,
      organizationName: null,
      alreadyOff: optout !== undefined,
    }
  }
  const { accountId, organizationId } = claim.subject
  const account = await db
    .selectFrom('vendor_accounts')
    .select('email')
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) return null
  let organizationName: string | null = null
  if (organizationId !== '') {
    const organization = await db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirst()
    if (!organization) return null
    organizationName = organization.name
  } else if (claim.scope !== 'invitation') return null
  const settings =
    organizationId === ''
      ? await readInvitationOnly(db, accountId)
      : (await readSettings(db, accountId, organizationId)).settings
  const kinds = kindsOf(claim)
  const alreadyOff = settings.filter((s) => kinds.includes(s.kind)).every((s) => !s.enabled)
  return { scope: claim.scope, label, emailId: account.email, organizationName, alreadyOff }
}

async function readInvitationOnly(db: Db, accountId: string) {
  const row = await db
    .selectFrom('notification_settings')
    .select('enabled')
    .where('account_id', '=', accountId)
    .where('scope', '=', '')
    .where('kind', '=', 'invitation')
    .executeTakeFirst()
  return [{ kind: 'invitation' as const, enabled: row?.enabled !== false }]
}

/** Turns off what the claim names (idempotent). */
export async function applyUnsubscribe(db: Db, claim: UnsubscribeClaim) {
  if (claim.subject.type === 'staff') {
    for (const kind of labKindsOf(claim)) await writeLabSetting(db, claim.subject.staffId, kind, false)
    return
  }
  if (claim.subject.type === 'address') {
    await db
      .insertInto('notification_address_optouts')
      .values({ email_key: claim.subject.emailKey })
      .onConflict((conflict) => conflict.column('email_key').doNothing())
      .execute()
    return
  }
  const { accountId, organizationId } = claim.subject
  const kinds = organizationId === '' ? (['invitation'] as const) : kindsOf(claim)
  for (const kind of kinds) await writeSetting(db, accountId, organizationId, kind, false)
}
