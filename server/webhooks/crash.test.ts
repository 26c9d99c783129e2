import { describe, expect, it } from 'vitest'
import { runCrashTrials } from '../test/webhook-crash-trials.ts'
import { testsUsePostgres } from '../platform/db/test-database.ts'

/*
 * docs/decisions/0027: the webhooks' deliveries and their jobs across kill -9 of a real portal
 * process — 3 trials here (about 25 s); `npx tsx bench/webhooks/crash.ts --trials 20` runs
 * the full 20.
 */
// The crash portal keeps its data in a PGlite folder whichever engine the suite runs on
// (server/test/webhook-crash-portal.ts): it runs once, in the PGlite run.
describe.skipIf(testsUsePostgres())('webhooks across kill -9', () => {
  it('loses no acknowledged change’s delivery over 3 trials (duplicates allowed, counted)', async () => {
    const report = await runCrashTrials({ trials: 3 })
    console.log(
      `webhooks kill -9: ${report.trials} trials, ${report.expected} changes, ${report.lost.length} lost, ${report.duplicates} duplicates, ${report.seconds} s`,
    )
    expect(report.kills).toBe(3)
    expect(report.expected).toBeGreaterThan(0)
    expect(report.lost).toEqual([])
    expect(report.notSucceeded).toBe(0)
    expect(report.refused).toBe(0)
  }, 180_000)
})
