import type { LabTestPlanAnswer } from '@/contract/test-plans'
import { cn } from '@/lib/utils'
import { appliesToText } from '@/features/test-plans/model/plan-view'

const cellClasses = 'px-3 py-2 align-top'
const headClasses = `${cellClasses} text-start font-semibold`

/** The records a plan applies to: how many, of how many organizations, and the first of them by name. */
export function PlanAppliesTo({ appliesTo }: { appliesTo: LabTestPlanAnswer['appliesTo'] }) {
  const { devices } = appliesTo
  return (
    <section aria-labelledby="plan-applies-title" className="flex flex-col gap-3">
      <h2 id="plan-applies-title" className="text-heading text-ink">
        Applies to
      </h2>
      <p className="text-body text-ink">{appliesToText(appliesTo.records, appliesTo.organizations)}</p>
      {devices.length === 0 ? null : (
        <>
          {devices.length < appliesTo.records ? (
            <p className="text-small text-ink-muted">{`The first ${devices.length}, by device name.`}</p>
          ) : null}
          <div className="rounded-card border border-line bg-surface">
            <table className="w-full border-collapse text-start text-small">
              <caption className="sr-only">Devices the plan applies to</caption>
              <thead className="hidden bg-surface-sunken text-ink-muted sm:table-header-group">
                <tr>
                  <th scope="col" className={headClasses}>
                    Device
                  </th>
                  <th scope="col" className={headClasses}>
                    Vendor
                  </th>
                  <th scope="col" className={headClasses}>
                    Product class
                  </th>
                  <th scope="col" className={headClasses}>
                    Organization
                  </th>
                </tr>
              </thead>
              <tbody>
                {devices.map((device) => (
                  <tr
                    key={device.portfolioManagerId}
                    className="flex flex-col border-t border-line py-1 first:border-t-0 sm:table-row sm:py-0 sm:first:border-t"
                  >
                    <th scope="row" className={`${headClasses} break-words text-ink`}>
                      {device.deviceName}
                    </th>
                    <Cell label="Vendor" value={device.vendor} />
                    <Cell label="Product class" value={device.productClass} />
                    <Cell label="Organization" value={device.organizationName} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}

/** On a phone the row stacks and each cell says what it is. */
function Cell({ label, value }: { label: string; value: string }) {
  return (
    <td className={cn(cellClasses, 'py-0.5 break-words text-ink sm:py-2')}>
      <span className="text-ink-muted sm:hidden">{`${label}: `}</span>
      {value}
    </td>
  )
}
