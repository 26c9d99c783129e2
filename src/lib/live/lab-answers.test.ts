import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Comment, CommentListAnswer } from '@/contract/certification'
import type { PortalEvent } from '@/contract/events'
import { createManualClock } from '@/lib/clock'
import {
  LAB_ANSWERED_UNNAMED_MESSAGE,
  type LabAnswer,
  labAnsweredMessage,
  labAnswersOf,
} from '@/lib/live/lab-answers'
import { LiveClient } from '@/lib/live/live-client'
import { organizationKeys } from '@/lib/query-keys'
import { createFakeEventStream } from '@/mocks/event-stream'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { resetWorld, world } from '@/mocks/fixtures/world'

/** The organization the stream's session acts for: its reads are keyed by it. */
const ORGANIZATION = 'org-nokia'
const keys = organizationKeys(ORGANIZATION)

const comment = (fields: Partial<Comment> & Pick<Comment, 'commentId' | 'portfolioManagerId'>): Comment => ({
  author: 'Eli Engineer',
  text: 'Please send firmware 4.2.1.',
  createdAt: '2026-11-20T09:00:00.000Z',
  authorKind: 'lab',
  authorRole: 'Lab engineer',
  ...fields,
})

const added = (fields: Parameters<typeof comment>[0], seq = 1): PortalEvent =>
  ({ ...fixtureEvents.commentAdded(comment(fields)), seq }) as PortalEvent

describe('labAnsweredMessage', () => {
  it('names the device', () => {
    expect(labAnsweredMessage('Beacon 6')).toBe('The certification lab answered on Beacon 6.')
  })

  it('says “one of your devices” when the tab does not know the record', () => {
    expect(LAB_ANSWERED_UNNAMED_MESSAGE).toBe('The certification lab answered on one of your devices.')
    expect(labAnsweredMessage(null)).toBe('The certification lab answered on one of your devices.')
    expect(labAnsweredMessage('  ')).toBe('The certification lab answered on one of your devices.')
  })
})

describe('labAnswersOf', () => {
  const names: Record<string, string> = { 'pm-1': 'Beacon 6', 'pm-2': 'EX5601' }
  const nameOf = (id: string) => names[id] ?? null

  it('keeps the lab’s comments, once per record, in order, with the device name', () => {
    expect(
      labAnswersOf(
        [
          added({ commentId: 'c1', portfolioManagerId: 'pm-2' }),
          added({ commentId: 'c2', portfolioManagerId: 'pm-1' }),
          added({ commentId: 'c3', portfolioManagerId: 'pm-2' }),
          added({ commentId: 'c4', portfolioManagerId: 'pm-9' }),
        ],
        nameOf,
      ),
    ).toEqual([
      { portfolioManagerId: 'pm-2', deviceName: 'EX5601' },
      { portfolioManagerId: 'pm-1', deviceName: 'Beacon 6' },
      { portfolioManagerId: 'pm-9', deviceName: null },
    ])
  })

  it('passes over the vendor’s comments, with or without authorKind, and other events', () => {
    expect(
      labAnswersOf(
        [
          added({ commentId: 'c1', portfolioManagerId: 'pm-1', authorKind: 'vendor', authorRole: 'Owner' }),
          added({
            commentId: 'c2',
            portfolioManagerId: 'pm-1',
            authorKind: undefined,
            authorRole: undefined,
          }),
          { ...fixtureEvents.deleted('pm-2'), seq: 3 } as PortalEvent,
        ],
        nameOf,
      ),
    ).toEqual([])
  })
})

describe('LiveClient and the lab’s answers', () => {
  beforeEach(() => resetWorld())

  function setup() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const stream = createFakeEventStream({ autoOpen: false, activeRuns: () => [], followWorld: false })
    const frames: Array<() => void> = []
    const told: LabAnswer[] = []
    const client = new LiveClient({
      queryClient,
      organizationId: ORGANIZATION,
      vendorUserId: 'v-nokia',
      createEventSource: stream.createEventSource,
      clock: createManualClock(0),
      requestFrame: (callback) => {
        frames.push(callback)
        return () => frames.splice(frames.indexOf(callback), 1)
      },
      onLabAnswer: (answer) => told.push(answer),
    })
    queryClient.setQueryData(keys.records('v-nokia'), {
      portfolioManagerSubmittedDetailsList: world.records.slice(0, 4),
    })
    client.start()
    stream.openAndHello()
    const frame = () => frames.splice(0).forEach((callback) => callback())
    return { queryClient, stream, told, frame }
  }

  it('tells each record the lab answered on, by its device name, after the batch is applied', () => {
    const t = setup()
    const [first, second] = world.records
    const firstId = first?.portfolioManagerId ?? ''
    t.queryClient.setQueryData<CommentListAnswer>(keys.comments(firstId), { comments: [] })
    t.stream.emit(
      fixtureEvents.commentAdded(comment({ commentId: 'lab-1', portfolioManagerId: firstId })),
      fixtureEvents.commentAdded(comment({ commentId: 'lab-2', portfolioManagerId: firstId })),
      fixtureEvents.commentAdded(
        comment({
          commentId: 'own-1',
          portfolioManagerId: second?.portfolioManagerId ?? '',
          authorKind: 'vendor',
        }),
      ),
    )
    expect(t.told).toEqual([])
    t.frame()
    expect(t.told).toEqual([{ portfolioManagerId: firstId, deviceName: first?.deviceName }])
    // The thread has the comments at its head (newest first) …
    expect(
      t.queryClient
        .getQueryData<CommentListAnswer>(keys.comments(firstId))
        ?.comments.map(({ commentId }) => commentId),
    ).toEqual(['lab-2', 'lab-1'])
    // … and is read again.
    expect(t.queryClient.getQueryState(keys.comments(firstId))?.isInvalidated).toBe(true)
  })

  it('tells nothing of the vendor’s own comments and leaves their thread as the event made it', () => {
    const t = setup()
    const id = world.records[0]?.portfolioManagerId ?? ''
    t.queryClient.setQueryData<CommentListAnswer>(keys.comments(id), { comments: [] })
    t.stream.emit(
      fixtureEvents.commentAdded(
        comment({ commentId: 'own', portfolioManagerId: id, authorKind: undefined }),
      ),
    )
    t.frame()
    expect(t.told).toEqual([])
    expect(t.queryClient.getQueryState(keys.comments(id))?.isInvalidated).toBe(false)
  })

  it('tells a record the tab has no row of without its name', () => {
    const t = setup()
    t.stream.emit(
      fixtureEvents.commentAdded(comment({ commentId: 'lab-x', portfolioManagerId: 'pm-elsewhere' })),
    )
    t.frame()
    expect(t.told).toEqual([{ portfolioManagerId: 'pm-elsewhere', deviceName: null }])
  })
})
