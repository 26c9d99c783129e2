import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  canonicalJson,
  CERTIFICATE_NUMBER_ALPHABET,
  type CertificateContent,
  DEFAULT_CERTIFICATE_VALID_YEARS,
} from '@/contract/certificates'
import { CERTIFIED_OK } from '@/contract/records'
import { planVersionCases } from '../programme/index.ts'
import type { Database } from '../platform/db/schema.ts'
import { enqueueJob } from '../platform/jobs/queue.ts'
import { appendEvent } from '../events/index.ts'
import { type CertificateSigner, registerSigner } from '../certificates/index.ts'

/*
 * Issuing (docs/decisions/0025): in the transaction that makes a record Certified (the
 * run's end, or a lab engineer's approval), one certificate for that run — run_id is unique, so
 * a second call for the same run issues nothing. The content is read from the record, its
 * organization and its attempts as they are at that moment, signed, and stored as signed.
 */

export const ISSUER = 'Device Certification Portal'

/** The job written with each certificate issued, for the work that follows it. */
export const CERTIFICATE_ISSUED_JOB = 'certificate.issued'
export type CertificateIssuedJob = { number: string }

export type IssueOptions = {
  signer: CertificateSigner
  /** Years until expiry (CERTIFICATE_VALID_YEARS; default 3). */
  validYears?: number
  now?: Date
}

/** 60 random bits as 'DCP-XXXX-XXXX-XXXX' in Crockford's base32. */
export function newCertificateNumber(): string {
  const bytes = randomBytes(8)
  let value = bytes.readBigUInt64BE() >> 4n
  let text = ''
  for (let index = 0; index < 12; index += 1) {
    text = CERTIFICATE_NUMBER_ALPHABET[Number(value & 31n)] + text
    value >>= 5n
  }
  return `DCP-${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`
}

/** CERTIFICATE_VALID_YEARS: a whole number from 1 to 10 (default 3). */
export function validYearsFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.CERTIFICATE_VALID_YEARS?.trim()
  if (!raw) return DEFAULT_CERTIFICATE_VALID_YEARS
  const years = Number(raw)
  if (!Number.isInteger(years) || years < 1 || years > 10)
    throw new Error(`CERTIFICATE_VALID_YEARS must be a whole number from 1 to 10, not "${raw}".`)
  return years
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date)
  next.setUTCFullYear(next.getUTCFullYear() + years)
  return next
}

/** The issuing transaction (issueCertificate opens one when given none). */
type Trx = Transaction<Database> | Kysely<Database>

/** The number of the run's certificate, when it has one. */
async function existingNumber(trx: Trx, runId: string) {
  const row = await trx
    .selectFrom('certificates')
    .select('number')
    .where('run_id', '=', runId)
    .executeTakeFirst()
  return row?.number
}

/**
 * What a certificate of the run says, read as it is now: its record with the organization's name
 * and the record's attempts up to the run. Undefined when the run certified nothing.
 */
async function certifiedRunFacts(trx: Trx, runId: string) {
  const run = await trx
    .selectFrom('certification_runs')
    .select([
      'run_id',
      'portfolio_manager_id',
      'status',
      'is_certified',
      'attempt',
      'plan_id',
      'plan_version',
      'plan_name',
      'revision',
    ])
    .where('run_id', '=', runId)
    .executeTakeFirst()
  if (!run || run.status !== 'Completed' || run.is_certified !== CERTIFIED_OK) return undefined
  const record = await trx
    .selectFrom('device_records as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .select([
      'r.portfolio_manager_id',
      'r.organization_id',
      'o.name as organization_name',
      'r.vendor',
      'r.device_name',
      'r.device_type',
      'r.product_class',
      'r.base_firmware_version',
      'r.device_number_list',
      'r.revision',
    ])
    .where('r.portfolio_manager_id', '=', run.portfolio_manager_id)
    .executeTakeFirst()
  if (!record) return undefined
  // The device as the run's revision had it (docs/decisions/0033): the record's, or an earlier revision's.
  const earlier =
    run.revision === record.revision
      ? undefined
      : await trx
          .selectFrom('record_revisions')
          .select(['base_firmware_version', 'device_number_list'])
          .where('portfolio_manager_id', '=', run.portfolio_manager_id)
          .where('revision', '=', run.revision)
          .executeTakeFirst()
  const attempts = await trx
    .selectFrom('certification_runs')
    .select(['attempt', 'kind', 'status', 'is_certified', 'started_at', 'finished_at'])
    .where('portfolio_manager_id', '=', run.portfolio_manager_id)
    .where('revision', '=', run.revision)
    .where('attempt', '<=', run.attempt)
    .orderBy('attempt', 'asc')
    .execute()
  const cases = await planVersionCases(trx, run.plan_id, run.plan_version, record.product_class)
  const plan = { planId: run.plan_id, name: run.plan_name, version: run.plan_version, cases }
  const device = { ...record, ...earlier, revision: run.revision }
  return {
    runId,
    record: device,
    attempts,
    plan,
    source: await carriedSource(trx, run),
  }
}

/** The certificate a recertification's carried cases came from, with those cases; undefined for none. */
async function carriedSource(
  trx: Trx,
  run: { portfolio_manager_id: string; attempt: number; revision: number },
) {
  // The revision's newest full run up to the certifying one: the run that carried (or did not).
  const full = await trx
    .selectFrom('certification_runs')
    .select('run_id')
    .where('portfolio_manager_id', '=', run.portfolio_manager_id)
    .where('revision', '=', run.revision)
    .where('attempt', '<=', run.attempt)
    .where('kind', '=', 'full')
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!full) return undefined
  const carried = await trx
    .selectFrom('run_test_cases as c')
    .innerJoin('certificates as s', 's.number', 'c.carried_from')
    .select(['c.name', 'c.carried_from', 's.firmware'])
    .where('c.run_id', '=', full.run_id)
    .orderBy('c.position')
    .execute()
  const first = carried[0]
  if (!first?.carried_from) return undefined
  return {
    number: first.carried_from,
    firmware: first.firmware,
    carriedCases: carried.map((row) => row.name),
  }
}

type RunFacts = NonNullable<Awaited<ReturnType<typeof certifiedRunFacts>>>
type Issue = { number: string; signer: CertificateSigner; validYears: number; now: Date }

/** The signed content of certificate `number` of the run. */
function certificateContent(
  { runId, record, attempts, plan, source }: RunFacts,
  issue: Issue,
): CertificateContent {
  const { number, signer, now } = issue
  return {
    number,
    organization: { id: record.organization_id, name: record.organization_name },
    device: {
      vendor: record.vendor,
      name: record.device_name,
      type: record.device_type,
      productClass: record.product_class,
      firmware: record.base_firmware_version,
      serialNumbers: record.device_number_list,
    },
    // The plan version the run used (docs/decisions/0032); certificates before it name '2026.1'.
    testPlan: {
      planId: plan.planId,
      name: plan.name,
      version: String(plan.version),
      cases: plan.cases.map((item) => item.name),
    },
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      kind: attempt.kind,
      outcome: attempt.status === 'Completed' ? attempt.is_certified || 'Completed' : attempt.status,
      startedAt: new Date(attempt.started_at).toISOString(),
      finishedAt: attempt.finished_at ? new Date(attempt.finished_at).toISOString() : null,
    })),
    runId,
    issuedAt: now.toISOString(),
    expiresAt: addYears(now, issue.validYears).toISOString(),
    keyId: signer.keyId,
    issuer: ISSUER,
    // docs/decisions/0033: named from revision 2 on; a revision-1 certificate's content is as before.
    ...(record.revision > 1 ? { revision: record.revision } : {}),
    ...(source ? { source } : {}),
  }
}

/**
 * Stores the certificate as signed, with its job; its number, or undefined when the number or the
 * run already has one (nothing written).
 */
async function storeCertificate(trx: Trx, { record }: RunFacts, content: CertificateContent, issue: Issue) {
  const { signer, now } = issue
  const payload = canonicalJson(content)
  const inserted = await trx
    .insertInto('certificates')
    .values({
      number: issue.number,
      run_id: content.runId,
      portfolio_manager_id: record.portfolio_manager_id,
      organization_id: record.organization_id,
      organization_name: record.organization_name,
      vendor: record.vendor,
      device_name: record.device_name,
      device_type: record.device_type,
      product_class: record.product_class,
      payload,
      signature: signer.sign(payload),
      key_id: signer.keyId,
      issued_at: now,
      expires_at: new Date(content.expiresAt),
      revoked_at: null,
      revoked_reason: null,
      revoked_by: null,
      revision: record.revision,
      firmware: record.base_firmware_version,
      source_number: content.source?.number ?? null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('number')
    .executeTakeFirst()
  if (!inserted) return undefined
  // Who hears of it (the webhooks) reads the job after the commit.
  await enqueueJob(trx, CERTIFICATE_ISSUED_JOB, {
    number: inserted.number,
  } satisfies CertificateIssuedJob)
  // The organization's open tabs show its number and the listing switch without a reload.
  await appendEvent(trx, record.organization_id, {
    type: 'certificate.issued',
    portfolioManagerId: record.portfolio_manager_id,
    runId: content.runId,
    certificate: { number: inserted.number, state: 'valid', published: false },
  })
  return inserted.number
}

/**
 * Issues the run's certificate when the run certified its record and has none yet; answers its
 * number (the existing one when the run had one), or null when the run certified nothing.
 */
export async function issueCertificate(
  trx: Trx,
  runId: string,
  { signer, validYears = DEFAULT_CERTIFICATE_VALID_YEARS, now = new Date() }: IssueOptions,
): Promise<string | null> {
  // The certificate and its job are written together.
  if (!trx.isTransaction) {
    return trx.transaction().execute((inner) => issueCertificate(inner, runId, { signer, validYears, now }))
  }
  const existing = await existingNumber(trx, runId)
  if (existing) return existing
  const facts = await certifiedRunFacts(trx, runId)
  if (!facts) return null
  // The signer's key is published before it signs anything (a test may pass a fresh one).
  await registerSigner(trx, signer)
  // A number is 60 random bits: a clash is all but impossible, and then another is drawn.
  for (let tries = 0; tries < 5; tries += 1) {
    const issue = { number: newCertificateNumber(), signer, validYears, now }
    const stored = await storeCertificate(trx, facts, certificateContent(facts, issue), issue)
    if (stored) return stored
    const raced = await existingNumber(trx, runId)
    if (raced) return raced
  }
  throw new Error('Could not draw a free certificate number.')
}
