import { runCrashTrials } from '../../server/test/webhook-crash-trials.ts'

/*
 * The webhooks' kill -9 trials in full (crash-trials.ts):
 * `npx tsx bench/webhooks/crash.ts --trials 20`. Exit 1 when a delivery was lost.
 */

const index = process.argv.indexOf('--trials')
const trials = index >= 0 ? Number(process.argv[index + 1]) : 20
const report = await runCrashTrials({ trials, log: (line) => console.log(line) })
console.log(JSON.stringify(report, null, 2))
console.log(
  `${report.trials} trials, ${report.kills} kills: ${report.expected} changes acknowledged, ${report.lost.length} lost, ${report.duplicates} duplicates, ${report.notSucceeded} deliveries not succeeded, ${report.refused} refused by the receiver, ${report.seconds} s.`,
)
process.exit(report.lost.length === 0 && report.notSucceeded === 0 && report.refused === 0 ? 0 : 1)
