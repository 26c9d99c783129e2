import { Hono } from 'hono'
import { NO_UPDATES_MESSAGE, SAVE_SECTION_MESSAGES } from '@/contract/messages'
import type { SavedPortfolio } from '@/contract/portfolio'
import { NOTHING_NEW } from '@/contract/portfolio-payload'
import { portfolioPayloadProblem } from '@/contract/portfolio-rules'
import {
  ALREADY_SUBMITTED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
} from '@/contract/server-messages'
import { isUniqueViolation } from '../../db/database.ts'
import { answerFromCache } from '../answer-cache.ts'
import type { MainEnv } from '../middleware/context.ts'
import { newInCatalogue } from '../store/catalogue.ts'
import { ALL_FIELDS, COLUMNS, draftValues, fieldsOf, saveDraft, submitPortfolio } from '../store/drafts.ts'
import { vendorRoute } from './route.ts'

/*
 * The portfolio form's calls (spec §3, §4, §7): get the draft, save it by section, create (submit)
 * it. Every call needs the vendor's session, and the body's vendorUserId must be the session's own
 * (vendorRoute). A save or submit passes the portfolio rules (src/contract/portfolio-rules.ts) or
 * is refused with 400 and the first problem; the draft's storage is in ../store/drafts.ts.
 */

export const draftRoutes = new Hono<MainEnv>()

/* ------------------------------------------------------------------------------------- get */

const yesNo = (value: boolean): 'YES' | 'NO' => (value ? 'YES' : 'NO')

vendorRoute(draftRoutes, 'getPortfolio', (c) => {
  const { db } = c.var.services
  const accountId = c.var.accountId
  return answerFromCache(c, `get:${accountId}`, async () => {
    const account = await db
      .selectFrom('vendor_accounts as a')
      .select((eb) => [
        'a.organization',
        'a.first_name',
        'a.last_name',
        'a.email',
        'a.country_code',
        'a.phone_number',
        'a.country',
        'a.state',
        'a.city',
        eb
          .exists(
            eb
              .selectFrom('device_records as r')
              .select('r.portfolio_manager_id')
              .whereRef('r.account_id', '=', 'a.id'),
          )
          .as('has_records'),
      ])
      .where('a.id', '=', accountId)
      .executeTakeFirst()
    if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
    const draft = await db
      .selectFrom('portfolio_drafts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst()

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
  const section = payload.saveSection

  const fresh = section === 0 || section === 3 ? await newInCatalogue(db, payload) : NOTHING_NEW
  const problem = portfolioPayloadProblem({ call: 'save', payload }, fresh)
  if (problem) return c.json({ message: problem }, 400)

  const outcome = await saveDraft(db, c.var.accountId, draftValues(payload, fieldsOf(section)))
  if (outcome === 'unchanged') return c.json({ message: NO_UPDATES_MESSAGE }, 409)
  return c.json({ message: SAVE_SECTION_MESSAGES[section] })
})

/* ---------------------------------------------------------------------------------- submit */

vendorRoute(draftRoutes, 'submitPortfolio', async (c) => {
  const { db } = c.var.services
  const accountId = c.var.accountId
  const payload = c.var.body

  const fresh = await newInCatalogue(db, payload)
  const problem = portfolioPayloadProblem({ call: 'submit', payload }, fresh)
  if (problem) return c.json({ message: problem }, 400)

  const account = await db
    .selectFrom('vendor_accounts')
    .select(['first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const createdBy = `${account.first_name} ${account.last_name}`

  try {
    await submitPortfolio(db, { accountId, createdBy, payload, fresh })
  } catch (error) {
    if (isUniqueViolation(error, 'device_records_one_per_draft')) {
      return c.json({ message: ALREADY_SUBMITTED_MESSAGE }, 409)
    }
    throw error
  }
  return c.json({ message: PORTFOLIO_SUBMITTED_MESSAGE })
})
