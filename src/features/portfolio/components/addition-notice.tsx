import { useQuery } from '@tanstack/react-query'
import { Info } from 'lucide-react'
import { additionNotice, type CatalogueKind } from '@/contract/catalogue-review'
import { catalogueAdditionsQueryOptions } from '@/features/portfolio/api/catalogue-additions'
import { useOrganizationId } from '@/lib/use-auth-data'

/**
 * What the lab decided on a value of the organization's own that the field holds
 * (docs/decisions/0034): a declined name with the lab's reason, a mapped one with the entry to
 * choose instead. Nothing while the value is pending, approved, or none of the organization's: a
 * vendor whose additions nobody reviewed sees the form as spec §2 draws it.
 */
export function AdditionNotice({ kind, value }: { kind: CatalogueKind; value: string }) {
  const additions = useQuery(catalogueAdditionsQueryOptions(useOrganizationId()))
  const key = value.trim().toLowerCase()
  const addition =
    key === ''
      ? undefined
      : additions.data?.additions.find((item) => item.kind === kind && item.value.toLowerCase() === key)
  const notice = addition ? additionNotice(addition) : null
  if (!notice) return null
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-warning bg-warning-soft px-3 py-2 text-small text-ink"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{notice}</span>
    </p>
  )
}
