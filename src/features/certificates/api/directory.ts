import * as React from 'react'
import type { DirectoryAnswer } from '@/contract/certificates'
import type { EndpointInput } from '@/lib/call-endpoint'
import { DIRECTORY_FAILED_MESSAGE } from '@/features/certificates/model/directory-text'
import type { DirectoryFirstPage } from '@/features/certificates/model/shell-answer'

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

/** A read's key: its attempt and its query. */
const keyOf = (attempt: number, query: DirectoryCall) => `${attempt}:${JSON.stringify(query)}`
/** The unfiltered first page, the one the page's own script reads (directory-shell.ts). */
const FIRST_PAGE_KEY = keyOf(0, {})

/**
 * Reads a page of the directory of certified devices for `query` (null: not yet, while a
 * prerendered page hydrates), each time it changes. A newer query aborts the older read. The
 * unfiltered first page is taken from `firstPage` (what the page's own script read) when it has it.
 */
export function useDirectory(query: DirectoryCall | null, firstPage?: DirectoryFirstPage): DirectoryRead {
  const [settled, setSettled] = React.useState<{
    key: string | null
    answer: DirectoryAnswer | null
    error: string | null
  }>(() =>
    firstPage?.settled
      ? { key: FIRST_PAGE_KEY, answer: firstPage.settled, error: null }
      : { key: null, answer: null, error: null },
  )
  // The page the script read is shown as it is, not read again.
  const alreadyRead = React.useRef(firstPage?.settled ? FIRST_PAGE_KEY : null)
  const [attempt, setAttempt] = React.useState(0)
  const key = query ? keyOf(attempt, query) : null
  React.useEffect(() => {
    if (key === null) return
    if (key === alreadyRead.current) {
      alreadyRead.current = null
      return
    }
    const controller = new AbortController()
    void (async () => {
      const read = key === FIRST_PAGE_KEY ? await firstPage?.read : null
      // The API client loads only now: the page paints and hydrates without it.
      const { callEndpoint } = await import('@/lib/call-endpoint')
      const call = JSON.parse(key.slice(key.indexOf(':') + 1)) as DirectoryCall
      const result = read
        ? ({ ok: true, data: read } as const)
        : await callEndpoint('directory', call, { signal: controller.signal }).catch(() => null)
      if (controller.signal.aborted) return
      setSettled((previous) =>
        result?.ok
          ? { key, answer: result.data, error: null }
          : { key, answer: previous.answer, error: result?.message ?? DIRECTORY_FAILED_MESSAGE },
      )
    })()
    return () => controller.abort()
  }, [key, firstPage])
  return {
    answer: settled.answer,
    reading: key !== null && key !== settled.key,
    error: key === settled.key ? settled.error : null,
    retry: () => setAttempt((value) => value + 1),
  }
}
