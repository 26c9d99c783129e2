import * as v from 'valibot'

/** Spec §9: the three portfolio types, used as the `portfolio` search parameter and section anchors. */
export const PORTFOLIO_TYPES = [
  'organization-portfolio',
  'line-of-business-portfolio',
  'device-portfolio',
] as const

export const portfolioTypeSchema = v.picklist(PORTFOLIO_TYPES)

export type PortfolioType = v.InferOutput<typeof portfolioTypeSchema>
