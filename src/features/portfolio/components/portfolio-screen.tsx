import type * as React from 'react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import type { CountryDetail } from '@/contract/address'
import type { AuthData } from '@/contract/auth'
import type { PortfolioType } from '@/contract/portfolio-types'
import { catalogueQueryOptions } from '@/features/portfolio/api/catalogue'
import { portfolioQueryOptions } from '@/features/portfolio/api/get-portfolio'
import { recordQueryOptions } from '@/features/portfolio/api/get-record'
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form'
import {
  isNotFound,
  PortfolioRefused,
  RecordNotFound,
  RecordNotRevisable,
  RecordPastSubmitted,
} from '@/features/portfolio/components/portfolio-form-states'
import { isRevisable } from '@/contract/revisions'
import { addressQueryOptions } from '@/lib/address-query'
import { useRoleRefusal } from '@/lib/use-role'

type PortfolioScreenProps = {
  authData: AuthData
  /** The section to scroll to (the `portfolio` search parameter). */
  focusSection?: PortfolioType | undefined
  /**
   * A submitted record to edit (the `record` search parameter, docs/decisions/0012): its device
   * section opens for changes and Submit updates that record.
   */
  recordId?: string | undefined
  /** With recordId: New revision of that record rather than Edit (docs/decisions/0033). */
  revise?: boolean | undefined
}

const NO_COUNTRIES: ReadonlyArray<CountryDetail> = []

/**
 * /portfolio (spec §2): the form over the vendor's saved portfolio and the device catalogue (and
 * the record being edited), which the route has loaded; the country list follows when it comes.
 * A member whose role may not submit or edit devices gets why instead of a form they
 * could fill in but never save.
 */
export function PortfolioScreen(props: PortfolioScreenProps) {
  const refusal = useRoleRefusal('portfolio')
  if (refusal) return <PortfolioRefused refusal={refusal} />
  return <PortfolioLoaded {...props} />
}

function PortfolioLoaded({ authData, focusSection, recordId, revise }: PortfolioScreenProps) {
  const { data: saved } = useSuspenseQuery(portfolioQueryOptions(authData.vendorUserId))
  const { data: catalogue } = useSuspenseQuery(
    catalogueQueryOptions(authData.organizationId, authData.vendorUserId),
  )
  const countries = useQuery(addressQueryOptions()).data?.countryDetailsList ?? NO_COUNTRIES
  const loaded = { authData, saved, catalogue, countries }
  if (recordId !== undefined) return <RecordEditScreen {...loaded} recordId={recordId} revise={revise} />
  return <PortfolioForm {...loaded} focusSection={focusSection} record={null} />
}

type RecordEditScreenProps = Omit<React.ComponentProps<typeof PortfolioForm>, 'record'> & {
  recordId: string
}

/**
 * The form in edit or revise mode, or why the record cannot be edited or revised: gone (404), its
 * certification has started (edit), its run has not ended (revise). Each can also come to light at
 * Submit, when a refusal reads the record again.
 */
function RecordEditScreen({ recordId, revise, ...loaded }: RecordEditScreenProps) {
  const recordQuery = useSuspenseQuery(
    recordQueryOptions(loaded.authData.organizationId, loaded.authData.vendorUserId, recordId),
  )
  if (isNotFound(recordQuery.error)) return <RecordNotFound message={recordQuery.error.message} />
  const record = recordQuery.data
  if (revise) {
    if (!isRevisable(record.status)) return <RecordNotRevisable record={record} />
    return <PortfolioForm {...loaded} record={record} revise />
  }
  if (record.status !== 'Submitted') return <RecordPastSubmitted record={record} />
  return <PortfolioForm {...loaded} record={record} />
}
