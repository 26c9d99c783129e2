import preview from '#.storybook/preview'
import type { RequestHandler } from 'msw'
import { expect, fireEvent, screen, waitFor, within } from 'storybook/test'
import type { DeviceRecord } from '@/contract/records'
import { loggedInAs } from '../support/session'
import {
  answerRecords,
  CERTIFIED_OK,
  type Canvas,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  type MenuItemState,
  menuItems,
  openActions,
  type UserEvent,
  VALIDATION_FAILURE,
} from './dashboard-steps'
import { RecordActionsMenu } from '@/features/dashboard/components/record-actions-menu'

/**
 * The row's actions menu (spec §2, §4 "Menu rules") for each status and result: which items are
 * listed, which are disabled (aria-disabled and data-disabled). Delete only for Submitted; Email
 * Certificate only with CERTIFIED-OK; Download Results disabled when Submitted, or when not
 * Completed and without a result. Then the two, always listed: Re-run Failed Cases (after a
 * Validation failure) and Cancel Run (while a run goes or waits). Escape closes the menu and gives
 * the focus back to its button.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The row's actions menu on the dashboard, where a member acts on one device record. What is enabled
follows the record: Delete only for Submitted, Email Certificate only when certified, Download
Results not while Submitted or without a result; Re-run Failed Cases only after a Validation
failure, Cancel Run only while a run goes or waits. A disabled item stays listed; Escape closes the
menu and gives the focus back to its button.`

const meta = preview.meta({
  title: 'Dashboard/Actions menu',
  // The menu of each row, at the screen's own rules.
  subcomponents: { RecordActionsMenu },
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const on = 'enabled' as const
const off = 'disabled' as const

type Expected = Array<[string, MenuItemState]>

/** Answers the list with this one record. */
const oneRecord =
  (record: Partial<DeviceRecord> & Pick<DeviceRecord, 'deviceName'>) =>
  ({ msw }: { msw: { use: (...handlers: RequestHandler[]) => void } }) => {
    msw.use(answerRecords(() => [deviceRecord({ portfolioManagerId: 'pm-menu', ...record })]))
  }

/** Opens the record's menu and checks its items; the menu is left open for the reviewer. */
const expectMenu =
  (deviceName: string, expected: Expected) =>
  async ({ canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent }) => {
    await dashboardReady(canvas)
    const { trigger, menu } = await openActions(canvas, userEvent, deviceName)
    await expect(menuItems(menu)).toEqual(expected)
    // A disabled item cannot be chosen: the menu stays open on its click.
    const disabled = within(menu)
      .getAllByRole('menuitem')
      .find((item) => item.getAttribute('aria-disabled') === 'true')
    if (disabled) {
      fireEvent.click(disabled)
      await expect(screen.getByRole('menu')).toBeVisible()
    }
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
    await userEvent.click(trigger)
    await screen.findByRole('menu')
  }

/** Submitted: Start Certify, Edit and Delete; no results, no certificate yet. */
export const Submitted = meta.story({
  name: 'Submitted',
  beforeEach: oneRecord({ deviceName: 'Beacon 6', status: 'Submitted' }),
  play: expectMenu('Beacon 6', [
    ['Start Certify', on],
    ['Edit', on],
    ['Delete', on],
    ['Download Results', off],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', off],
    ['New revision', off],
  ]),
})

/** Submitted with a stale result: still no results and no certificate (Download disabled when Submitted). */
export const SubmittedWithStaleResult = meta.story({
  name: 'Submitted with stale result',
  beforeEach: oneRecord({ deviceName: 'Beacon 10', status: 'Submitted', isCertified: VALIDATION_FAILURE }),
  play: expectMenu('Beacon 10', [
    ['Start Certify', on],
    ['Edit', on],
    ['Delete', on],
    ['Download Results', off],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', off],
    ['New revision', off],
  ]),
})

/** InProgress: one run at a time, so no Start Certify; no Delete, no Edit, nothing to download yet. */
export const InProgress = meta.story({
  name: 'In progress',
  beforeEach: oneRecord({ deviceName: 'Lightspan FX-8', status: 'InProgress' }),
  play: expectMenu('Lightspan FX-8', [
    ['Start Certify', off],
    ['Edit', off],
    ['Download Results', off],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', on],
    ['New revision', off],
  ]),
})

/** InProgress after an earlier certified run: its results and certificate stay available. */
export const InProgressWithEarlierCertifiedResult = meta.story({
  name: 'In progress with earlier certified result',
  beforeEach: oneRecord({ deviceName: 'G-2426G-A', status: 'InProgress', isCertified: CERTIFIED_OK }),
  play: expectMenu('G-2426G-A', [
    ['Start Certify', off],
    ['Edit', off],
    ['Download Results', on],
    ['Add Comments', on],
    ['Email Certificate', on],
    ['Download Certificate', on],
    ['Re-run Failed Cases', off],
    ['Cancel Run', on],
    ['New revision', off],
  ]),
})

/** Maintenance: the run waits for the lab; as InProgress. */
export const Maintenance = meta.story({
  name: 'Maintenance',
  beforeEach: oneRecord({ deviceName: 'OptiXstar K662C', status: 'Maintenance' }),
  play: expectMenu('OptiXstar K662C', [
    ['Start Certify', off],
    ['Edit', off],
    ['Download Results', off],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', on],
    ['New revision', off],
  ]),
})

/** Completed and CERTIFIED-OK: results and the certificate. */
export const Certified = meta.story({
  name: 'Certified',
  beforeEach: oneRecord({ deviceName: 'OptiXstar HG8145X6', status: 'Completed', isCertified: CERTIFIED_OK }),
  play: expectMenu('OptiXstar HG8145X6', [
    ['Start Certify', off],
    ['Edit', off],
    ['Download Results', on],
    ['Add Comments', on],
    ['Email Certificate', on],
    ['Download Certificate', on],
    ['Re-run Failed Cases', off],
    ['Cancel Run', off],
    ['New revision', on],
  ]),
})

/** Completed with Validation failure: results, no certificate, and Start Certify to try again. */
export const ValidationFailure = meta.story({
  name: 'Validation failure',
  beforeEach: oneRecord({ deviceName: 'ZXHN F670L', status: 'Completed', isCertified: VALIDATION_FAILURE }),
  play: expectMenu('ZXHN F670L', [
    ['Start Certify', on],
    ['Edit', off],
    ['Download Results', on],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', on],
    ['Cancel Run', off],
    ['New revision', on],
  ]),
})

/** Completed without a result: the run's report can still be downloaded; no certificate; Start Certify starts it again (decision 0041). */
export const CompletedWithoutResult = meta.story({
  name: 'Completed without result',
  beforeEach: oneRecord({ deviceName: 'ZXHN H298A', status: 'Completed', isCertified: '' }),
  play: expectMenu('ZXHN H298A', [
    ['Start Certify', on],
    ['Edit', off],
    ['Download Results', on],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', off],
    ['New revision', on],
  ]),
})

/** Cancelled: Start Certify starts it again; nothing to re-run or cancel. */
export const Cancelled = meta.story({
  name: 'Cancelled',
  beforeEach: oneRecord({ deviceName: 'Beacon 6', status: 'Cancelled' }),
  play: expectMenu('Beacon 6', [
    ['Start Certify', on],
    ['Edit', off],
    ['Download Results', off],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', off],
    ['New revision', on],
  ]),
})

/** An unknown status: only comments. */
export const UnknownStatus = meta.story({
  name: 'Unknown status',
  beforeEach: oneRecord({ deviceName: 'ZXV10 B866V2', status: 'Archived' }),
  play: expectMenu('ZXV10 B866V2', [
    ['Start Certify', off],
    ['Edit', off],
    ['Download Results', off],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', off],
    ['New revision', off],
  ]),
})

/** An unknown status that kept a Validation failure result: its results stay downloadable. */
export const UnknownStatusWithResult = meta.story({
  name: 'Unknown status with result',
  beforeEach: oneRecord({ deviceName: 'WiFi AX3', status: 'Archived', isCertified: VALIDATION_FAILURE }),
  play: expectMenu('WiFi AX3', [
    ['Start Certify', off],
    ['Edit', off],
    ['Download Results', on],
    ['Add Comments', on],
    ['Email Certificate', off],
    ['Download Certificate', off],
    ['Re-run Failed Cases', off],
    ['Cancel Run', off],
    ['New revision', off],
  ]),
})

/**
 * The keyboard: Enter opens the menu on its first item; the arrows reach the disabled ones too,
 * each read with its reason (docs/decisions/0035).
 */
export const KeyboardReachesDisabledItems = meta.story({
  name: 'Keyboard reaches disabled items',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({ portfolioManagerId: 'pm-k', deviceName: 'Lightspan FX-8', status: 'InProgress' }),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const trigger = canvas.getByRole('button', { name: 'Actions for Lightspan FX-8' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    await waitFor(() => expect(item('Start Certify')).toHaveFocus())
    await expect(item('Start Certify')).toHaveAccessibleDescription('A certification run is in progress.')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}')
    await expect(item('Email Certificate')).toHaveFocus()
    await expect(item('Email Certificate')).toHaveAccessibleDescription(
      'There is no certificate until the device is certified.',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})
