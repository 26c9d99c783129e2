import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { TestCaseRow } from '@/components/runs/test-case-row'
import type { TestCase } from '@/contract/certification'
import { CERTIFICATE_NUMBER, fitsTheWidth, PHONE } from './run-fixtures'

/**
 * One test case of a run, as the vendor's run details and the lab's record show it: its state
 * (icon and word), its name, where a carried case comes from, and its log. In run details a case
 * with a log is a disclosure, failed ones open at first; in the lab's record the log always shows.
 */

const cases: TestCase[] = [
  { name: 'DFS radar detection', state: 'failed', log: ['Radar pattern 3 not detected within 60 s'] },
  { name: 'Wi-Fi throughput', state: 'passed', log: ['5 GHz: 912 Mbit/s'] },
  { name: 'Mesh roaming', state: 'running', log: [] },
  { name: 'Parental controls', state: 'passed', log: [], carriedFrom: CERTIFICATE_NUMBER },
  { name: 'IPv6 prefix delegation', state: 'pending', log: [] },
]

const meta = preview.meta({
  title: 'Runs/Test case row',
  subcomponents: { TestCaseRow },
  render: (_args, { parameters }) => (
    <ol
      aria-label="Test cases"
      className="flex flex-col divide-y divide-line rounded-control border border-line"
    >
      {cases.map((test) =>
        parameters.logsShown ? (
          <TestCaseRow key={test.name} test={test} />
        ) : (
          <TestCaseRow key={test.name} test={test} defaultOpen={test.state === 'failed'} />
        ),
      )}
    </ol>
  ),
})

export const RunDetails = meta.story({
  name: 'Run details: failed open, the others folded',
  play: async ({ canvas, userEvent }) => {
    const rows = within(canvas.getByRole('list', { name: 'Test cases' })).getAllByRole('listitem')
    await expect(rows.map((row) => row.textContent)).toEqual([
      'DFS radar detectionFailedRadar pattern 3 not detected within 60 s',
      'Wi-Fi throughputPassed',
      'Mesh roamingRunning',
      `Parental controlscarried from ${CERTIFICATE_NUMBER}Passed`,
      'IPv6 prefix delegationPending',
    ])
    const failed = canvas.getByRole('button', { name: /DFS radar detection/ })
    await expect(failed).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(failed)
    await waitFor(() => expect(canvas.queryByText('Radar pattern 3 not detected within 60 s')).toBeNull())
    const passed = canvas.getByRole('button', { name: /Wi-Fi throughput/ })
    await userEvent.click(passed)
    await expect(canvas.getByText('5 GHz: 912 Mbit/s')).toBeVisible()
  },
})

export const LabRecord = meta.story({
  name: 'Lab record: every log shown',
  parameters: { logsShown: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull()
    await expect(canvas.getByText('Radar pattern 3 not detected within 60 s')).toBeVisible()
    await expect(canvas.getByText('5 GHz: 912 Mbit/s')).toBeVisible()
    await expect(canvas.getByText(`carried from ${CERTIFICATE_NUMBER}`)).toBeVisible()
  },
})

export const OnAPhone = meta.story({
  name: 'Run details on a phone',
  globals: PHONE,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Radar pattern 3 not detected within 60 s')).toBeVisible()
    await expect(canvas.getByText(`carried from ${CERTIFICATE_NUMBER}`)).toBeVisible()
    await expect(fitsTheWidth(canvasElement)).toBe(true)
  },
})
