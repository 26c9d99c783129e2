import { sql, type Kysely, type Transaction } from 'kysely'
import {
  LAB_QUEUE_PAGE_SIZE,
  LAB_QUEUE_STATES,
  type LabQueueAnswer,
  type LabQueueItem,
  type LabQueueQuery,
  type LabQueueState,
} from '@/contract/lab'
import { currentOrganizationId } from '../platform/db/organization-ids.ts'
import type { StoredStatus } from '@/contract/run-status'
import type { Database } from '../platform/db/schema.ts'

/*
 * The lab's queue (docs/decisions/0024) — every organization's device records with their
 * latest run, in one of LAB_QUEUE_STATES by the record's status:
 *   Submitted → waiting, InProgress → running, Maintenance → maintenance,
 *   AwaitingReview → review, Completed and Cancelled → finished.
 * Order: what needs the lab first — running, in maintenance, awaiting review — then waiting, then
 * finished; within each, the oldest submission first (it has waited longest: docs/decisions/0045),
 * but the finished ones newest first. `assigned: 'me'` keeps the caller's assigned records.
 *
 * One query picks the page's ids (with the total through count(*) over ()), one reads those
 * records' latest runs and comments, one counts per state, two list the filters' choices: all built
 * with Kysely (a raw statement would count as a write to every
 * area for the write watch, server/platform/db/write-watch.ts).
 */

type Db = Kysely<Database> | Transaction<Database>

const STATE_OF_STATUS = sql<LabQueueState>`case d.status
  when 'Submitted' then 'waiting'
  when 'InProgress' then 'running'
  when 'Maintenance' then 'maintenance'
  when 'AwaitingReview' then 'review'
  else 'finished' end`

const STATE_RANK = sql<number>`case d.status
  when 'InProgress' then 0
  when 'Maintenance' then 1
  when 'AwaitingReview' then 2
  when 'Submitted' then 3
  else 4 end`

/** Within a state: the oldest submission first; the finished ones newest first. */
const OLDEST_FIRST = sql<number>`case when d.status in ('Completed', 'Cancelled')
  then -extract(epoch from d.creation_time) else extract(epoch from d.creation_time) end`

const STATUSES_OF_STATE: Record<LabQueueState, readonly StoredStatus[]> = {
  waiting: ['Submitted'],
  running: ['InProgress'],
  maintenance: ['Maintenance'],
  review: ['AwaitingReview'],
  finished: ['Completed', 'Cancelled'],
}

/** A LIKE pattern that matches `text` anywhere, with %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`

type QueueRow = {
  portfolio_manager_id: string
  organization_id: string
  organization_name: string
  vendor: string
  device_name: string
  device_type: string
  product_class: string
  base_firmware_version: string
  status: string
  is_certified: string
  queue_state: LabQueueState
  creation_time: Date
  revised_at: Date | null
  created_by: string
  run_id: string | null
  attempt: number | null
  kind: string | null
  run_status: string | null
  run_is_certified: string | null
  started_at: Date | null
  finished_at: Date | null
  started_by: string | null
  cases_total: number | null
  cases_done: number | null
  cases_failed: number | null
  current_case: string | null
  comment_count: number
  last_comment_kind: string | null
  assignee_id: string | null
  assignee_name: string | null
}

/** The queue's filters, with the caller (for `assigned: 'me'`). */
export type QueueQuery = LabQueueQuery & { staffId?: string }

export async function labQueue(db: Db, query: QueueQuery): Promise<LabQueueAnswer> {
  const page = query.page ?? 1
  // The page first — ids and the total only, ordered by state and submission — then the details
  // of its LAB_QUEUE_PAGE_SIZE records: the runs' and comments' lookups never touch the rest.
  const pageRows = await pageIds(db, query, page)
  const ids = pageRows.map((row) => row.portfolio_manager_id)
  const details = await pageDetails(db, ids)
  const byId = new Map(details.map((row) => [row.portfolio_manager_id, row]))
  const rows = ids.flatMap((id) => byId.get(id) ?? [])
  const counts = await stateCounts(db)
  const { organizations, deviceTypes } = await filterChoices(db)

  let total = Number(pageRows[0]?.total ?? 0)
  if (pageRows.length === 0 && page > 1) {
    // A page past the end: the real total, from the first page's count.
    const first = await labQueue(db, { ...query, page: 1 })
    total = first.total
  }
  return {
    items: rows.map(toItem),
    total: Number(total),
    page,
    pageSize: LAB_QUEUE_PAGE_SIZE,
    counts,
    organizations,
    deviceTypes,
  }
}

/** The page's record ids in queue order, each row with the filtered total. */
async function pageIds(db: Db, query: QueueQuery, page: number) {
  const search = query.search?.trim() ?? ''
  let filtered = db
    .selectFrom('device_records as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
  if (query.state) filtered = filtered.where('d.status', 'in', STATUSES_OF_STATE[query.state])
  if (query.organizationId) {
    // A lab address saved before migration 0019 names the organization's old id.
    const organizationId = await currentOrganizationId(db, query.organizationId)
    filtered = filtered.where('d.organization_id', '=', organizationId)
  }
  if (query.deviceType) filtered = filtered.where('d.device_type', '=', query.deviceType)
  if (query.assigned === 'me') {
    const staffId = query.staffId ?? ''
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('lab_assignments as a')
          .select('a.portfolio_manager_id')
          .whereRef('a.portfolio_manager_id', '=', 'd.portfolio_manager_id')
          .where('a.staff_id', '=', staffId),
      ),
    )
  }
  if (search !== '') {
    const pattern = containsPattern(search)
    filtered = filtered.where((eb) =>
      eb.or([
        eb('d.vendor', 'ilike', pattern),
        eb('d.device_name', 'ilike', pattern),
        eb('o.name', 'ilike', pattern),
        eb('d.base_firmware_version', 'ilike', pattern),
        eb('d.portfolio_manager_id', 'ilike', pattern),
        eb(sql<string>`array_to_string(d.device_number_list, ' ')`, 'ilike', pattern),
      ]),
    )
  }
  return filtered
    .select(['d.portfolio_manager_id', sql<number>`count(*) over ()`.as('total')])
    .orderBy(STATE_RANK)
    .orderBy(OLDEST_FIRST)
    .orderBy('d.portfolio_manager_id')
    .limit(LAB_QUEUE_PAGE_SIZE)
    .offset((page - 1) * LAB_QUEUE_PAGE_SIZE)
    .execute()
}

/** Every record with its organization and its latest run (none: the run's columns are null). */
function withLatestRun(db: Db) {
  return db
    .selectFrom('device_records as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('certification_runs as r')
          .select([
            'r.run_id',
            'r.attempt',
            'r.kind',
            'r.status as run_status',
            'r.is_certified as run_is_certified',
            'r.started_at',
            'r.finished_at',
            'r.started_by',
          ])
          .whereRef('r.portfolio_manager_id', '=', 'd.portfolio_manager_id')
          .orderBy('r.attempt', 'desc')
          .limit(1)
          .as('r'),
      (join) => join.onTrue(),
    )
}

/** The columns of a queue row that the record and its latest run hold as they are. */
function recordAndRunColumns(db: Db) {
  return withLatestRun(db).select([
    'd.portfolio_manager_id',
    'd.organization_id',
    'o.name as organization_name',
    'd.vendor',
    'd.device_name',
    'd.device_type',
    'd.product_class',
    'd.base_firmware_version',
    'd.status',
    'd.is_certified',
    STATE_OF_STATUS.as('queue_state'),
    'd.creation_time',
    'd.revised_at',
    'd.created_by',
    'r.run_id',
    'r.attempt',
    'r.kind',
    'r.run_status',
    'r.run_is_certified',
    'r.started_at',
    'r.finished_at',
    'r.started_by',
  ])
}

/** The page's records with their latest run, its progress, and their comments. */
async function pageDetails(db: Db, ids: string[]): Promise<QueueRow[]> {
  if (ids.length === 0) return []
  return (await recordAndRunColumns(db)
    .select((eb) => [
      eb
        .selectFrom('run_test_cases as t')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('t.run_id', '=', 'r.run_id')
        .as('cases_total'),
      eb
        .selectFrom('run_test_cases as t')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('t.run_id', '=', 'r.run_id')
        .where('t.state', 'in', ['passed', 'failed', 'skipped'])
        .as('cases_done'),
      eb
        .selectFrom('run_test_cases as t')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('t.run_id', '=', 'r.run_id')
        .where('t.state', '=', 'failed')
        .as('cases_failed'),
      eb
        .selectFrom('lab_assignments as a')
        .select('a.staff_id')
        .whereRef('a.portfolio_manager_id', '=', 'd.portfolio_manager_id')
        .as('assignee_id'),
      eb
        .selectFrom('lab_assignments as a')
        .innerJoin('lab_staff as s', 's.id', 'a.staff_id')
        .select('s.name')
        .whereRef('a.portfolio_manager_id', '=', 'd.portfolio_manager_id')
        .as('assignee_name'),
      eb
        .selectFrom('run_test_cases as t')
        .select('t.name')
        .whereRef('t.run_id', '=', 'r.run_id')
        .where('t.state', '=', 'running')
        .orderBy('t.position')
        .limit(1)
        .as('current_case'),
      eb
        .selectFrom('comments as c')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('c.portfolio_manager_id', '=', 'd.portfolio_manager_id')
        .as('comment_count'),
      eb
        .selectFrom('comments as c')
        .select('c.author_kind')
        .whereRef('c.portfolio_manager_id', '=', 'd.portfolio_manager_id')
        .orderBy('c.created_at', 'desc')
        .orderBy('c.comment_id', 'desc')
        .limit(1)
        .as('last_comment_kind'),
    ])
    .where('d.portfolio_manager_id', 'in', ids)
    .execute()) as QueueRow[]
}

/** How many records are in each queue state, whatever the filters. */
async function stateCounts(db: Db) {
  const counted = await db
    .selectFrom('device_records as d')
    .select([STATE_OF_STATUS.as('state'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(sql`1`)
    .execute()
  const counts = Object.fromEntries(LAB_QUEUE_STATES.map((state) => [state, 0])) as LabQueueAnswer['counts']
  for (const row of counted) counts[row.state] = Number(row.n)
  return counts
}

/** The filters' choices: the organizations with a record, and the device types recorded. */
async function filterChoices(db: Db) {
  const organizations = await db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_records as d')
          .select('d.portfolio_manager_id')
          .whereRef('d.organization_id', '=', 'o.id'),
      ),
    )
    .orderBy('o.name')
    .execute()
  const deviceTypes = await db
    .selectFrom('device_records')
    .select('device_type')
    .distinct()
    .orderBy('device_type')
    .execute()
  return {
    organizations: organizations.map((row) => ({ organizationId: row.id, organizationName: row.name })),
    deviceTypes: deviceTypes.map((row) => row.device_type),
  }
}

function toItem(row: QueueRow): LabQueueItem {
  return {
    portfolioManagerId: row.portfolio_manager_id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    vendor: row.vendor,
    deviceName: row.device_name,
    deviceType: row.device_type,
    productClass: row.product_class,
    baseFirmwareVersion: row.base_firmware_version,
    status: row.status,
    isCertified: row.is_certified,
    queueState: row.queue_state,
    submittedAt: row.creation_time.toISOString(),
    createdBy: row.created_by,
    latestRun:
      row.run_id === null
        ? null
        : {
            runId: row.run_id,
            attempt: row.attempt ?? 1,
            kind: row.kind ?? 'full',
            status: row.run_status ?? '',
            isCertified: row.run_is_certified ?? '',
            startedAt: (row.started_at ?? row.creation_time).toISOString(),
            finishedAt: row.finished_at?.toISOString() ?? null,
            startedBy: row.started_by ?? '',
            casesTotal: Number(row.cases_total ?? 0),
            casesDone: Number(row.cases_done ?? 0),
            casesFailed: Number(row.cases_failed ?? 0),
            currentCase: row.current_case,
          },
    commentCount: Number(row.comment_count),
    awaitingAnswer: row.last_comment_kind === 'vendor',
    assignee: row.assignee_id === null ? null : { staffId: row.assignee_id, name: row.assignee_name ?? '' },
    stateSince: stateSince(row).toISOString(),
  }
}

/**
 * Since when the record is in its queue state: its latest run's end (awaiting review, finished),
 * the run's start (running, in maintenance), else the submission (or its latest revision).
 */
function stateSince(row: QueueRow): Date {
  if (row.run_id !== null) {
    if (row.queue_state === 'review' || row.queue_state === 'finished')
      return row.finished_at ?? row.started_at ?? row.creation_time
    if (row.queue_state === 'running' || row.queue_state === 'maintenance')
      return row.started_at ?? row.creation_time
  }
  return row.revised_at ?? row.creation_time
}

/** The queue state of a record's stored status. */
export function queueStateOf(status: string): LabQueueState {
  for (const state of LAB_QUEUE_STATES)
    if ((STATUSES_OF_STATE[state] as readonly string[]).includes(status)) return state
  return 'finished'
}
