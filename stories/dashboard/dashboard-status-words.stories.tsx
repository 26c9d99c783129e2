import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { loggedInAs } from '../support/session'
import {
  answerRecords,
  barOf,
  CERTIFIED_OK,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  openActions,
  rowOf,
  statusNote,
  VALIDATION_FAILURE,
} from './dashboard-steps'
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen'

/**
 * The Status column in words at 1280 px (docs/decisions/0035): under spec §4's 100 px bar, the
 * status's word with its icon — Failed and Certified differ by more than colour — readable on
 * the selected (blue) row, where the track is outlined and a Submitted 1 % bar keeps a sliver.
 * A long device type is cut with its full text as the tooltip and the accessible name. Every
 * disabled menu item says why in the menu's foot.
 */

const LONG_TYPE = 'Fixed Wireless Access Outdoor Unit with Integrated Antenna'

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The Status column in words at 1280 px: under each 100 px bar the status's word and icon, so Failed
and Certified differ by more than colour, readable on the selected (blue) row too. A long device
type is cut, its full text in a tooltip and in the accessible name; every disabled menu item says
why in the menu's foot.`

const meta = preview.meta({
  title: 'Dashboard/Status in words',
  subcomponents: { DashboardScreen },
  render: () => <></>,
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({ portfolioManagerId: 'pm-w1', deviceName: 'Beacon 6', deviceType: LONG_TYPE }),
        deviceRecord({
          portfolioManagerId: 'pm-w2',
          deviceName: 'Orbi RBK853',
          status: 'Completed',
          isCertified: CERTIFIED_OK,
        }),
        deviceRecord({
          portfolioManagerId: 'pm-w3',
          deviceName: 'ZXHN F670L',
          status: 'Completed',
          isCertified: VALIDATION_FAILURE,
        }),
      ]),
    )
    return loggedInAs('v-nokia')()
  },
})

/** The Submitted row selected: its word, its outlined track, a sliver of bar that does not vanish. */
export const SelectedRowWords = meta.story({
  name: 'Selected row words',
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Beacon 6: show certification run' }))
    const row = rowOf(canvas, 'Beacon 6')
    await waitFor(() => expect(row).toHaveAttribute('aria-current', 'true'))
    await expect(statusNote(canvas, 'Beacon 6')).toBe('Submitted')
    await expect(statusNote(canvas, 'Orbi RBK853')).toBe('Certified')
    await expect(statusNote(canvas, 'ZXHN F670L')).toBe('Failed')
    const track = barOf(canvas, 'Beacon 6')
    await expect(getComputedStyle(track).boxShadow).not.toBe('none')
    const sliver = track.querySelector('[data-slot="progress-bar-indicator"]') as HTMLElement
    await expect(sliver.getBoundingClientRect().width).toBeGreaterThanOrEqual(6)
    // The unselected rows keep the plain track.
    await expect(getComputedStyle(barOf(canvas, 'Orbi RBK853')).boxShadow).toBe('none')
  },
})

/** A device type too long for its column: cut, with the whole text as its tooltip and accessible name. */
export const LongDeviceType = meta.story({
  name: 'Long device type',
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    const cell = within(rowOf(canvas, 'Beacon 6')).getByRole('cell', { name: LONG_TYPE })
    await expect(cell.querySelector('[title]')).toHaveAttribute('title', LONG_TYPE)
  },
})

/** The certified row's menu: Start Certify, Edit, Re-run Failed Cases and Cancel Run disabled, each reason in the foot. */
export const DisabledItemsSayWhy = meta.story({
  name: 'Disabled items say why',
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const { menu } = await openActions(canvas, userEvent, 'Orbi RBK853')
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    await expect(item('Start Certify')).toHaveAccessibleDescription('The device is already certified.')
    await expect(item('Edit')).toHaveAccessibleDescription('Only a Submitted record can be edited.')
    await expect(item('Cancel Run')).toHaveAccessibleDescription('No certification run is in progress.')
    await expect(
      [...menu.querySelectorAll('[data-slot="menu-reasons"] p')].map((line) => line.textContent),
    ).toEqual([
      'The device is already certified.',
      'Only a Submitted record can be edited.',
      'Only a run that ended in Validation failure has failed cases to run again.',
      'No certification run is in progress.',
    ])
    await expect(screen.getByRole('menu')).toBeVisible()
  },
})
