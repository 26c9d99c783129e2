import * as v from 'valibot'
import { DIRECTORY_SEARCH_MAX_LENGTH } from '@/contract/certificates'
import { portfolioTypeSchema } from '@/contract/portfolio-types'
import { ACTIVITY_ACTIONS, ACTIVITY_SEARCH_MAX_LENGTH } from '@/contract/team'
import { gotoPathSchema } from '@/lib/login-params'

/*
 * Search parameters of the routes (spec §2, ARCHITECTURE.md "Front end"). A value that does not
 * fit is dropped rather than failing the page: a mistyped link still opens the screen.
 * The router parses values as JSON, so `?search=123` arrives as a number and is turned back
 * into text.
 */

const text = (max: number) =>
  v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(max))

/**
 * `goto` is read at start and honoured after login: only a path of this site is accepted
 * (src/lib/login-params.ts), so the parameter cannot send a user to another host.
 */
export const rootSearchSchema = v.object({
  goto: v.fallback(v.optional(gotoPathSchema), undefined),
})

/** /portfolio and /portfolio-manager: which section to scroll to. */
export const portfolioSearchSchema = v.object({
  portfolio: v.fallback(v.optional(portfolioTypeSchema), undefined),
})

/**
 * /portfolio: the section to scroll to, and `record`, the id of a submitted record the dashboard's
 * Edit opens in the form (docs/decisions/0012). An id is text of 1 to 64 characters, as the
 * contract's ids; anything else is dropped and the form opens as usual.
 */
export const portfolioFormSearchSchema = v.object({
  ...portfolioSearchSchema.entries,
  record: v.fallback(v.optional(v.pipe(text(64), v.nonEmpty())), undefined),
  /**
   * With `record`: the form's revise mode (docs/decisions/0033), New revision of that record rather
   * than Edit. `revise=1` or `revise=true` (the router reads both as JSON); any other value is dropped.
   */
  revise: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.literal(true), v.literal(1), v.literal('1'), v.literal('true')]),
        v.transform(() => true as const),
      ),
    ),
    undefined,
  ),
})

/**
 * /login: where the visitor came from, for example create-portfolio, and `redirect`, the path of
 * the protected page that sent them here, followed after this login (docs/decisions/0019): only a
 * path of this site, the goto rule.
 */
export const loginSearchSchema = v.object({
  from: v.fallback(v.optional(text(100)), undefined),
  redirect: v.fallback(v.optional(gotoPathSchema), undefined),
})

/** /dashboard: the free-text search, also filled by the header search box. */
export const dashboardSearchSchema = v.object({
  search: v.fallback(v.optional(text(200)), undefined),
})

/** /invitation: the invitation's token (docs/decisions/0023); a missing one says the link is not valid (as an unknown one). */
export const invitationSearchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(text(128), v.nonEmpty())), undefined),
})

/**
 * /certified-devices: the directory's search, its filters and its page. The search is
 * cut to the length the server takes; a page that is not a whole number from 1 is dropped.
 */
export const directorySearchSchema = v.object({
  search: v.fallback(v.optional(v.pipe(text(DIRECTORY_SEARCH_MAX_LENGTH), v.nonEmpty())), undefined),
  vendor: v.fallback(v.optional(v.pipe(text(100), v.nonEmpty())), undefined),
  deviceType: v.fallback(v.optional(v.pipe(text(100), v.nonEmpty())), undefined),
  productClass: v.fallback(v.optional(v.pipe(text(100), v.nonEmpty())), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(99_999))), undefined),
})

export type PortfolioSearch = v.InferOutput<typeof portfolioSearchSchema>
export type PortfolioFormSearch = v.InferOutput<typeof portfolioFormSearchSchema>
export type DashboardSearch = v.InferOutput<typeof dashboardSearchSchema>

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/**
 * /team: the activity log's filters (docs/decisions/0044) — `q` the search, `member` the acting
 * member's account id, `action`, and `from` and `to` days (YYYY-MM-DD, UTC as the log's times).
 */
export const teamSearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(text(ACTIVITY_SEARCH_MAX_LENGTH), v.nonEmpty())), undefined),
  member: v.fallback(v.optional(v.pipe(text(64), v.nonEmpty())), undefined),
  action: v.fallback(v.optional(v.picklist(ACTIVITY_ACTIONS)), undefined),
  from: v.fallback(v.optional(v.pipe(text(10), v.regex(DAY_PATTERN))), undefined),
  to: v.fallback(v.optional(v.pipe(text(10), v.regex(DAY_PATTERN))), undefined),
})
