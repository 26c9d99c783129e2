import type { Kysely } from 'kysely'
import type { RecordRevision } from '@/contract/revisions'
import type { Database } from '../platform/db/schema.ts'
import { certificateState } from '../certificates/index.ts'

/*
 * A record's revisions as run details list them (docs/decisions/0033): the current one from
 * device_records, the earlier ones from record_revisions, each with its newest certificate and,
 * for a recertification, the certificate its carried cases came from. Newest first.
 */

type Db = Kysely<Database>

/** Every revision of the organization's record, newest first; undefined when the record is not its own. */
export async function recordRevisions(
  db: Db,
  organizationId: string,
  portfolioManagerId: string,
): Promise<RecordRevision[] | undefined> {
  const record = await db
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  if (!record) return undefined
  const [earlier, certificates, sources] = await Promise.all([
    db
      .selectFrom('record_revisions')
      .selectAll()
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .orderBy('revision', 'desc')
      .execute(),
    db
      .selectFrom('certificates')
      .select(['number', 'revision', 'expires_at', 'revoked_at', 'issued_at'])
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .orderBy('issued_at', 'desc')
      .execute(),
    db
      .selectFrom('run_test_cases as c')
      .innerJoin('certification_runs as r', 'r.run_id', 'c.run_id')
      .select(['r.revision', 'c.carried_from'])
      .distinct()
      .where('r.portfolio_manager_id', '=', portfolioManagerId)
      .where('c.carried_from', 'is not', null)
      .execute(),
  ])
  const certificateOf = (revision: number) => {
    const row = certificates.find((certificate) => certificate.revision === revision)
    return row ? { number: row.number, state: certificateState(row) } : null
  }
  const sourceOf = (revision: number) =>
    sources.find((source) => source.revision === revision)?.carried_from ?? null
  const current: RecordRevision = {
    revision: record.revision,
    baseFirmwareVersion: record.base_firmware_version,
    devicesToBeCertified: record.devices_to_be_certified,
    deviceNumberList: record.device_number_list,
    yearOfManufacturing: record.year_of_manufacturing,
    isEngBuildAvailable: record.is_eng_build_available,
    createdAt: (record.revised_at ?? record.creation_time).toISOString(),
    createdBy: record.revised_by ?? record.created_by,
    status: record.status,
    isCertified: record.is_certified,
    certificate: certificateOf(record.revision),
    sourceCertificate: sourceOf(record.revision),
    current: true,
  }
  return [
    current,
    ...earlier.map((row) => ({
      revision: row.revision,
      baseFirmwareVersion: row.base_firmware_version,
      devicesToBeCertified: row.devices_to_be_certified,
      deviceNumberList: row.device_number_list,
      yearOfManufacturing: row.year_of_manufacturing,
      isEngBuildAvailable: row.is_eng_build_available,
      createdAt: row.created_at.toISOString(),
      createdBy: row.created_by,
      status: row.status,
      isCertified: row.is_certified,
      certificate: certificateOf(row.revision),
      sourceCertificate: sourceOf(row.revision),
      current: false,
    })),
  ]
}
