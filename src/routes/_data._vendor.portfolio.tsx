import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { catalogueQueryOptions } from '@/features/portfolio/api/catalogue'
import { portfolioQueryOptions } from '@/features/portfolio/api/get-portfolio'
import { recordQueryOptions } from '@/features/portfolio/api/get-record'
import {
  PortfolioFormLoadFailed,
  PortfolioFormPending,
} from '@/features/portfolio/components/portfolio-form-states'
import { PortfolioScreen } from '@/features/portfolio/components/portfolio-screen'
import { addressQueryOptions } from '@/lib/address-query'
import { roleOf, roleRefusal } from '@/lib/role'
import { useRoleRefusal } from '@/lib/use-role'
import { portfolioFormSearchSchema } from '@/routes/-search-params'
import { useVendorAuthData } from '@/routes/-vendor'

export const Route = createFileRoute('/_data/_vendor/portfolio')({
  validateSearch: portfolioFormSearchSchema,
  loaderDeps: ({ search }) => ({ record: search.record }),
  loader: async ({ context: { queryClient, authData }, deps: { record } }) => {
    // The _vendor layout lets only a vendor with a vendorUserId here (spec §4: without one the
    // form loads no data).
    const { organizationId, vendorUserId } = authData
    // A member whose role may not submit or edit devices gets a notice, not the form.
    if (roleRefusal(roleOf(authData), 'portfolio')) return
    // The country list is for the country-code and country selects: the form does not wait for it.
    void queryClient.prefetchQuery(addressQueryOptions())
    await Promise.all([
      queryClient.ensureQueryData(portfolioQueryOptions(vendorUserId)),
      queryClient.ensureQueryData(catalogueQueryOptions(organizationId, vendorUserId)),
      record
        ? queryClient.ensureQueryData(recordQueryOptions(organizationId, vendorUserId, record))
        : undefined,
    ])
  },
  // The loading overlay shows at once, and goes as soon as the data is there.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: PortfolioPending,
  errorComponent: PortfolioLoadError,
  component: Portfolio,
})

/** The page around the form, its loading state and its error: the heading, and a lead per mode. */
function PortfolioPage({ children }: { children?: React.ReactNode }) {
  const { record, revise } = Route.useSearch()
  const refused = useRoleRefusal('portfolio') !== null
  return (
    <PageShell
      title="PORTFOLIO FORM"
      lead={
        refused
          ? undefined
          : record && revise
            ? 'A new revision of a device whose run has ended: change its firmware, serial numbers, engineering build or year, and submit. Its earlier revisions stay as they are.'
            : record
              ? 'The device details of a submitted record: change them and submit, before its certification starts.'
              : 'Your organization, line of business and device portfolio: save a section or the whole draft at any time, submit when complete.'
      }
    >
      {children}
    </PageShell>
  )
}

function Portfolio() {
  const { portfolio, record, revise } = Route.useSearch()
  const authData = useVendorAuthData()
  return (
    <PortfolioPage>
      {/* A new form for another record (or none): nothing typed for one record carries over. */}
      <PortfolioScreen
        key={`${record ?? ''}${revise ? ' revise' : ''}`}
        authData={authData}
        focusSection={portfolio}
        recordId={record}
        revise={revise}
      />
    </PortfolioPage>
  )
}

function PortfolioPending() {
  const { record } = Route.useSearch()
  return (
    <PortfolioPage>
      <PortfolioFormPending editing={record !== undefined} />
    </PortfolioPage>
  )
}

function PortfolioLoadError({ error }: ErrorComponentProps) {
  const { record } = Route.useSearch()
  const router = useRouter()
  const queryErrorReset = useQueryErrorResetBoundary()
  // A read that failed inside the screen is tried again too, not served from the failed cache.
  React.useEffect(() => queryErrorReset.reset(), [queryErrorReset])
  return (
    <PortfolioPage>
      <PortfolioFormLoadFailed
        editing={record !== undefined}
        error={error}
        onRetry={() => void router.invalidate()}
      />
    </PortfolioPage>
  )
}
