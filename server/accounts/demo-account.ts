import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import * as v from 'valibot'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { loginEmailSchema } from '@/contract/validation/login'
import { newPasswordSchema } from '@/contract/validation/password'
import { currentPlanFor } from '../programme/index.ts'
import type { Database } from '../platform/db/schema.ts'
import { createAccountWithOrganization } from '../organizations/index.ts'
import { hashPassword, verifyPassword } from '../platform/passwords.ts'
import type { DemoAccount } from '../platform/db/seed.ts'

/*
 * The demo vendor seeded at start (README, Configuration: DEMO_EMAIL, DEMO_PASSWORD): an account
 * with device records in every status and their runs, so that a new user sees a filled dashboard.
 * It is a development convenience (server/platform/development.ts, docs/decisions/0017): seeded only when
 * the server listens on loopback or DEMO_ACCOUNT=1; otherwise a demo vendor an earlier start left
 * behind is locked (lockDemoAccount), since its password is published.
 */

export const DEFAULT_DEMO_EMAIL = 'demo.vendor@example.com'
export const DEFAULT_DEMO_PASSWORD = 'Certify#Demo2025'

/** The demo account from DEMO_EMAIL and DEMO_PASSWORD, checked by the rules the login screen applies. */
export function demoAccountFromEnv(env: NodeJS.ProcessEnv = process.env): DemoAccount {
  const email = (env.DEMO_EMAIL || DEFAULT_DEMO_EMAIL).trim()
  const password = env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD
  if (!v.is(loginEmailSchema, email)) throw new Error('DEMO_EMAIL is not a valid e-mail address.')
  if (!v.is(newPasswordSchema, password)) {
    // The password itself is never printed.
    throw new Error(
      'DEMO_PASSWORD must be 8 to 20 characters with an upper-case letter, a lower-case letter, a digit and a special character, and no spaces.',
    )
  }
  return { email, password }
}

const DAY_MS = 24 * 60 * 60 * 1000

const DEMO_PROFILE = {
  first_name: 'Demo',
  last_name: 'Vendor',
  organization: 'Demo Networks',
  lob: 'Wireline,Wireless',
  phone_number: '4155550142',
  country_code: '+1',
  country: 'United States',
  state: 'California',
  city: 'San Jose',
}

type DemoRecord = {
  vendor: string
  device_name: string
  device_type: string
  product_class: string
  base_firmware_version: string
  business_domain: string
  device_number_list: string[]
  year_of_manufacturing: string
  is_eng_build_available: 'Yes' | 'No'
  daysAgo: number
  /** A finished run with this verdict, or none (the record stays Submitted). */
  verdict?: typeof CERTIFIED_OK | typeof VALIDATION_FAILURE
}

/*
 * Two records await Start Certify, one is certified and one failed validation, so the dashboard
 * shows its cards, filters, menu rules and Download Results at once. No record is seeded in
 * InProgress or Maintenance: those belong to a live run of the certification service, which
 * would have to resume a run it never started.
 */
const DEMO_RECORDS: DemoRecord[] = [
  {
    vendor: 'Nokia',
    device_name: 'Beacon 10',
    device_type: 'Wi-Fi Router',
    product_class: 'Wi-Fi 6',
    base_firmware_version: '3.4.12',
    business_domain: 'Wireless',
    device_number_list: ['BN10A0001'],
    year_of_manufacturing: '2024',
    is_eng_build_available: 'No',
    daysAgo: 21,
    verdict: CERTIFIED_OK,
  },
  {
    vendor: 'Huawei',
    device_name: 'OptiXstar K662C',
    device_type: 'ONT',
    product_class: 'XGS-PON',
    base_firmware_version: '1.0.7',
    business_domain: 'Wireline',
    device_number_list: ['K662C00017', 'K662C00018'],
    year_of_manufacturing: '2023',
    is_eng_build_available: 'Yes',
    daysAgo: 12,
    verdict: VALIDATION_FAILURE,
  },
  {
    vendor: 'TP-Link',
    device_name: 'Deco X50',
    device_type: 'Wi-Fi Mesh Device',
    product_class: 'Wi-Fi 6 Mesh',
    base_firmware_version: '1.2.0',
    business_domain: 'Wireless',
    device_number_list: ['DX50Z0042'],
    year_of_manufacturing: '2025',
    is_eng_build_available: 'No',
    daysAgo: 3,
  },
  {
    vendor: 'ZTE',
    device_name: 'ZXV10 B866V2',
    device_type: 'Set-top Box',
    product_class: 'Android TV',
    base_firmware_version: '9.0.2',
    business_domain: 'Wireline,Wireless',
    device_number_list: ['B866V2A113'],
    year_of_manufacturing: '2024',
    is_eng_build_available: 'Yes',
    daysAgo: 1,
  },
]

const DEMO_TEST_CASES = [
  ['Power-on and boot', 'Booted to operational state in 48 s.'],
  ['Firmware version check', 'Reported firmware matches the submission.'],
  ['Management access', 'SSH and web management reachable with the supplied credentials.'],
  ['Throughput', 'Sustained throughput within the product-class threshold.'],
  ['Security baseline', 'No default credentials, no open debug ports.'],
] as const

/** In the failed run, this case fails and the ones after it are skipped. */
const FAILING_CASE = 3

/**
 * Creates the demo vendor (with its records, once) and keeps its password equal to the
 * configured one, so that the credentials printed at start always log in.
 */
export async function seedDemoAccount(db: Kysely<Database>, demo: DemoAccount) {
  const existing = await db
    .selectFrom('vendor_accounts')
    .select(['id', 'password_hash'])
    .where('email_key', '=', demo.email.toLowerCase())
    .executeTakeFirst()
  if (existing) {
    if (await verifyPassword(demo.password, existing.password_hash)) return false
    await db
      .updateTable('vendor_accounts')
      .set({ password_hash: await hashPassword(demo.password), password_changed_at: new Date() })
      .where('id', '=', existing.id)
      .execute()
    return true
  }

  const passwordHash = await hashPassword(demo.password)
  return db.transaction().execute(async (trx) => {
    const made = await createAccountWithOrganization(trx, {
      ...DEMO_PROFILE,
      email: demo.email,
      password_hash: passwordHash,
      password_changed_at: new Date(),
    })
    // Another process created it first, with the same records.
    if (!made) return false
    await addDemoRecords(trx, made)
    return true
  })
}

async function addDemoRecords(
  trx: Transaction<Database>,
  { accountId, organizationId }: { accountId: string; organizationId: string },
) {
  const now = Date.now()
  const createdBy = `${DEMO_PROFILE.first_name} ${DEMO_PROFILE.last_name}`
  for (const { daysAgo, verdict, ...record } of DEMO_RECORDS) {
    const creationTime = new Date(now - daysAgo * DAY_MS)
    const { portfolio_manager_id } = await trx
      .insertInto('device_records')
      .values({
        ...record,
        organization_id: organizationId,
        submitted_by: accountId,
        organization_name: DEMO_PROFILE.organization,
        devices_to_be_certified: String(record.device_number_list.length),
        creation_time: creationTime,
        created_by: createdBy,
        status: verdict ? 'Completed' : 'Submitted',
        is_certified: verdict ?? '',
      })
      .returning('portfolio_manager_id')
      .executeTakeFirstOrThrow()
    if (verdict) await addFinishedRun(trx, portfolio_manager_id, creationTime, verdict, createdBy)
    if (verdict === VALIDATION_FAILURE) {
      await trx
        .insertInto('comments')
        .values({
          portfolio_manager_id,
          account_id: accountId,
          author: createdBy,
          text: 'Throughput fell short on the upstream test; a firmware update for a retest is on its way.',
          created_at: new Date(creationTime.getTime() + 2 * DAY_MS),
        })
        .execute()
    }
  }

  // The last submission, as the portfolio form reloads it (submitted, nothing pending).
  const last = DEMO_RECORDS.at(-1)
  if (last) {
    const { daysAgo: _daysAgo, verdict: _verdict, ...device } = last
    await trx
      .insertInto('portfolio_drafts')
      .values({
        ...device,
        account_id: accountId,
        organization_name: DEMO_PROFILE.organization,
        description: 'Demo Networks certifies home and access network devices for operators.',
        business_contact_name: createdBy,
        email_id: (
          await trx
            .selectFrom('vendor_accounts')
            .select('email')
            .where('id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).email,
        country_code: DEMO_PROFILE.country_code,
        phone_number: DEMO_PROFILE.phone_number,
        best_time_to_reach: '10:00 AM',
        days: 'Monday,Wednesday,Friday',
        address: '100 Demo Way',
        country: DEMO_PROFILE.country,
        state: DEMO_PROFILE.state,
        city: DEMO_PROFILE.city,
        devices_to_be_certified: String(device.device_number_list.length),
        is_submitted: true,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

async function addFinishedRun(
  trx: Transaction<Database>,
  portfolioManagerId: string,
  submitted: Date,
  verdict: NonNullable<DemoRecord['verdict']>,
  startedBy: string,
) {
  const startedAt = new Date(submitted.getTime() + DAY_MS)
  const caseMs = 90_000
  const failed = verdict === VALIDATION_FAILURE
  const record = await trx
    .selectFrom('device_records')
    .select(['device_type', 'product_class'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirstOrThrow()
  const plan = await currentPlanFor(trx, record.device_type, record.product_class)
  const run = await trx
    .insertInto('certification_runs')
    .values({
      portfolio_manager_id: portfolioManagerId,
      status: 'Completed',
      is_certified: verdict,
      harness: 'simulated-lab',
      attempt: 1,
      kind: 'full',
      started_by: startedBy,
      started_at: startedAt,
      finished_at: new Date(startedAt.getTime() + DEMO_TEST_CASES.length * caseMs),
      plan_id: plan.planId,
      plan_version: plan.version,
      plan_name: plan.name,
    })
    .returning('run_id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('run_test_cases')
    .values(
      DEMO_TEST_CASES.map(([name, passLine], position) => {
        const state =
          !failed || position < FAILING_CASE ? 'passed' : position === FAILING_CASE ? 'failed' : 'skipped'
        const caseStart = new Date(startedAt.getTime() + position * caseMs)
        const log =
          state === 'passed'
            ? [`${name}: started`, passLine, `${name}: passed`]
            : state === 'failed'
              ? [
                  `${name}: started`,
                  'Upstream throughput 612 Mbit/s, below the 900 Mbit/s threshold.',
                  `${name}: failed`,
                ]
              : [`${name}: skipped after an earlier failure`]
        return {
          run_id: run.run_id,
          position,
          name,
          state,
          started_at: state === 'skipped' ? null : caseStart,
          finished_at: state === 'skipped' ? null : new Date(caseStart.getTime() + caseMs),
          log,
        }
      }),
    )
    .execute()
}

/**
 * When the demo vendor is off: an account an earlier start seeded, whose password is still the
 * published one, gets a random password nobody knows, so that it no longer logs in. Its records
 * stay; a later start with the demo vendor on sets the published password again. True when it
 * locked the account.
 */
export async function lockDemoAccount(db: Kysely<Database>, demo: DemoAccount) {
  const existing = await db
    .selectFrom('vendor_accounts')
    .select(['id', 'password_hash'])
    .where('email_key', '=', demo.email.toLowerCase())
    .executeTakeFirst()
  if (!existing || !(await verifyPassword(demo.password, existing.password_hash))) return false
  await db
    .updateTable('vendor_accounts')
    .set({
      password_hash: await hashPassword(randomBytes(24).toString('base64url')),
      password_changed_at: new Date(),
    })
    .where('id', '=', existing.id)
    .execute()
  return true
}
