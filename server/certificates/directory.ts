import { type Kysely, sql } from 'kysely'
import type { DirectoryAnswer, DirectoryEntry, DirectoryQuery } from '@/contract/certificates'
import { DirectoryListing } from '@/contract/directory-search'
import type { Database } from '../platform/db/schema.ts'

/*
 * The directory of certified devices (docs/decisions/0025 point 10): every certificate
 * that is published, not revoked and not expired, newest first, searched and filtered in memory;
 * a device with several (revisions with other firmware, docs/decisions/0033) is listed once, under
 * its newest, with every listed firmware.
 *
 * Each process keeps the listed certificates in order, and before every answer asks the database
 * whether anything changed since it last looked: max(certificates.directory_seq), which a trigger
 * stamps on every insert and update, and which commits in order (migration 0013). When it has
 * moved, the rows stamped since are read in one statement and applied. So a publish, an unpublish
 * or a revocation made by any process is in the next answer of every process, and a page costs
 * one indexed max() and a scan of the snapshot (or of a search's trigram candidates,
 * src/contract/directory-search.ts), whatever the number of certificates.
 *
 * The look is shared: requests that arrive while one is on its way wait for the next one, which
 * starts after it (one that started before a request arrived could miss a change committed just
 * before it). Answers are kept per query until the snapshot changes or a listed certificate
 * expires.
 */

type Row = {
  number: string
  portfolio_manager_id: string
  revision: number
  firmware: string
  vendor: string
  device_name: string
  device_type: string
  product_class: string
  organization_name: string
  issued_at: string
  expires_at: string
  listed: boolean
}

type Changes = { seq: string | number | null; rows: Row[] | null }

const ANSWERS_KEPT = 500

export class DirectorySnapshot {
  private readonly listing = new DirectoryListing()
  /**
   * The listed certificates of each device (record), and the device's one entry in the listing:
   * its newest listed certificate with every listed firmware (docs/decisions/0033).
   */
  private readonly byDevice = new Map<string, Map<string, Row>>()
  private readonly entries = new Map<string, DirectoryEntry>()
  /** Which device each listed certificate belongs to. */
  private readonly deviceOf = new Map<string, string>()
  /** The highest directory_seq applied; -1 before the first look. */
  private seq = -1
  /** When the first listed certificate expires: the answers are kept until then. */
  private nextExpiryMs = Number.POSITIVE_INFINITY
  private readonly answers = new Map<string, DirectoryAnswer>()
  private looking: Promise<void> | null = null
  private nextLook: Promise<void> | null = null

  constructor(private readonly db: Kysely<Database>) {}

  async read(query: DirectoryQuery, now: Date = new Date()): Promise<DirectoryAnswer> {
    await this.look()
    const nowMs = now.getTime()
    if (nowMs >= this.nextExpiryMs) {
      for (const [device, certificates] of this.byDevice) {
        const expired = [...certificates.values()].filter((row) => Date.parse(row.expires_at) <= nowMs)
        if (expired.length === 0) continue
        for (const row of expired) {
          certificates.delete(row.number)
          this.deviceOf.delete(row.number)
        }
        this.relist(device)
      }
      this.changed()
    }
    const key = JSON.stringify([
      query.search?.trim().toLowerCase() ?? '',
      query.vendor ?? '',
      query.deviceType ?? '',
      query.productClass ?? '',
      query.page ?? 1,
    ])
    const kept = this.answers.get(key)
    if (kept) {
      // Most recently used last, so the first key is the one to drop.
      this.answers.delete(key)
      this.answers.set(key, kept)
      return kept
    }
    const answer = this.listing.search(query, nowMs)
    this.answers.set(key, answer)
    if (this.answers.size > ANSWERS_KEPT) {
      const oldest = this.answers.keys().next().value
      if (oldest !== undefined) this.answers.delete(oldest)
    }
    return answer
  }

  /** Reads the listing in the background now, so that the first page does not wait for it. */
  warm() {
    // A failure here is no reason to stop: the first read looks again, and answers its error.
    this.look().catch(() => undefined)
  }

  /** Brings the snapshot up to date with a look that starts now or after the one on its way. */
  private look(): Promise<void> {
    if (this.nextLook) return this.nextLook
    if (!this.looking) {
      this.looking = this.catchUp().finally(() => {
        this.looking = null
      })
      return this.looking
    }
    this.nextLook = this.looking
      .catch(() => undefined)
      .then(() => {
        this.nextLook = null
        return this.look()
      })
    return this.nextLook
  }

  private async catchUp() {
    const { seq } = await this.db
      .selectFrom('certificates')
      .select(sql<string | null>`max(directory_seq)::text`.as('seq'))
      .executeTakeFirstOrThrow()
    const latest = seq === null ? 0 : Number(seq)
    if (latest === this.seq) return
    const first = this.seq < 0
    // One statement, so one snapshot: the rows and the highest stamp among them agree. The first
    // look reads the listed certificates only; later ones every row stamped since, listed or not.
    const changed = await sql<Changes>`
      select max(directory_seq)::text as seq,
        json_agg(json_build_object(
          'number', number, 'portfolio_manager_id', portfolio_manager_id, 'revision', revision,
          'firmware', firmware, 'vendor', vendor, 'device_name', device_name,
          'device_type', device_type, 'product_class', product_class,
          'organization_name', organization_name, 'issued_at', issued_at, 'expires_at', expires_at,
          'listed', published and revoked_at is null
        )) filter (where ${first ? sql`published and revoked_at is null and expires_at > now()` : sql`true`}) as rows
      from certificates
      where directory_seq > ${first ? -1 : this.seq}`.execute(this.db)
    const [answer] = changed.rows
    const touched = new Set<string>()
    for (const row of answer?.rows ?? []) {
      const before = this.deviceOf.get(row.number)
      if (before) {
        this.byDevice.get(before)?.delete(row.number)
        this.deviceOf.delete(row.number)
        touched.add(before)
      }
      if (row.listed) {
        const device = row.portfolio_manager_id
        const certificates = this.byDevice.get(device) ?? new Map<string, Row>()
        certificates.set(row.number, row)
        this.byDevice.set(device, certificates)
        this.deviceOf.set(row.number, device)
        touched.add(device)
      }
    }
    for (const device of touched) this.relist(device)
    if (touched.size > 0) this.changed()
    if (answer?.seq !== null && answer?.seq !== undefined) this.seq = Math.max(this.seq, Number(answer.seq))
    if (this.seq < 0) this.seq = 0
  }

  /** The device's entry in the listing anew: its newest listed certificate, or none. */
  private relist(device: string) {
    const before = this.entries.get(device)
    if (before) this.listing.remove(before)
    this.entries.delete(device)
    const rows = [...(this.byDevice.get(device)?.values() ?? [])].sort(
      (a, b) => b.revision - a.revision || Date.parse(b.issued_at) - Date.parse(a.issued_at),
    )
    const newest = rows[0]
    if (!newest) {
      this.byDevice.delete(device)
      return
    }
    const entry = entryOf(newest, [...new Set(rows.map((row) => row.firmware))])
    this.listing.insert(entry)
    this.entries.set(device, entry)
  }

  private changed() {
    this.answers.clear()
    // Every listed certificate's expiry counts: an older firmware's leaves its device's entry.
    let earliest = Number.POSITIVE_INFINITY
    for (const certificates of this.byDevice.values())
      for (const row of certificates.values()) earliest = Math.min(earliest, Date.parse(row.expires_at))
    this.nextExpiryMs = earliest
  }
}

function entryOf(row: Row, firmwareVersions: string[]): DirectoryEntry {
  return {
    number: row.number,
    vendor: row.vendor,
    deviceName: row.device_name,
    deviceType: row.device_type,
    productClass: row.product_class,
    organizationName: row.organization_name,
    issuedAt: new Date(row.issued_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    firmwareVersions,
  }
}
