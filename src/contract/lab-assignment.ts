import * as v from 'valibot'
import { idSchema } from '@/contract/common'

/*
 * docs/decisions/0045: the lab's queue as a work queue. A record may be assigned to one lab staff
 * member (themselves with "Assign to me", or another active member); the queue shows who has it,
 * filters to "Mine", and tells how long each record has waited in its state. Assignment is the
 * lab's own split of the work: the vendor's side never sees it (its event goes to the lab's
 * stream only, LAB_ONLY_EVENTS).
 */

/** A record's page in the lab console (the queue's rows, the lab's mails and toasts link to it). */
export const labRecordPath = (portfolioManagerId: string) =>
  `/lab/records/${encodeURIComponent(portfolioManagerId)}`

/** POST /api/lab/records/assign: staffId null unassigns the record. */
export const labAssignPayloadSchema = v.object({
  portfolioManagerId: idSchema,
  staffId: v.nullable(idSchema),
})

export const labAssigneeSchema = v.looseObject({ staffId: v.string(), name: v.string() })
export type LabAssignee = v.InferOutput<typeof labAssigneeSchema>

export const labAssignAnswerSchema = v.looseObject({
  message: v.string(),
  assignee: v.nullable(labAssigneeSchema),
})

/** The event the lab's stream carries for an assignment (never a vendor's stream). */
export const recordAssignedEventSchema = v.looseObject({
  seq: v.number(),
  at: v.string(),
  type: v.literal('record.assigned'),
  portfolioManagerId: v.string(),
  assignee: v.nullable(labAssigneeSchema),
  assignedBy: v.string(),
})
export type RecordAssignedEvent = v.InferOutput<typeof recordAssignedEventSchema>

// Messages (asserted by their exact text in the tests).
export const ASSIGNED_TO_YOU_MESSAGE = 'This record is assigned to you.'
export const assignedToMessage = (name: string) => `This record is assigned to ${name}.`
export const UNASSIGNED_MESSAGE = 'No one is assigned to this record now.'
export const LAB_ASSIGNEE_NOT_FOUND_MESSAGE = 'No active lab staff member with this id exists.'

// The console's words.
export const ASSIGN_TO_ME_LABEL = 'Assign to me'
export const UNASSIGN_LABEL = 'Unassign'
export const MINE_FILTER_LABEL = 'Mine'
export const UNASSIGNED_TEXT = 'Unassigned'
export const assigneeText = (name: string, mine: boolean) =>
  mine ? 'Assigned to you' : `Assigned to ${name}`
/** The toast of a member another assigned a record to (the lab's stream). */
export const assignedToYouToast = (assignedBy: string) => `${assignedBy} assigned a record to you.`
