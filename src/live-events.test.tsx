// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import type * as React from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CertificationRun, Comment } from '@/contract/certification'
import type { DeviceRecord, RecordListAnswer } from '@/contract/records'
import type { WebhookEndpoint } from '@/contract/webhooks'
import { MaintenanceBanner } from '@/features/dashboard/components/maintenance-banner'
import { UnreadCommentMark } from '@/features/dashboard/components/unread-comment-mark'
import { RunDetails } from '@/features/certification/components/run-details'
import { webhooksQueryOptions } from '@/features/webhooks/api/webhooks'
import { WebhooksScreen } from '@/features/webhooks/components/webhooks-screen'
import { ClockProvider, createManualClock } from '@/lib/clock'
import { EventSourceProvider, LiveUpdates, useMarkCommentsRead } from '@/lib/live/live-updates'
import { organizationKeys } from '@/lib/query-keys'
import { clearSession, writeAuthData } from '@/lib/storage'
import { createFakeEventStream } from '@/mocks/event-stream'
import { NOKIA_ORGANIZATION } from '@/mocks/fixtures/roles'
import { world } from '@/mocks/fixtures/world'

/*
 * Each live event that changes what a vendor sees, fed to the live client of an open tab: the
 * screen shows the change at once, with no reload and no read of the server (every read here
 * stays unanswered, as a server that is slow to answer would leave it).
 */

const VENDOR = 'v-nokia'
/** The organization the stored login acts for: the tab's reads and the stream's writes are keyed by it. */
const ORGANIZATION = NOKIA_ORGANIZATION.organizationId
const keys = organizationKeys(ORGANIZATION)
const RECORD = 'pm-live-1'
const RUN = 'run-live-1'
const AT = '2026-11-20T09:00:00.000Z'

const run = (change: Partial<CertificationRun> = {}): CertificationRun => ({
  runId: RUN,
  portfolioManagerId: RECORD,
  status: 'Completed',
  isCertified: 'CERTIFIED-OK',
  startedAt: '2026-11-20T08:00:00.000Z',
  finishedAt: AT,
  failureReason: null,
  testCases: [{ name: 'Wi-Fi association', state: 'passed', startedAt: AT, finishedAt: AT, log: [] }],
  attempt: 1,
  kind: 'full',
  startedBy: 'Priya Sharma',
  ...change,
})

const row = (change: Partial<DeviceRecord> = {}): DeviceRecord => ({
  portfolioManagerId: RECORD,
  vendor: 'Nokia',
  deviceName: 'Beacon 6',
  deviceType: 'Wi-Fi Mesh System',
  productClass: 'Residential Gateway',
  baseFirmwareVersion: '1.0.0',
  businessDomain: 'Fixed',
  creationTime: AT,
  createdBy: 'Priya Sharma',
  status: 'Completed',
  isCertified: 'CERTIFIED-OK',
  ...change,
})

const fetches: string[] = []
let answerFetch: (url: string) => Response | null = () => null

beforeEach(() => {
  const nokia = world.vendors.find((vendor) => vendor.authData.vendorUserId === VENDOR)
  if (nokia) writeAuthData({ ...nokia.authData, ...NOKIA_ORGANIZATION })
  fetches.length = 0
  answerFetch = () => null
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input)
      fetches.push(url)
      const answer = answerFetch(url)
      return answer ? Promise.resolve(answer) : new Promise<Response>(() => {})
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  clearSession()
})

/** An open tab: the live stream (said hello) and the cache these screens read. */
function openTab(children: React.ReactNode, seed: (client: QueryClient) => void = () => {}) {
  const stream = createFakeEventStream({ autoOpen: false, activeRuns: () => [], followWorld: false })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  seed(queryClient)
  // Links work without route matching (the run details link to the public record).
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  })
  render(
    <ClockProvider clock={createManualClock(0)}>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router}>
          <EventSourceProvider createEventSource={stream.createEventSource}>
            <LiveUpdates vendorUserId={VENDOR}>{children}</LiveUpdates>
          </EventSourceProvider>
        </RouterContextProvider>
      </QueryClientProvider>
    </ClockProvider>,
  )
  act(() => stream.openAndHello([], 0))
  return { stream, queryClient }
}

const runDetails = (runs: CertificationRun[]) =>
  openTab(
    <RunDetails vendorUserId={VENDOR} portfolioManagerId={RECORD} deviceName="Beacon 6" status="Completed" />,
    (client) => client.setQueryData(keys.runs(RECORD), { runs }),
  )

const certificate = { number: 'DCP-7K2M-9QXR-4TVB', state: 'valid' as const, published: false }

describe('the open tab after each live event', () => {
  it('certificate.issued: shows the certificate number and the listing switch', async () => {
    const { stream } = runDetails([run()])
    expect(screen.queryByText('DCP-7K2M-9QXR-4TVB')).toBeNull()
    act(() => {
      stream.emit({ type: 'certificate.issued', at: AT, portfolioManagerId: RECORD, runId: RUN, certificate })
    })
    await screen.findByText('DCP-7K2M-9QXR-4TVB')
    const listing = screen.getByRole('checkbox', { name: 'List this device among the certified devices' })
    expect(listing).not.toBeChecked()
  })

  it('certificate.listing: the switch follows another member listing the device', async () => {
    const { stream } = runDetails([run({ certificate })])
    const listing = await screen.findByRole('checkbox', {
      name: 'List this device among the certified devices',
    })
    expect(listing).not.toBeChecked()
    act(() => {
      stream.emit({
        type: 'certificate.listing',
        at: AT,
        portfolioManagerId: RECORD,
        runId: RUN,
        certificate: { ...certificate, published: true },
      })
    })
    await waitFor(() => expect(listing).toBeChecked())
  })

  const decided = (review: NonNullable<CertificationRun['review']>, isCertified: string) =>
    ({
      type: 'run.finished',
      at: AT,
      portfolioManagerId: RECORD,
      runId: RUN,
      attempt: 1,
      progress: { done: 1, total: 1, passed: 1, failed: 0, currentCase: null },
      record: { status: 'Completed', isCertified },
      status: 'Completed',
      isCertified,
      failureReason: null,
      finishedAt: AT,
      run: run({ isCertified, review }),
    }) as const

  const awaiting = run({
    status: 'AwaitingReview',
    isCertified: '',
    review: { state: 'pending', reviewer: null, reviewedAt: null, reason: null },
  })

  it('run.finished of an approval: "Approved by …" in the run details', async () => {
    const { stream } = runDetails([awaiting])
    await screen.findByText('Awaiting the lab’s review')
    act(() => {
      stream.emit(
        decided({ state: 'approved', reviewer: 'Ravi Menon', reviewedAt: AT, reason: null }, 'CERTIFIED-OK'),
      )
    })
    await screen.findByText('Approved by Ravi Menon on 20 Nov 2026, 09:00')
  })

  it('run.finished of a rejection: the lab’s reason in the run details', async () => {
    const { stream } = runDetails([awaiting])
    await screen.findByText('Awaiting the lab’s review')
    act(() => {
      stream.emit(
        decided(
          {
            state: 'rejected',
            reviewer: 'Ravi Menon',
            reviewedAt: AT,
            reason: 'The log of case 3 is incomplete.',
          },
          'Validation failure',
        ),
      )
    })
    await screen.findByText('Rejected by Ravi Menon on 20 Nov 2026, 09:00: The log of case 3 is incomplete.')
  })

  it('comment.added by the lab: an unread mark on the row, gone when the comments are opened', async () => {
    function Row() {
      const { data } = useQuery({
        queryKey: keys.records(VENDOR),
        queryFn: () => new Promise<RecordListAnswer>(() => {}),
      })
      const markRead = useMarkCommentsRead()
      return (
        <ul>
          {data?.portfolioManagerSubmittedDetailsList.map((record) => (
            <li key={record.portfolioManagerId}>
              {record.deviceName} <UnreadCommentMark count={record.unreadComments} />
              <button type="button" onClick={() => markRead(record.portfolioManagerId)}>
                Comments
              </button>
            </li>
          ))}
        </ul>
      )
    }
    const { stream } = openTab(<Row />, (client) =>
      client.setQueryData(keys.records(VENDOR), { portfolioManagerSubmittedDetailsList: [row()] }),
    )
    const comment = (commentId: string, authorKind: Comment['authorKind']): Comment => ({
      commentId,
      portfolioManagerId: RECORD,
      author: authorKind === 'lab' ? 'Ravi Menon' : 'Priya Sharma',
      text: 'Which label?',
      createdAt: AT,
      authorKind,
    })
    act(() => {
      stream.emit({
        type: 'comment.added',
        at: AT,
        portfolioManagerId: RECORD,
        comment: comment('c1', 'vendor'),
      })
    })
    expect(screen.queryByRole('img', { name: /unread/ })).toBeNull()
    act(() => {
      stream.emit(
        { type: 'comment.added', at: AT, portfolioManagerId: RECORD, comment: comment('c2', 'lab') },
        { type: 'comment.added', at: AT, portfolioManagerId: RECORD, comment: comment('c3', 'lab') },
      )
    })
    expect(await screen.findByRole('img', { name: '2 unread comments from the lab' })).toHaveTextContent('2')
    act(() => screen.getByRole('button', { name: 'Comments' }).click())
    await waitFor(() => expect(screen.queryByRole('img', { name: /unread/ })).toBeNull())
  })

  it('lab.maintenance: the dashboard’s banner appears when the bench enters maintenance and goes when it ends', async () => {
    const { stream } = openTab(<MaintenanceBanner />)
    expect(screen.queryByRole('status', { name: 'Lab maintenance' })).toBeNull()
    const maintenance = {
      reason: 'Replacing the RF shield.',
      startedAt: AT,
      expectedEnd: '2026-11-20T11:30:00.000Z',
      startedBy: 'Lena Ops',
    }
    act(() => {
      stream.emit({ type: 'lab.maintenance', at: AT, maintenance })
    })
    const banner = await screen.findByRole('status', { name: 'Lab maintenance' })
    expect(banner).toHaveTextContent(
      'The lab is in maintenance: Replacing the RF shield. Expected to end 20 Nov 2026, 11:30.',
    )
    expect(banner).toHaveTextContent('Runs you start now wait until the maintenance ends.')
    act(() => {
      stream.emit({ type: 'lab.maintenance', at: AT, maintenance: null })
    })
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Lab maintenance' })).toBeNull())
  })

  it('a tab opened during maintenance shows the banner from the stream’s hello', async () => {
    const stream = createFakeEventStream({ autoOpen: false, activeRuns: () => [], followWorld: false })
    render(
      <ClockProvider clock={createManualClock(0)}>
        <QueryClientProvider client={new QueryClient()}>
          <EventSourceProvider createEventSource={stream.createEventSource}>
            <LiveUpdates vendorUserId={VENDOR}>
              <MaintenanceBanner />
            </LiveUpdates>
          </EventSourceProvider>
        </QueryClientProvider>
      </ClockProvider>,
    )
    act(() => {
      stream.open()
      stream.raw(
        JSON.stringify({
          seq: 5,
          accountSeq: 0,
          activeRuns: [],
          maintenance: {
            reason: 'Scheduled maintenance of the lab.',
            startedAt: '',
            expectedEnd: '',
            startedBy: '',
          },
        }),
        'hello',
      )
    })
    expect(await screen.findByRole('status', { name: 'Lab maintenance' })).toHaveTextContent(
      'The lab is in maintenance: Scheduled maintenance of the lab.',
    )
  })

  it('webhook.delivered: "Last delivery" read again and shown after a test event', async () => {
    const endpoint = (lastDelivery: WebhookEndpoint['lastDelivery']): WebhookEndpoint => ({
      endpointId: 'wh-1',
      url: 'https://ci.example.com/hooks/portal',
      description: '',
      events: ['run.finished'],
      state: 'active',
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      secretHint: 'whsec_…a1B2',
      createdAt: AT,
      lastDelivery,
    })
    function Webhooks() {
      const { data } = useQuery(webhooksQueryOptions(ORGANIZATION, VENDOR))
      return data ? <WebhooksScreen vendorUserId={VENDOR} webhooks={data} refusal={null} /> : null
    }
    const { stream } = openTab(<Webhooks />, (client) =>
      client.setQueryData(webhooksQueryOptions(ORGANIZATION, VENDOR).queryKey, {
        endpoints: [endpoint(null)],
      }),
    )
    expect(await screen.findByText('No delivery yet')).toBeInTheDocument()
    answerFetch = (url) =>
      url.includes('/api/webhooks')
        ? Response.json({ endpoints: [endpoint({ status: 'succeeded', at: AT, responseCode: 204 })] })
        : null
    act(() => {
      stream.emit({ type: 'webhook.delivered', at: AT, endpointId: 'wh-1', succeeded: true })
    })
    await waitFor(() => expect(screen.queryByText('No delivery yet')).toBeNull())
    expect(screen.getByText(/HTTP 204, 20 Nov 2026, 09:00/)).toBeInTheDocument()
  })
})
