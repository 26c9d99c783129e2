import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import { AttemptList } from '@/components/runs/attempt-list'
import { CertificateLine } from '@/components/runs/certificate-line'
import { Button } from '@/components/ui/button'
import type { CertificationRun } from '@/contract/certification'
import {
  awaitingReview,
  CERTIFICATE_NUMBER,
  firstAttempt,
  fitsTheWidth,
  PHONE,
  secondAttempt,
} from './run-fixtures'

/**
 * Every attempt of a record, newest first, as the vendor's run details (cases by name, the
 * printable report) and the lab's record (each attempt's cases and logs, the newest open; its
 * certificate, which a Lab manager may revoke) list them. Where the lab's status already says
 * "Awaiting review", the pending review has no line of its own.
 */

const outcome = (run: CertificationRun) =>
  run.status === 'AwaitingReview'
    ? 'Awaiting review'
    : run.isCertified === 'CERTIFIED-OK'
      ? 'Certified'
      : 'Validation Failure'

const meta = preview.meta({
  title: 'Runs/Attempt list',
  component: AttemptList,
  args: {
    runs: [secondAttempt, firstAttempt],
    outcomeOf: outcome,
    level: 3 as const,
    cases: 'names' as const,
  },
})

const lines = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: 'Attempts' }))
    .getAllByRole('listitem', { name: /^Attempt \d$/ })
    .map((item) => item.querySelector('p')?.textContent)

export const RunDetails = meta.story({
  name: 'Run details: cases by name and the report',
  args: {
    moreOf: (_run, number) => <a href={`#report-${number}`}>Printable report</a>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Attempts' })).toBeVisible()
    await expect(lines(canvas)).toEqual([
      'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00 · Certified',
      'Attempt 1 · Full run · started by Priya Sharma, 20 Nov 2026, 08:40 · Validation Failure',
    ])
    const second = canvas.getByRole('listitem', { name: 'Attempt 2' })
    await expect(second).toHaveTextContent('1 test case: 1 passed · ended 20 Nov 2026, 09:04')
    await expect(second).toHaveTextContent('Cases: DFS radar detection')
    await expect(second).toHaveTextContent('Approved by Eli Engineer on 20 Nov 2026, 09:05')
    await expect(within(second).getByRole('link', { name: 'Printable report' })).toHaveAttribute(
      'href',
      '#report-2',
    )
    await expect(canvas.queryByRole('button')).toBeNull()
  },
})

export const LabRecord = meta.story({
  name: 'Lab record: cases and logs, the newest open, its certificate',
  args: {
    level: 2,
    cases: 'logs',
    pendingReviewLine: false,
    moreOf: (run) =>
      run.certificate ? (
        <CertificateLine certificate={run.certificate}>
          <Button size="sm" variant="outline" className="self-start">
            Revoke certificate
          </Button>
        </CertificateLine>
      ) : null,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Attempts' })).toBeVisible()
    const second = canvas.getByRole('listitem', { name: 'Attempt 2' })
    await expect(within(second).getByText('Radar pattern 3 detected in 12 s')).toBeVisible()
    await expect(within(second).getByRole('link', { name: CERTIFICATE_NUMBER })).toBeVisible()
    await expect(within(second).getByRole('button', { name: 'Revoke certificate' })).toBeVisible()
    await expect(second).not.toHaveTextContent('Cases:')
    const first = canvas.getByRole('listitem', { name: 'Attempt 1' })
    await expect(within(first).queryByText('Radar pattern 3 not detected within 60 s')).toBeNull()
    await userEvent.click(within(first).getByRole('button', { name: 'Show the cases and logs of attempt 1' }))
    await expect(within(first).getByText('Radar pattern 3 not detected within 60 s')).toBeVisible()
  },
})

export const AwaitingReviewSaidOnce = meta.story({
  name: 'Lab record: awaiting review, said once',
  args: { runs: [awaitingReview, firstAttempt], level: 2, cases: 'logs', pendingReviewLine: false },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/Awaiting/)).toHaveLength(1)
    await expect(lines(canvas)[0]).toBe(
      'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00 · Awaiting review',
    )
  },
})

export const AwaitingReviewOnRunDetails = meta.story({
  name: 'Run details: awaiting the lab’s review',
  args: { runs: [awaitingReview, firstAttempt] },
  play: async ({ canvas }) => {
    const second = canvas.getByRole('listitem', { name: 'Attempt 2' })
    await expect(second).toHaveTextContent('Awaiting the lab’s review')
  },
})

export const NoRunYet = meta.story({
  name: 'Lab record: no run yet',
  args: { runs: [], level: 2, cases: 'logs' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No run yet.')).toBeVisible()
    await expect(canvas.queryByRole('list')).toBeNull()
  },
})

export const OnAPhone = meta.story({
  name: 'Lab record on a phone',
  globals: PHONE,
  args: { level: 2, cases: 'logs' },
  play: async ({ canvas, canvasElement }) => {
    await expect(lines(canvas)).toHaveLength(2)
    await expect(canvas.getByText('Radar pattern 3 detected in 12 s')).toBeVisible()
    await expect(fitsTheWidth(canvasElement)).toBe(true)
  },
})

export const RunDetailsOnAPhone = meta.story({
  name: 'Run details on a phone',
  globals: PHONE,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('listitem', { name: 'Attempt 1' })).toHaveTextContent(
      '3 test cases: 2 passed, 1 failed · ended 20 Nov 2026, 08:52',
    )
    await expect(fitsTheWidth(canvasElement)).toBe(true)
  },
})
