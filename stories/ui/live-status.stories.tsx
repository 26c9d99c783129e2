import preview from '#.storybook/preview'
import { storyStream } from '#.storybook/event-stream'
import { expect, waitFor } from 'storybook/test'
import { LiveStatus } from '@/components/live/live-status'
import { LiveUpdates } from '@/lib/live/live-updates'

/**
 * The dashboard's one line on its live stream (docs/decisions/0022), alone: each state's words,
 * and Reconnect only when the stream is lost. The screen stories (Dashboard/Live) show it in place.
 */

const meta = preview.meta({
  title: 'UI/Live status',
  component: LiveStatus,
  parameters: { liveStream: { autoOpen: false } },
  render: () => (
    <LiveUpdates vendorUserId="v-nokia">
      <LiveStatus />
    </LiveUpdates>
  ),
})

const status = (canvas: { getByRole: (role: 'status', options: { name: string }) => HTMLElement }) =>
  canvas.getByRole('status', { name: 'Live updates' })

/** Opening: the stream is asked for and has not answered yet. */
export const Connecting = meta.story({
  name: 'Connecting',
  play: async ({ canvas }) => {
    await waitFor(() => expect(status(canvas)).toHaveTextContent('Connecting to live updates…'))
  },
})

/** The stream said hello: updates arrive. */
export const Live = meta.story({
  name: 'Live',
  play: async ({ canvas }) => {
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    storyStream().openAndHello([])
    await waitFor(() => expect(status(canvas)).toHaveTextContent('Live updates on'))
  },
})

/** The connection dropped and the browser retries: no button, the browser is on it. */
export const Reconnecting = meta.story({
  name: 'Reconnecting',
  play: async ({ canvas }) => {
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    storyStream().openAndHello([])
    storyStream().drop()
    await waitFor(() => expect(status(canvas)).toHaveTextContent('Reconnecting to live updates…'))
    await expect(canvas.queryByRole('button', { name: 'Reconnect' })).toBeNull()
  },
})

/** The browser gave up: said plainly, with Reconnect, which opens a new stream. */
export const Lost = meta.story({
  name: 'Lost',
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    storyStream().openAndHello([])
    storyStream().fail()
    await waitFor(() =>
      expect(status(canvas)).toHaveTextContent('Live updates lost. The records may be out of date.'),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Reconnect' }))
    await waitFor(() => expect(status(canvas)).toHaveTextContent('Connecting to live updates…'))
    await expect(storyStream().sources).toHaveLength(2)
  },
})

/** The session ended: the stream closes for good. */
export const Ended = meta.story({
  name: 'Ended',
  play: async ({ canvas }) => {
    await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
    storyStream().openAndHello([])
    storyStream().end()
    await waitFor(() => expect(status(canvas)).toHaveTextContent('Live updates ended with your session.'))
    await expect(canvas.queryByRole('button', { name: 'Reconnect' })).toBeNull()
  },
})
