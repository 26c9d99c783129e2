import preview from '#.storybook/preview'
import { storyStream } from '#.storybook/event-stream'
import { expect, waitFor } from 'storybook/test'
import { MaintenanceBanner } from '@/features/dashboard/components/maintenance-banner'
import { UnreadCommentMark } from '@/features/dashboard/components/unread-comment-mark'
import { LiveUpdates } from '@/lib/live/live-updates'

/**
 * What the live stream adds to the dashboard beside its rows (docs/decisions/0037): the bench's
 * maintenance as a banner before any run starts, and a row's mark for the lab's unread comments.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Two marks the live stream adds to the dashboard: a banner while the lab's bench is in maintenance,
before any run starts, and a mark on a row whose record has comments from the lab the vendor has not
read.`

const meta = preview.meta({
  title: 'Dashboard/Live marks',
  parameters: { liveStream: { autoOpen: false }, docs: { description: { component: ABOUT } } },
})

const maintenance = {
  reason: 'Replacing the RF shield.',
  startedAt: '2026-11-20T09:00:00.000Z',
  expectedEnd: '2026-11-20T11:30:00.000Z',
  startedBy: 'Lena Ops',
}

/** The lab starts maintenance while the dashboard is open: the banner appears at once. */
export const MaintenanceStarted = meta.story({
  name: 'Maintenance started',
  render: () => (
    <LiveUpdates vendorUserId="v-nokia">
      <MaintenanceBanner />
    </LiveUpdates>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    storyStream().openAndHello([])
    await expect(canvas.queryByRole('status', { name: 'Lab maintenance' })).toBeNull()
    storyStream().emit({ type: 'lab.maintenance', at: maintenance.startedAt, maintenance })
    const banner = await canvas.findByRole('status', { name: 'Lab maintenance' })
    await expect(banner).toHaveTextContent(
      'The lab is in maintenance: Replacing the RF shield. Expected to end 20 Nov 2026, 11:30.',
    )
    await expect(banner).toHaveTextContent('Runs you start now wait until the maintenance ends.')
  },
})

/** Maintenance set on the server (CERT_MAINTENANCE=1): no expected end, said as such. */
export const MaintenanceWithoutEnd = meta.story({
  name: 'Maintenance without end',
  render: () => (
    <LiveUpdates vendorUserId="v-nokia">
      <MaintenanceBanner />
    </LiveUpdates>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    storyStream().open()
    storyStream().raw(
      JSON.stringify({
        seq: storyStream().seq,
        accountSeq: 0,
        activeRuns: [],
        maintenance: {
          reason: 'Scheduled maintenance of the lab.',
          startedAt: '',
          expectedEnd: '',
          startedBy: '',
        },
      }),
      'hello',
    )
    await expect(await canvas.findByRole('status', { name: 'Lab maintenance' })).toHaveTextContent(
      'The lab is in maintenance: Scheduled maintenance of the lab.',
    )
  },
})

/** A row's mark: the count, named in full for screen readers and on hover. */
export const UnreadComments = meta.story({
  name: 'Unread comments',
  render: () => (
    <ul className="flex flex-col gap-2 text-body">
      <li className="flex items-center gap-1.5">
        Beacon 6 <UnreadCommentMark count={1} />
      </li>
      <li className="flex items-center gap-1.5">
        Orbi RBK863 <UnreadCommentMark count={3} />
      </li>
      <li className="flex items-center gap-1.5">
        Deco X95 <UnreadCommentMark count={0} />
      </li>
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '1 unread comment from the lab' })).toHaveTextContent('1')
    await expect(canvas.getByRole('img', { name: '3 unread comments from the lab' })).toHaveTextContent('3')
    await expect(canvas.getAllByRole('img')).toHaveLength(2)
  },
})
