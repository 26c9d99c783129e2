/** Spec §4's record statuses in the dashboard's words ('InProgress' reads 'In Progress'). */
export function statusWords(status: string): string {
  if (status === 'InProgress') return 'In Progress'
  return status
}
