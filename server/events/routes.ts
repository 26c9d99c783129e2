import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import type { Context } from 'hono'
import { EVENTS_PATH } from '@/contract/events'
import { LAB_EVENTS_PATH } from '@/contract/lab'
import { ALL_ORGANIZATIONS } from './store.ts'
import { requireLab } from '../http/require-lab.ts'
import {
  EVENTS_UNAVAILABLE_MESSAGE,
  invalidResumePointMessage,
  NOT_SIGNED_IN_MESSAGE,
  TOO_MANY_STREAMS_MESSAGE,
} from '@/contract/server-messages'
import type { MainEnv } from '../http/context.ts'
import { callerRefusal, vendorCaller } from '../http/vendor-caller.ts'

/*
 * GET /api/events: the vendor's live events as server-sent events (docs/decisions/0020; the
 * protocol is described in src/contract/events.ts). The session cookie says whose events; no
 * Token (the stream changes nothing), and the stream is no activity of the session
 * (server/http/session.ts): a tab that only listens is still signed out after 300 s.
 *
 * Where the tab resumes: the Last-Event-ID header (EventSource sends it when it reconnects), else
 * `?after=<seq>`; neither: a fresh tab, answered `hello` first. The header wins, since a
 * reconnecting EventSource keeps the URL it was opened with.
 */

export const eventRoutes = new Hono<MainEnv>()

export const LAST_EVENT_ID_HEADER = 'Last-Event-ID'
export const AFTER_PARAMETER = 'after'

/** A whole number of 0 or more, as the stream's ids are (at most 15 digits: a safe integer). */
const SEQ = /^\d{1,15}$/

type ResumePoint = { after: number | null } | { refused: { message: string; field: string } }

export function resumePoint(header: string | undefined, query: string | undefined): ResumePoint {
  const fromHeader = header?.trim()
  const [value, field] =
    fromHeader !== undefined && fromHeader !== ''
      ? [fromHeader, LAST_EVENT_ID_HEADER]
      : [query, AFTER_PARAMETER]
  if (value === undefined) return { after: null }
  return SEQ.test(value)
    ? { after: Number(value) }
    : { refused: { message: invalidResumePointMessage(field), field } }
}

eventRoutes.get(EVENTS_PATH, (c) => {
  // The caller check of every vendor call (server/http/vendor-caller.ts): 401 or 403 as they answer.
  const caller = vendorCaller(c.var.session)
  if ('refused' in caller) return callerRefusal(c, caller.refused)
  const { organizationId, accountId, sessionId } = caller
  return openStream(c, { organizationId, accountId, sessionId })
})

/**
 * docs/decisions/0024: the lab's stream — the same protocol, every organization's
 * events, each naming its organization; a lab staff session only (401 without a session, 403
 * LAB_ONLY_MESSAGE for a vendor's).
 */
eventRoutes.get(LAB_EVENTS_PATH, requireLab('lab-read'), (c) => {
  const session = c.var.session
  if (!session) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  return openStream(c, {
    organizationId: ALL_ORGANIZATIONS,
    accountId: c.var.labStaffId,
    sessionId: session.id,
  })
})

function openStream<E extends MainEnv>(
  c: Context<E>,
  subscriber: { organizationId: string; accountId: string; sessionId: string },
) {
  const resume = resumePoint(c.req.header(LAST_EVENT_ID_HEADER), c.req.query(AFTER_PARAMETER))
  if ('refused' in resume) return c.json(resume.refused, 400)
  const hub = c.var.services.events
  if (!hub) return c.json({ message: EVENTS_UNAVAILABLE_MESSAGE }, 503)

  const stream = hub.open({ ...subscriber, after: resume.after })
  if (stream === 'full') return c.json({ message: TOO_MANY_STREAMS_MESSAGE }, 429)
  // The process is stopping: the tab retries (another process, or this one's successor).
  if (stream === 'stopped')
    return c.json({ message: EVENTS_UNAVAILABLE_MESSAGE }, 503, { 'Retry-After': '2' })
  // Behind the node server, a tab that stops reading is cut off at the socket.
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing
  if (outgoing) stream.cutOff = () => outgoing.destroy()
  c.req.raw.signal.addEventListener('abort', () => stream.close(), { once: true })

  return c.body(stream.body, 200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-store',
    // nginx and other proxies: pass each event on at once.
    'X-Accel-Buffering': 'no',
  })
}
