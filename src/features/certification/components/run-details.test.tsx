// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { CertificationRun, TestCase } from '@/contract/certification'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { RunDetails } from '@/features/certification/components/run-details'
import { organizationKeys } from '@/lib/query-keys'

/*
 * Run details' attempt switcher (docs/decisions/0036): an earlier attempt's cases open and fold
 * afresh, though the same case shows folded in the latest attempt. (The stories cover the rest.)
 */

const testCase = (name: string, state: TestCase['state']): TestCase => ({
  name,
  state,
  log: [`${name}: ${state}`],
})
const attempt = {
  portfolioManagerId: 'pm-1',
  startedBy: 'Priya Sharma',
  startedAt: '2026-11-20T08:40:00Z',
  finishedAt: '2026-11-20T08:50:00Z',
  failureReason: null,
  status: 'Completed',
}
const fullRun: CertificationRun = {
  ...attempt,
  runId: 'run-1',
  attempt: 1,
  kind: 'full',
  isCertified: VALIDATION_FAILURE,
  testCases: [testCase('Boot', 'passed'), testCase('Security', 'failed'), testCase('DFS', 'passed')],
}
const rerun: CertificationRun = {
  ...attempt,
  runId: 'run-2',
  attempt: 2,
  kind: 'rerun',
  isCertified: CERTIFIED_OK,
  testCases: [testCase('Security', 'passed')],
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('shows attempt 1 with its failure open after the re-run that fixed it', () => {
  // The runs are in the cache; the read on mount never answers.
  vi.stubGlobal('fetch', () => new Promise(() => undefined))
  const client = new QueryClient()
  client.setQueryData(organizationKeys(undefined).runs('pm-1'), { runs: [rerun, fullRun] })
  render(
    <QueryClientProvider client={client}>
      <RunDetails vendorUserId="v-1" portfolioManagerId="pm-1" deviceName="Beacon 6" />
    </QueryClientProvider>,
  )
  expect(screen.getByRole('status').textContent).toBe('Certified · 3 of 3 test cases passed over 2 attempts')
  expect(screen.getByRole('button', { name: /^Security/ }).getAttribute('aria-expanded')).toBe('false')

  const switcher = screen.getByRole('radiogroup', { name: 'Show the cases of' })
  fireEvent.click(within(switcher).getByRole('radio', { name: 'Attempt 1' }))
  expect(within(switcher).getByRole('radio', { name: 'Attempt 1' }).getAttribute('aria-checked')).toBe('true')
  expect(screen.getByRole('button', { name: /^Security/ }).getAttribute('aria-expanded')).toBe('true')
  expect(screen.getByText('Security: failed')).toBeTruthy()
  expect(screen.getByRole('button', { name: /^Boot/ }).getAttribute('aria-expanded')).toBe('false')
  expect(screen.getByText('1 test case failed')).toBeTruthy()
})
