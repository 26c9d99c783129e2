import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { CommentsDialog } from '@/features/certification/components/comments-dialog'
import { RunDetails } from '@/features/certification/components/run-details'
import { useRecordCertification } from '@/features/certification/components/use-record-certification'
import { recordsQueryOptions } from '@/features/dashboard/api/list-records'
import type { DashboardScreen as DashboardScreenType } from '@/features/dashboard/components/dashboard-screen'
import { dashboardSearchSchema } from '@/routes/-search-params'
import { useOrganizationId } from '@/lib/use-auth-data'

/*
 * The screen is a chunk of its own, loaded with the records (the loader starts both). In the
 * route's split part it went into the chunk of the route's definition, which every page loads
 * when the app starts: a visitor's first tap on the home page fetched the dashboard (118 KB).
 */
const loadScreen = () => import('@/features/dashboard/components/dashboard-screen')
const DashboardScreen = React.lazy(() => loadScreen().then((module) => ({ default: module.DashboardScreen })))

export const Route = createFileRoute('/_data/_vendor/dashboard')({
  // The frame it shows while loading is the whole screen (DashboardPage): split with the screen,
  // not kept in the route's definition, which every page loads when the app starts.
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent']],
  validateSearch: dashboardSearchSchema,
  loader: async ({ context }) => {
    const [records] = await Promise.all([
      context.queryClient.ensureQueryData(
        recordsQueryOptions(context.authData.organizationId, context.authData.vendorUserId),
      ),
      loadScreen(),
    ])
    return records
  },
  // The screen's frame shows at once while the records load, as long as it takes (spec §4's
  // overlay-free dashboard): not after the router's default second, nor for its minimum.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => <DashboardPage records={null} loading />,
  errorComponent: DashboardError,
  component: DashboardRoute,
})

function DashboardRoute() {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const organizationId = useOrganizationId()
  const { data, isError, error, isFetching, refetch } = useSuspenseQuery(
    recordsQueryOptions(organizationId, vendorUserId),
  )
  const reload = React.useCallback(() => void refetch(), [refetch])
  // A failed read again keeps the rows and says so.
  const failure = isError ? { message: error.message, retry: reload } : null
  return <DashboardPage records={data} failure={failure} onReload={reload} reloading={isFetching} />
}

/** The records could not be read: the screen's frame with the reason and Try again (the loader again). */
function DashboardError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const retry = React.useCallback(() => void router.invalidate(), [router])
  const message = error instanceof Error ? error.message : String(error)
  return <DashboardPage records={null} failure={{ message, retry }} />
}

type ScreenProps = React.ComponentProps<typeof DashboardScreenType>
type DashboardPageProps = Pick<ScreenProps, 'records'> &
  Partial<Pick<ScreenProps, 'loading' | 'failure' | 'onReload' | 'reloading'>>

const noReload = () => undefined

/**
 * The page and its screen, also while the records load and when they fail, with what the
 * certification feature brings: its actions, the run details and the comments.
 */
function DashboardPage({
  records,
  loading = false,
  failure = null,
  onReload,
  reloading = false,
}: DashboardPageProps) {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const { search } = Route.useSearch()
  const certification = useRecordCertification(vendorUserId)
  return (
    <PageShell
      title="Dashboard"
      lead="Every device you submitted, its certification status and its runs."
      // Ten columns: the dashboard takes the width of a large screen.
      className="max-w-7xl"
    >
      {/* Until the screen's chunk is there (only while the pending frame shows), the title and lead. */}
      <React.Suspense fallback={null}>
        <DashboardScreen
          vendorUserId={vendorUserId}
          records={records}
          loading={loading}
          failure={failure}
          onReload={onReload ?? noReload}
          reloading={reloading}
          search={search}
          certification={certification}
          renderRunDetails={(record) => (
            <RunDetails
              vendorUserId={vendorUserId}
              portfolioManagerId={record.portfolioManagerId}
              deviceName={record.deviceName}
              status={record.status}
              revision={record.revision}
            />
          )}
          renderComments={(record, onClose) => <CommentsDialog record={record} onClose={onClose} />}
        />
      </React.Suspense>
    </PageShell>
  )
}
