import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import { additionNotice } from '@/contract/catalogue-review'
import { CatalogueAdditionsList } from '@/features/portfolio/components/catalogue-additions-list'
import { AdditionNotice } from '@/features/portfolio/components/addition-notice'
import { DECLINE_REASON_FIXTURE } from '@/mocks/fixtures/catalogue-review'
import { nokiaMember } from '@/mocks/fixtures/roles'
import { world } from '@/mocks/fixtures/world'
import { loggedInAs } from '../support/session'

/**
 * A vendor's side of the catalogue's review (docs/decisions/0034): Settings › Catalogue additions
 * lists the names Nokia's organization added with 'Add New …' and the lab's review of each; a
 * declined one carries the lab's reason, which the device-name field also shows when it holds that
 * name.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Settings › Catalogue additions, for the members of a vendor organization: the device names, types
and classes their organization added with 'Add New …' in the portfolio form, each with the lab's
review. A declined one carries the lab's reason, which the device-name field of the form also shows
while it holds that name.`

const meta = preview.meta({
  title: 'Settings/Catalogue additions',
  subcomponents: { CatalogueAdditionsList, AdditionNotice },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/settings/catalogue' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia', nokiaMember('Owner')),
  render: () => <></>,
})

export const Additions = meta.story({
  name: 'Additions in every state',
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Catalogue additions' })
    const list = await canvas.findByRole('list', { name: 'Catalogue additions' })
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.text-body')?.textContent),
    ).toEqual(['Beacon 7Awaiting review', 'Beacon Test 1Declined', 'beacon-6Mapped', 'Beacon 10 ProApproved'])
  },
})

export const Declined = meta.story({
  name: 'A declined name as the vendor sees it',
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Catalogue additions' })
    const declined = within(list).getAllByRole('listitem')[1]!
    await expect(declined).toHaveTextContent(`The lab’s reason: ${DECLINE_REASON_FIXTURE}`)
    await expect(declined).toHaveTextContent('The form no longer offers it; your devices keep their name.')
  },
})

export const DeclinedUnderTheField = meta.story({
  name: 'A declined name under the device-name field',
  parameters: { layout: 'padded', router: { app: false } },
  render: () => (
    <div className="flex max-w-md flex-col gap-2">
      <label htmlFor="typed" className="text-small font-semibold text-ink">
        New device name
      </label>
      <input id="typed" readOnly value="Beacon Test 1" className="rounded-md border border-line px-3 py-2" />
      <AdditionNotice kind="device-name" value="Beacon Test 1" />
    </div>
  ),
  play: async ({ canvas }) => {
    const note = await canvas.findByRole('note')
    await expect(note).toHaveTextContent(
      additionNotice({
        value: 'Beacon Test 1',
        state: 'declined',
        reason: DECLINE_REASON_FIXTURE,
        mappedTo: null,
      }) ?? '',
    )
  },
})

export const NothingDecided = meta.story({
  name: 'No additions',
  beforeEach: () => {
    world.catalogueReview.entries = world.catalogueReview.entries.filter((entry) => entry.addedBy === null)
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Catalogue additions' })
    await expect(await canvas.findByText(/Your organization has added no names/)).toBeVisible()
  },
})

export const OnPhone = meta.story({
  name: 'Catalogue additions on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('list', { name: 'Catalogue additions' })
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})
