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
import type { Transaction } from 'kysely'
import { hashPassword, passwordProblem } from '../platform/passwords.ts'
import type { Database } from '../platform/db/schema.ts'
import {
  createStaff,
  endStaffSessions,
  keepsAManager,
  mailSetPasswordLink,
  staffByToken,
  staffList,
} from './staff.ts'
import type { MainEnv, MainServices } from '../http/context.ts'
import { labRoute, route } from '../http/route.ts'

/*
 * The lab console's calls: the lab's staff accounts, their set-password links and their management
 * by a Lab manager (issue 19, docs/decisions/0024).
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
  const hash = await hashPassword(password)
  // Used once: the update names the token it read, so two uses at once set one password.
  const updated = await db
    .updateTable('lab_staff')
    .set({
      password_hash: hash,
      password_changed_at: new Date(),
      set_password_token_hash: null,
      set_password_expires_at: null,
    })
    .where('id', '=', member.id)
    .where('set_password_token_hash', 'is not', null)
    .where('disabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  if (!updated) return c.json(invalidLink, 400)
  // A new password ends the member's other sessions.
  await endStaffSessions(db, member.id)
  return c.json({ message: LAB_PASSWORD_SET_MESSAGE })
})

/** A member who is not removed, read in the change's transaction. */
const activeMember = (trx: Transaction<Database>, staffId: string) =>
  trx
    .selectFrom('lab_staff')
    .select(['id', 'name', 'role'])
    .where('id', '=', staffId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst()

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
    await db.deleteFrom('lab_staff').where('id', '=', created.staffId).execute()
    throw error
  }
  return c.json({ message: labStaffAddedMessage(c.var.body.email.trim()), staff: await staffList(db) })
})

labRoute(labStaffRoutes, 'labChangeStaffRole', async (c) => {
  const { db } = c.var.services
  const { staffId, role } = c.var.body
  const result = await db.transaction().execute(async (trx) => {
    const member = await activeMember(trx, staffId)
    if (!member) return 'not-found' as const
    if (member.role === 'Lab manager' && role !== 'Lab manager' && !(await keepsAManager(trx, staffId)))
      return 'last-manager' as const
    await trx.updateTable('lab_staff').set({ role }).where('id', '=', staffId).execute()
    return member
  })
  if (result === 'not-found') return c.json({ message: LAB_STAFF_NOT_FOUND_MESSAGE, field: 'staffId' }, 404)
  if (result === 'last-manager') return c.json({ message: LAST_LAB_MANAGER_MESSAGE, field: 'role' }, 409)
  // Their open sessions take the new role at their next request (the session query reads it).
  return c.json({ message: labStaffRoleChangedMessage(result.name, role), staff: await staffList(db) })
})

labRoute(labStaffRoutes, 'labRemoveStaff', async (c) => {
  const { db } = c.var.services
  const { staffId } = c.var.body
  const result = await db.transaction().execute(async (trx) => {
    const member = await activeMember(trx, staffId)
    if (!member) return 'not-found' as const
    if (member.role === 'Lab manager' && !(await keepsAManager(trx, staffId))) return 'last-manager' as const
    await trx
      .updateTable('lab_staff')
      .set({ disabled_at: new Date(), set_password_token_hash: null, set_password_expires_at: null })
      .where('id', '=', staffId)
      .execute()
    return member
  })
  if (result === 'not-found') return c.json({ message: LAB_STAFF_NOT_FOUND_MESSAGE, field: 'staffId' }, 404)
  if (result === 'last-manager') return c.json({ message: LAST_LAB_MANAGER_MESSAGE, field: 'staffId' }, 409)
  for (const id of await endStaffSessions(db, staffId)) c.var.services.events?.sessionEnded(id)
  return c.json({ message: labStaffRemovedMessage(result.name), staff: await staffList(db) })
})
