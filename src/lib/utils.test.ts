import { describe, expect, it } from 'vitest'
import { cn } from '@/lib/utils'

describe('cn', () => {
  it('keeps a colour beside a custom font size', () => {
    expect(cn('text-ink-inverted', 'text-small')).toBe('text-ink-inverted text-small')
  })
  it('lets a later custom size win over an earlier one', () => {
    expect(cn('text-small', 'text-title')).toBe('text-title')
    expect(cn('h-control', 'h-auto')).toBe('h-auto')
    expect(cn('size-control', 'size-8')).toBe('size-8')
    expect(cn('rounded-control', 'rounded-full')).toBe('rounded-full')
    expect(cn('shadow-card', 'shadow-popover')).toBe('shadow-popover')
  })
  it('drops falsy parts', () => {
    expect(cn('px-3', false, undefined, null, 'py-2')).toBe('px-3 py-2')
  })
})
