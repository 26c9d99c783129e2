import { http, HttpResponse } from 'msw'
import { expect, screen, type UserEventObject, waitFor, within } from 'storybook/test'
import type { CertificationRun, TestCase } from '@/contract/certification'
import { endpoints } from '@/contract/endpoints'
import { CERTIFIED_OK, type DeviceRecord, VALIDATION_FAILURE } from '@/contract/records'
import { TEST_PLAN, world } from '@/mocks/fixtures/world'
import { endpointUrl } from '@/mocks/handlers'

/*
 * What the dashboard stories share: the screen's parameters, rows of the stories' choosing (or
 * the fixture world's, read live so that a delete or a started run shows on the next read), and
 * the dashboard as a vendor sees it: the cards, the filters, the table's rows, progress bars and
 * actions menus, found by role and name.
 */

export type Canvas = ReturnType<typeof within>
export type UserEvent = UserEventObject

/** The real route tree at /dashboard (or at `url`). */
export const dashboardAt = (url = '/dashboard') => ({
  layout: 'fullscreen' as const,
  router: { app: true, url },
})

export { CERTIFIED_OK, VALIDATION_FAILURE }

/** A device record as the list answers it; the fields not given are those of a Nokia ONT. */
export function deviceRecord(
  fields: Pick<DeviceRecord, 'portfolioManagerId' | 'deviceName'> & Partial<DeviceRecord>,
): DeviceRecord {
  return {
    vendor: 'Nokia',
    deviceType: 'ONT',
    productClass: 'XGS-PON',
    baseFirmwareVersion: '3.4.12',
    businessDomain: 'Wireline',
    creationTime: '2026-11-02T08:30:00Z',
    createdBy: 'Priya Sharma',
    status: 'Submitted',
    isCertified: '',
    ...fields,
  }
}

/**
 * Fixture-world records whose device names are unique among the first sixteen, one of each kind.
 * Their ids are the world's, so the mocked delete, run and e-mail calls act on them.
 */
export const WORLD = {
  submitted: { id: 'pm-0001', name: 'Beacon 6' },
  submittedToo: { id: 'pm-0002', name: 'Beacon 10' },
  inProgress: { id: 'pm-0005', name: 'Lightspan FX-8' },
  maintenance: { id: 'pm-0007', name: 'OptiXstar K662C' },
  certified: { id: 'pm-0008', name: 'OptiXstar HG8145X6' },
  certifiedWithComments: { id: 'pm-0009', name: 'MA5800-X7' },
  validationFailure: { id: 'pm-0012', name: 'ZXHN F670L' },
  completedWithoutResult: { id: 'pm-0014', name: 'ZXHN H298A' },
  unknownStatus: { id: 'pm-0015', name: 'ZXV10 B866V2' },
} as const

/** Counts the list calls of the story being played. */
export const listCalls = { count: 0 }

/**
 * Answers the records list with these rows, computed at each call (so a story may answer from
 * the fixture world as it stands), and counts the calls in `listCalls`.
 */
export function answerRecords(rows: () => DeviceRecord[]) {
  listCalls.count = 0
  return http.post(endpointUrl(endpoints.listRecords), () => {
    listCalls.count += 1
    return HttpResponse.json({ portfolioManagerSubmittedDetailsList: rows() })
  })
}

/** Answers the records list with these fixture-world records, as they stand at each call. */
export const answerWorldRecords = (...ids: string[]) =>
  answerRecords(() => ids.flatMap((id) => world.records.filter((record) => record.portfolioManagerId === id)))

/** Answers a record's runs with these runs, computed at each call. */
export function answerRuns(runs: (call: number) => CertificationRun[]) {
  let call = 0
  return http.get(endpointUrl(endpoints.listRuns), () => {
    call += 1
    return HttpResponse.json({ runs: runs(call) })
  })
}

/**
 * Holds a call's answer back until `release()`, then lets the fixture world answer: a busy or
 * loading state checked for as long as it takes, without a request left hanging when the story ends.
 */
export function heldBackCall(url: string) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const handler = http.post(url, async () => {
    await gate
    return undefined
  })
  return { handler, release: () => release() }
}

/** The records list held back until `release()` (the dashboard's loading state). */
export const heldBackRecords = () => heldBackCall(endpointUrl(endpoints.listRecords))

/** The page heading, then the table's first rows (or its empty message). */
export async function dashboardReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })
  await waitFor(() => expect(recordsLine(canvas)).toHaveTextContent(/ records$/))
}

/** The 'N of M records' line under the filters. */
export const recordsLine = (canvas: Canvas) =>
  canvas.getByText(/^[\d,]+ of [\d,]+ records$|^Loading records…$/, { selector: 'p[role="status"]' })

export async function expectRecordsLine(canvas: Canvas, shown: number, total: number) {
  await waitFor(() => expect(recordsLine(canvas)).toHaveTextContent(`${shown} of ${total} records`))
}

/** The table's body rows (not the header), as shown now. */
export function tableRows(canvas: Canvas) {
  const table = canvas.getByRole('table')
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.querySelector('td') !== null && row.getAttribute('aria-hidden') !== 'true')
}

/** The device names of the rows shown, in order. */
export const shownDeviceNames = (canvas: Canvas) =>
  tableRows(canvas)
    .map((row) => row.querySelectorAll('td')[2]?.textContent ?? '')
    .filter((name) => name !== '')

/** The row of this device: the table's row, or on a phone its card (docs/decisions/0035). */
export function rowOf(canvas: Canvas, deviceName: string) {
  const bar = canvas.getByRole('progressbar', { name: new RegExp(`^${escapeRegExp(deviceName)}: `) })
  return bar.closest('tr, [role="row"]') as HTMLElement
}

/** The Status column's bar of this device (its accessible name is '<device>: <label>'). */
export const barOf = (canvas: Canvas, deviceName: string) =>
  canvas.getByRole('progressbar', { name: new RegExp(`^${escapeRegExp(deviceName)}: `) })

const TONE_COLOURS = {
  submitted: 'rgb(29, 78, 216)',
  'in-progress': 'rgb(194, 65, 12)',
  certified: 'rgb(21, 128, 61)',
  failed: 'rgb(185, 28, 28)',
  unknown: 'rgb(0, 0, 0)',
} as const
export type BarTone = keyof typeof TONE_COLOURS

/** The bar of a device: its label, percent, tone and fill colour (blue, orange, green, red, black). */
export async function expectBar(
  canvas: Canvas,
  deviceName: string,
  expected: { label: string; percent: number; tone: BarTone },
) {
  await waitFor(() => {
    const bar = barOf(canvas, deviceName)
    expect(bar).toHaveAccessibleName(`${deviceName}: ${expected.label}`)
    expect(bar).toHaveAttribute('aria-valuenow', String(expected.percent))
    expect(bar).toHaveAttribute('aria-valuetext', `${deviceName}: ${expected.label}: ${expected.percent}%`)
  })
  const bar = barOf(canvas, deviceName)
  await expect(bar.closest('[data-slot="progress-bar"]')).toHaveAttribute('data-tone', expected.tone)
  const fill = bar.querySelector('[data-slot="progress-bar-indicator"]') as HTMLElement
  await expect(getComputedStyle(fill).backgroundColor).toBe(TONE_COLOURS[expected.tone])
  await expect(fill.style.width).toBe(`${expected.percent}%`)
  // The Status column is 100 px of bar.
  await expect(Math.round(bar.getBoundingClientRect().width)).toBe(100)
}

/** Opens a row's actions menu and returns it with its trigger. */
export async function openActions(canvas: Canvas, userEvent: UserEvent, deviceName: string) {
  const trigger = await canvas.findByRole('button', { name: `Actions for ${deviceName}` })
  await userEvent.click(trigger)
  const menu = await screen.findByRole('menu')
  await waitFor(() => expect(menu).toBeVisible())
  return { trigger, menu }
}

export type MenuItemState = 'enabled' | 'disabled'

/** The menu's items in order, each enabled or disabled (aria-disabled and data-disabled agree). */
export function menuItems(menu: HTMLElement): Array<[string, MenuItemState]> {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => {
      const disabled = item.getAttribute('aria-disabled') === 'true'
      if (disabled !== item.hasAttribute('data-disabled'))
        throw new Error('aria-disabled and data-disabled differ')
      return [item.textContent?.trim() ?? '', disabled ? 'disabled' : 'enabled']
    })
}

/** Chooses a menu item and checks the menu closed. */
export async function chooseAction(canvas: Canvas, userEvent: UserEvent, deviceName: string, action: string) {
  const { trigger, menu } = await openActions(canvas, userEvent, deviceName)
  await userEvent.click(within(menu).getByRole('menuitem', { name: action }))
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  return trigger
}

/** A filter's combobox. */
export const filter = (canvas: Canvas, label: string) => canvas.getByRole('combobox', { name: label })

/** Opens a filter and returns its option names, in order, leaving it open. */
export async function openFilter(userEvent: UserEvent, combobox: HTMLElement) {
  await userEvent.click(combobox)
  const listbox = await screen.findByRole('listbox')
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent?.trim())
}

/** Chooses a filter value. */
export async function chooseFilter(userEvent: UserEvent, combobox: HTMLElement, option: string) {
  await openFilter(userEvent, combobox)
  await userEvent.click(screen.getByRole('option', { name: option }))
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  await waitFor(() => expect(combobox).toHaveTextContent(option))
}

/** The count on a summary card. */
export function cardCount(canvas: Canvas, label: string) {
  const cards = canvas.getByRole('group', { name: 'Records by status' })
  const term = within(cards).getByText(label, { selector: 'dt' })
  return Number((term.nextElementSibling?.textContent ?? '').replace(/,/g, ''))
}

export async function expectCardCounts(canvas: Canvas, counts: Record<string, number>) {
  await waitFor(() => {
    for (const [label, count] of Object.entries(counts))
      expect([label, cardCount(canvas, label)]).toEqual([label, count])
  })
}

/** A run of the eight-case plan with `passed` cases passed, the next running, the rest pending. */
export function runInProgress(portfolioManagerId: string, passed: number): CertificationRun {
  const testCases: TestCase[] = TEST_PLAN.map((name, index) => {
    if (index < passed)
      return { name, state: 'passed', log: [`${name}: started`, `${name}: passed in ${12 + index} s`] }
    if (index === passed) return { name, state: 'running', log: [`${name}: started`, `${name}: step 2 of 3`] }
    return { name, state: 'pending', log: [] }
  })
  return {
    runId: `run-story-${portfolioManagerId}`,
    portfolioManagerId,
    status: 'InProgress',
    isCertified: '',
    startedAt: '2026-11-20T08:40:00Z',
    finishedAt: null,
    testCases,
  }
}

export const TEST_CASE_NAMES = TEST_PLAN

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * An attempt of the eight-case plan (or of the cases named): `passed` cases passed, then the
 * failed ones, the next running when `running`, the rest pending (or skipped once ended).
 */
export function planRun(
  portfolioManagerId: string,
  fields: Partial<CertificationRun> & {
    cases?: readonly string[]
    passed?: number
    failed?: readonly string[]
    running?: boolean
  } = {},
): CertificationRun {
  const { cases = TEST_PLAN, passed = 0, failed = [], running = false, ...run } = fields
  const ended = run.status !== undefined && run.status !== 'InProgress' && run.status !== 'Maintenance'
  const testCases: TestCase[] = cases.map((name, index) => {
    if (failed.includes(name))
      return {
        name,
        state: 'failed',
        log: [`${name}: started`, `${name}: expected ≥ 600 Mbit/s, measured 412 Mbit/s`],
      }
    if (index < passed) return { name, state: 'passed', log: [`${name}: started`, `${name}: passed`] }
    if (running && index === passed)
      return { name, state: 'running', log: [`${name}: started`, `${name}: step 2 of 3`] }
    return { name, state: ended ? 'skipped' : 'pending', log: [] }
  })
  return {
    runId: `run-${portfolioManagerId}-${run.attempt ?? 1}`,
    portfolioManagerId,
    status: 'InProgress',
    isCertified: '',
    startedAt: '2026-11-20T08:40:00Z',
    finishedAt: null,
    attempt: 1,
    kind: 'full',
    startedBy: 'Priya Sharma',
    failureReason: null,
    testCases,
    ...run,
  }
}

/** The live-status line of the dashboard (role=status named 'Live updates'). */
export const liveStatus = (canvas: Canvas) => canvas.getByRole('status', { name: 'Live updates' })

export async function expectLiveStatus(canvas: Canvas, text: string) {
  await waitFor(() => expect(liveStatus(canvas)).toHaveTextContent(text))
}

/** The note under a row's bar ('3 of 8 test cases', 'Cancelled'), or null. */
export const statusNote = (canvas: Canvas, deviceName: string) =>
  rowOf(canvas, deviceName).querySelector('[data-slot="status-note"]')?.textContent ?? null
