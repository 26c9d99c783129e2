import preview from '#.storybook/preview'
import type { RequestHandler } from 'msw'
import { expect, fireEvent, screen, waitFor, within } from 'storybook/test'
import type { Role } from '@/contract/roles'
import { nokiaMember } from '@/mocks/fixtures/roles'
import { loggedInAs } from '../support/session'
import {
  answerWorldRecords,
  type Canvas,
  chooseAction,
  dashboardReady,
  dashboardAt,
  openActions,
  rowOf,
  type UserEvent,
  WORLD,
} from './dashboard-steps'
import { RecordActionsMenu } from '@/features/dashboard/components/record-actions-menu'
import { DashboardSearch } from '@/features/dashboard/components/dashboard-controls'
import { CommentsDialog } from '@/features/certification/components/comments-dialog'

/**
 * docs/decisions/0023: the dashboard as each role of an organization sees it, logged
 * in as the fixture vendor Nokia with the login answer's role. An Owner (and a login answer without
 * a role) and an Engineer see the specification's dashboard, unchanged. A Viewer reads everything
 * (rows, run details, results, comments) and changes nothing: Register Product, and each menu item
 * the record's rules allow but the role does not, stay listed, disabled, with the role's reason
 * (the server's 403 message) and 'Ask an Owner of your organization for another role.'; a refused
 * menu item is reached with the arrow keys and read with its reason. The spec's rules come first:
 * what they disable says nothing about the role.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The dashboard as each role of an organization sees it. An Owner and an Engineer get the whole
dashboard. A Viewer reads everything (rows, run details, results, comments) and changes nothing:
Register Product and each menu item the role does not allow stay listed but disabled, with the
reason and 'Ask an Owner of your organization for another role.' The record's own rules come first;
what they disable says nothing about the role.`

const meta = preview.meta({
  title: 'Dashboard/Roles',
  subcomponents: { RecordActionsMenu, DashboardSearch, CommentsDialog },
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  render: () => <></>,
})

const RUNS = 'Your role in this organization does not allow starting or cancelling certification runs.'
const PORTFOLIO = 'Your role in this organization does not allow submitting, editing or deleting devices.'
const CERTIFICATE = 'Your role in this organization does not allow sending certificates.'
const COMMENT = 'Your role in this organization does not allow adding comments.'
const HINT = 'Ask an Owner of your organization for another role.'

const { submitted, inProgress, certified, certifiedWithComments, validationFailure } = WORLD
const ROWS = [submitted, inProgress, certified, certifiedWithComments, validationFailure].map(({ id }) => id)

/** Logged in as a member of Nokia's organization in this role, the list answering these records. */
const memberWith =
  (role: Role, ...ids: string[]) =>
  ({ msw }: { msw: { use: (...handlers: RequestHandler[]) => void } }) => {
    msw.use(answerWorldRecords(...ids))
    return loggedInAs('v-nokia', nokiaMember(role))()
  }

type ItemState = 'enabled' | 'disabled' | 'refused'
type Item = [name: string, state: ItemState]

/**
 * The menu's items in order: enabled; disabled by the record's rules (with the state's reason);
 * or refused by the role (aria-disabled, focusable, described by its reason and the hint).
 */
function menuItemStates(menu: HTMLElement): Item[] {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => {
      const disabled = item.getAttribute('aria-disabled') === 'true'
      const refused = item.hasAttribute('data-refused')
      return [item.textContent?.trim() ?? '', refused ? 'refused' : disabled ? 'disabled' : 'enabled']
    })
}

/** The visible lines under a menu's items: each refusal once, then the hint. */
const refusalLines = (menu: HTMLElement) =>
  [...menu.querySelectorAll('[data-slot="menu-refusals"] p')].map((line) => line.textContent)

/** Opens the record's menu with the keyboard (its button focused, Enter): the first item takes the focus. */
async function openWithKeyboard(canvas: Canvas, userEvent: UserEvent, deviceName: string) {
  const trigger = await canvas.findByRole('button', { name: `Actions for ${deviceName}` })
  trigger.focus()
  await userEvent.keyboard('{Enter}')
  const menu = await screen.findByRole('menu')
  await waitFor(() => expect(menu).toBeVisible())
  return { trigger, menu }
}

/** Closes the menu with Escape (the focus goes back to its button) and opens it again for the reviewer. */
async function reopen(userEvent: UserEvent, trigger: HTMLElement) {
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  await waitFor(() => expect(trigger).toHaveFocus())
  await userEvent.click(trigger)
  await screen.findByRole('menu')
}

const SUBMITTED_MENU: Item[] = [
  ['Start Certify', 'enabled'],
  ['Edit', 'enabled'],
  ['Delete', 'enabled'],
  ['Download Results', 'disabled'],
  ['Add Comments', 'enabled'],
  ['Email Certificate', 'disabled'],
  ['Download Certificate', 'disabled'],
  ['Re-run Failed Cases', 'disabled'],
  ['Cancel Run', 'disabled'],
  ['New revision', 'disabled'],
]

const CERTIFIED_MENU: Item[] = [
  ['Start Certify', 'disabled'],
  ['Edit', 'disabled'],
  ['Download Results', 'enabled'],
  ['Add Comments', 'enabled'],
  ['Email Certificate', 'enabled'],
  ['Download Certificate', 'enabled'],
  ['Re-run Failed Cases', 'disabled'],
  ['Cancel Run', 'disabled'],
  ['New revision', 'enabled'],
]

/** The dashboard of a role that may change things: Register Product leads to the form, no reason anywhere. */
const expectFullDashboard = async ({ canvas }: { canvas: Canvas }) => {
  await dashboardReady(canvas)
  await expect(canvas.getByText('5 of 5 records')).toBeVisible()
  const register = canvas.getByRole('link', { name: 'Register Product' })
  await expect(register).toHaveAttribute('href', '/portfolio?portfolio=device-portfolio')
  await expect(register).not.toHaveAttribute('aria-disabled')
  await expect(canvas.queryByText(/^Your role in this organization/)).toBeNull()
  await expect(canvas.queryByText(HINT)).toBeNull()
}

/** The menu of a role that may change things: the spec's rules alone, no lock, no reason. */
const expectMenuAsSpec =
  (deviceName: string, expected: Item[]) =>
  async ({ canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent }) => {
    await dashboardReady(canvas)
    const { trigger, menu } = await openActions(canvas, userEvent, deviceName)
    await expect(menuItemStates(menu)).toEqual(expected)
    await expect(menu.querySelector('[data-slot="menu-refusals"]')).toBeNull()
    await expect(menu.querySelector('svg.lucide-lock')).toBeNull()
    // No role refusal: a disabled item is described by the record's reason only (docs/decisions/0035).
    const reasons = menu.querySelector('[data-slot="menu-reasons"]')
    for (const item of within(menu).getAllByRole('menuitem'))
      if (item.getAttribute('aria-disabled') === 'true') {
        const description = item.getAttribute('aria-describedby') ?? ''
        await expect(reasons?.querySelector(`[id="${description}"]`)).not.toBeNull()
      } else await expect(item).not.toHaveAccessibleDescription()
    await reopen(userEvent, trigger)
  }

/** Owner: the specification's dashboard; Register Product opens the form. */
export const OwnerDashboard = meta.story({
  name: 'Owner dashboard',
  beforeEach: memberWith('Owner', ...ROWS),
  play: expectFullDashboard,
})

/** Engineer: the same dashboard as an Owner's. */
export const EngineerDashboard = meta.story({
  name: 'Engineer dashboard',
  beforeEach: memberWith('Engineer', ...ROWS),
  play: expectFullDashboard,
})

/**
 * Viewer: every row, card and filter, and the run details of a selected row; Register Product is
 * disabled (reachable with Tab, it goes nowhere) with the reason and the hint under the search.
 */
export const ViewerDashboard = meta.story({
  name: 'Viewer dashboard',
  beforeEach: memberWith('Viewer', ...ROWS),
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expect(canvas.getByText('5 of 5 records')).toBeVisible()
    await expect(canvas.queryByRole('link', { name: 'Register Product' })).toBeNull()
    const register = canvas.getByRole('button', { name: 'Register Product' })
    await expect(register).toHaveAttribute('aria-disabled', 'true')
    await expect(register).toHaveAccessibleDescription(`${PORTFOLIO} ${HINT}`)
    await expect(canvas.getByText(PORTFOLIO)).toBeVisible()
    await expect(canvas.getByText(HINT)).toBeVisible()
    // Reached from the sync icon with Tab; Enter and a click leave the dashboard where it is.
    canvas.getByRole('button', { name: 'Reload records' }).focus()
    await userEvent.tab()
    await expect(register).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(register)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    // A Viewer reads the run details of a record.
    const row = rowOf(canvas, certified.name)
    await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement)
    const run = await canvas.findByRole('region', { name: `Certification run · ${certified.name}` })
    await expect(await within(run).findByText('Certified · 8 of 8 test cases passed')).toBeVisible()
  },
})

/** Viewer, a record without a run: the run details say who starts runs, not to use Start Certify. */
export const ViewerNoRunYet = meta.story({
  name: 'Viewer no run yet',
  beforeEach: memberWith('Viewer', submitted.id),
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const row = rowOf(canvas, submitted.name)
    await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement)
    const run = await canvas.findByRole('region', { name: `Certification run · ${submitted.name}` })
    await expect(
      await within(run).findByText(
        'No certification run yet. Its runs show here when an Engineer or an Owner of your organization starts one.',
      ),
    ).toBeVisible()
    await expect(within(run).queryByText(/Start Certify/)).toBeNull()
  },
})

/** Owner, a Submitted record: the spec's menu (Start Certify, Edit, Delete). */
export const OwnerMenuSubmitted = meta.story({
  name: 'Owner menu submitted',
  beforeEach: memberWith('Owner', submitted.id, certified.id),
  play: expectMenuAsSpec(submitted.name, SUBMITTED_MENU),
})

/** Owner, a Certified record: the spec's menu (results and the certificate). */
export const OwnerMenuCertified = meta.story({
  name: 'Owner menu certified',
  beforeEach: memberWith('Owner', submitted.id, certified.id),
  play: expectMenuAsSpec(certified.name, CERTIFIED_MENU),
})

/** Engineer, a Submitted record: as an Owner's. */
export const EngineerMenuSubmitted = meta.story({
  name: 'Engineer menu submitted',
  beforeEach: memberWith('Engineer', submitted.id, certified.id),
  play: expectMenuAsSpec(submitted.name, SUBMITTED_MENU),
})

/** Engineer, a Certified record: as an Owner's. */
export const EngineerMenuCertified = meta.story({
  name: 'Engineer menu certified',
  beforeEach: memberWith('Engineer', submitted.id, certified.id),
  play: expectMenuAsSpec(certified.name, CERTIFIED_MENU),
})

/**
 * Viewer, a Submitted record: Start Certify, Edit and Delete refused, each with a lock, the two
 * reasons once under the items with the hint; Download Results and Email Certificate stay
 * disabled by the record's rules, each with the state's reason (docs/decisions/0035). With the keyboard, the refused items take the
 * focus and are read with their reason; Enter on one does nothing.
 */
export const ViewerMenuSubmitted = meta.story({
  name: 'Viewer menu submitted',
  beforeEach: memberWith('Viewer', submitted.id, certified.id),
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const { trigger, menu } = await openWithKeyboard(canvas, userEvent, submitted.name)
    await expect(menuItemStates(menu)).toEqual([
      ['Start Certify', 'refused'],
      ['Edit', 'refused'],
      ['Delete', 'refused'],
      ['Download Results', 'disabled'],
      ['Add Comments', 'enabled'],
      ['Email Certificate', 'disabled'],
      ['Download Certificate', 'disabled'],
      ['Re-run Failed Cases', 'disabled'],
      ['Cancel Run', 'disabled'],
      ['New revision', 'disabled'],
    ])
    await expect(refusalLines(menu)).toEqual([RUNS, PORTFOLIO, HINT])
    for (const line of within(menu).getAllByText(/^Your role in this organization|^Ask an Owner/))
      await expect(line).toBeVisible()
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    await expect(item('Start Certify')).toHaveFocus()
    await expect(item('Start Certify')).toHaveAccessibleDescription(`${RUNS} ${HINT}`)
    await userEvent.keyboard('{ArrowDown}')
    await expect(item('Edit')).toHaveFocus()
    await expect(item('Edit')).toHaveAccessibleDescription(`${PORTFOLIO} ${HINT}`)
    // Enter on a refused item: nothing happens, the menu stays open on it.
    await userEvent.keyboard('{Enter}')
    await expect(screen.getByRole('menu')).toBeVisible()
    await expect(item('Edit')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(item('Delete')).toHaveAccessibleDescription(`${PORTFOLIO} ${HINT}`)
    // Download Results is disabled by the record's state: reached too, and read with that reason.
    await userEvent.keyboard('{ArrowDown}')
    await expect(item('Download Results')).toHaveFocus()
    await expect(item('Download Results')).toHaveAccessibleDescription(
      'There are no results until a certification run has ended.',
    )
    await expect(item('Email Certificate')).toHaveAccessibleDescription(
      'There is no certificate until the device is certified.',
    )
    // A click on a refused item does nothing either.
    fireEvent.click(item('Delete'))
    await expect(screen.getByRole('menu')).toBeVisible()
    await expect(screen.queryByRole('alertdialog')).toBeNull()
    await reopen(userEvent, trigger)
  },
})

/** Viewer, a Certified record: Download Results and Add Comments as for everyone; Email Certificate refused. */
export const ViewerMenuCertified = meta.story({
  name: 'Viewer menu certified',
  beforeEach: memberWith('Viewer', submitted.id, certified.id),
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const { trigger, menu } = await openWithKeyboard(canvas, userEvent, certified.name)
    await expect(menuItemStates(menu)).toEqual([
      ['Start Certify', 'disabled'],
      ['Edit', 'disabled'],
      ['Download Results', 'enabled'],
      ['Add Comments', 'enabled'],
      ['Email Certificate', 'refused'],
      ['Download Certificate', 'enabled'],
      ['Re-run Failed Cases', 'disabled'],
      ['Cancel Run', 'disabled'],
      ['New revision', 'refused'],
    ])
    // New revision (docs/decisions/0033) is refused as Edit is.
    await expect(refusalLines(menu)).toEqual([CERTIFICATE, PORTFOLIO, HINT])
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    // The disabled Start Certify and Edit are reached too, read with the state's reason.
    await expect(item('Start Certify')).toHaveFocus()
    await expect(item('Start Certify')).toHaveAccessibleDescription('The device is already certified.')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}')
    await expect(item('Email Certificate')).toHaveFocus()
    await expect(item('Email Certificate')).toHaveAccessibleDescription(`${CERTIFICATE} ${HINT}`)
    await userEvent.keyboard('{Enter}')
    await expect(screen.getByRole('menu')).toBeVisible()
    await reopen(userEvent, trigger)
  },
})

/** Viewer: Add Comments opens the record's comments to read; the box and Add comment are disabled, with the reason. */
export const ViewerComments = meta.story({
  name: 'Viewer comments',
  beforeEach: memberWith('Viewer', certifiedWithComments.id),
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certifiedWithComments.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    const list = await within(dialog).findByRole('list', { name: 'Comments' })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    const field = within(dialog).getByRole('textbox', { name: 'New comment' })
    await expect(field).toBeDisabled()
    await expect(field).toHaveAccessibleDescription(`${COMMENT} ${HINT}`)
    const add = within(dialog).getByRole('button', { name: 'Add comment' })
    await expect(add).toBeDisabled()
    await expect(add).toHaveAccessibleDescription(`${COMMENT} ${HINT}`)
    await waitFor(() => expect(within(dialog).getByText(COMMENT)).toBeVisible())
    await expect(within(dialog).getByText(HINT)).toBeVisible()
  },
})

/** Engineer: the comments box as the specification's dialog has it, with its character count. */
export const EngineerComments = meta.story({
  name: 'Engineer comments',
  beforeEach: memberWith('Engineer', certifiedWithComments.id),
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certifiedWithComments.name, 'Add Comments')
    const dialog = await screen.findByRole('dialog', { name: 'Comments' })
    const field = within(dialog).getByRole('textbox', { name: 'New comment' })
    await expect(field).toBeEnabled()
    await expect(within(dialog).getByRole('button', { name: 'Add comment' })).toBeEnabled()
    await expect(within(dialog).queryByText(COMMENT)).toBeNull()
    // Visible once the dialog's opening fade has begun (opacity 0 at its very start).
    await waitFor(() => expect(within(dialog).getByText('0 of 500 characters')).toBeVisible())
  },
})
