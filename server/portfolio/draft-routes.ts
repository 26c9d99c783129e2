import { Hono } from 'hono'
import { NO_UPDATES_MESSAGE, SAVE_SECTION_MESSAGES } from '@/contract/messages'
import type { SavedPortfolio } from '@/contract/portfolio'
import { NOTHING_NEW } from '@/contract/portfolio-payload'
import { portfolioPayloadProblem } from '@/contract/portfolio-rules'
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  INVALID_IDEMPOTENCY_KEY_MESSAGE,
} from '@/contract/portfolio'
import {
  ALREADY_SUBMITTED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  UNKNOWN_DRAFT_MESSAGE,
} from '@/contract/server-messages'
import { isUniqueViolation } from '../platform/db/database.ts'
import { answerFromCache } from '../http/answer-cache.ts'
import type { MainEnv } from '../http/context.ts'
import { newInCatalogue } from './catalogue.ts'
import { ALL_FIELDS, COLUMNS, draftOf, draftState, draftValues, fieldsOf, saveDraft } from './drafts.ts'
import { storedAnswer, type SubmitAnswer, submitOnce } from './submit-answers.ts'
import { registrationWithRecords, vendorName } from './vendors.ts'
import { vendorRoute } from '../http/route.ts'

/*
 * The portfolio form's calls (spec §3, §4, §7): get the draft, save it by section, create (submit)
 * it. Every call needs the vendor's session, and the body's vendorUserId must be the session's own
 * (vendorRoute). A save or submit passes the portfolio rules (src/contract/portfolio-rules.ts) or
 * is refused with 400 and the first problem ({ message, field }); the draft's storage is in
 * drafts.ts, the submit answers of an idempotency key in submit-answers.ts.
 */

export const draftRoutes = new Hono<MainEnv>()

/* ------------------------------------------------------------------------------------- get */

const yesNo = (value: boolean): 'YES' | 'NO' => (value ? 'YES' : 'NO')

vendorRoute(draftRoutes, 'getPortfolio', (c) => {
  const { db } = c.var.services
  const { accountId, organizationId } = c.var
  return answerFromCache(c, `get:${accountId}:${organizationId}`, async () => {
    const account = await registrationWithRecords(db, accountId, organizationId)
    if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
    const draft = await draftOf(db, accountId)

    const hasRecords = Boolean(account.has_records)
    const fields = draft ? Object.fromEntries(ALL_FIELDS.map((field) => [field, draft[COLUMNS[field]]])) : {}
    const answer: SavedPortfolio = {
      ...fields,
      isPortfolioManagerSavedOrSubmittedDataExists: yesNo(draft !== undefined || hasRecords),
      isPortfolioManagerReqSubmitted: yesNo(draft ? draft.is_submitted : hasRecords),
      portfolioManagerSavedDetails:
        draft && !draft.is_submitted ? { savedPortfolioManagerId: draft.saved_portfolio_manager_id } : null,
      registrationDetails: {
        organization: account.organization,
        name: `${account.first_name} ${account.last_name}`,
        emailId: account.email,
        countryCode: account.country_code,
        phoneNumber: account.phone_number,
        country: account.country,
        state: account.state,
        city: account.city,
      },
    }
    return answer
  })
})

/* ------------------------------------------------------------------------------------ save */

vendorRoute(draftRoutes, 'savePortfolio', async (c) => {
  const { db } = c.var.services
  const payload = c.var.body
  // Spec §3's payload has no saveSection: the contract reads a save without one as section 0.
  const section = payload.saveSection

  const fresh =
    section === 0 || section === 3 ? await newInCatalogue(db, payload, c.var.organizationId) : NOTHING_NEW
  const problem = portfolioPayloadProblem({ call: 'save', payload }, fresh)
  if (problem) return c.json(problem, 400)

  const outcome = await saveDraft(db, c.var.accountId, draftValues(payload, fieldsOf(section)))
  if (outcome === 'unchanged') return c.json({ message: NO_UPDATES_MESSAGE }, 409)
  return c.json({ message: SAVE_SECTION_MESSAGES[section] })
})

/* ---------------------------------------------------------------------------------- submit */

/**
 * POST /api/portfoliomanager/create. With an Idempotency-Key (one per press of Submit), the first
 * request with the key holds the row (account, key) of submit_answers for its transaction and
 * stores its answer there; a repeat — at once, later, or from another process on the same
 * PostgreSQL — waits on that row, then answers the stored answer and writes nothing (migration
 * 0006, docs/decisions/0015). Without the key a submit is answered as spec §7 says.
 */
vendorRoute(draftRoutes, 'submitPortfolio', async (c) => {
  const { db } = c.var.services
  const { accountId, organizationId } = c.var
  const payload = c.var.body
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    return c.json({ message: INVALID_IDEMPOTENCY_KEY_MESSAGE, field: IDEMPOTENCY_KEY_HEADER }, 400)
  }
  // A repeat of a press already answered: the same answer, before anything else is looked at.
  const earlier = key === undefined ? undefined : await storedAnswer(db, accountId, key)
  if (earlier) return c.json(earlier.body, earlier.status)

  const fresh = await newInCatalogue(db, payload, organizationId)
  const problem = portfolioPayloadProblem({ call: 'submit', payload }, fresh)
  if (problem) return c.json(problem, 400)

  if (payload.savedPortfolioManagerId !== null) {
    const state = await draftState(db, { accountId, organizationId }, payload.savedPortfolioManagerId)
    if (state === 'submitted') return c.json({ message: ALREADY_SUBMITTED_MESSAGE }, 409)
    if (state === 'unknown') {
      return c.json({ message: UNKNOWN_DRAFT_MESSAGE, field: 'savedPortfolioManagerId' }, 400)
    }
  }

  const createdBy = await vendorName(db, accountId)
  if (createdBy === undefined) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const submit = { accountId, organizationId, createdBy, payload, fresh }
  const submitted: SubmitAnswer = { status: 200, body: { message: PORTFOLIO_SUBMITTED_MESSAGE } }

  let answer: SubmitAnswer
  try {
    answer = await submitOnce(db, submit, key, submitted)
  } catch (error) {
    if (isUniqueViolation(error, 'device_records_one_per_draft')) {
      return c.json({ message: ALREADY_SUBMITTED_MESSAGE }, 409)
    }
    throw error
  }
  return c.json(answer.body, answer.status)
})
