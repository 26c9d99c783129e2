const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const two = (n: number) => (n < 10 ? `0${n}` : String(n))

/**
 * A time as the dashboard shows it, in UTC ('4 Mar 2026, 10:20'): the records' creation time (the
 * search finds rows by it too) and the run attempts' times. Written out by hand:
 * Intl.DateTimeFormat costs ten times more, which shows at 100,000 rows. Text that is not a time
 * is shown as it is.
 */
export function formatPortalTime(iso: string): string {
  const time = new Date(iso)
  if (Number.isNaN(time.getTime())) return iso
  return `${time.getUTCDate()} ${MONTHS[time.getUTCMonth()]} ${time.getUTCFullYear()}, ${two(time.getUTCHours())}:${two(time.getUTCMinutes())}`
}
