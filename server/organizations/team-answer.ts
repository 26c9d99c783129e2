import type { Context } from 'hono'
import type { MainServices } from '../http/context.ts'
import { teamOf } from './members.ts'

/** A refusal of a team call: nothing changed. */
export type Refused = { refused: { message: string; field?: string; status: 400 | 403 | 404 | 409 } }

export const refuse = (message: string, status: 400 | 403 | 404 | 409, field?: string): Refused => ({
  refused: { message, status, ...(field ? { field } : {}) },
})

export function answerRefusal(c: Context, { refused }: Refused) {
  return c.json(
    { message: refused.message, ...(refused.field ? { field: refused.field } : {}) },
    refused.status,
  )
}

/** A team change's answer: what happened, and the team as it is now. */
export async function changed(c: Context, services: MainServices, organizationId: string, message: string) {
  return c.json({ message, team: await teamOf(services.db, organizationId, true) })
}
