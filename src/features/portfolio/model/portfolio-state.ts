import type { AuthData } from '@/contract/auth'
import { SAVE_SECTION_FIELDS, type SaveSection, type SavedPortfolio } from '@/contract/portfolio'
import type { PortfolioFormValues, PortfolioSection } from '@/contract/validation/portfolio-form'
import { toSavePayload } from '@/contract/portfolio-payload'

/*
 * The portfolio's states and transitions (spec §4): a saved draft, the section modes, the no-change
 * warning, and the flags of the stored login data after a save or a submit.
 */

export const PORTFOLIO_SECTIONS: ReadonlyArray<PortfolioSection> = [1, 2, 3]

export type SectionMode = 'create' | 'view'
export type SectionModes = Record<PortfolioSection, SectionMode>

/** A draft is saved and not yet submitted: the form opens it, every section read-only. */
export function hasSavedDraft(saved: SavedPortfolio | null | undefined): boolean {
  return (
    saved?.isPortfolioManagerSavedOrSubmittedDataExists === 'YES' &&
    saved.isPortfolioManagerReqSubmitted !== 'YES'
  )
}

/** Spec §4: if a draft was previously saved, all three sections open in read-only view. */
export function initialSectionModes(saved: SavedPortfolio | null | undefined): SectionModes {
  const mode: SectionMode = hasSavedDraft(saved) ? 'view' : 'create'
  return { 1: mode, 2: mode, 3: mode }
}

/**
 * Editing a submitted record (docs/decisions/0012): its device section open for changes; the
 * organization and line of business read-only, since the update does not change them.
 */
export const RECORD_EDIT_MODES: SectionModes = { 1: 'view', 2: 'view', 3: 'create' }

/** The sections an edit of a submitted record may change: the device section only. */
export const RECORD_EDIT_SECTION = 3 satisfies PortfolioSection

/** After a save: the saved section (every section for 0) shows read-only. */
export function modesAfterSave(modes: SectionModes, section: SaveSection): SectionModes {
  if (section === 0) return { 1: 'view', 2: 'view', 3: 'view' }
  return { ...modes, [section]: 'view' }
}

const sectionFields = (section: SaveSection): ReadonlyArray<string> =>
  section === 0
    ? [...SAVE_SECTION_FIELDS[1], ...SAVE_SECTION_FIELDS[2], ...SAVE_SECTION_FIELDS[3]]
    : SAVE_SECTION_FIELDS[section]

/**
 * Whether a save would change the saved draft: the section's fields as they would be sent, against
 * the same fields of the last saved copy. Without a saved draft every save is a change.
 */
export function hasChangesToSave(
  values: PortfolioFormValues,
  lastSaved: PortfolioFormValues | null,
  section: SaveSection,
): boolean {
  if (!lastSaved) return true
  const now = toSavePayload(values, { vendorUserId: '-', saveSection: section }) as Record<string, unknown>
  const before = toSavePayload(lastSaved, { vendorUserId: '-', saveSection: section }) as Record<
    string,
    unknown
  >
  return sectionFields(section).some((field) => JSON.stringify(now[field]) !== JSON.stringify(before[field]))
}

/** Spec §4: after a successful save, the previous-saved and the saved-or-submitted flags become YES. */
export function authDataAfterSave(authData: AuthData): AuthData {
  return {
    ...authData,
    isPortfolioManagerPreviousReqSaved: 'YES',
    isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
  }
}

/** Spec §4: after a successful submit, previous-saved NO, submitted YES, saved-or-submitted YES. */
export function authDataAfterSubmit(authData: AuthData): AuthData {
  return {
    ...authData,
    isPortfolioManagerPreviousReqSaved: 'NO',
    isPortfolioManagerSubmittedDataExists: 'YES',
    isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
  }
}
