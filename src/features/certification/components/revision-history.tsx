import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { GitBranchPlus } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { VERIFY_PATH } from '@/contract/certificates'
import { isRevisable, NEW_REVISION_LABEL, type RecordRevision } from '@/contract/revisions'
import { recordRevisionsQueryOptions } from '@/features/certification/api/record-revisions'
import {
  certificateStateText,
  RECERTIFICATION_OF,
  revisionHeading,
  revisionMadeText,
  revisionResultText,
} from '@/features/certification/model/revision-text'
import { useRoleRefusal } from '@/lib/use-role'
import { cn } from '@/lib/utils'
import { useOrganizationId } from '@/lib/use-auth-data'

/*
 * Run details' revisions of a record (docs/decisions/0033): New revision, and the list of its
 * revisions once it has more than one.
 */

const LINK_CLASS =
  'font-mono font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring'

/**
 * New revision, for a record whose run has ended (the dashboard menu's rule), as a link to the
 * form's revise mode; a role that may not change devices sees it disabled, with why.
 */
export function NewRevisionButton({
  portfolioManagerId,
  status,
}: {
  portfolioManagerId: string
  status: string
}) {
  const refusal = useRoleRefusal('portfolio')
  const reasonId = React.useId()
  if (!isRevisable(status)) return null
  if (refusal)
    return (
      <div className="flex flex-col items-end gap-1">
        <Button variant="outline" size="sm" disabled aria-describedby={reasonId}>
          <GitBranchPlus aria-hidden="true" />
          {NEW_REVISION_LABEL}
        </Button>
        <p id={reasonId} className="max-w-64 text-end text-caption text-ink-muted">
          {refusal.reason}
        </p>
      </div>
    )
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/portfolio" search={{ record: portfolioManagerId, revise: true }}>
        <GitBranchPlus aria-hidden="true" />
        {NEW_REVISION_LABEL}
      </Link>
    </Button>
  )
}

type RevisionHistoryProps = { vendorUserId: string; portfolioManagerId: string }

/** Every revision of the record, newest first: its firmware, serial numbers, who made it and when, how it ended, its certificate. */
export function RevisionHistory({ vendorUserId, portfolioManagerId }: RevisionHistoryProps) {
  const organizationId = useOrganizationId()
  const query = useQuery(recordRevisionsQueryOptions(organizationId, vendorUserId, portfolioManagerId))
  const revisions = query.data?.revisions ?? []
  return (
    <div className="flex flex-col gap-2" data-slot="revision-history">
      <h3 id="revision-history-title" className="text-small font-semibold text-ink">
        Revisions
      </h3>
      {query.isPending ? <p className="text-small text-ink-muted">Loading the revisions…</p> : null}
      {query.isError ? <p className="text-small text-danger">The revisions could not be loaded.</p> : null}
      {revisions.length > 0 ? (
        <ol aria-labelledby="revision-history-title" className="flex flex-col gap-2">
          {revisions.map((revision) => (
            <RevisionItem key={revision.revision} revision={revision} />
          ))}
        </ol>
      ) : null}
    </div>
  )
}

function RevisionItem({ revision }: { revision: RecordRevision }) {
  return (
    <li
      aria-label={`Revision ${revision.revision}`}
      data-current={revision.current || undefined}
      className={cn(
        'flex flex-col gap-1 rounded-control border px-3 py-2 text-small',
        revision.current ? 'border-brand-200 bg-brand-50' : 'border-line',
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
        <span>{revisionHeading(revision)}</span>
        {revision.current ? (
          <span className="rounded-full border border-brand-200 bg-surface px-2 text-caption leading-5 text-brand-700">
            current
          </span>
        ) : null}
        <span className="font-normal text-ink-muted">· {revisionResultText(revision)}</span>
      </p>
      <p className="text-ink-muted">{revisionMadeText(revision)}</p>
      {revision.certificate || revision.sourceCertificate ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink">
          {revision.certificate ? (
            <span>
              Certificate{' '}
              <a href={`${VERIFY_PATH}/${revision.certificate.number}`} className={LINK_CLASS}>
                {revision.certificate.number}
              </a>
              {` · ${certificateStateText(revision.certificate.state)}`}
            </span>
          ) : null}
          {revision.sourceCertificate ? (
            <span className="text-ink-muted">
              {revision.certificate ? '· ' : ''}
              {RECERTIFICATION_OF}{' '}
              <a href={`${VERIFY_PATH}/${revision.sourceCertificate}`} className={LINK_CLASS}>
                {revision.sourceCertificate}
              </a>
            </span>
          ) : null}
        </p>
      ) : null}
    </li>
  )
}
