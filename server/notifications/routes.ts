import { type Context, Hono } from 'hono'
import {
  ONE_CLICK_BODY_MESSAGE,
  ONE_CLICK_DONE_MESSAGE,
  UNSUBSCRIBE_TOKEN_INVALID_MESSAGE,
  unsubscribeAlreadyOffMessage,
  unsubscribedMessage,
} from '@/contract/notifications'
import type { MainEnv, MainServices } from '../http/context.ts'
import { labRoute, route, vendorRoute } from '../http/route.ts'
import {
  applyUnsubscribe,
  currentClaim,
  readLabSettings,
  readSettings,
  unsubscribeInfo,
  writeLabSetting,
  writeSetting,
} from './settings.ts'
import { verifyUnsubscribeToken } from './unsubscribe-token.ts'

/*
 * docs/decisions/0028: the notification calls of the endpoint table — a member's
 * settings (any role, for the organization of the session), a lab staff member's own (any lab
 * role, point 9), and the unsubscribe link's read
 * (GET: changes nothing, mail scanners follow links) and its POST — and RFC 8058's one-click POST,
 * which mail providers send form-encoded without a session or Token, so it is registered before
 * the API's CSRF guard (server/apps/main.ts) and answers in plain text.
 */

export const notificationRoutes = new Hono<MainEnv>()

vendorRoute(notificationRoutes, 'notificationSettings', async (c) =>
  c.json(await readSettings(c.var.services.db, c.var.accountId, c.var.organizationId)),
)

vendorRoute(notificationRoutes, 'updateNotificationSetting', async (c) => {
  const { db } = c.var.services
  const { kind, enabled } = c.var.body
  await writeSetting(db, c.var.accountId, c.var.organizationId, kind, enabled)
  return c.json(await readSettings(db, c.var.accountId, c.var.organizationId))
})

labRoute(notificationRoutes, 'labNotificationSettings', async (c) =>
  c.json(await readLabSettings(c.var.services.db, c.var.labStaffId)),
)

labRoute(notificationRoutes, 'labUpdateNotificationSetting', async (c) => {
  const { db } = c.var.services
  const { kind, enabled } = c.var.body
  await writeLabSetting(db, c.var.labStaffId, kind, enabled)
  return c.json(await readLabSettings(db, c.var.labStaffId))
})

/** The link's claim, its organization as it is now (an id migration 0019 replaced: the new one). */
const verifiedClaim = async ({ db, secret }: MainServices, token: string) => {
  const claim = verifyUnsubscribeToken(secret, token)
  return claim && currentClaim(db, claim)
}

const invalid = (c: Context) => c.json({ message: UNSUBSCRIBE_TOKEN_INVALID_MESSAGE, field: 'token' }, 400)

route(notificationRoutes, 'unsubscribeInfo', async (c) => {
  const { db } = c.var.services
  const claim = await verifiedClaim(c.var.services, c.var.body.token)
  const info = claim && (await unsubscribeInfo(db, claim))
  if (!info) return invalid(c)
  return c.json(info)
})

route(notificationRoutes, 'unsubscribe', async (c) => {
  const { db } = c.var.services
  const claim = await verifiedClaim(c.var.services, c.var.body.token)
  const before = claim && (await unsubscribeInfo(db, claim))
  if (!claim || !before) return invalid(c)
  await applyUnsubscribe(db, claim)
  const info = { ...before, alreadyOff: true }
  return c.json({
    message: before.alreadyOff ? unsubscribeAlreadyOffMessage(info) : unsubscribedMessage(info),
    info,
  })
})

/** POST ONE_CLICK_UNSUBSCRIBE_PATH?token=… with the form body List-Unsubscribe=One-Click (RFC 8058). */
export async function oneClickUnsubscribe(c: Context<MainEnv>) {
  const { db } = c.var.services
  const form = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  const body =
    form === 'application/x-www-form-urlencoded' || form === 'multipart/form-data'
      ? await c.req.parseBody()
      : {}
  if (body['List-Unsubscribe'] !== 'One-Click') return c.text(ONE_CLICK_BODY_MESSAGE, 400)
  const claim = await verifiedClaim(c.var.services, c.req.query('token') ?? '')
  if (!claim || !(await unsubscribeInfo(db, claim))) return c.text(UNSUBSCRIBE_TOKEN_INVALID_MESSAGE, 400)
  await applyUnsubscribe(db, claim)
  return c.text(ONE_CLICK_DONE_MESSAGE, 200)
}
