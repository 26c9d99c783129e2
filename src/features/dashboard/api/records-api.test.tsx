// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000/"}
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type * as React from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useDeleteRecordMutation } from '@/features/dashboard/api/delete-record'
import type { RecordListRead } from '@/contract/records'
import { recordsQueryOptions } from '@/features/dashboard/api/list-records'
import { createQueryClient } from '@/lib/query-client'
import { organizationKeys } from '@/lib/query-keys'
import { clearSession, writeAuthData } from '@/lib/storage'
import { NOKIA_ORGANIZATION } from '@/mocks/fixtures/roles'
import { world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

startFixtureServer()

/** Logged in as Nokia's vendor: the mutations read the organization the stored login acts for. */
const ORG = NOKIA_ORGANIZATION.organizationId
beforeEach(() => {
  const nokia = world.vendors.find((vendor) => vendor.authData.vendorUserId === 'v-nokia')
  if (nokia) writeAuthData({ ...nokia.authData, ...NOKIA_ORGANIZATION })
})
afterEach(() => clearSession())

function wrapperWith(queryClient = createQueryClient({ retry: false })) {
  return ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
}

describe('dashboard api', () => {
  it('reads the vendor’s records as the list itself', async () => {
    const { result } = renderHook(() => useQuery(recordsQueryOptions(ORG, 'v-nokia')), {
      wrapper: wrapperWith(),
    })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toHaveLength(world.records.length)
  })

  it('keeps the answer’s X-Events-Seq with the cached answer, for the live client (decision 0022)', async () => {
    const queryClient = createQueryClient({ retry: false })
    const { result } = renderHook(() => useQuery(recordsQueryOptions(ORG, 'v-nokia')), {
      wrapper: wrapperWith(queryClient),
    })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    const cached = queryClient.getQueryData<RecordListRead>(organizationKeys(ORG).records('v-nokia'))
    expect(cached?.eventsSeq).toBe(world.eventsSeq)
    expect(cached?.portfolioManagerSubmittedDetailsList).toBe(result.current.data)
  })

  it('deletes a Submitted record, hands back the server’s message and reloads the list', async () => {
    const wrapper = wrapperWith()
    const submitted = world.records.find((record) => record.status === 'Submitted')
    const { result } = renderHook(
      () => ({
        list: useQuery(recordsQueryOptions(ORG, 'v-nokia')),
        remove: useDeleteRecordMutation('v-nokia'),
      }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true))
    const before = result.current.list.data?.length ?? 0
    let answer: { message: string } | undefined
    await act(async () => {
      answer = await result.current.remove.mutateAsync(submitted?.portfolioManagerId ?? '')
    })
    expect(answer?.message).toBe('Device record deleted successfully')
    await waitFor(() => expect(result.current.list.data?.length).toBe(before - 1))
  })

  it('turns a refused delete into an error carrying the server’s message', async () => {
    const completed = world.records.find((record) => record.status === 'Completed')
    const { result } = renderHook(() => useDeleteRecordMutation('v-nokia'), { wrapper: wrapperWith() })
    await act(async () => {
      await result.current.mutateAsync(completed?.portfolioManagerId ?? '').catch(() => undefined)
    })
    await waitFor(() =>
      expect(result.current.error?.message).toBe('Only a record in status Submitted can be deleted.'),
    )
  })
})
