import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import { ROLE_REFUSALS, type Role } from '@/contract/roles'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import {
  ACTIVITY_EXPORT_COLUMNS,
  ACTIVITY_RANGE_ORDER_MESSAGE,
  ACTIVITY_SEARCH_MAX_LENGTH,
  type ActivityAnswer,
  type ActivityEntry,
} from '@/contract/team'
import {
  type Browser,
  createStaffMember,
  createVendor,
  newBrowser,
  startTestPortal,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * docs/decisions/0044: the activity log's filters (text, date range, member, action) and its
 * export as CSV and JSON, over real HTTP; bad parameters are refused naming the parameter; only
 * those who read the log (Owners) export it, and only their own organization's lines.
 */

let test: TestPortal
let owner: TestVendor
let other: TestVendor
const db = () => test.database.db

type Seed = { at: string; actor: TestVendor | null; action: ActivityEntry['action']; subject: string }

async function seed(organization: TestVendor, lines: Seed[]) {
  for (const line of lines)
    await db()
      .insertInto('activity_log')
      .values({
        organization_id: organization.organizationId,
        at: new Date(line.at),
        actor_account_id: line.actor?.id ?? null,
        actor_name: line.actor ? 'Olga Tester' : 'The portal',
        action: line.action,
        subject: line.subject,
      })
      .execute()
}

beforeAll(async () => {
  test = await startTestPortal()
  owner = await createVendor(test, 'olga.log@example.com', 'Olga')
  other = await createVendor(test, 'otto.log@example.com', 'Otto')
  await seed(owner, [
    { at: '2026-01-05T10:00:00Z', actor: owner, action: 'record.submitted', subject: 'Beacon 6 (Nokia)' },
    {
      at: '2026-01-31T23:30:00Z',
      actor: owner,
      action: 'comment.added',
      subject: 'Beacon 6, "rev B" (Nokia)',
    },
    {
      at: '2026-02-01T00:10:00Z',
      actor: null,
      action: 'webhook.disabled',
      subject: 'https://ci.example.com/a',
    },
    {
      at: '2026-02-14T09:00:00Z',
      actor: owner,
      action: 'certificate.listed',
      subject: '=HYPERLINK("x"), 100%',
    },
    { at: '2026-03-01T12:00:00Z', actor: owner, action: 'record.edited', subject: 'Line one\nline two' },
  ])
  await seed(other, [
    {
      at: '2026-02-14T09:00:00Z',
      actor: other,
      action: 'certificate.listed',
      subject: 'Otto’s secret device',
    },
  ])
}, 60_000)

afterAll(async () => {
  await test?.close()
})

/** The seeded lines (the newest first), without the account creation's own lines. */
async function log(browser: Browser, query: Record<string, string> = {}) {
  const search = new URLSearchParams({ vendorUserId: browser.vendorUserId, ...query })
  const response = await browser.call(`${endpoints.activityLog.path}?${search}`, { method: 'GET' })
  return { status: response.status, body: (await response.json()) as ActivityAnswer & { field?: string } }
}

const subjects = async (query: Record<string, string>) =>
  (await log(owner.browser, query)).body.entries.map((entry) => entry.subject)

describe('the activity log’s filters', () => {
  it('searches the subject, the actor’s name and the action’s label, any case, % taken literally', async () => {
    expect(await subjects({ q: 'BEACON' })).toEqual(['Beacon 6, "rev B" (Nokia)', 'Beacon 6 (Nokia)'])
    expect(await subjects({ q: 'the portal' })).toEqual(['https://ci.example.com/a'])
    expect(await subjects({ q: 'public directory' })).toEqual(['=HYPERLINK("x"), 100%'])
    expect(await subjects({ q: '100%' })).toEqual(['=HYPERLINK("x"), 100%'])
    expect(await subjects({ q: '%' })).toEqual(['=HYPERLINK("x"), 100%'])
    expect(await subjects({ q: 'Otto' })).toEqual([])
  })

  it('keeps a date range, a day-only `to` including its whole day, and combines filters', async () => {
    expect(await subjects({ from: '2026-01-31', to: '2026-01-31' })).toEqual(['Beacon 6, "rev B" (Nokia)'])
    expect(await subjects({ from: '2026-02-01T00:00:00Z', to: '2026-02-28' })).toEqual([
      '=HYPERLINK("x"), 100%',
      'https://ci.example.com/a',
    ])
    expect(await subjects({ from: '2026-02-01', actorAccountId: owner.id })).toEqual([
      'Line one\nline two',
      '=HYPERLINK("x"), 100%',
    ])
    expect(await subjects({ to: '2026-01-31', action: 'record.submitted', q: 'beacon' })).toEqual([
      'Beacon 6 (Nokia)',
    ])
  })

  it('refuses a bad parameter with a message naming it, for the list and the export', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { from: 'yesterday' },
        'from must be a date (YYYY-MM-DD) or a time in ISO 8601 with its offset.',
        'from',
      ],
      [
        { to: '2026-02-30T25:00:00Z' },
        'to must be a date (YYYY-MM-DD) or a time in ISO 8601 with its offset.',
        'to',
      ],
      [{ from: '2026-03-02', to: '2026-03-01' }, ACTIVITY_RANGE_ORDER_MESSAGE, 'to'],
      [
        { q: 'x'.repeat(ACTIVITY_SEARCH_MAX_LENGTH + 1) },
        `q must be at most ${ACTIVITY_SEARCH_MAX_LENGTH} characters.`,
        'q',
      ],
    ]
    for (const [query, message, field] of cases) {
      expect([query, await log(owner.browser, query)]).toEqual([
        query,
        { status: 400, body: { message, field } },
      ])
      const exported = await exportOf(owner.browser, { format: 'csv', ...query })
      expect([query, exported.status, JSON.parse(exported.text)]).toEqual([query, 400, { message, field }])
    }
    const format = await exportOf(owner.browser, { format: 'xml' })
    expect([format.status, JSON.parse(format.text)]).toEqual([
      400,
      { message: "format must be 'csv' or 'json'.", field: 'format' },
    ])
  })
})

async function exportOf(browser: Browser, query: Record<string, string>) {
  const search = new URLSearchParams({ vendorUserId: browser.vendorUserId, ...query })
  const response = await browser.call(`${endpoints.activityExport.path}?${search}`, { method: 'GET' })
  // The byte-order mark is kept (response.text() would drop it).
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  return { status: response.status, headers: response.headers, text }
}

/** An RFC 4180 reader: rows of cells, quoted cells with doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index += 1
    } else cell += char
  }
  if (cell !== '' || row.length > 0) throw new Error('The file does not end with a line break.')
  return rows
}

describe('the export', () => {
  it('gives the filtered lines as JSON, and as CSV with a header row that reads back the same', async () => {
    const query = { from: '2026-01-01', to: '2026-12-31' }
    const json = await exportOf(owner.browser, { format: 'json', ...query })
    expect(json.status).toBe(200)
    expect(json.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(json.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    const entries = JSON.parse(json.text) as ActivityEntry[]
    expect(entries).toEqual((await log(owner.browser, query)).body.entries)
    expect(entries).toHaveLength(5)

    const csv = await exportOf(owner.browser, { format: 'csv', ...query })
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(csv.text.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = parseCsv(csv.text.slice(1))
    expect(header).toEqual([...ACTIVITY_EXPORT_COLUMNS])
    // A formula's lead becomes text: the cell starts with an apostrophe.
    const expected = entries.map((entry) =>
      ACTIVITY_EXPORT_COLUMNS.map((column) => {
        const value = entry[column] ?? ''
        return value.startsWith('=') ? `'${value}` : value
      }),
    )
    expect(rows).toEqual(expected)
    expect(rows.map((row) => row[5])).toContain('Line one\nline two')

    const filtered = await exportOf(owner.browser, { format: 'json', q: 'beacon' })
    expect((JSON.parse(filtered.text) as ActivityEntry[]).map((entry) => entry.subject)).toEqual([
      'Beacon 6, "rev B" (Nokia)',
      'Beacon 6 (Nokia)',
    ])
    const none = await exportOf(owner.browser, { format: 'json', q: 'nothing like this' })
    expect([none.status, none.text]).toEqual([200, '[]\n'])
  })

  it('is an Owner’s only, of its own organization', async () => {
    const theirs = await exportOf(other.browser, { format: 'json' })
    expect(theirs.status).toBe(200)
    expect(theirs.text).toContain('Otto’s secret device')
    expect(theirs.text).not.toContain('Beacon')

    const anonymous = await newBrowser(test.portal)
    const refused = await anonymous.call(
      `${endpoints.activityExport.path}?format=csv&vendorUserId=${owner.id}`,
      {
        method: 'GET',
      },
    )
    expect([refused.status, await refused.json()]).toEqual([401, { message: NOT_SIGNED_IN_MESSAGE }])
    // Another organization's Owner naming the owner's account as the acting user.
    const spoofed = await other.browser.call(
      `${endpoints.activityExport.path}?format=csv&vendorUserId=${owner.id}`,
      {
        method: 'GET',
      },
    )
    expect(spoofed.status).toBe(403)

    for (const role of ['Engineer', 'Viewer'] as const satisfies Role[]) {
      const member = await memberWith(role)
      const answer = await exportOf(member, { format: 'csv' })
      expect([role, answer.status, JSON.parse(answer.text)]).toEqual([
        role,
        403,
        { message: ROLE_REFUSALS.team },
      ])
    }

    const staff = await createStaffMember(test, 'lena.lab@lab.example', 'Lena Lab', 'Lab manager')
    const lab = await staff.browser.call(`${endpoints.activityExport.path}?format=csv`, { method: 'GET' })
    expect([lab.status, await lab.json()]).toEqual([403, { message: VENDOR_ONLY_MESSAGE }])
  })
})

/** A member of the owner's organization with `role`, logged in (acting for the owner's organization). */
async function memberWith(role: Role) {
  const account = await createVendor(test, `${role.toLowerCase()}.log@example.com`, role)
  await db()
    .insertInto('memberships')
    .values({
      organization_id: owner.organizationId,
      account_id: account.id,
      role,
      created_at: new Date(Date.now() + 1000),
    })
    .execute()
  const browser = await newBrowser(test.portal)
  await browser.login(account.email)
  return browser
}
