import { Construction } from 'lucide-react'
import { type Maintenance, maintenanceNotice, maintenanceNoticeWithoutEnd } from '@/contract/lab'
import { formatPortalTime } from '@/lib/format-time'
import { useLabMaintenance } from '@/lib/live/live-updates'

/** What the banner says: the lab's notice, its end as the dashboard writes times (none for CERT_MAINTENANCE=1). */
export function maintenanceBannerText({ reason, expectedEnd }: Pick<Maintenance, 'reason' | 'expectedEnd'>) {
  const end = expectedEnd.trim()
  return end === '' ? maintenanceNoticeWithoutEnd(reason) : maintenanceNotice(reason, formatPortalTime(end))
}

/** The line under the notice: what the maintenance means for the vendor's next step. */
export const MAINTENANCE_BANNER_HINT = 'Runs you start now wait until the maintenance ends.'

/**
 * The bench's maintenance on the dashboard (docs/decisions/0037), from the live stream: shown the
 * moment the lab starts it, gone when it ends, so the vendor knows before pressing Start Certify.
 * role=status: said once, politely, when it appears (as run details' maintenance notice).
 */
export function MaintenanceBanner() {
  const maintenance = useLabMaintenance()
  if (!maintenance) return null
  return (
    <div
      role="status"
      aria-label="Lab maintenance"
      data-slot="maintenance-banner"
      className="flex gap-3 rounded-card border border-status-maintenance-border bg-status-maintenance px-4 py-3 text-status-maintenance-fg"
    >
      <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1 text-small">
        <p className="font-semibold break-words">{maintenanceBannerText(maintenance)}</p>
        <p>{MAINTENANCE_BANNER_HINT}</p>
      </div>
    </div>
  )
}
