import { clsx, type ClassValue } from 'clsx'
import { extendTailwindMerge } from 'tailwind-merge'
import tailwindConfig from '../../tailwind.config'

/*
 * tailwind-merge must know the custom type scale, or it takes `text-small` for a colour and drops
 * `text-ink-inverted` beside it. The names come from the config, so a new size needs no edit here.
 */
const twMerge = extendTailwindMerge({
  extend: {
    classGroups: {
      'font-size': [{ text: Object.keys(tailwindConfig.theme.extend.fontSize) }],
    },
  },
})

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
