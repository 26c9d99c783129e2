import * as React from 'react'
import type { DirectoryAnswer } from '@/contract/certificates'
import type { EndpointInput } from '@/lib/call-endpoint'
import { DIRECTORY_FAILED_MESSAGE } from '@/features/certificates/model/directory-text'

/** The directory call's parameters, as the address carries them (text). */
export type DirectoryCall = EndpointInput<'directory'>

export type DirectoryRead = {
  /** The latest answer; the previous one stays while the next is read. */
  answer: DirectoryAnswer | null
  /** A read is on its way. */
  reading: boolean
  error: string | null
  retry: () => void
}

/**
 * Reads a page of the directory of certified devices for `query` (null: not yet, while a
 * prerendered page hydrates), each time it changes. A newer query aborts the older read.
 */
export function useDirectory(query: DirectoryCall | null): DirectoryRead {
  const [settled, setSettled] = React.useState<{
    key: string | null
    answer: DirectoryAnswer | null
    error: string | null
  }>({ key: null, answer: null, error: null })
  const [attempt, setAttempt] = React.useState(0)
  const key = query ? `${attempt}:${JSON.stringify(query)}` : null
  React.useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    void (async () => {
      // The API client loads only now: the page paints and hydrates without it.
      const { callEndpoint } = await import('@/lib/call-endpoint')
      const call = JSON.parse(key.slice(key.indexOf(':') + 1)) as DirectoryCall
      const result = await callEndpoint('directory', call, { signal: controller.signal }).catch(() => null)
      if (controller.signal.aborted) return
      setSettled((previous) =>
        result?.ok
          ? { key, answer: result.data, error: null }
          : { key, answer: previous.answer, error: result?.message ?? DIRECTORY_FAILED_MESSAGE },
      )
    })()
    return () => controller.abort()
  }, [key])
  return {
    answer: settled.answer,
    reading: key !== null && key !== settled.key,
    error: key === settled.key ? settled.error : null,
    retry: () => setAttempt((value) => value + 1),
  }
}
