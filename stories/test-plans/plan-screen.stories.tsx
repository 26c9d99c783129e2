import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import { TEST_PLAN_DRAFT_DISCARDED_MESSAGE, testPlanPublishedMessage } from '@/contract/test-plans'
import { PlanAppliesTo } from '@/features/test-plans/components/plan-applies-to'
import { PlanCases } from '@/features/test-plans/components/plan-cases'
import { PlanChanges } from '@/features/test-plans/components/plan-changes'
import { PlanDraftActions } from '@/features/test-plans/components/plan-draft-actions'
import { PlanScreen } from '@/features/test-plans/components/plan-screen'
import { PlanVersions } from '@/features/test-plans/components/plan-versions'
import { loggedInAsLab } from '../support/session'
import { expectPageHeading } from '../support/page'
import { expectToast } from '../support/toasts'

/**
 * One test plan at /lab/test-plans/$planId: the fixture Wi-Fi Mesh Device plan, v1 (15 cases), v2
 * (17) and a draft of v3 (18), the devices it applies to, and the draft's controls (a Lab
 * manager's; a Lab engineer sees them disabled, with the reason).
 */

const MESH = '/lab/test-plans/plan-wifi-mesh'

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `One test plan at \`/lab/test-plans/$planId\`: its versions with their cases, the changes between two
versions, and the devices it applies to. A Lab manager drafts, publishes or discards the next
version, each asking first; a Lab engineer reads, the controls disabled with the reason.`

const meta = preview.meta({
  title: 'Lab/Test plans/Plan',
  subcomponents: { PlanScreen, PlanVersions, PlanCases, PlanChanges, PlanAppliesTo, PlanDraftActions },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: MESH },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAsLab('Lab manager'),
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function planReady(canvas: Canvas) {
  await expectPageHeading(canvas, 'Wi-Fi Mesh Device')
  return canvas.findByRole('navigation', { name: 'Versions' })
}

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent)
const caseNames = (canvas: Canvas) =>
  within(canvas.getByRole('region', { name: /^v\d/ }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-slot="case-name"]')?.textContent)

export const PlanWithVersions = meta.story({
  name: 'Plan with its versions',
  play: async ({ canvas, userEvent }) => {
    const versions = await planReady(canvas)
    await expect(texts(within(versions).getAllByRole('link'))).toEqual([
      'v3 (draft)Not published(shown)Drafted 18 Nov 2026, 14:20 by Lena Lab18 cases · 0 runs',
      'v2Published 15 Oct 2026, 09:00 by Lena Lab17 cases · 41 runs',
      'v1Published 1 Sep 2026, 08:30 by Lena Lab15 cases · 23 runs',
    ])
    await expect(canvas.getByRole('heading', { level: 2, name: 'v3 (draft) · 18 cases' })).toBeVisible()
    await userEvent.click(within(versions).getByRole('link', { name: /^v1/ }))
    await expect(await canvas.findByRole('heading', { level: 2, name: 'v1 · 15 cases' })).toBeVisible()
    const names = caseNames(canvas)
    await expect(names.slice(0, 3)).toEqual([
      'Boot and provisioning',
      'Firmware upgrade and rollback',
      'Security baseline (open ports, default credentials, TLS)',
    ])
    await expect(names).toHaveLength(15)
    const first = within(canvas.getByRole('region', { name: 'v1 · 15 cases' })).getAllByRole('listitem')[0]!
    await expect(within(first).getByText('Firmware-sensitive')).toBeVisible()
    await expect(within(first).getByText('Product classes: Every class')).toBeVisible()
    const applies = canvas.getByRole('region', { name: 'Applies to' })
    await expect(within(applies).getByText('6 records of 3 organizations')).toBeVisible()
    await expect(
      within(applies)
        .getAllByRole('row')
        .slice(1, 3)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      [
        'Beacon 10',
        'Vendor: Nokia',
        'Product class: Wi-Fi 6E Mesh',
        'Organization: Nokia Solutions and Networks',
      ],
      [
        'Beacon 24',
        'Vendor: Nokia',
        'Product class: Wi-Fi 7 Mesh',
        'Organization: Nokia Solutions and Networks',
      ],
    ])
  },
})

export const VersionDiff = meta.story({
  name: 'Compare v2 with v1',
  parameters: { router: { app: true, url: `${MESH}?version=2&view=changes` } },
  play: async ({ canvas }) => {
    await planReady(canvas)
    const changes = await canvas.findByRole('region', { name: 'Changes from v1 to v2' })
    await expect(texts(within(changes).getAllByRole('listitem'))).toEqual([
      'Changed: “Band steering”: now firmware-sensitive',
      'Changed: “Wi-Fi throughput 6 GHz”: product classes Wi-Fi 6E Mesh → Wi-Fi 6E Mesh, Wi-Fi 7 Mesh',
      'Added: “6 GHz dedicated backhaul”',
      'Added: “Multi-link operation (802.11be) backhaul”',
    ])
    await expect(canvas.getByRole('button', { name: 'Compare with previous' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
})

export const DraftDiff = meta.story({
  name: 'Compare the draft with v2',
  play: async ({ canvas, userEvent }) => {
    await planReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Compare with previous' }))
    const changes = await canvas.findByRole('region', { name: 'Changes from v2 to v3 (draft)' })
    await expect(texts(within(changes).getAllByRole('listitem'))).toEqual([
      'Moved: “TR-369 (USP) agent and controller”: position 13 → 4',
      'Changed: “WPA3 and WPA2 transition mode”: description changed',
      'Added: “320 MHz channels and 4096-QAM”',
    ])
  },
})

export const EngineerReadOnly = meta.story({
  name: 'Lab engineer reads the plan',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas }) => {
    await planReady(canvas)
    for (const name of ['Continue draft of v3', 'Publish v3', 'Discard draft']) {
      const button = canvas.getByRole('button', { name })
      await expect(button).toBeDisabled()
      await expect(button).toHaveAccessibleDescription(`${LAB_MANAGER_ONLY_MESSAGE} Ask a Lab manager.`)
    }
    await expect(canvas.getByText(LAB_MANAGER_ONLY_MESSAGE)).toBeVisible()
  },
})

export const PublishDialog = meta.story({
  name: 'Publish asks first',
  play: async ({ canvas, userEvent }) => {
    await planReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Publish v3' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Wi-Fi Mesh Device v3?' })
    await expect(dialog).toHaveAccessibleDescription(
      'Runs started from now on use v3; runs already started keep theirs.',
    )
    // The dialog fades in.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Not yet' })).toBeVisible())
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Publish v3' })).toBeVisible())
  },
})

export const Publish = meta.story({
  name: 'Publish the draft',
  play: async ({ canvas, userEvent }) => {
    await planReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Publish v3' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Wi-Fi Mesh Device v3?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish v3' }))
    await expectToast(testPlanPublishedMessage('Wi-Fi Mesh Device', 3), 'success')
    await expect(await canvas.findByRole('button', { name: 'Draft next version' })).toBeEnabled()
    await expect(canvas.getByRole('heading', { level: 2, name: 'v3 · 18 cases' })).toBeVisible()
    await expect(canvas.getByText('v3 · 18 cases', { selector: 'dd' })).toBeVisible()
  },
})

export const Discard = meta.story({
  name: 'Discard the draft',
  play: async ({ canvas, userEvent }) => {
    await planReady(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Discard draft' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard the draft of v3?' })
    await expect(dialog).toHaveAccessibleDescription(
      'Its cases are deleted. v2 stays the plan’s current version.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }))
    await expectToast(TEST_PLAN_DRAFT_DISCARDED_MESSAGE, 'success')
    await expect(await canvas.findByRole('heading', { level: 2, name: 'v2 · 17 cases' })).toBeVisible()
    await waitFor(() => expect(canvas.queryByRole('link', { name: /^v3/ })).toBeNull())
  },
})

export const PlanOnPhone = meta.story({
  name: 'Plan on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await planReady(canvas)
    await expect(canvas.getByRole('heading', { level: 2, name: 'v3 (draft) · 18 cases' })).toBeVisible()
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})

export const DiffOnPhone = meta.story({
  name: 'Changes on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { router: { app: true, url: `${MESH}?view=changes` } },
  play: async ({ canvas, canvasElement }) => {
    await planReady(canvas)
    await expect(await canvas.findByRole('region', { name: 'Changes from v2 to v3 (draft)' })).toBeVisible()
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})
