import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { NEW_REVISION_DISABLED_REASON } from '@/contract/revisions'
import { RunDetails } from '@/features/certification/components/run-details'
import { RecordActionsMenu } from '@/features/dashboard/components/record-actions-menu'
import { addRevisionFixtures, REVISION_FIXTURE_IDS } from '@/mocks/fixtures/revisions'
import { world } from '@/mocks/fixtures/world'
import { expectPageHeading } from '../support/page'
import { loggedInAs } from '../support/session'
import {
  answerWorldRecords,
  type Canvas,
  chooseAction,
  dashboardAt,
  dashboardReady,
  menuItems,
  openActions,
  rowOf,
  type UserEvent,
} from '../dashboard/dashboard-steps'

/**
 * Revisions of a device record on the dashboard (docs/decisions/0033): New revision in the row's
 * menu, enabled once the record's run has ended and disabled with why before; 'rev 2' beside the
 * firmware version from revision 2 on (nothing for revision 1); the run details of a revised
 * record list its revisions, label each attempt with the revision it tested and show a
 * recertification's carried cases. Three of Priya Sharma's records: the TP-Link Deco X50 the lab
 * rejected, the TP-Link Archer AX73 in three revisions, the Nokia Beacon 6 recertifying on 3.5.0.
 */

const { rejected, history, recertifying } = REVISION_FIXTURE_IDS

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Revisions of a device record: New revision in the row's menu, enabled once the record's run has
ended and disabled with the reason before; 'rev 2' beside the firmware version from revision 2 on.
The run details of a revised record list its revisions, label each attempt with the revision it
tested, and show the cases a recertification carried from the earlier certificate.`

const meta = preview.meta({
  title: 'Dashboard/Revisions',
  subcomponents: { RecordActionsMenu, RunDetails },
  parameters: {
    ...dashboardAt(),
    liveStream: { activeRuns: () => [] },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

/** The three revised records, alone in the list. */
function revisedRecords({
  msw,
}: {
  msw: { use: (...handlers: ReturnType<typeof answerWorldRecords>[]) => void }
}) {
  addRevisionFixtures(world)
  msw.use(answerWorldRecords(recertifying, rejected, history))
}

async function openRun(canvas: Canvas, userEvent: UserEvent, name: string) {
  await dashboardReady(canvas)
  // A cell of the row (a table's on a desktop, a card's on a phone): a click selects the record.
  await userEvent.click(rowOf(canvas, name).querySelectorAll('td, [role="cell"]')[3] as HTMLElement)
  return canvas.findByRole('region', { name: `Certification run · ${name}` })
}

const firmwareCell = (canvas: Canvas, name: string) =>
  rowOf(canvas, name).querySelectorAll('td')[5] as HTMLElement

/** 'rev 2' and 'rev 3' beside the firmware of the revised devices; the Deco X50 (revision 1) shows its version alone. */
export const RevisionBadges = meta.story({
  name: 'Revision badges',
  beforeEach: revisedRecords,
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expect(firmwareCell(canvas, 'Beacon 6')).toHaveTextContent(/^3\.5\.0rev 2$/)
    await expect(firmwareCell(canvas, 'Archer AX73')).toHaveTextContent(/^1\.1\.0rev 3$/)
    await expect(firmwareCell(canvas, 'Deco X50')).toHaveTextContent(/^0\.9\.4$/)
    await expect(firmwareCell(canvas, 'Deco X50').querySelector('[data-slot="revision-badge"]')).toBeNull()
  },
})

/** The rejected Deco X50: its run has ended, so New revision is enabled, with no reason of its own under the items. */
export const MenuNewRevisionEnabled = meta.story({
  name: 'Menu new revision enabled',
  beforeEach: revisedRecords,
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const { menu } = await openActions(canvas, userEvent, 'Deco X50')
    await expect(menuItems(menu).at(-1)).toEqual(['New revision', 'enabled'])
    await expect(menu.querySelector('[data-slot="menu-reasons"]')).not.toHaveTextContent(
      'A new revision can be made once the current run has ended.',
    )
  },
})

/** The Beacon 6 runs: New revision is disabled, reachable with the keyboard and read with why. */
export const MenuNewRevisionDisabled = meta.story({
  name: 'Menu new revision disabled',
  beforeEach: revisedRecords,
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const { menu } = await openActions(canvas, userEvent, 'Beacon 6')
    await expect(menuItems(menu).at(-1)).toEqual(['New revision', 'disabled'])
    const item = within(menu).getByRole('menuitem', { name: 'New revision' })
    await expect(item).toHaveAccessibleDescription(NEW_REVISION_DISABLED_REASON)
    await expect(within(menu).getByText(NEW_REVISION_DISABLED_REASON)).toBeVisible()
    await userEvent.click(item)
    await expect(screen.getByRole('menu')).toBeVisible()
  },
})

/** New revision opens the form's revise mode for that record. */
export const NewRevisionOpensTheForm = meta.story({
  name: 'New revision opens the form',
  beforeEach: revisedRecords,
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, 'Deco X50', 'New revision')
    await expectPageHeading(canvas, 'PORTFOLIO FORM')
    await expect(await canvas.findByRole('heading', { name: 'Revision 2 of TP-Link Deco X50' })).toBeVisible()
  },
})

/**
 * The Archer AX73's run details: New revision, its three revisions newest first (firmware, serial
 * numbers, who made each and when, result, certificate, the recertification's source) and its
 * attempts, each with the revision it tested.
 */
export const RevisionHistory = meta.story({
  name: 'Revision history',
  beforeEach: revisedRecords,
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, 'Archer AX73')
    const revisions = await within(run).findByRole('list', { name: 'Revisions' })
    const [third, second, first] = within(revisions).getAllByRole('listitem')
    await expect(third).toHaveTextContent('Revision 3 · firmware 1.1.0current· Certified')
    await expect(third).toHaveTextContent('1 serial number · made by Priya Sharma, 10 Nov 2026, 09:00')
    await expect(third).toHaveTextContent(
      'Certificate DCP-6MZQ-9YB3-HX7P · Valid· recertification of DCP-4TPX-5D2R-K8WN',
    )
    await expect(
      within(third as HTMLElement).getByRole('link', { name: 'DCP-4TPX-5D2R-K8WN' }),
    ).toHaveAttribute('href', '/verify/DCP-4TPX-5D2R-K8WN')
    await expect(second).toHaveTextContent('Revision 2 · firmware 1.0.2· Certified')
    await expect(first).toHaveTextContent('Revision 1 · firmware 0.9.8· Validation Failure')
    await expect(within(first as HTMLElement).queryByRole('link')).toBeNull()

    await waitFor(() =>
      expect(run.querySelector('[data-slot="current-attempt"] p')).toHaveTextContent(
        'Attempt 3 · rev 3 · Full run · started by Priya Sharma, 12 Nov 2026, 14:00',
      ),
    )
    const attempts = within(run).getByRole('list', { name: 'Attempts' })
    await expect(
      within(attempts)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual([
      'Attempt 3 · rev 3 · Full run · started by Priya Sharma, 12 Nov 2026, 14:00 · Certified',
      'Attempt 2 · rev 2 · Full run · started by Priya Sharma, 2 Oct 2026, 10:00 · Certified',
      'Attempt 1 · rev 1 · Full run · started by Priya Sharma, 10 Sep 2026, 09:00 · Validation Failure',
    ])
    await expect(within(run).getByRole('link', { name: 'New revision' })).toHaveAttribute(
      'href',
      `/portfolio?record=${history}&revise=true`,
    )
  },
})

/**
 * The Beacon 6 recertifying on firmware 3.5.0: the cases its firmware may change run, the five
 * others carried from DCP-7KQ4-M9XZ-2F8H with their note; no New revision while it runs.
 */
export const CarriedCases = meta.story({
  name: 'Carried cases',
  beforeEach: revisedRecords,
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, 'Beacon 6')
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent(
        'In progress · 1 of 8 test cases passed, 5 carried',
      ),
    )
    await expect(run.querySelector('[data-slot="current-attempt"] p')).toHaveTextContent(
      /^Attempt 3 · rev 2 · Full run · started by Priya Sharma/,
    )
    const badges = run.querySelectorAll('[data-slot="carried-badge"]')
    await expect([...badges].map((badge) => badge.textContent)).toEqual(
      Array.from({ length: 5 }, () => 'carried from DCP-7KQ4-M9XZ-2F8H'),
    )
    // A carried case is folded like a passed one (docs/decisions/0036): its line and badge; its log on a click.
    const carriedLog =
      'Carried from DCP-7KQ4-M9XZ-2F8H (firmware 3.4.12): not firmware-sensitive, not run again.'
    await expect(within(run).queryAllByText(carriedLog)).toHaveLength(0)
    const carried = run.querySelector('li[data-carried] button') as HTMLElement
    await expect(carried).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(carried)
    await expect(carried).toHaveAttribute('aria-expanded', 'true')
    await expect(within(run).getByText(carriedLog)).toBeVisible()
    const attempts = within(run).getByRole('list', { name: 'Attempts' })
    await expect(within(attempts).getAllByRole('listitem')[0]).toHaveTextContent(
      '8 test cases: 1 passed, 5 carried, 1 running, 1 pending',
    )
    await expect(within(run).queryByRole('link', { name: 'New revision' })).toBeNull()
    await expect(await within(run).findByRole('list', { name: 'Revisions' })).toBeVisible()
  },
})

/** The Archer AX73's revisions on a phone: each line wraps inside the screen. */
export const RevisionHistoryPhone = meta.story({
  name: 'Revision history phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: revisedRecords,
  play: async ({ canvas, userEvent }) => {
    const run = await openRun(canvas, userEvent, 'Archer AX73')
    const revisions = await within(run).findByRole('list', { name: 'Revisions' })
    run.scrollIntoView()
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    await expect(revisions.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
})
