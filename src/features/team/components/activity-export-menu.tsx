import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { type ActivityFilters, useExportActivityMutation } from '@/features/team/api/activity-log'

type ActivityExportMenuProps = {
  vendorUserId: string
  filters: ActivityFilters
  /** Whether the filters select any line (nothing to export otherwise). */
  empty: boolean
}

/** Export: the lines the filters select, as a CSV or a JSON file (docs/decisions/0044). */
export function ActivityExportMenu({ vendorUserId, filters, empty }: ActivityExportMenuProps) {
  const exporting = useExportActivityMutation()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="self-start" disabled={empty} loading={exporting.isPending}>
          <Download aria-hidden="true" />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={() => exporting.mutate({ vendorUserId, filters, format: 'csv' })}>
          CSV (spreadsheets)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => exporting.mutate({ vendorUserId, filters, format: 'json' })}>
          JSON
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
