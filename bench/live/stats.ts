/* Small helpers for the live bench's figures. */

export type Spread = { count: number; p50: number; p95: number; p99: number; max: number }

/** The nearest-rank percentile `p` (0–100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number) {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN
}

export function spread(values: readonly number[]): Spread {
  const sorted = Float64Array.from(values).sort()
  const list = Array.from(sorted)
  return {
    count: list.length,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.length ? (list[list.length - 1] ?? Number.NaN) : Number.NaN,
  }
}

export const ms = (value: number, digits = 1) =>
  Number.isFinite(value) ? `${value.toFixed(digits)} ms` : '—'

/** "p50 12.0 ms, p95 …, p99 …, max … (n = 1,234)" */
export function showSpread(figure: Spread, digits = 1) {
  return `p50 ${ms(figure.p50, digits)}, p95 ${ms(figure.p95, digits)}, p99 ${ms(figure.p99, digits)}, max ${ms(figure.max, digits)} (n = ${figure.count.toLocaleString('en-US')})`
}

export type Verdict = { target: string; pass: boolean; figure: string }

export function printVerdicts(verdicts: readonly Verdict[]) {
  for (const verdict of verdicts)
    console.log(`  ${verdict.pass ? 'PASS' : 'FAIL'}  ${verdict.target.padEnd(48)} ${verdict.figure}`)
}

/** Runs `work` over `items` with at most `limit` at a time; answers the results in order. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await work(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** The resident set of process `pid` in bytes (VmRSS of /proc/<pid>/status), or NaN. */
export async function rssOf(pid: number | undefined) {
  if (!pid) return Number.NaN
  try {
    const { readFile } = await import('node:fs/promises')
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
    return kb ? Number(kb) * 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}

export const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait))

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
