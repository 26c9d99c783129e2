import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { storyStream } from '#.storybook/event-stream'
import { expect, waitFor, within } from 'storybook/test'
import { CERTIFIED_OK } from '@/contract/records'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { world } from '@/mocks/fixtures/world'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAs } from '../support/session'
import {
  answerRecords,
  answerWorldRecords,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  expectBar,
  expectCardCounts,
  expectLiveStatus,
  expectRecordsLine,
  listCalls,
  planRun,
  rowOf,
  shownDeviceNames,
  statusNote,
  WORLD,
} from './dashboard-steps'

/**
 * The dashboard follows the vendor's live stream (docs/decisions/0022): rows, cards and
 * run details change as the events arrive, without reading the list again; the stream's state is
 * one small status beside the record count (live, reconnecting, lost with Reconnect, ended). Each
 * story drives a fake stream from its play function (`storyStream()`); the 30 s after which a
 * reconnecting stream counts as lost pass on a manual clock.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The dashboard kept current by the vendor's live stream: rows, cards and run details change as events
arrive, without reading the list again. Beside the record count one status line tells the stream's
state: live, reconnecting, lost with Reconnect (after 30 s of reconnecting), or ended.`

const meta = preview.meta({
  title: 'Dashboard/Live',
  parameters: {
    ...dashboardAt(),
    clock: 'manual',
    liveStream: { autoOpen: false },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const { submitted, submittedToo, certified, inProgress } = WORLD

/** Opens the stream (with these active runs) once the page has made it, and waits for 'Live updates on'. */
async function goLive(
  canvas: Parameters<typeof dashboardReady>[0],
  runs: Parameters<typeof planRun>[0][] = [],
) {
  await waitFor(() => expect(storyStream().sources.length).toBeGreaterThan(0))
  storyStream().openAndHello(runs.map((id) => planRun(id)))
  await expectLiveStatus(canvas, 'Live updates on')
}

/**
 * A row changes status while the vendor looks: Beacon 6's run starts (In Progress, '0 of 8 test
 * cases' under the bar), three cases pass ('3 of 8 test cases'), it ends certified; the cards
 * follow each step. The list is read once, at the start.
 */
export const RowChangesWhileViewed = meta.story({
  name: 'Row changes while viewed',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id, submittedToo.id, certified.id))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectLiveStatus(canvas, 'Connecting to live updates…')
    await goLive(canvas)
    await expectCardCounts(canvas, { Submitted: 2, 'In Progress': 0, Certified: 1 })
    const stream = storyStream()
    const run = planRun(submitted.id)
    stream.emit(fixtureEvents.runStarted(run))
    await expectBar(canvas, submitted.name, { label: 'In Progress', percent: 1, tone: 'in-progress' })
    await waitFor(() => expect(statusNote(canvas, submitted.name)).toBe('In Progress · 0 of 8'))
    await expectCardCounts(canvas, { Submitted: 1, 'In Progress': 1, Certified: 1 })
    // Three cases pass, arriving together: one update.
    const third = planRun(submitted.id, { passed: 3, running: true })
    stream.emit(
      fixtureEvents.caseFinished(planRun(submitted.id, { passed: 1 }), 0),
      fixtureEvents.caseFinished(planRun(submitted.id, { passed: 2 }), 1),
      fixtureEvents.caseFinished(planRun(submitted.id, { passed: 3 }), 2),
      fixtureEvents.caseStarted(third, 3),
    )
    await waitFor(() => expect(statusNote(canvas, submitted.name)).toBe('In Progress · 3 of 8'))
    // The bar still animates as spec §4 says: 10 points a second.
    storyClock().advance(2000)
    await expectBar(canvas, submitted.name, { label: 'In Progress', percent: 21, tone: 'in-progress' })
    stream.emit(
      fixtureEvents.runFinished(
        planRun(submitted.id, { passed: 8, status: 'Completed', isCertified: CERTIFIED_OK }),
      ),
    )
    await expectBar(canvas, submitted.name, { label: 'Certified', percent: 100, tone: 'certified' })
    await expect(statusNote(canvas, submitted.name)).toBe('Certified')
    await expectCardCounts(canvas, { Submitted: 1, 'In Progress': 0, Certified: 2 })
    await expect(listCalls.count).toBe(1)
  },
})

/**
 * Cards and rows follow what other tabs do: a device submitted elsewhere appears at the top with
 * the Submitted card one up; a deleted one goes; a cancelled run leaves the row 'Cancelled' (its
 * bar 0 %, black) and counts in no card. The list is not read again.
 */
export const CardsFollow = meta.story({
  name: 'Cards follow',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id, submittedToo.id, inProgress.id))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await goLive(canvas, [inProgress.id])
    await expectCardCounts(canvas, { Submitted: 2, 'In Progress': 1 })
    const stream = storyStream()
    const fresh = deviceRecord({
      portfolioManagerId: 'pm-live-new',
      deviceName: 'Beacon 24',
      creationTime: '2026-11-20T09:00:00Z',
    })
    stream.emit(fixtureEvents.submitted(fresh))
    await waitFor(() => expect(shownDeviceNames(canvas)[0]).toBe('Beacon 24'))
    await expectRecordsLine(canvas, 4, 4)
    await expectCardCounts(canvas, { Submitted: 3, 'In Progress': 1 })
    stream.emit(fixtureEvents.deleted(submittedToo.id))
    await waitFor(() => expect(shownDeviceNames(canvas)).not.toContain(submittedToo.name))
    await expectCardCounts(canvas, { Submitted: 2, 'In Progress': 1 })
    stream.emit(fixtureEvents.runCancelled(planRun(inProgress.id, { passed: 2 }), 'Priya Sharma'))
    await expectBar(canvas, inProgress.name, { label: 'Cancelled', percent: 0, tone: 'unknown' })
    await waitFor(() => expect(statusNote(canvas, inProgress.name)).toBe('Cancelled'))
    await expectCardCounts(canvas, {
      Submitted: 2,
      'In Progress': 0,
      Maintenance: 0,
      'Validation Failure': 0,
      Certified: 0,
    })
    await expectRecordsLine(canvas, 3, 3)
    await expect(listCalls.count).toBe(1)
  },
})

/** The connection drops: 'Reconnecting to live updates…' while the browser retries, live again after. */
export const Reconnecting = meta.story({
  name: 'Reconnecting',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await goLive(canvas)
    storyStream().drop()
    await expectLiveStatus(canvas, 'Reconnecting to live updates…')
    await expect(canvas.queryByRole('button', { name: 'Reconnect' })).toBeNull()
    // Nearly 30 s later it still retries.
    storyClock().advance(29_000)
    await expectLiveStatus(canvas, 'Reconnecting to live updates…')
    storyStream().open()
    await expectLiveStatus(canvas, 'Live updates on')
  },
})

/**
 * Reconnecting for 30 s: the stream is lost, said in the status with Reconnect. Reconnect (from
 * the keyboard) opens a new stream and, once it is live, reads the list again, which now has the
 * run that started meanwhile.
 */
export const StreamLost = meta.story({
  name: 'Stream lost',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id, certified.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await goLive(canvas)
    storyStream().drop()
    storyClock().advance(30_000)
    await expectLiveStatus(canvas, 'Live updates lost. The records may be out of date.')
    await expect(storyStream().current.closed).toBe(true)
    // Meanwhile, on the server, Beacon 6's run started.
    const record = world.records.find((candidate) => candidate.portfolioManagerId === submitted.id)
    if (record) record.status = 'InProgress'
    const reconnect = canvas.getByRole('button', { name: 'Reconnect' })
    reconnect.focus()
    await userEvent.keyboard('{Enter}')
    await expectLiveStatus(canvas, 'Connecting to live updates…')
    await expect(storyStream().sources).toHaveLength(2)
    storyStream().openAndHello([])
    await expectLiveStatus(canvas, 'Live updates on')
    await waitFor(() => expect(listCalls.count).toBe(2))
    await expectBar(canvas, submitted.name, { label: 'In Progress', percent: 1, tone: 'in-progress' })
  },
})

/** The browser gives up at once (the stream answered an error): lost, with Reconnect. */
export const StreamRefused = meta.story({
  name: 'Stream refused',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await waitFor(() => expect(storyStream().sources.length).toBe(1))
    storyStream().fail()
    await expectLiveStatus(canvas, 'Live updates lost. The records may be out of date.')
    await expect(canvas.getByRole('button', { name: 'Reconnect' })).toBeVisible()
  },
})

/**
 * The server says events were missed (`reset`, beyond its stored window): the list is read again
 * at once — the only time it is without the vendor asking — and shows the record deleted meanwhile.
 */
export const ResetReadsTheListAgain = meta.story({
  name: 'Reset reads the list again',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() =>
        world.records.filter((r) =>
          ([submitted.id, submittedToo.id] as string[]).includes(r.portfolioManagerId),
        ),
      ),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await goLive(canvas)
    await expectRecordsLine(canvas, 2, 2)
    await expect(listCalls.count).toBe(1)
    world.records = world.records.filter((record) => record.portfolioManagerId !== submittedToo.id)
    storyStream().reset('Your tab was away longer than the stored events reach.')
    await waitFor(() => expect(listCalls.count).toBe(2))
    await expectRecordsLine(canvas, 1, 1)
    await expect(shownDeviceNames(canvas)).toEqual([submitted.name])
    await expectLiveStatus(canvas, 'Live updates on')
  },
})

/**
 * A tab opened while a run goes: the hello brings the run, so the row says '3 of 8 test cases' and
 * its run details show the running case and its log lines at once, before any read of the runs
 * answers (here none does).
 */
export const TabOpenedMidRun = meta.story({
  name: 'Tab opened mid-run',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(inProgress.id, certified.id), scenarios.loading('listRuns'))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await waitFor(() => expect(storyStream().sources.length).toBe(1))
    storyStream().openAndHello([planRun(inProgress.id, { passed: 3, running: true })])
    await waitFor(() => expect(statusNote(canvas, inProgress.name)).toBe('In Progress · 3 of 8'))
    const row = rowOf(canvas, inProgress.name)
    await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement)
    const run = await canvas.findByRole('region', { name: `Certification run · ${inProgress.name}` })
    await expect(within(run).getByRole('status')).toHaveTextContent('In progress · 3 of 8 test cases passed')
    await expect(
      within(run).getByText('3 of 8 test cases · now running: Wi-Fi throughput 5 GHz'),
    ).toBeVisible()
    await expect(within(run).getByText('Wi-Fi throughput 5 GHz: step 2 of 3', { exact: false })).toBeVisible()
    await expect(
      within(run).getByText('Attempt 1 · Full run · started by Priya Sharma, 20 Nov 2026, 08:40'),
    ).toBeVisible()
    // The next case passes live in the details too.
    storyStream().emit(fixtureEvents.caseFinished(planRun(inProgress.id, { passed: 4 }), 3))
    await waitFor(() =>
      expect(within(run).getByRole('status')).toHaveTextContent('In progress · 4 of 8 test cases passed'),
    )
  },
})

/** The session ended (logout elsewhere, idle): the stream closes for good and says so. */
export const SessionEnded = meta.story({
  name: 'Session ended',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await goLive(canvas)
    storyStream().end()
    await expectLiveStatus(canvas, 'Live updates ended with your session.')
    await expect(storyStream().current.closed).toBe(true)
    storyClock().advance(60_000)
    await expect(storyStream().sources).toHaveLength(1)
    await expect(canvas.queryByRole('button', { name: 'Reconnect' })).toBeNull()
  },
})
