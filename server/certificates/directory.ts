import { type Kysely, sql } from 'kysely'
import { DIRECTORY_PAGE_SIZE, type DirectoryAnswer, type DirectoryQuery } from '@/contract/certificates'
import type { Database } from '../db/schema.ts'
import { containsPattern } from '../lab/queue.ts'

/*
 * The directory of certified devices (issue 20, docs/decisions/0025): every certificate that is
 * published, not revoked and not expired, newest first; filters by vendor, device type and product
 * class (exact, as the catalogue names them) and a search over device, vendor and organization.
 * One query reads the page, one counts: the page by the partial index certificates_directory.
 */

export async function readDirectory(
  db: Kysely<Database>,
  query: DirectoryQuery,
  now: Date = new Date(),
): Promise<DirectoryAnswer> {
  const page = query.page ?? 1
  let base = db
    .selectFrom('certificates')
    .where('published', '=', true)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
  if (query.vendor) base = base.where('vendor', '=', query.vendor)
  if (query.deviceType) base = base.where('device_type', '=', query.deviceType)
  if (query.productClass) base = base.where('product_class', '=', query.productClass)
  const search = query.search?.trim()
  if (search) {
    const pattern = containsPattern(search)
    base = base.where((eb) =>
      eb.or([
        eb('device_name', 'ilike', pattern),
        eb('vendor', 'ilike', pattern),
        eb('organization_name', 'ilike', pattern),
        eb('number', 'ilike', pattern),
      ]),
    )
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'number',
        'vendor',
        'device_name',
        'device_type',
        'product_class',
        'organization_name',
        'issued_at',
        'expires_at',
      ])
      .orderBy('issued_at', 'desc')
      .orderBy('number')
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((page - 1) * DIRECTORY_PAGE_SIZE)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    items: rows.map((row) => ({
      number: row.number,
      vendor: row.vendor,
      deviceName: row.device_name,
      deviceType: row.device_type,
      productClass: row.product_class,
      organizationName: row.organization_name,
      issuedAt: new Date(row.issued_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
    })),
    total: Number(count.total),
    page,
    pageSize: DIRECTORY_PAGE_SIZE,
  }
}
