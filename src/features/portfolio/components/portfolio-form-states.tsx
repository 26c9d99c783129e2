import { Link } from '@tanstack/react-router'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { LoadingOverlay } from '@/components/ui/loading-overlay'
import type { RecordDetails } from '@/contract/portfolio'
import { ONLY_SUBMITTED_EDITABLE_MESSAGE } from '@/contract/server-messages'
import { recordStatusName } from '@/contract/records'
import { ONLY_ENDED_REVISABLE_MESSAGE } from '@/contract/revisions'
import { PORTFOLIO_SECTIONS } from '@/features/portfolio/model/portfolio-state'
import { ApiAnswerError } from '@/lib/call-endpoint'
import type { RoleRefusal } from '@/lib/role'

/*
 * What /portfolio shows instead of the form: while its data loads (the route's pending component),
 * when it could not be loaded (the route's error component), and when the record asked for cannot
 * be edited (docs/decisions/0012).
 */

/** Until the saved portfolio, the catalogue (and the record) are there, an overlay blocks the form's place. */
export function PortfolioFormPending({ editing }: { editing: boolean }) {
  return (
    <LoadingOverlay loading label={editing ? 'Loading the device record…' : 'Loading your portfolio…'}>
      <div className="flex flex-col gap-4" aria-hidden="true">
        {PORTFOLIO_SECTIONS.map((section) => (
          <div key={section} className="h-28 rounded-card border border-line bg-surface-muted" />
        ))}
      </div>
    </LoadingOverlay>
  )
}

type LoadFailedProps = { editing: boolean; error: unknown; onRetry: () => void }

/** A read failed: what, the error's message and Try again. An unknown record says so instead. */
export function PortfolioFormLoadFailed({ editing, error, onRetry }: LoadFailedProps) {
  if (editing && isNotFound(error)) return <RecordNotFound message={error.message} />
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-card border border-danger/30 bg-danger/5 p-6"
    >
      <p className="text-body font-semibold text-ink">
        {editing ? 'This device record could not be loaded.' : 'Your portfolio could not be loaded.'}
      </p>
      <p className="text-small text-ink-muted">
        {error instanceof Error && error.message ? error.message : 'Please try again.'}
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

/** The record asked for is unknown, or another vendor's (the server's 404). */
export function isNotFound(error: unknown): error is ApiAnswerError {
  return error instanceof ApiAnswerError && error.status === 404
}

export function RecordNotFound({ message }: { message: string }) {
  return (
    <RecordNotEditable title="This device record was not found">
      <p>{message}</p>
      <p>It may have been deleted. Your dashboard lists the records you can edit.</p>
    </RecordNotEditable>
  )
}

/** The record's certification has started (or ended): it keeps the details it was certified with. */
export function RecordPastSubmitted({ record }: { record: RecordDetails }) {
  return (
    <RecordNotEditable title="This device record can no longer be edited">
      <p>{ONLY_SUBMITTED_EDITABLE_MESSAGE}</p>
      <p>
        {record.deviceName} ({record.vendor}) is now {recordStatusName(record) ?? record.status}. A record
        whose certification has started keeps the device details it was certified with.
      </p>
    </RecordNotEditable>
  )
}

/** New revision of a record whose run has not ended (docs/decisions/0033): why, and its state now. */
export function RecordNotRevisable({ record }: { record: RecordDetails }) {
  return (
    <RecordNotEditable title="A new revision cannot be made yet">
      <p>{ONLY_ENDED_REVISABLE_MESSAGE}</p>
      <p>
        {record.deviceName} ({record.vendor}) is now {recordStatusName(record) ?? record.status}. Its
        dashboard row offers New revision once its run has ended.
      </p>
    </RecordNotEditable>
  )
}

/** The member's role may not submit or edit devices: the role's refusal and what to do. */
export function PortfolioRefused({ refusal }: { refusal: RoleRefusal }) {
  return (
    <RecordNotEditable title="The portfolio form is not available to your role">
      <p className="text-ink">{refusal.reason}</p>
      <p>{refusal.hint}</p>
      <p>Your dashboard shows the organization's devices, their certification runs and results.</p>
    </RecordNotEditable>
  )
}

/** Instead of the form: says why, and leads back to the dashboard. */
function RecordNotEditable({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="record-not-editable-title"
      className="flex flex-col items-start gap-3 rounded-card border border-line bg-surface-muted p-6"
    >
      <h2 id="record-not-editable-title" className="text-heading text-ink">
        {title}
      </h2>
      <div className="flex flex-col gap-1 text-body text-ink-muted">{children}</div>
      <Button asChild variant="outline">
        <Link to="/dashboard">Back to the dashboard</Link>
      </Button>
    </section>
  )
}
