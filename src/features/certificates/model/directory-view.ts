import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryAnswer,
  type DirectoryEntry,
  VERIFY_PATH,
} from '@/contract/certificates'
import { rangeText } from '@/lib/paging'
import { h, type ViewElement } from '@/lib/view-node'
import {
  DIRECTORY_EMPTY_MESSAGE,
  DIRECTORY_NO_MATCH_MESSAGE,
  DIRECTORY_NONE_TEXT,
  DIRECTORY_TITLE,
} from '@/features/certificates/model/directory-text'
import { icon } from '@/features/certificates/model/verify-view'

/*
 * A page of the directory of certified devices as markup described as data (src/lib/view-node.ts):
 * the app renders it with React (components/directory-page.tsx), and the page's own script builds
 * it before the app has started (directory-shell.ts), so that /certified-devices opened directly
 * shows its first page without waiting for the visitor's first move (docs/decisions/0038).
 */

/**
 * The results' frame and its first line (the count, and the app's Clear filters beside it). The
 * frame keeps 70 % of the screen's height from the start: the page arrives with one line
 * ("Reading the certified devices…") that its script replaces with up to 24 cards, and without the
 * room the footer, on screen at first, was pushed down (Lighthouse: CLS 0.039 on a phone).
 */
export const RESULTS_CLASS = 'flex min-h-[70vh] flex-col gap-4'
export const RESULTS_HEAD_CLASS = 'flex flex-wrap items-center justify-between gap-3'

type PageState = {
  /** The page answers a search or a filter (its empty answer then says nothing matches). */
  filtered: boolean
  /** A newer page is being read: this one is shown dimmed meanwhile. */
  reading: boolean
}

/** "Showing 1–24 of 40", or that there are none. */
export function directoryRangeView(answer: DirectoryAnswer, { reading }: Pick<PageState, 'reading'>) {
  return h(
    'p',
    {
      'aria-live': 'polite',
      class: 'text-small text-ink-muted',
      'data-updating': reading ? 'true' : undefined,
    },
    rangeText(answer.page, answer.pageSize || DIRECTORY_PAGE_SIZE, answer.total, DIRECTORY_NONE_TEXT),
  )
}

/** The page's devices as cards, or why there are none. */
export function directoryEntriesView(answer: DirectoryAnswer, { filtered, reading }: PageState): ViewElement {
  if (answer.items.length === 0)
    return h(
      'div',
      {
        class:
          'rounded-card border border-dashed border-line-strong p-8 text-center text-body text-ink-muted',
      },
      filtered || answer.total > 0 ? DIRECTORY_NO_MATCH_MESSAGE : DIRECTORY_EMPTY_MESSAGE,
    )
  return h(
    'ul',
    {
      'aria-label': DIRECTORY_TITLE,
      class: `grid gap-3 sm:grid-cols-2 lg:grid-cols-3${reading ? ' opacity-70' : ''}`,
    },
    answer.items.map(entryCard),
  )
}

/** The results of the first page, unfiltered, as the page's script shows them before the app. */
export function directoryFirstPageView(answer: DirectoryAnswer): ViewElement {
  const state = { filtered: false, reading: false }
  return h(
    'div',
    { class: RESULTS_CLASS },
    h('div', { class: RESULTS_HEAD_CLASS }, directoryRangeView(answer, state)),
    directoryEntriesView(answer, state),
  )
}

/** The device's certified firmware, newest first (docs/decisions/0033): the term says how many. */
const firmwareTerm = (versions: readonly string[]) =>
  versions.length === 1 ? 'Firmware' : 'Firmware versions'

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

const TERM = 'text-ink-muted'
const VALUE = 'break-words text-ink'

function entryCard(entry: DirectoryEntry): ViewElement {
  const firmware = entry.firmwareVersions ?? []
  return h(
    'li',
    { class: 'flex flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card' },
    h(
      'div',
      { class: 'flex items-start gap-2' },
      icon('badgeCheck', 'mt-0.5 size-5 shrink-0 text-success'),
      h(
        'div',
        { class: 'flex min-w-0 flex-col gap-0.5' },
        h('h2', { class: 'text-body font-bold break-words text-ink' }, `${entry.vendor} ${entry.deviceName}`),
        h('p', { class: 'text-small text-ink-muted' }, `${entry.deviceType} · ${entry.productClass}`),
      ),
    ),
    h(
      'dl',
      { class: 'grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-small' },
      h('dt', { class: TERM }, 'Organization'),
      h('dd', { class: VALUE }, entry.organizationName),
      firmware.length > 0 && [
        h('dt', { class: TERM }, firmwareTerm(firmware)),
        h('dd', { class: VALUE, 'data-slot': 'firmware-versions' }, firmware.join(', ')),
      ],
      h('dt', { class: TERM }, 'Certified'),
      h('dd', { class: 'text-ink' }, dateOf(entry.issuedAt)),
      h('dt', { class: TERM }, 'Valid until'),
      h('dd', { class: 'text-ink' }, dateOf(entry.expiresAt)),
    ),
    h(
      'a',
      {
        href: `${VERIFY_PATH}/${encodeURIComponent(entry.number)}`,
        class:
          'mt-auto self-start rounded-sm font-mono text-small font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring',
        'aria-label': `Certificate ${entry.number} of ${entry.vendor} ${entry.deviceName}`,
      },
      entry.number,
    ),
  )
}
