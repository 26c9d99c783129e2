import { PencilLine } from 'lucide-react'
import { cn } from '@/lib/utils'

/** Says a plan has a draft of its next version, in words and an icon (not by colour alone). */
export function DraftBadge({ className, label = 'Draft' }: { className?: string; label?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-warning bg-warning-soft px-2 py-0.5 text-caption font-semibold text-ink',
        className,
      )}
    >
      <PencilLine aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  )
}
