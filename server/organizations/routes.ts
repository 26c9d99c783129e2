import { Hono } from 'hono'
import {
  isLastOwner,
  LAST_OWNER_MESSAGE,
  leftOrganizationMessage,
  MEMBER_NOT_FOUND_MESSAGE,
  memberRemovedMessage,
  roleChangedMessage,
} from '@/contract/team'
import type { MainEnv, MainServices } from '../http/context.ts'
import { endVendorSession } from '../http/session.ts'
import { vendorRoute } from '../http/route.ts'
import { logActivity } from './activity.ts'
import { activityRoutes } from './activity-routes.ts'
import { endMembership, lockedOwners, memberOf, organizationName, setMemberRole, teamOf } from './members.ts'
import { nameOf } from './memberships.ts'
import { answerRefusal, changed, refuse } from './team-answer.ts'

/*
 * An organization's team (docs/decisions/0023) — its members and the activity log —
 * and the calls that change the members (the invitations' are invitation-routes.ts). Only Owners
 * change the team (vendorRoute with the endpoint's permission); at least one Owner always remains,
 * checked in the change's transaction with the Owner rows locked. Every change writes the
 * activity log in its transaction.
 */

export const teamRoutes = new Hono<MainEnv>()

vendorRoute(teamRoutes, 'team', async (c) => {
  return c.json(await teamOf(c.var.services.db, c.var.organizationId, c.var.role === 'Owner'))
})

vendorRoute(teamRoutes, 'changeRole', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const { role } = c.var.body
  const outcome = await db.transaction().execute(async (trx) => {
    const owners = await lockedOwners(trx, organizationId)
    const member = await memberOf(trx, organizationId, c.var.body.accountId)
    if (!member) return refuse(MEMBER_NOT_FOUND_MESSAGE, 404, 'accountId')
    const name = nameOf(member)
    if (member.role === role) return { name }
    if (role !== 'Owner' && isLastOwner(owners, member.id))
      return refuse(LAST_OWNER_MESSAGE, 409, 'accountId')
    await setMemberRole(trx, organizationId, member.id, role)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'member.role-changed',
      subject: `${name} (${member.role} → ${role})`,
    })
    return { name }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  return changed(c, c.var.services, organizationId, roleChangedMessage(outcome.name, role))
})

function streamsEnd(services: MainServices, sessionIds: readonly string[]) {
  for (const id of sessionIds) services.events?.sessionEnded(id)
}

vendorRoute(teamRoutes, 'removeMember', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const outcome = await db.transaction().execute(async (trx) => {
    const owners = await lockedOwners(trx, organizationId)
    const member = await memberOf(trx, organizationId, c.var.body.accountId)
    if (!member) return refuse(MEMBER_NOT_FOUND_MESSAGE, 404, 'accountId')
    if (isLastOwner(owners, member.id)) return refuse(LAST_OWNER_MESSAGE, 409, 'accountId')
    const name = nameOf(member)
    const sessions = await endMembership(trx, organizationId, member.id)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'member.removed',
      subject: `${name} (${member.role})`,
    })
    return { name, sessions }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  streamsEnd(c.var.services, outcome.sessions)
  return changed(c, c.var.services, organizationId, memberRemovedMessage(outcome.name))
})

vendorRoute(teamRoutes, 'leaveOrganization', async (c) => {
  const { db } = c.var.services
  const { organizationId, accountId } = c.var
  const outcome = await db.transaction().execute(async (trx) => {
    const owners = await lockedOwners(trx, organizationId)
    if (isLastOwner(owners, accountId)) return refuse(LAST_OWNER_MESSAGE, 409)
    const member = await memberOf(trx, organizationId, accountId)
    if (!member) return refuse(MEMBER_NOT_FOUND_MESSAGE, 404)
    const name = await organizationName(trx, organizationId)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      actorName: nameOf(member),
      action: 'member.left',
      subject: `${nameOf(member)} (${member.role})`,
    })
    const sessions = await endMembership(trx, organizationId, accountId)
    return { organizationName: name, sessions }
  })
  if ('refused' in outcome) return answerRefusal(c, outcome)
  streamsEnd(c.var.services, outcome.sessions)
  // This tab's session was one of them: it goes on as a visitor's, with the same Token.
  const session = c.var.session
  if (session) await endVendorSession(c, db, session)
  return c.json({ message: leftOrganizationMessage(outcome.organizationName) })
})

// The activity log's page and export (docs/decisions/0044).
teamRoutes.route('/', activityRoutes)
