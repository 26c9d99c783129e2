import type { LabCatalogueAnswer } from '@/contract/catalogue-review'
import { CatalogueList } from '@/features/catalogue/components/catalogue-list'
import { ManufacturerApproval } from '@/features/catalogue/components/manufacturer-approval'
import { ReviewQueue } from '@/features/catalogue/components/review-queue'
import { reviewQueue } from '@/features/catalogue/model/catalogue-view'

/**
 * The lab's catalogue at /lab/catalogue (docs/decisions/0034): the review queue first, then (for a
 * Lab manager) approving an organization as a manufacturer, then the whole catalogue to search.
 */
export function CatalogueScreen({ catalogue, manager }: { catalogue: LabCatalogueAnswer; manager: boolean }) {
  return (
    <div className="flex flex-col gap-8">
      <ReviewQueue queue={reviewQueue(catalogue.entries)} entries={catalogue.entries} manager={manager} />
      {manager ? <ManufacturerApproval organizations={catalogue.organizations} /> : null}
      <CatalogueList entries={catalogue.entries} />
    </div>
  )
}
