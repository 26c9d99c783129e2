import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { loggedInAs } from '../support/session'
import {
  answerRecords,
  CERTIFIED_OK,
  type Canvas,
  chooseFilter,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  expectRecordsLine,
  filter,
  VALIDATION_FAILURE,
} from './dashboard-steps'
import { SheetContent } from '@/components/ui/sheet'
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen'

/**
 * The dashboard on a phone, 390 × 844 (docs/decisions/0035): a card per record (name, vendor,
 * status bar with its words, firmware, time), the five summary cards as one strip whose cards
 * filter, the search and the filters behind one Filters button with the count in use, a row's
 * actions as a bottom sheet. The first record shows without scrolling.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The dashboard on a phone (390 × 844): one card per record (name, vendor, status bar with its word,
firmware, time), the summary cards as one strip whose cards filter, the search and filters behind
one Filters button that counts those in use, and a row's actions as a bottom sheet. The first record
shows without scrolling.`

const meta = preview.meta({
  title: 'Dashboard/Phone',
  subcomponents: { DashboardScreen, SheetContent },
  render: () => <></>,
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({ portfolioManagerId: 'pm-p1', deviceName: 'Beacon 6', vendor: 'Netgear' }),
        deviceRecord({
          portfolioManagerId: 'pm-p2',
          deviceName: 'Orbi RBK853 Mesh System',
          deviceType: 'Wi-Fi Mesh Device',
          status: 'Completed',
          isCertified: CERTIFIED_OK,
        }),
        deviceRecord({
          portfolioManagerId: 'pm-p3',
          deviceName: 'ZXHN F670L',
          vendor: 'ZTE',
          status: 'Completed',
          isCertified: VALIDATION_FAILURE,
        }),
        deviceRecord({ portfolioManagerId: 'pm-p4', deviceName: 'Lightspan FX-8', status: 'InProgress' }),
      ]),
    )
    return loggedInAs('v-nokia')()
  },
})

const row = (canvas: Canvas, deviceName: string) =>
  canvas
    .getByRole('button', { name: `${deviceName}: show certification run` })
    .closest('[role="row"]') as HTMLElement

/** The list: each record a card, its status in words beside the bar's colour; the first card on the first screen. */
export const PhoneList = meta.story({
  name: 'Phone list',
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectRecordsLine(canvas, 4, 4)
    const first = row(canvas, 'Beacon 6')
    await expect(within(first).getByRole('progressbar')).toHaveAccessibleName('Beacon 6: Submitted')
    await expect(first).toHaveTextContent('Netgear')
    await expect(first).toHaveTextContent('3.4.12')
    await expect(within(row(canvas, 'Orbi RBK853 Mesh System')).getByText('Certified')).toBeVisible()
    await expect(within(row(canvas, 'ZXHN F670L')).getByText('Failed')).toBeVisible()
    // Not the table's ten columns: no cell is cut off the right edge of the screen.
    await expect(canvas.queryByRole('columnheader')).toBeNull()
    const box = first.getBoundingClientRect()
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight)
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth)
  },
})

/** The strip's Certified card: a tap shows the certified records only, pressed and ticked; a second tap all again. */
export const SummaryStripFilters = meta.story({
  name: 'Summary strip filters',
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const cards = canvas.getByRole('group', { name: 'Records by status' })
    const certified = within(cards).getByRole('button', { name: 'Certified' })
    await userEvent.click(certified)
    await expect(certified).toHaveAttribute('aria-pressed', 'true')
    await expectRecordsLine(canvas, 1, 4)
    await expect(canvas.getByRole('button', { name: 'Filters 1 active' })).toBeVisible()
    await userEvent.click(certified)
    await expect(certified).toHaveAttribute('aria-pressed', 'false')
    await expectRecordsLine(canvas, 4, 4)
    await userEvent.click(within(cards).getByRole('button', { name: 'Validation Failure' }))
    await expectRecordsLine(canvas, 1, 4)
    await expect(canvas.getByRole('button', { name: 'ZXHN F670L: show certification run' })).toBeVisible()
  },
})

/**
 * A window whose width the play sets: the phone's query answers as the play says, and tells its
 * listeners when that changes (the test-runner cannot resize the page in the middle of a story).
 */
function widthSwitch() {
  const listeners = new Set<() => void>()
  const state = { phone: true }
  const original = window.matchMedia.bind(window)
  window.matchMedia = (query: string) =>
    query === '(max-width: 767.98px)'
      ? ({
          get matches() {
            return state.phone
          },
          media: query,
          addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        } as unknown as MediaQueryList)
      : original(query)
  return {
    set(phone: boolean) {
      state.phone = phone
      for (const listener of listeners) listener()
    },
    restore: () => (window.matchMedia = original),
  }
}
let width: ReturnType<typeof widthSwitch> | null = null

/** Widened past 768 px, the list drops the strip's filter: the desktop's cards are counts, not filters. */
export const WidenedDropsStripFilter = meta.story({
  name: 'Widened past the phone’s width',
  beforeEach() {
    width = widthSwitch()
    return () => width?.restore()
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await dashboardReady(canvas)
    const cards = canvas.getByRole('group', { name: 'Records by status' })
    await userEvent.click(within(cards).getByRole('button', { name: 'Certified' }))
    await expectRecordsLine(canvas, 1, 4)
    width?.set(false)
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="records-table"]')).not.toBeNull())
    await expectRecordsLine(canvas, 4, 4)
    await expect(canvas.getByRole('button', { name: 'Reset filters' })).toBeDisabled()
    width?.set(true)
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="records-table"]')).toBeNull())
    const again = canvas.getByRole('group', { name: 'Records by status' })
    await expect(within(again).getByRole('button', { name: 'Certified' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  },
})

/** The Filters sheet with two filters in use: a search and the Status filter; the button says 2. */
export const FilterSheetOpen = meta.story({
  name: 'Filter sheet open',
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Filters' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filters' })
    await userEvent.type(within(sheet).getByRole('searchbox', { name: 'Search records' }), 'o')
    await chooseFilter(userEvent, filter(within(sheet), 'Status'), 'Completed')
    await expectRecordsLine(canvas, 2, 4)
    await expect(within(sheet).getByRole('button', { name: 'Show 2 records' })).toBeVisible()
    // In the sheet the reset says what it does (beside the desktop's filters it is an icon).
    const reset = within(sheet).getByRole('button', { name: 'Reset filters' })
    await expect(reset.getBoundingClientRect().width).toBeGreaterThan(80)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const button = canvas.getByRole('button', { name: 'Filters 2 active' })
    await waitFor(() => expect(button).toHaveFocus())
    await userEvent.click(button)
    await screen.findByRole('dialog', { name: 'Filters' })
  },
})

/** A row's actions as a bottom sheet: the arrows move, a disabled item is read with its reason. */
export const ActionSheet = meta.story({
  name: 'Action sheet',
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const trigger = canvas.getByRole('button', { name: 'Actions for Lightspan FX-8' })
    await userEvent.click(trigger)
    const sheet = await screen.findByRole('dialog', { name: 'Lightspan FX-8' })
    const menu = within(sheet).getByRole('menu', { name: 'Actions for Lightspan FX-8' })
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    await waitFor(() => expect(item('Add Comments')).toHaveFocus())
    await userEvent.keyboard('{ArrowUp}')
    await expect(item('Download Results')).toHaveFocus()
    await expect(item('Download Results')).toHaveAttribute('aria-disabled', 'true')
    await expect(item('Download Results')).toHaveAccessibleDescription(
      'There are no results until a certification run has ended.',
    )
    await userEvent.keyboard('{Enter}')
    await expect(screen.getByRole('dialog', { name: 'Lightspan FX-8' })).toBeVisible()
    await expect(item('Edit')).toHaveAccessibleDescription('A certification run is in progress.')
    await expect(sheet.querySelector('[data-slot="menu-reasons"]')).toHaveTextContent(
      'There is no certificate until the device is certified.',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
    await userEvent.click(trigger)
    await screen.findByRole('menu')
  },
})
