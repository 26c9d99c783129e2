import { Hono } from 'hono'
import {
  LAB_PASSWORD_SET_MESSAGE,
  LAB_SET_PASSWORD_LINK_INVALID_MESSAGE,
  LAB_STAFF_NOT_FOUND_MESSAGE,
  LAST_LAB_MANAGER_MESSAGE,
  labStaffAddedMessage,
  labStaffRemovedMessage,
  labStaffRoleChangedMessage,
} from '@/contract/lab'
import { hashPassword, passwordProblem } from '../platform/passwords.ts'
import { createStaff, endStaffSessions, mailSetPasswordLink, staffByToken, staffList } from './staff.ts'
import { changeStaffRole, forgetNewStaff, removeStaff, setStaffPassword } from './staff-store.ts'
import type { MainEnv, MainServices } from '../http/context.ts'
import { labRoute, route } from '../http/route.ts'

/*
 * The lab console's calls: the lab's staff accounts, their set-password links and their management
 * by a Lab manager (docs/decisions/0024).
 *
 * - GET/POST /api/lab/set-password: no login; the link's token names the member while it works
 *   (not used, not expired, member not removed), else 400 LAB_SET_PASSWORD_LINK_INVALID_MESSAGE
 *   on the field 'token'. The password rules and messages are the vendors' (spec §5).
 * - The staff list and its changes: a Lab manager's. The lab always keeps one active Lab manager:
 *   demoting or removing the last one answers 409 LAST_LAB_MANAGER_MESSAGE, also when two managers
 *   act on each other at once (the managers' rows are locked in the change's transaction).
 *   Removing a member disables them (their past actions keep their name) and ends their sessions.
 */

export const labStaffRoutes = new Hono<MainEnv>()

const invalidLink = { message: LAB_SET_PASSWORD_LINK_INVALID_MESSAGE, field: 'token' }

route(labStaffRoutes, 'labSetPasswordInfo', async (c) => {
  const member = await staffByToken(c.var.services.db, c.var.body.token)
  if (!member) return c.json(invalidLink, 400)
  return c.json({ name: member.name, email: member.email })
})

route(labStaffRoutes, 'labSetPassword', async (c) => {
  const { db } = c.var.services
  const { token, password, confirmPassword } = c.var.body
  const problem = passwordProblem(password, confirmPassword)
  if (problem) return c.json(problem, 400)
  const member = await staffByToken(db, token)
  if (!member) return c.json(invalidLink, 400)
  // Used once: of two uses at once, one sets the password.
  if (!(await setStaffPassword(db, member.id, await hashPassword(password)))) return c.json(invalidLink, 400)
  // A new password ends the member's other sessions.
  await endStaffSessions(db, member.id)
  return c.json({ message: LAB_PASSWORD_SET_MESSAGE })
})

labRoute(labStaffRoutes, 'labStaff', async (c) => c.json({ staff: await staffList(c.var.services.db) }))

labRoute(labStaffRoutes, 'labAddStaff', async (c) => {
  const services = c.var.services as MainServices
  const { db, mailer } = services
  const created = await createStaff(db, c.var.body)
  if ('refused' in created) {
    const { message, field, status } = created.refused
    return c.json({ message, field }, status)
  }
  try {
    await mailSetPasswordLink(db, mailer, { ...created, origin: services.publicUrl(), purpose: 'welcome' })
  } catch (error) {
    // Nobody got the link: the member is not kept, so the manager can simply add them again.
    await forgetNewStaff(db, created.staffId)
    throw error
  }
  return c.json({ message: labStaffAddedMessage(c.var.body.email.trim()), staff: await staffList(db) })
})

labRoute(labStaffRoutes, 'labChangeStaffRole', async (c) => {
  const { db } = c.var.services
  const { staffId, role } = c.var.body
  const result = await changeStaffRole(db, staffId, role)
  if (result === 'not-found') return c.json({ message: LAB_STAFF_NOT_FOUND_MESSAGE, field: 'staffId' }, 404)
  if (result === 'last-manager') return c.json({ message: LAST_LAB_MANAGER_MESSAGE, field: 'role' }, 409)
  // Their open sessions take the new role at their next request (the session query reads it).
  return c.json({ message: labStaffRoleChangedMessage(result.name, role), staff: await staffList(db) })
})

labRoute(labStaffRoutes, 'labRemoveStaff', async (c) => {
  const { db } = c.var.services
  const { staffId } = c.var.body
  const result = await removeStaff(db, staffId)
  if (result === 'not-found') return c.json({ message: LAB_STAFF_NOT_FOUND_MESSAGE, field: 'staffId' }, 404)
  if (result === 'last-manager') return c.json({ message: LAST_LAB_MANAGER_MESSAGE, field: 'staffId' }, 409)
  for (const id of await endStaffSessions(db, staffId)) c.var.services.events?.sessionEnded(id)
  return c.json({ message: labStaffRemovedMessage(result.name), staff: await staffList(db) })
})
