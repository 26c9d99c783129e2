import preview from '#.storybook/preview'
import { http, HttpResponse } from 'msw'
import { expect, screen, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import { PLAN_NO_CASES_MESSAGE, TEST_PLAN_DRAFT_SAVED_MESSAGE } from '@/contract/test-plans'
import { endpointUrl } from '@/mocks/mock-endpoint'
import { DraftCaseFields } from '@/features/test-plans/components/draft-case-fields'
import { DraftEditor } from '@/features/test-plans/components/draft-editor'
import { loggedInAsLab } from '../support/session'
import { expectPageHeading } from '../support/page'
import { expectToast } from '../support/toasts'

/**
 * A Lab manager drafts a plan's next version on the plan page: the Generic device plan (no product
 * classes) taken down to nearly nothing, the ONT plan's draft refused by the editor's check and by
 * the server, and the Wi-Fi Mesh Device plan's saved draft continued on a phone.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `A Lab manager drafting a plan's next version on the plan page: adding, moving and removing cases and
limiting them to product classes, the editor's own check and the server's refusal, Cancel asking
before it discards changes, and a saved draft continued on a phone.`

const meta = preview.meta({
  title: 'Lab/Test plans/Draft editor',
  subcomponents: { DraftEditor, DraftCaseFields },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab/test-plans/plan-ont' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAsLab('Lab manager'),
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

type User = { click: (element: Element) => Promise<void> }

async function openEditor(canvas: Canvas, user: User, heading: string, button: string) {
  await expectPageHeading(canvas, heading)
  await canvas.findByRole('navigation', { name: 'Versions' })
  await user.click(canvas.getByRole('button', { name: button }))
  return canvas.findByRole('form', { name: /^Draft of v\d+$/ })
}

const nameInputs = (editor: HTMLElement) => within(editor).getAllByRole('textbox', { name: 'Name' })

export const NearlyEmpty = meta.story({
  name: 'Draft from nearly nothing (Generic device)',
  parameters: { router: { app: true, url: '/lab/test-plans/plan-generic' } },
  play: async ({ canvas, userEvent }) => {
    const editor = await openEditor(canvas, userEvent, 'Generic device', 'Draft next version')
    await expect(nameInputs(editor)).toHaveLength(7)
    await expect(within(editor).queryByRole('group', { name: 'Limited to product classes' })).toBeNull()
    while (within(editor).queryAllByRole('button', { name: /^Remove: / }).length > 0) {
      await userEvent.click(within(editor).getAllByRole('button', { name: /^Remove: / })[0]!)
    }
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }))
    await expect(await within(editor).findByText(PLAN_NO_CASES_MESSAGE)).toBeVisible()
    await userEvent.click(within(editor).getByRole('button', { name: 'Add case' }))
    const name = nameInputs(editor)[0]!
    await waitFor(() => expect(name).toHaveFocus())
    await userEvent.type(name, 'Boot and provisioning')
    await expect(name).toHaveAccessibleDescription('21 / 120 characters')
    await userEvent.click(within(editor).getByRole('checkbox', { name: /^Firmware-sensitive/ }))
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }))
    await expectToast(TEST_PLAN_DRAFT_SAVED_MESSAGE, 'success')
    const changes = await canvas.findByRole('region', { name: 'Changes from v1 to v2 (draft)' })
    await expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Changed: “Boot and provisioning”: description changed',
      'Removed: “Firmware upgrade and rollback”',
      'Removed: “Security baseline (open ports, default credentials, TLS)”',
      'Removed: “Ethernet connectivity”',
      'Removed: “IPv6 dual stack”',
      'Removed: “Remote management (TR-069 or TR-369)”',
      'Removed: “Power cycle and configuration persistence”',
    ])
  },
})

export const ValidationRefusal = meta.story({
  name: 'The editor’s check refuses the draft (ONT)',
  play: async ({ canvas, userEvent }) => {
    const editor = await openEditor(canvas, userEvent, 'ONT', 'Draft next version')
    await expect(nameInputs(editor)).toHaveLength(14)
    await userEvent.click(within(editor).getByRole('button', { name: 'Add case' }))
    const added = nameInputs(editor)[14]!
    await waitFor(() => expect(added).toHaveFocus())
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }))
    await expect(await within(editor).findByRole('alert')).toHaveTextContent('Case 15: the name is required.')
    await waitFor(() => expect(added).toHaveFocus())
    await userEvent.type(added, 'dying gasp')
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }))
    await waitFor(() =>
      expect(within(editor).getByRole('alert')).toHaveTextContent(
        'Case 15: “dying gasp” is already a case of this plan.',
      ),
    )
  },
})

export const ServerRefusal = meta.story({
  name: 'The server refuses the draft (ONT)',
  beforeEach({ msw }) {
    msw.use(
      http.post(endpointUrl(endpoints.labSaveTestPlanDraft), () =>
        HttpResponse.json(
          {
            message: 'Case 2: “XGS-PON” is not a product class of this plan.',
            field: 'cases[1].productClasses',
          },
          { status: 400 },
        ),
      ),
    )
  },
  play: async ({ canvas, userEvent }) => {
    const editor = await openEditor(canvas, userEvent, 'ONT', 'Draft next version')
    const second = within(editor).getByRole('group', { name: 'Case 2' })
    await userEvent.click(within(second).getByRole('checkbox', { name: 'XGS-PON' }))
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }))
    await waitFor(() =>
      expect(within(editor).getByRole('alert')).toHaveTextContent(
        'Case 2: “XGS-PON” is not a product class of this plan.',
      ),
    )
    await waitFor(() => expect(nameInputs(editor)[1]).toHaveFocus())
    await expect(canvas.getByRole('form', { name: 'Draft of v2' })).toBeVisible()
  },
})

export const MoveAndCancel = meta.story({
  name: 'Move a case, then Cancel asks first (ONT)',
  play: async ({ canvas, userEvent }) => {
    const editor = await openEditor(canvas, userEvent, 'ONT', 'Draft next version')
    await userEvent.click(within(editor).getByRole('button', { name: 'Move down: Boot and provisioning' }))
    await expect(
      nameInputs(editor)
        .slice(0, 2)
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Firmware upgrade and rollback', 'Boot and provisioning'])
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: 'Move down: Boot and provisioning' })).toHaveFocus(),
    )
    await userEvent.click(within(editor).getByRole('button', { name: 'Cancel' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }))
    await expect(await canvas.findByRole('button', { name: 'Draft next version' })).toBeVisible()
    await expect(canvas.queryByRole('form')).toBeNull()
  },
})

export const ContinueOnPhone = meta.story({
  name: 'Continue the saved draft on a phone (Wi-Fi Mesh Device)',
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { router: { app: true, url: '/lab/test-plans/plan-wifi-mesh' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const editor = await openEditor(canvas, userEvent, 'Wi-Fi Mesh Device', 'Continue draft of v3')
    await expect(nameInputs(editor)).toHaveLength(18)
    const fourth = within(editor).getByRole('group', { name: 'Case 4' })
    await expect(within(fourth).getByRole('textbox', { name: 'Name' })).toHaveValue(
      'TR-369 (USP) agent and controller',
    )
    await expect(within(fourth).getByRole('checkbox', { name: /^Firmware-sensitive/ })).toBeChecked()
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})
