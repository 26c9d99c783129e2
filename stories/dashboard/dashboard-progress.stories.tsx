import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { expect } from 'storybook/test'
import { loggedInAs } from '../support/session'
import {
  answerRecords,
  type BarTone,
  CERTIFIED_OK,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  expectBar,
  VALIDATION_FAILURE,
} from './dashboard-steps'
import { RecordsTable } from '@/features/dashboard/components/records-table'

/**
 * The Status column's progress bar (spec §4 "Progress bar", §9) for each status and isCertified,
 * in the real dashboard: Submitted 1 % blue; InProgress from 1 %, 10 points a second, capped at
 * 100 % (on a manual clock, at chosen instants); Completed with CERTIFIED-OK 100 % green, with
 * Validation failure 100 % red; Maintenance holding at 1 %; an unknown status 0 % black.
 * Each bar's accessible name is '<device>: <label>'; its value is its percent.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The Status column's progress bar for each status: Submitted 1 % blue; In Progress from 1 %, 10
points a second, capped at 100 %; certified 100 % green; Validation failure 100 % red; Maintenance
holding at 1 %; an unknown status 0 % black. Each bar is named \`<device>: <label>\` for screen
readers, and its value is its percent.`

const meta = preview.meta({
  title: 'Dashboard/Progress bar',
  // The Status column of the records table.
  subcomponents: { RecordsTable },
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

/** Submitted: 1 %, blue, whatever isCertified says (it counts only once Completed). */
export const Submitted = meta.story({
  name: 'Submitted',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({ portfolioManagerId: 'pm-s1', deviceName: 'Beacon 6' }),
        deviceRecord({ portfolioManagerId: 'pm-s2', deviceName: 'Beacon 10', isCertified: CERTIFIED_OK }),
        deviceRecord({
          portfolioManagerId: 'pm-s3',
          deviceName: 'G-2426G-A',
          isCertified: VALIDATION_FAILURE,
        }),
      ]),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    for (const name of ['Beacon 6', 'Beacon 10', 'G-2426G-A'])
      await expectBar(canvas, name, { label: 'Submitted', percent: 1, tone: 'submitted' })
  },
})

const inProgressRows = () => [
  deviceRecord({ portfolioManagerId: 'pm-r1', deviceName: 'Lightspan FX-8', status: 'InProgress' }),
  deviceRecord({ portfolioManagerId: 'pm-r2', deviceName: 'G-010G-Q', status: 'InProgress' }),
  // A finished row beside the running ones does not move.
  deviceRecord({
    portfolioManagerId: 'pm-r3',
    deviceName: 'OptiXstar HG8145X6',
    status: 'Completed',
    isCertified: CERTIFIED_OK,
  }),
]

const expectRunning = async (canvas: Parameters<typeof dashboardReady>[0], percent: number) => {
  for (const name of ['Lightspan FX-8', 'G-010G-Q'])
    await expectBar(canvas, name, { label: 'In Progress', percent, tone: 'in-progress' })
  await expectBar(canvas, 'OptiXstar HG8145X6', { label: 'Certified', percent: 100, tone: 'certified' })
}

/** InProgress when the list arrives: 1 %, orange; still 1 % a millisecond before the first second. */
export const InProgressAtStart = meta.story({
  name: 'In progress at start',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(answerRecords(inProgressRows))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectRunning(canvas, 1)
    storyClock().advance(999)
    await expectRunning(canvas, 1)
  },
})

/** After one second 11 %, after two 21 %: 10 points a second. */
export const InProgressAfterOneSecond = meta.story({
  name: 'In progress after one second',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(answerRecords(inProgressRows))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectRunning(canvas, 1)
    storyClock().advance(1000)
    await expectRunning(canvas, 11)
    storyClock().advance(1000)
    await expectRunning(canvas, 21)
  },
})

/** Half-way: 51 % after five seconds. */
export const InProgressAfterFiveSeconds = meta.story({
  name: 'In progress after five seconds',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(answerRecords(inProgressRows))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    storyClock().advance(5000)
    await expectRunning(canvas, 51)
  },
})

/** 91 % after nine seconds, 100 % after ten, and no further: the bar is capped. */
export const InProgressCappedAfterTenSeconds = meta.story({
  name: 'In progress capped after ten seconds',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(answerRecords(inProgressRows))
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    storyClock().advance(9000)
    await expectRunning(canvas, 91)
    storyClock().advance(1000)
    await expectRunning(canvas, 100)
    storyClock().advance(60_000)
    await expectRunning(canvas, 100)
  },
})

/** Completed with CERTIFIED-OK: 100 %, green. */
export const Certified = meta.story({
  name: 'Certified',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: 'pm-c1',
          deviceName: 'OptiXstar HG8145X6',
          vendor: 'Huawei',
          status: 'Completed',
          isCertified: CERTIFIED_OK,
        }),
      ]),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectBar(canvas, 'OptiXstar HG8145X6', { label: 'Certified', percent: 100, tone: 'certified' })
  },
})

/** Completed with Validation failure: 100 %, red. */
export const ValidationFailure = meta.story({
  name: 'Validation failure',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: 'pm-f1',
          deviceName: 'ZXHN F670L',
          vendor: 'ZTE',
          status: 'Completed',
          isCertified: VALIDATION_FAILURE,
        }),
      ]),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectBar(canvas, 'ZXHN F670L', { label: 'Validation Failure', percent: 100, tone: 'failed' })
  },
})

/** Maintenance: the run waits for the lab, so the bar holds at 1 % in the in-progress colour. */
export const Maintenance = meta.story({
  name: 'Maintenance',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: 'pm-m1',
          deviceName: 'OptiXstar K662C',
          vendor: 'Huawei',
          status: 'Maintenance',
        }),
      ]),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    await expectBar(canvas, 'OptiXstar K662C', { label: 'Maintenance', percent: 1, tone: 'in-progress' })
    storyClock().advance(5000)
    await expectBar(canvas, 'OptiXstar K662C', { label: 'Maintenance', percent: 1, tone: 'in-progress' })
  },
})

/** An unknown status ('Archived') and a Completed record without a result: 0 %, black. */
export const UnknownStatus = meta.story({
  name: 'Unknown status',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({ portfolioManagerId: 'pm-u1', deviceName: 'ZXV10 B866V2', status: 'Archived' }),
        deviceRecord({
          portfolioManagerId: 'pm-u2',
          deviceName: 'ZXHN H298A',
          status: 'Completed',
          isCertified: '',
        }),
        deviceRecord({ portfolioManagerId: 'pm-u3', deviceName: 'WiFi AX3', status: '' }),
      ]),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    for (const name of ['ZXV10 B866V2', 'ZXHN H298A', 'WiFi AX3'])
      await expectBar(canvas, name, { label: 'Unknown status', percent: 0, tone: 'unknown' })
  },
})

const STATUSES = ['Submitted', 'InProgress', 'Maintenance', 'Completed', 'Archived'] as const
const RESULTS = [
  ['none', ''],
  ['OK', CERTIFIED_OK],
  ['failure', VALIDATION_FAILURE],
] as const

/** What each status and result shows at the start (the InProgress rows have not moved yet). */
function expectedBar(status: (typeof STATUSES)[number], result: string) {
  const bars: Record<string, { label: string; percent: number; tone: BarTone }> = {
    Submitted: { label: 'Submitted', percent: 1, tone: 'submitted' },
    InProgress: { label: 'In Progress', percent: 1, tone: 'in-progress' },
    Maintenance: { label: 'Maintenance', percent: 1, tone: 'in-progress' },
    Archived: { label: 'Unknown status', percent: 0, tone: 'unknown' },
  }
  if (status !== 'Completed') return bars[status] as { label: string; percent: number; tone: BarTone }
  if (result === CERTIFIED_OK) return { label: 'Certified', percent: 100, tone: 'certified' as const }
  if (result === VALIDATION_FAILURE)
    return { label: 'Validation Failure', percent: 100, tone: 'failed' as const }
  return { label: 'Unknown status', percent: 0, tone: 'unknown' as const }
}

/** Every status with every isCertified value, side by side: fifteen bars. */
export const EveryStatusAndResult = meta.story({
  name: 'Every status and result',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() =>
        STATUSES.flatMap((status) =>
          RESULTS.map(([short, isCertified]) =>
            deviceRecord({
              portfolioManagerId: `pm-${status}-${short}`,
              deviceName: `${status} ${short}`,
              status,
              isCertified,
            }),
          ),
        ),
      ),
    )
  },
  play: async ({ canvas }) => {
    await dashboardReady(canvas)
    for (const status of STATUSES)
      for (const [short, isCertified] of RESULTS)
        await expectBar(canvas, `${status} ${short}`, expectedBar(status, isCertified))
    await expect(canvas.getAllByRole('progressbar')).toHaveLength(15)
  },
})
