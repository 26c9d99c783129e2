import { HttpResponse } from 'msw'
import {
  ASSIGNED_TO_YOU_MESSAGE,
  assignedToMessage,
  LAB_ASSIGNEE_NOT_FOUND_MESSAGE,
  UNASSIGNED_MESSAGE,
} from '@/contract/lab-assignment'
import * as said from '@/contract/server-messages'
import { world } from '@/mocks/fixtures/world'
import { badRequest, mockEndpoint } from '@/mocks/mock-endpoint'

/*
 * Assigning a record in the fixture world (server/lab/assignment.ts): the caller is the fixture
 * Lab manager (world.lab.staff[0]); the assignee is an active member; null unassigns.
 */

export const labAssignmentHandlers = [
  mockEndpoint('labAssign', ({ body }) => {
    const { portfolioManagerId, staffId } = body
    if (!world.records.some((record) => record.portfolioManagerId === portfolioManagerId))
      return badRequest({ message: said.RECORD_NOT_FOUND_MESSAGE, field: 'portfolioManagerId' }, {}, 404)
    if (staffId === null) {
      world.lab.assignments.delete(portfolioManagerId)
      return HttpResponse.json({ message: UNASSIGNED_MESSAGE, assignee: null })
    }
    const member = world.lab.staff.find((candidate) => candidate.staffId === staffId)
    if (!member || member.state === 'disabled')
      return badRequest({ message: LAB_ASSIGNEE_NOT_FOUND_MESSAGE, field: 'staffId' }, {}, 404)
    const assignee = { staffId: member.staffId, name: member.name }
    world.lab.assignments.set(portfolioManagerId, assignee)
    const mine = member.staffId === world.lab.staff[0]?.staffId
    return HttpResponse.json({
      message: mine ? ASSIGNED_TO_YOU_MESSAGE : assignedToMessage(member.name),
      assignee,
    })
  }),
]
