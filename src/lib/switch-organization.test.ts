import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '@/lib/query-keys'
import { cacheFor } from '@/lib/switch-organization'

/** A client holding an organization read (records) and a person's read (the draft). */
function filledClient() {
  const client = new QueryClient()
  client.setQueryData(queryKeys.records('v-1'), ['the records'])
  client.setQueryData(queryKeys.portfolio('v-1'), { draft: true })
  return client
}

const held = (client: QueryClient) => ({
  records: client.getQueryData(queryKeys.records('v-1')) !== undefined,
  draft: client.getQueryData(queryKeys.portfolio('v-1')) !== undefined,
})

describe('cacheFor (the cached reads are the organization’s the session acts for)', () => {
  it('keeps everything while the organization stays the same', () => {
    const client = filledClient()
    cacheFor(client, 'org-1')
    cacheFor(client, 'org-1')
    expect(held(client)).toEqual({ records: true, draft: true })
  })

  it('drops the organization’s reads, not the person’s, when it changes (a switch here or in another tab)', () => {
    const client = filledClient()
    cacheFor(client, 'org-1')
    cacheFor(client, 'org-2')
    expect(held(client)).toEqual({ records: false, draft: true })
  })

  it('counts each query client on its own', () => {
    const first = filledClient()
    const second = filledClient()
    cacheFor(first, 'org-1')
    cacheFor(second, 'org-2')
    expect([held(first), held(second)]).toEqual([
      { records: true, draft: true },
      { records: true, draft: true },
    ])
  })
})
