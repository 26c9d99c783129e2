import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import { TestPlansList } from '@/features/test-plans/components/test-plans-list'
import { loggedInAsLab } from '../support/session'
import { expectPageHeading } from '../support/page'

/**
 * The lab's test plans at /lab/test-plans (the fixture world: Wi-Fi Mesh Device at v2 with a draft
 * of v3, ONT and Wi-Fi Router at v1, and the Generic device plan for every type the catalogue
 * does not know), as a table on wide screens and a card per plan on a phone.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/lab/test-plans\`, for lab staff: each test plan with its published version, a draft where one
waits, and the device types it applies to; the Generic device plan covers every type without a plan
of its own.`

const meta = preview.meta({
  title: 'Lab/Test plans/List',
  subcomponents: { TestPlansList },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab/test-plans' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAsLab('Lab engineer'),
  render: () => <></>,
})

export const List = meta.story({
  name: 'Test plans',
  play: async ({ canvas }) => {
    await expectPageHeading(canvas, 'Test plans')
    const table = await canvas.findByRole('table', { name: 'Test plans' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    await expect(rows).toEqual([
      ['Plan', 'Device type', 'Version', 'Cases', 'Published'],
      ['Wi-Fi Mesh DeviceDraft', 'Wi-Fi Mesh Device', 'v2', '17', '15 Oct 2026, 09:00'],
      ['ONT', 'ONT', 'v1', '14', '20 Aug 2026, 10:00'],
      ['Wi-Fi Router', 'Wi-Fi Router', 'v1', '12', '20 Aug 2026, 10:00'],
      ['Generic device', 'Every other type', 'v1', '7', '20 Aug 2026, 10:00'],
    ])
    await expect(within(table).getByRole('link', { name: 'Wi-Fi Mesh Device' })).toHaveAttribute(
      'href',
      '/lab/test-plans/plan-wifi-mesh',
    )
  },
})

export const ListOnPhone = meta.story({
  name: 'Test plans on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expectPageHeading(canvas, 'Test plans')
    const list = await canvas.findByRole('list', { name: 'Test plans' })
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      'Wi-Fi Mesh DeviceDraftWi-Fi Mesh Devicev2 · 17 cases · published 15 Oct 2026, 09:00',
      'ONTONTv1 · 14 cases · published 20 Aug 2026, 10:00',
      'Wi-Fi RouterWi-Fi Routerv1 · 12 cases · published 20 Aug 2026, 10:00',
      'Generic deviceEvery other typev1 · 7 cases · published 20 Aug 2026, 10:00',
    ])
    await expect(canvas.queryByRole('table')).toBeNull()
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})
