import type { AuthData } from '@/contract/auth'
import { isWithoutOrganization } from '@/lib/no-organization'

/*
 * Joining an organization by invitation while acting for another asks before switching to it
 * (docs/decisions/0039). The words, asserted as they are in the stories and the journeys.
 */

export const joinedTitle = (joined: string) => `You joined ${joined}`
export const joinedQuestion = (joined: string, current: string) =>
  `Switch to ${joined} now? Until you do, you keep working for ${current}. The organization’s name in the header switches at any time.`
export const stayLabel = (current: string) => `Stay in ${current}`
export const switchLabel = (joined: string) => `Switch to ${joined}`

/** The organization the login acted for before it joined another, when there is one to stay in. */
export function organizationToStayIn(
  before: AuthData | null,
  joined: AuthData,
): { organizationId: string; organizationName: string } | null {
  if (!before || isWithoutOrganization(before)) return null
  const { organizationId, organizationName } = before
  if (!organizationId || !organizationName || organizationId === joined.organizationId) return null
  return { organizationId, organizationName }
}
