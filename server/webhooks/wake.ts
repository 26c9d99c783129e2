/*
 * This process's webhook workers, woken when a change with deliveries has committed (the
 * deliveries' writer calls it a moment after its insert; the routes after their transaction). A worker of
 * another process finds the deliveries at its next poll (worker.ts pollMs).
 */
export const wakers = new Set<() => void>()

export function wakeAfterCommit() {
  for (const wake of wakers) wake()
}
