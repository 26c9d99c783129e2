import type { Kysely, Transaction } from 'kysely'
import type { InvitationMailState } from '@/contract/team'
import type { Database } from '../platform/db/schema.ts'
import { jobStates } from '../platform/jobs/queue.ts'

/*
 * An invitation's mail is a job of the job runner (server/platform/mail-jobs.ts) under this topic,
 * so that the Owner can read whether it went.
 */

export const invitationMailTopic = (invitationId: string) => `invitation:${invitationId}`

/** The state of each invitation's latest mail; an invitation without one is absent. */
export async function invitationMailStates(
  db: Kysely<Database> | Transaction<Database>,
  invitationIds: readonly string[],
): Promise<Map<string, InvitationMailState>> {
  const states = await jobStates(db, invitationIds.map(invitationMailTopic))
  const answer = new Map<string, InvitationMailState>()
  for (const id of invitationIds) {
    const job = states.get(invitationMailTopic(id))
    if (!job) continue
    answer.set(id, job.status === 'done' ? 'sent' : job.status === 'dead' ? 'failed' : 'queued')
  }
  return answer
}
