import type { AuthData } from '@/contract/auth'
import { LOGIN_SUCCESS_MESSAGE } from '@/contract/messages'
import { FROM_CREATE_PORTFOLIO } from '@/lib/login-params'

/* The main button of the portfolio manager landing (spec §2 "Portfolio manager landing"). */

export type PortfolioManagerButtonLabel = 'Add New Portfolio' | 'View Portfolio' | 'Create Portfolio'

export type PortfolioManagerButton =
  | { label: PortfolioManagerButtonLabel; to: '/portfolio'; search: Record<never, never> }
  | { label: PortfolioManagerButtonLabel; to: '/login'; search: { from: typeof FROM_CREATE_PORTFOLIO } }

/** What the button reads of the stored login answer; null when nobody is logged in. */
export type PortfolioManagerAuth = Pick<
  AuthData,
  'message' | 'isPortfolioManagerPreviousReqSaved' | 'isPortfolioManagerSubmittedDataExists'
>

export function portfolioManagerButton(authData: PortfolioManagerAuth | null): PortfolioManagerButton {
  const label = buttonLabel(authData)
  // The spec keys the target on the stored message, not on the mere presence of auth data.
  return authData?.message === LOGIN_SUCCESS_MESSAGE
    ? { label, to: '/portfolio', search: {} }
    : { label, to: '/login', search: { from: FROM_CREATE_PORTFOLIO } }
}

/**
 * The label for each state of the stored login's portfolio flags. While a prerendered page is not
 * hydrated, index.html's inline script marks `<html data-portfolio="saved|submitted">` by the same
 * rule, and the landing shows the matching label (the `member-*` variants of src/styles.css).
 */
export const PORTFOLIO_BUTTON_LABELS = {
  saved: 'View Portfolio',
  submitted: 'Add New Portfolio',
  none: 'Create Portfolio',
} as const satisfies Record<string, PortfolioManagerButtonLabel>

function buttonLabel(authData: PortfolioManagerAuth | null): PortfolioManagerButtonLabel {
  // A pending draft wins: the vendor should finish it before starting another portfolio.
  if (authData?.isPortfolioManagerPreviousReqSaved === 'YES') return PORTFOLIO_BUTTON_LABELS.saved
  if (authData?.isPortfolioManagerSubmittedDataExists === 'YES') return PORTFOLIO_BUTTON_LABELS.submitted
  return PORTFOLIO_BUTTON_LABELS.none
}
