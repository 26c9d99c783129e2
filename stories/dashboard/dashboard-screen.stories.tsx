import preview from '#.storybook/preview'
import { http, HttpResponse } from 'msw'
import { expect, screen, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import type { DeviceRecord } from '@/contract/records'
import { endpointUrl } from '@/mocks/handlers'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAs } from '../support/session'
import {
  answerRecords,
  cardCount,
  CERTIFIED_OK,
  chooseFilter,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  expectCardCounts,
  expectRecordsLine,
  filter,
  heldBackRecords,
  listCalls,
  openFilter,
  recordsLine,
  rowOf,
  shownDeviceNames,
  tableRows,
  VALIDATION_FAILURE,
} from './dashboard-steps'
import {
  DashboardFilterBar,
  DashboardSearch,
  StatusLegend,
  SummaryCards,
} from '@/features/dashboard/components/dashboard-controls'
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen'

/**
 * The certification dashboard (spec §2 "Dashboard", §4, §8, §9) in the real route tree, logged in
 * as the fixture vendor Nokia: the five summary cards and their counts, the legend, the ten
 * columns, the filters (options from the loaded rows, sorted) and their reset, the search (typed,
 * and from the header's `search` parameter) with and without matches, the empty list, loading,
 * a server error and trying again, the sync icon, Register Product, row selection, phone width.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The certification dashboard at \`/dashboard\`, where every member of a vendor organization lands after
logging in. It shows the five summary cards (Submitted, In Progress, Maintenance, Validation
Failure, Certified), a search and five filters built from the loaded rows, the legend and the
ten-column table, each record's status a progress bar. States: the vendor's records, filtered,
searched with and without matches, empty ('No data available'), loading, and a server error with Try
again. Clicking a row selects it and shows its run under the table; Register Product opens the
portfolio form at its device section.`

const meta = preview.meta({
  title: 'Dashboard/Dashboard screen',
  // The screen the route renders, and its controls above the table.
  subcomponents: {
    DashboardScreen,
    DashboardFilterBar,
    DashboardSearch,
    StatusLegend,
    SummaryCards,
  },
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const COLUMNS = [
  'Actions',
  'Device Vendor',
  'Device Name',
  'Device Type',
  'Product Class',
  'Firmware Version',
  'Business Domain',
  'Creation Time',
  'Created By',
  'Status',
]

/** Seven records of six vendors in no order, every kind of status. */
const MIXED_ROWS = [
  deviceRecord({
    portfolioManagerId: 'pm-a1',
    vendor: 'Huawei',
    deviceName: 'OptiXstar K662C',
    deviceType: 'ONT',
    productClass: 'GPON',
    status: 'Completed',
    isCertified: CERTIFIED_OK,
    creationTime: '2026-10-04T10:20:00Z',
  }),
  deviceRecord({
    portfolioManagerId: 'pm-a2',
    vendor: 'Nokia',
    deviceName: 'Beacon 6',
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
    businessDomain: 'Wireless',
    status: 'Submitted',
    creationTime: '2026-11-18T07:05:00Z',
  }),
  deviceRecord({
    portfolioManagerId: 'pm-a3',
    vendor: 'ZTE',
    deviceName: 'ZXHN F670L',
    deviceType: 'ONT',
    productClass: '10G-EPON',
    status: 'Completed',
    isCertified: VALIDATION_FAILURE,
  }),
  deviceRecord({
    portfolioManagerId: 'pm-a4',
    vendor: 'AVM',
    deviceName: 'FRITZ!Box 7590 AX',
    deviceType: 'Wi-Fi Router',
    productClass: 'Wi-Fi 6',
    businessDomain: 'Wireline,Wireless',
    status: 'InProgress',
  }),
  deviceRecord({
    portfolioManagerId: 'pm-a5',
    vendor: 'Nokia',
    deviceName: 'Lightspan FX-8',
    deviceType: 'OLT',
    productClass: 'XGS-PON',
    status: 'Maintenance',
  }),
  deviceRecord({
    portfolioManagerId: 'pm-a6',
    vendor: 'Adtran',
    deviceName: 'SDX 621v',
    deviceType: 'ONT',
    productClass: 'XGS-PON',
    status: 'Submitted',
  }),
  deviceRecord({
    portfolioManagerId: 'pm-a7',
    vendor: 'TP-Link',
    deviceName: 'Deco X50',
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
    businessDomain: 'Wireless',
    status: 'Completed',
    isCertified: CERTIFIED_OK,
  }),
]
const MIXED_NAMES = MIXED_ROWS.map((row) => row.deviceName)

/** Nokia's 64 fixture records: the cards count them by status, the legend and the ten columns show. */
export const FixtureVendor = meta.story({
  name: 'Fixture vendor',
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectRecordsLine(canvas, 64, 64)
    await expectCardCounts(canvas, {
      Submitted: 16,
      'In Progress': 12,
      Maintenance: 4,
      'Validation Failure': 8,
      Certified: 16,
    })
    const legend = canvas.getByRole('list', { name: 'Legend' })
    await expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Submitted', 'In Progress', 'Failed', 'Completed'])
    await expect(
      canvas.getAllByRole('columnheader').map((header) => header.textContent?.trim().toLowerCase()),
    ).toEqual(COLUMNS.map((column) => column.toLowerCase()))
    // The first row as the table shows it: creation time in UTC, the bar named by the device.
    const first = canvas.getAllByRole('row')[1] as HTMLElement
    await expect([...first.querySelectorAll('td')].slice(1, 9).map((cell) => cell.textContent)).toEqual([
      'Nokia',
      'Beacon 6',
      'Wi-Fi Mesh Device',
      'Wi-Fi 6 Mesh',
      '1.0.0',
      'Wireline',
      '17 Sep 2026, 09:00',
      'Priya Sharma',
    ])
    await expect(within(first).getByRole('progressbar')).toHaveAccessibleName('Beacon 6: Submitted')
    await expect(canvas.queryByText('No data available')).toBeNull()
  },
})

/** Each card counts its own status: 1 Submitted, 2 In Progress, 3 Maintenance, 4 Validation Failure, 5 Certified. */
export const CardCounts = meta.story({
  name: 'Card counts',
  beforeEach({ msw }) {
    let n = 0
    const rows = (count: number, fields: Partial<DeviceRecord>) =>
      Array.from({ length: count }, () => {
        n += 1
        return deviceRecord({ portfolioManagerId: `pm-k${n}`, deviceName: `XS-2426G-B #${n}`, ...fields })
      })
    msw.use(
      answerRecords(() => {
        n = 0
        return [
          ...rows(1, { status: 'Submitted' }),
          ...rows(2, { status: 'InProgress' }),
          ...rows(3, { status: 'Maintenance' }),
          ...rows(4, { status: 'Completed', isCertified: VALIDATION_FAILURE }),
          ...rows(5, { status: 'Completed', isCertified: CERTIFIED_OK }),
          // In no card: an unknown status, and Completed without a result.
          ...rows(1, { status: 'Archived' }),
          ...rows(1, { status: 'Completed', isCertified: '' }),
        ]
      }),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectRecordsLine(canvas, 17, 17)
    await expectCardCounts(canvas, {
      Submitted: 1,
      'In Progress': 2,
      Maintenance: 3,
      'Validation Failure': 4,
      Certified: 5,
    })
    // In the spec's order, each in its colour (§9: light blue, orange, yellow, red, green).
    const cards = within(canvas.getByRole('group', { name: 'Records by status' }))
    const tones = cards.getAllByRole('term').map((term) => term.parentElement?.getAttribute('data-tone'))
    await expect(tones).toEqual([
      'submitted',
      'in-progress',
      'maintenance',
      'validation-failure',
      'certified',
    ])
    const backgrounds = cards
      .getAllByRole('term')
      .map((term) => getComputedStyle(term.parentElement as HTMLElement).backgroundColor)
    await expect(backgrounds).toEqual([
      'rgb(219, 234, 254)',
      'rgb(255, 237, 213)',
      'rgb(254, 249, 195)',
      'rgb(254, 226, 226)',
      'rgb(220, 252, 231)',
    ])
  },
})

/**
 * The five filters offer the loaded rows' values, sorted; choosing narrows the rows (the filters
 * combine); the reset icon clears them all.
 */
export const FiltersAppliedAndReset = meta.story({
  name: 'Filters applied and reset',
  beforeEach({ msw }) {
    msw.use(answerRecords(() => MIXED_ROWS))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expectRecordsLine(canvas, 7, 7)
    const reset = canvas.getByRole('button', { name: 'Reset filters' })
    await expect(reset).toBeDisabled()
    for (const label of ['Device Vendor', 'Device Name', 'Device Type', 'Product Class', 'Status'])
      await expect(filter(canvas, label)).toHaveTextContent('All')

    await expect(await openFilter(userEvent, filter(canvas, 'Device Vendor'))).toEqual([
      'Adtran',
      'AVM',
      'Huawei',
      'Nokia',
      'TP-Link',
      'ZTE',
    ])
    await userEvent.keyboard('{Escape}')
    await expect(await openFilter(userEvent, filter(canvas, 'Device Name'))).toEqual([
      'Beacon 6',
      'Deco X50',
      'FRITZ!Box 7590 AX',
      'Lightspan FX-8',
      'OptiXstar K662C',
      'SDX 621v',
      'ZXHN F670L',
    ])
    await userEvent.keyboard('{Escape}')
    await expect(await openFilter(userEvent, filter(canvas, 'Product Class'))).toEqual([
      '10G-EPON',
      'GPON',
      'Wi-Fi 6',
      'Wi-Fi 6 Mesh',
      'XGS-PON',
    ])
    await userEvent.keyboard('{Escape}')
    await expect(await openFilter(userEvent, filter(canvas, 'Status'))).toEqual([
      'Completed',
      'InProgress',
      'Maintenance',
      'Submitted',
    ])
    await userEvent.keyboard('{Escape}')

    await chooseFilter(userEvent, filter(canvas, 'Device Type'), 'ONT')
    await waitFor(() =>
      expect(shownDeviceNames(canvas)).toEqual(['OptiXstar K662C', 'ZXHN F670L', 'SDX 621v']),
    )
    await expectRecordsLine(canvas, 3, 7)
    await expect(reset).toBeEnabled()

    await chooseFilter(userEvent, filter(canvas, 'Status'), 'Completed')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(['OptiXstar K662C', 'ZXHN F670L']))
    // The options stay those of every loaded row, not of the rows shown.
    await expect(await openFilter(userEvent, filter(canvas, 'Device Vendor'))).toHaveLength(6)
    await userEvent.click(screen.getByRole('option', { name: 'ZTE' }))
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(['ZXHN F670L']))
    await expectRecordsLine(canvas, 1, 7)
    // The summary cards count every loaded record, whatever the filters.
    await expect(cardCount(canvas, 'Submitted')).toBe(2)

    // Filters that no row passes.
    await chooseFilter(userEvent, filter(canvas, 'Device Vendor'), 'AVM')
    await waitFor(() => expect(canvas.getByText('No data available')).toBeVisible())
    await expectRecordsLine(canvas, 0, 7)

    await userEvent.click(reset)
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(MIXED_NAMES))
    await expectRecordsLine(canvas, 7, 7)
    for (const label of ['Device Vendor', 'Device Name', 'Device Type', 'Product Class', 'Status'])
      await expect(filter(canvas, label)).toHaveTextContent('All')
    await expect(reset).toBeDisabled()
  },
})

/** The search finds rows by any value they show, whatever the case: type, class, vendor, creation time. */
export const SearchWithMatches = meta.story({
  name: 'Search with matches',
  beforeEach({ msw }) {
    msw.use(answerRecords(() => MIXED_ROWS))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const search = canvas.getByRole('searchbox', { name: 'Search records' })
    await userEvent.type(search, 'mesh')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(['Beacon 6', 'Deco X50']))
    await expectRecordsLine(canvas, 2, 7)

    await userEvent.clear(search)
    await userEvent.type(search, 'XGS-pon')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(['Lightspan FX-8', 'SDX 621v']))

    // By the creation time as the table shows it.
    await userEvent.clear(search)
    await userEvent.type(search, '18 Nov 2026')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(['Beacon 6']))

    // Search and filters combine.
    await userEvent.clear(search)
    await userEvent.type(search, 'nokia')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(['Beacon 6', 'Lightspan FX-8']))
    await chooseFilter(userEvent, filter(canvas, 'Status'), 'Maintenance')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(['Lightspan FX-8']))

    await userEvent.clear(search)
    await userEvent.click(canvas.getByRole('button', { name: 'Reset filters' }))
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(MIXED_NAMES))
  },
})

/** A search no row matches: 'No data available', and every row back when it is cleared. */
export const SearchWithoutMatches = meta.story({
  name: 'Search without matches',
  beforeEach({ msw }) {
    msw.use(answerRecords(() => MIXED_ROWS))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const search = canvas.getByRole('searchbox', { name: 'Search records' })
    await userEvent.type(search, 'Archer AX73')
    await waitFor(() => expect(canvas.getByText('No data available')).toBeVisible())
    await expect(canvas.queryAllByRole('progressbar')).toHaveLength(0)
    await expectRecordsLine(canvas, 0, 7)
    await userEvent.clear(search)
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual(MIXED_NAMES))
    await expect(canvas.queryByText('No data available')).toBeNull()
  },
})

/** Decision 6: the header's search opens /dashboard?search=ONT; both fields show it, the rows match it. */
export const SearchFromHeader = meta.story({
  name: 'Search from header',
  parameters: dashboardAt('/dashboard?search=ONT'),
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expect(canvas.getByRole('searchbox', { name: 'Search records' })).toHaveValue('ONT')
    await expect(
      within(canvas.getByRole('banner')).getByRole('searchbox', { name: 'Search devices' }),
    ).toHaveValue('ONT')
    await expectRecordsLine(canvas, 12, 64)
    const rows = tableRows(canvas)
    await expect(rows).toHaveLength(12)
    for (const row of rows) await expect(row.textContent?.toLowerCase()).toContain('ont')
  },
})

/** No records: 'No data available', every card at 0. */
export const Empty = meta.story({
  name: 'Empty',
  beforeEach({ msw }) {
    msw.use(scenarios.empty('listRecords'))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expect(canvas.getByText('No data available')).toBeVisible()
    await expectRecordsLine(canvas, 0, 0)
    await expectCardCounts(canvas, {
      Submitted: 0,
      'In Progress': 0,
      Maintenance: 0,
      'Validation Failure': 0,
      Certified: 0,
    })
    await expect(canvas.queryAllByRole('progressbar')).toHaveLength(0)
    // Nothing to filter by.
    await expect(canvas.getByRole('button', { name: 'Reset filters' })).toBeDisabled()
  },
})

let releaseRecords = () => {}

/** While the list is on its way: 'Loading records…', the table busy and not claiming 'No data available'. */
export const Loading = meta.story({
  name: 'Loading',
  beforeEach({ msw }) {
    const held = heldBackRecords()
    releaseRecords = held.release
    msw.use(held.handler)
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })
    await expect(recordsLine(canvas)).toHaveTextContent('Loading records…')
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.queryByText('No data available')).toBeNull()
    await expectCardCounts(canvas, { Submitted: 0, Certified: 0 })

    releaseRecords()
    await expectRecordsLine(canvas, 64, 64)
    await expect(canvas.getByRole('table')).not.toHaveAttribute('aria-busy')
    await expectCardCounts(canvas, { Submitted: 16, Certified: 16 })
  },
})

/** The list fails: an alert with the server's message and 'Try again', which loads it. */
export const ServerError = meta.story({
  name: 'Server error',
  beforeEach({ msw }) {
    let calls = 0
    msw.use(
      http.post(endpointUrl(endpoints.listRecords), () => {
        calls += 1
        // The first answer fails; then the fixture world answers.
        if (calls === 1)
          return HttpResponse.json({ message: 'The records service is unavailable.' }, { status: 500 })
        return undefined
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(
      'The records could not be loaded. The records service is unavailable.',
    )
    await expect(canvas.queryByText('No data available')).toBeNull()
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await expectRecordsLine(canvas, 64, 64)
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull())
  },
})

/** The server error as the scenario gives it, staying: the alert and 'Try again' until it answers. */
export const ServerErrorStays = meta.story({
  name: 'Server error stays',
  beforeEach({ msw }) {
    msw.use(scenarios.serverError('listRecords', 'The service is unavailable. Please try again later.', 500))
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('The service is unavailable. Please try again later.')
    await expect(canvas.getByText('The records are not available.')).toBeVisible()
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please try again later.')
  },
})

/** The sync icon reads the list again: a record added meanwhile shows. */
export const ReloadRecords = meta.story({
  name: 'Reload records',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        ...MIXED_ROWS,
        ...(listCalls.count > 1
          ? [deviceRecord({ portfolioManagerId: 'pm-new', deviceName: 'G-010G-Q', deviceType: 'ONU' })]
          : []),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expectRecordsLine(canvas, 7, 7)
    await userEvent.click(canvas.getByRole('button', { name: 'Reload records' }))
    await expectRecordsLine(canvas, 8, 8)
    await expect(listCalls.count).toBe(2)
    await expect(shownDeviceNames(canvas)).toContain('G-010G-Q')
    await expectCardCounts(canvas, { Submitted: 3 })
  },
})

/** Register Product opens the portfolio form (at its device section). */
export const RegisterProduct = meta.story({
  name: 'Register Product',
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await userEvent.click(canvas.getByRole('link', { name: 'Register Product' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
    await expect(await canvas.findByRole('region', { name: 'Device Portfolio' })).toBeVisible()
  },
})

/** A click on a row selects it (and shows its run); another row's click moves the selection; so does the keyboard. */
export const RowSelection = meta.story({
  name: 'Row selection',
  beforeEach({ msw }) {
    msw.use(answerRecords(() => MIXED_ROWS))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expect(canvas.queryByRole('region', { name: /^Certification run/ })).toBeNull()
    const deco = rowOf(canvas, 'Deco X50')
    await userEvent.click(within(deco).getByText('Wireless'))
    await expect(deco).toHaveAttribute('aria-current', 'true')
    await expect(await canvas.findByRole('region', { name: 'Certification run · Deco X50' })).toBeVisible()

    const beacon = rowOf(canvas, 'Beacon 6')
    await userEvent.click(within(beacon).getByText('Nokia'))
    await expect(beacon).toHaveAttribute('aria-current', 'true')
    await expect(deco).not.toHaveAttribute('aria-current')
    await expect(await canvas.findByRole('region', { name: 'Certification run · Beacon 6' })).toBeVisible()

    // From the keyboard: the device name is a button.
    const name = canvas.getByRole('button', { name: 'Lightspan FX-8: show certification run' })
    name.focus()
    await userEvent.keyboard('{Enter}')
    await expect(rowOf(canvas, 'Lightspan FX-8')).toHaveAttribute('aria-current', 'true')
    await expect(
      await canvas.findByRole('region', { name: 'Certification run · Lightspan FX-8' }),
    ).toBeVisible()
    await expect(canvas.getAllByRole('row').filter((row) => row.getAttribute('aria-current'))).toHaveLength(1)
  },
})

/**
 * Phone width (docs/decisions/0035): the summary cards one strip, a card per record within the
 * screen (no column scrolls off it), the page not scrolling sideways.
 */
export const PhoneWidth = meta.story({
  name: 'Phone width',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expectRecordsLine(canvas, 64, 64)
    // The page itself does not scroll sideways, nor does the list's frame.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    const frame = canvas.getByRole('table').parentElement as HTMLElement
    await expect(frame).toHaveAccessibleName('Device records, scrollable')
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth)
    const cards = within(canvas.getByRole('group', { name: 'Records by status' })).getAllByRole('term')
    const [first, second, third] = cards.map((term) =>
      (term.parentElement as HTMLElement).getBoundingClientRect(),
    )
    await expect(first?.top).toBe(second?.top)
    await expect(third?.top).toBe(first?.top)
    // The actions menu opens within the screen.
    const trigger = canvas.getAllByRole('button', { name: /^Actions for / })[0] as HTMLElement
    await userEvent.click(trigger)
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(menu.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  },
})
