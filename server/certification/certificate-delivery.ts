import type { Kysely } from 'kysely'
import { VERIFY_PATH } from '@/contract/certificates'
import { CERTIFIED_OK } from '@/contract/records'
import type { CertificationRunRow, Database, DeviceRow } from '../platform/db/schema.ts'
import type { Mail, Mailer } from '../platform/mailer.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import type { CertificatePaper } from '@/contract/certification'
import { accountPaper } from './certificate-paper.ts'
import { certificateFileName, certificatePdf, type CertificateInput } from './certificate-pdf.ts'
import type { IssueOptions } from './issue-certificate.ts'
import { certifyEarlierRun } from './lifecycle.ts'
import { latestCertifiedRun, planOutcome } from './run-store.ts'

/*
 * A run's certificate as the vendor takes it (spec §7, ARCHITECTURE.md decision 8): Download
 * Certificate's PDF and Email Certificate's mail with that PDF attached. Only a run that certified
 * its record has one; a run certified before certificates were issued gets its
 * certificate issued now, through the run lifecycle.
 */

/** What delivering a certificate needs of the certification service. */
export type CertificateServices = {
  db: Kysely<Database>
  mailer: Mailer
  /** The key that signs a certificate issued on demand (a run certified before certificates were signed). */
  certificates: IssueOptions | null
  /** The portal's public address, for the certificates' verification links. */
  publicUrl: string
}

/**
 * The run's issued certificate for the PDF: issued now when the run certified its record before
 * certificates were; null when it certified nothing.
 */
async function issuedCertificate(services: CertificateServices, runId: string) {
  const { db } = services
  const read = () =>
    db
      .selectFrom('certificates')
      .leftJoin('certificates as source', 'source.number', 'certificates.source_number')
      .select([
        'certificates.number',
        'certificates.issued_at',
        'certificates.expires_at',
        'source.number as source_number',
        'source.firmware as source_firmware',
      ])
      .where('certificates.run_id', '=', runId)
      .executeTakeFirst()
  let row = await read()
  if (!row && services.certificates) {
    await certifyEarlierRun(db, runId, services.certificates)
    row = await read()
  }
  if (!row) return null
  return {
    number: row.number,
    issuedAt: new Date(row.issued_at),
    expiresAt: new Date(row.expires_at),
    verifyUrl: `${services.publicUrl}${VERIFY_PATH}/${row.number}`,
    // A recertification's source certificate (docs/decisions/0033), named on the PDF.
    source:
      row.source_number && row.source_firmware
        ? { number: row.source_number, firmware: row.source_firmware }
        : null,
  }
}

// The certificate is the organization's, which owns the record (docs/decisions/0023).
const organizationName = (db: Kysely<Database>, organizationId: string) =>
  db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow()

export type CertificateFile = { pdf: Buffer; fileName: string }

/** Who asks for a run's certificate, and on which sheet when they chose one. */
type CertificateRequest = { organizationId: string; accountId: string; paper?: CertificatePaper }

/**
 * The certificate PDF of a run of the organization's, or null when the run certified nothing: on
 * the paper asked for, else on the asking account's (certificate-paper.ts).
 */
export async function runCertificatePdf(
  services: CertificateServices,
  { organizationId, accountId, paper }: CertificateRequest,
  { record, run }: { record: DeviceRow; run: CertificationRunRow },
): Promise<CertificateFile | null> {
  const certificate =
    run.status === 'Completed' && run.is_certified === CERTIFIED_OK
      ? await issuedCertificate(services, run.run_id)
      : null
  if (!certificate) return null
  const [{ cases }, organization, sheet] = await Promise.all([
    planOutcome(services.db, record.portfolio_manager_id, run.attempt, run.run_id),
    organizationName(services.db, organizationId),
    paper ?? accountPaper(services.db, accountId),
  ])
  const input = { record, run, testCases: cases, organization: organization.name, certificate }
  return { pdf: await certificatePdf(input, sheet), fileName: certificateFileName(input) }
}

export type CertificateMailRequest = { organizationId: string; accountId: string; record: DeviceRow }

/**
 * Mails the record's certificate, its PDF attached, to the account asking, then logs it in the
 * organization's activity log: the address it went to, or null when the record is not certified.
 */
export async function mailCertificate(
  services: CertificateServices,
  { organizationId, accountId, record }: CertificateMailRequest,
): Promise<{ sentTo: string } | null> {
  const { db, mailer } = services
  const run =
    record.status === 'Completed' && record.is_certified === CERTIFIED_OK
      ? await latestCertifiedRun(db, record.portfolio_manager_id)
      : undefined
  if (!run) return null
  const [testCases, account, organization, paper] = await Promise.all([
    // Every case of the plan as its latest attempt left it (a re-run ran only some of them).
    planOutcome(db, record.portfolio_manager_id, run.attempt, run.run_id).then(({ cases }) => cases),
    db
      .selectFrom('vendor_accounts')
      .select(['email', 'first_name'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow(),
    organizationName(db, organizationId),
    accountPaper(db, accountId),
  ])
  const certificate = await issuedCertificate(services, run.run_id)
  if (!certificate) return null
  const input = { record, run, testCases, organization: organization.name, certificate }
  const pdf = await certificatePdf(input, paper)
  await queueMail({ db, mailer }, certificateMail(account, input, pdf))
  // Logged once the mail has gone: one write, no transaction of its own.
  await logActivity(db, {
    organizationId,
    actorAccountId: accountId,
    action: 'certificate.emailed',
    subject: recordSubject(record),
  })
  return { sentTo: account.email }
}

/** The mail that carries the certificate to the account holder. */
function certificateMail(
  account: { email: string; first_name: string },
  input: CertificateInput & { record: DeviceRow },
  pdf: Buffer,
): Mail {
  const { record, certificate } = input
  const { number } = certificate
  return {
    to: account.email,
    subject: `Certificate ${number}: ${record.vendor} ${record.device_name}`,
    text: [
      `Hello ${account.first_name},`,
      '',
      `${record.vendor} ${record.device_name} (${record.device_type}, ${record.product_class}, firmware ${record.base_firmware_version}) passed every test case of its certification plan.`,
      `Its certificate ${number} is attached as a PDF.`,
      `Anyone can check it at ${certificate.verifyUrl}`,
      '',
      'Device Certification Portal',
    ].join('\n'),
    attachments: [{ filename: certificateFileName(input), contentType: 'application/pdf', content: pdf }],
  }
}
