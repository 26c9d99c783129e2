import { PORTFOLIO_TYPES, type PortfolioType } from '@/contract/portfolio-types'
import {
  type PortfolioFieldErrors,
  type PortfolioFieldPath,
  type PortfolioSection,
  portfolioSectionOf,
} from '@/contract/validation/portfolio-form'

/*
 * The form's three sections (spec §2, §9): each is a portfolio type, the `portfolio` search value
 * that scrolls to it and the anchor (`id`) of its region.
 */

const SECTION_OF_TYPE: Record<PortfolioType, PortfolioSection> = {
  'organization-portfolio': 1,
  'line-of-business-portfolio': 2,
  'device-portfolio': 3,
}

const TYPE_OF_SECTION = Object.fromEntries(
  PORTFOLIO_TYPES.map((type) => [SECTION_OF_TYPE[type], type]),
) as Record<PortfolioSection, PortfolioType>

/** The section of a portfolio type. */
export const sectionOfType = (type: PortfolioType): PortfolioSection => SECTION_OF_TYPE[type]

/** The portfolio type of a section: its region's `id`. */
export const typeOfSection = (section: PortfolioSection): PortfolioType => TYPE_OF_SECTION[section]

/** Each section's title (its heading and the name of its region) and the line under it. */
export const SECTION_TITLES: Record<PortfolioSection, { title: string; description: string }> = {
  1: { title: 'Portfolio Manager', description: 'Your organization and who we contact about it' },
  2: { title: 'Line of Business', description: 'The networks your devices are made for' },
  3: { title: 'Device Portfolio', description: 'The device to certify, its serial numbers and firmware' },
}

/** The sections holding a field with a message (spec §4: they open in create mode). */
export function sectionsWithErrors(errors: PortfolioFieldErrors): ReadonlySet<PortfolioSection> {
  return new Set(Object.keys(errors).map((path) => portfolioSectionOf(path as PortfolioFieldPath)))
}

/** What leaving an edited form asks (docs/decisions/0039): the changes would be lost. */
export const LEAVE_EDITED_PORTFOLIO = {
  title: 'Leave without saving?',
  description: 'Your changes to the portfolio are not saved. If you leave now, they are lost.',
  stay: 'Stay on the form',
  leave: 'Leave without saving',
} as const
