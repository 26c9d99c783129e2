/*
 * The best time to reach the contact: HH:MM on 24 hours in the form, 12-hour with AM/PM in the
 * payload (spec §3: "sent in 12-hour form with AM/PM, empty if not set").
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** '09:30' → '09:30 AM', '13:05' → '01:05 PM', '00:10' → '12:10 AM', '' → ''. */
export function toTwelveHourTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim())
  if (!match) return ''
  const hours = Number(match[1])
  const minutes = Number(match[2])
  if (hours > 23 || minutes > 59) return ''
  const suffix = hours < 12 ? 'AM' : 'PM'
  const twelve = hours % 12 === 0 ? 12 : hours % 12
  return `${pad(twelve)}:${pad(minutes)} ${suffix}`
}

/** '09:30 AM' → '09:30', '01:05 PM' → '13:05', '12:10 AM' → '00:10'; anything else → ''. */
export function toTwentyFourHourTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/.exec(time.trim())
  if (!match) return /^\d{2}:\d{2}$/.test(time.trim()) ? time.trim() : ''
  const hours = Number(match[1])
  const minutes = Number(match[2])
  if (hours < 1 || hours > 12 || minutes > 59) return ''
  const afternoon = match[3]?.toUpperCase() === 'PM'
  const base = hours % 12
  return `${pad(afternoon ? base + 12 : base)}:${pad(minutes)}`
}
