import { createMiddleware } from 'hono/factory'
import {
  LAB_MANAGER_ONLY_MESSAGE,
  LAB_ONLY_MESSAGE,
  labCan,
  type LabPermission,
  type LabRole,
} from '@/contract/lab'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import type { MainEnv } from './context.ts'

/*
 * docs/decisions/0024: the lab console's calls need a lab staff member's session whose
 * role has the endpoint's permission (its entry of the endpoint table, src/contract/endpoints).
 * - no session, or a visitor's: 401 NOT_SIGNED_IN_MESSAGE (as every protected call);
 * - a vendor's session: 403 LAB_ONLY_MESSAGE — no vendor reaches any lab call, whatever its role;
 * - a Lab engineer on a manager's call: 403 LAB_MANAGER_ONLY_MESSAGE.
 * A removed (disabled) staff member's session has ended in loadSession before this runs.
 */

export type LabEnv = MainEnv & {
  Variables: { labStaffId: string; labRole: LabRole }
}

export const requireLab = (permission: LabPermission) =>
  createMiddleware<LabEnv>(async (c, next) => {
    const session = c.var.session
    if (session?.labStaffId && session.labRole) {
      if (!labCan(session.labRole, permission)) return c.json({ message: LAB_MANAGER_ONLY_MESSAGE }, 403)
      c.set('labStaffId', session.labStaffId)
      c.set('labRole', session.labRole)
      await next()
      return
    }
    if (session?.accountId) return c.json({ message: LAB_ONLY_MESSAGE }, 403)
    return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  })
