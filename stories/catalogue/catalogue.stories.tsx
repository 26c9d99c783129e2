import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import {
  catalogueEntryApprovedMessage,
  catalogueEntryDeclinedMessage,
  catalogueEntryMappedMessage,
  manufacturerApprovedMessage,
} from '@/contract/catalogue-review'
import { LAB_MANAGER_ONLY_MESSAGE } from '@/contract/lab'
import { CatalogueList } from '@/features/catalogue/components/catalogue-list'
import { CatalogueScreen } from '@/features/catalogue/components/catalogue-screen'
import { ManufacturerApproval } from '@/features/catalogue/components/manufacturer-approval'
import { ReviewQueue } from '@/features/catalogue/components/review-queue'
import { world } from '@/mocks/fixtures/world'
import { loggedInAsLab } from '../support/session'
import { expectPageHeading } from '../support/page'
import { expectToast } from '../support/toasts'
import { ApproveDialog, DeclineDialog, MapDialog } from '@/features/catalogue/components/decision-dialogs'

/**
 * The programme's catalogue at /lab/catalogue (docs/decisions/0034), over the fixture world:
 * the seeded catalogue, MeshWave's additions awaiting review (Deco X60 with its new type Mesh
 * Node, and the spelling Deco-X50) and Nokia's Beacon 7, and Nokia's decided additions. A Lab
 * manager approves, maps and declines in dialogs and approves an organization as a manufacturer;
 * a Lab engineer reads.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The programme's catalogue at \`/lab/catalogue\`: the device names, types and classes vendors choose
from, and the additions vendors made with 'Add New …' awaiting review. A Lab manager approves, maps
an addition to an existing entry or declines it with a reason, and approves an organization as a
manufacturer; a Lab engineer reads.`

const meta = preview.meta({
  title: 'Lab/Catalogue',
  subcomponents: {
    CatalogueScreen,
    ReviewQueue,
    ManufacturerApproval,
    CatalogueList,
    ApproveDialog,
    MapDialog,
    DeclineDialog,
  },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab/catalogue' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAsLab('Lab manager'),
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function queueReady(canvas: Canvas) {
  await expectPageHeading(canvas, 'Catalogue')
  return canvas.findByRole('list', { name: 'Additions awaiting review' })
}

const items = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.text-body')?.textContent)

export const Queue = meta.story({
  name: 'Review queue (Lab manager)',
  play: async ({ canvas }) => {
    const queue = await queueReady(canvas)
    await expect(canvas.getByRole('heading', { level: 2, name: 'Review queue (4)' })).toBeVisible()
    await expect(items(queue)).toEqual([
      'Deco X60 by TP-Link',
      'Mesh Node of Deco X60',
      'Deco-X50 by TP-Link',
      'Beacon 7 by Nokia',
    ])
    await expect(within(queue).getAllByRole('listitem')[0]).toHaveTextContent(
      'Added by MeshWave Networks · 18 Nov 2026, 09:30',
    )
    await expect(within(queue).getByRole('button', { name: 'Approve Deco X60' })).toBeEnabled()
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'An organization as a manufacturer' }),
    ).toBeVisible()
  },
})

export const QueueEmpty = meta.story({
  name: 'Review queue, empty',
  beforeEach: () => {
    for (const entry of world.catalogueReview.entries)
      if (entry.review?.state === 'pending')
        entry.review = { ...entry.review, state: 'approved', decidedBy: 'Lena Lab' }
  },
  play: async ({ canvas }) => {
    await expectPageHeading(canvas, 'Catalogue')
    await expect(await canvas.findByText('No additions await review.')).toBeVisible()
    await expect(canvas.getByRole('heading', { level: 2, name: 'Review queue (0)' })).toBeVisible()
  },
})

export const Approve = meta.story({
  name: 'Approve an addition',
  play: async ({ canvas, userEvent }) => {
    const queue = await queueReady(canvas)
    await userEvent.click(within(queue).getByRole('button', { name: 'Approve Deco X60' }))
    const dialog = await screen.findByRole('dialog', { name: 'Approve “Deco X60”?' })
    await expect(dialog).toHaveAccessibleDescription(
      'Device name “Deco X60” by TP-Link, added by MeshWave Networks. Every organization’s portfolio form will offer it.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await expectToast(catalogueEntryApprovedMessage('Deco X60'), 'success')
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 2, name: 'Review queue (3)' })).toBeVisible(),
    )
  },
})

export const MapWithError = meta.story({
  name: 'Map an addition, refused until an entry is chosen',
  play: async ({ canvas, userEvent }) => {
    const queue = await queueReady(canvas)
    await userEvent.click(within(queue).getByRole('button', { name: 'Map Deco-X50' }))
    const dialog = await screen.findByRole('dialog', { name: 'Map “Deco-X50” onto an existing entry' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Map' }))
    await waitFor(() => expect(within(dialog).getByText('Existing entry is required.')).toBeVisible())
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Existing entry/ })).toHaveFocus(),
    )
  },
})

export const Map = meta.story({
  name: 'Map an addition onto the catalogue’s entry',
  play: async ({ canvas, userEvent }) => {
    const queue = await queueReady(canvas)
    await userEvent.click(within(queue).getByRole('button', { name: 'Map Deco-X50' }))
    const dialog = await screen.findByRole('dialog', { name: 'Map “Deco-X50” onto an existing entry' })
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Existing entry/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Deco X50' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Map' }))
    await expectToast(catalogueEntryMappedMessage('Deco-X50', 'Deco X50'), 'success')
  },
})

export const DeclineWithError = meta.story({
  name: 'Decline an addition, refused without a reason',
  play: async ({ canvas, userEvent }) => {
    const queue = await queueReady(canvas)
    await userEvent.click(within(queue).getByRole('button', { name: 'Decline Beacon 7' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline “Beacon 7”' })
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ })
    await waitFor(() => expect(reason).toHaveFocus())
    await userEvent.type(reason, '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(within(dialog).getByText('Reason is required.')).toBeVisible())
    await expect(reason).toHaveAttribute('aria-invalid', 'true')
  },
})

export const Decline = meta.story({
  name: 'Decline an addition with a reason',
  play: async ({ canvas, userEvent }) => {
    const queue = await queueReady(canvas)
    await userEvent.click(within(queue).getByRole('button', { name: 'Decline Beacon 7' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline “Beacon 7”' })
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Beacon 7 is not announced yet.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await expectToast(catalogueEntryDeclinedMessage('Beacon 7'), 'success')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})

export const Manufacturer = meta.story({
  name: 'Approve an organization as a manufacturer',
  play: async ({ canvas, userEvent }) => {
    await queueReady(canvas)
    const form = canvas.getByRole('form', { name: 'An organization as a manufacturer' })
    await userEvent.click(within(form).getByRole('button', { name: /Approve as manufacturer/ }))
    await expect(await within(form).findByText('Choose the organization to approve.')).toBeVisible()
    await userEvent.click(within(form).getByRole('combobox', { name: /Organization/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'MeshWave Networks' }))
    await userEvent.click(within(form).getByRole('button', { name: /Approve as manufacturer/ }))
    await expectToast(manufacturerApprovedMessage('MeshWave Networks'), 'success')
  },
})

export const EngineerReads = meta.story({
  name: 'Read-only for a Lab engineer',
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas }) => {
    const queue = await queueReady(canvas)
    await expect(within(queue).queryAllByRole('button')).toEqual([])
    await expect(
      canvas.getByText(new RegExp(LAB_MANAGER_ONLY_MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
    ).toBeVisible()
    await expect(canvas.queryByRole('form', { name: 'An organization as a manufacturer' })).toBeNull()
  },
})

export const Search = meta.story({
  name: 'The catalogue, searched and filtered',
  play: async ({ canvas, userEvent }) => {
    await queueReady(canvas)
    const table = canvas.getByRole('table', { name: 'Catalogue entries' })
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search the catalogue' }), 'declined{Enter}')
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.querySelector('th')?.textContent),
      ).toEqual(['Beacon Test 1']),
    )
    await expect(canvas.getByText('1 entry')).toBeVisible()
  },
})

export const OnPhone = meta.story({
  name: 'Catalogue on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await queueReady(canvas)
    await expect(canvas.queryByRole('table')).toBeNull()
    await expect(canvas.getByRole('list', { name: 'Catalogue entries' })).toBeVisible()
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})
