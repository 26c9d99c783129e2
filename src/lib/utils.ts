import { clsx, type ClassValue } from 'clsx'
import { extendTailwindMerge } from 'tailwind-merge'
import tailwindConfig from '../../tailwind.config'

/*
 * tailwind-merge must know the custom scales of tailwind.config.ts: without them it takes
 * `text-small` for a colour (and drops `text-ink-inverted` beside it) and cannot tell that
 * `h-auto` overrides `h-control`. The names come from the config, so a new token needs no edit here.
 */
const { fontSize, spacing, borderRadius, boxShadow } = tailwindConfig.theme.extend

const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      text: Object.keys(fontSize),
      spacing: Object.keys(spacing),
      radius: Object.keys(borderRadius),
      shadow: Object.keys(boxShadow),
    },
  },
})

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
