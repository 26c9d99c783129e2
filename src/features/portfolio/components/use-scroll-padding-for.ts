import * as React from 'react'

/** Room kept between a focused control and the bar, beyond the bar itself (the focus ring's 4 px and air). */
const AIR_PX = 12

/**
 * Keeps focus from hiding under a bar stuck to the bottom of the window (WCAG 2.2 2.4.11): while
 * the bar is on the page, the page's scroll-padding-bottom is the bar's height, followed as it
 * wraps, so that the browser scrolls a control reached by Tab or by script above it. The header's
 * scroll-padding-top (styles.css) does the same at the top.
 *
 * A browser reveals a text area's caret line, not the whole field: a tall one focused at the
 * window's foot would stay half under the bar. So a control of the bar's form that takes focus and
 * does not show whole between the two padded edges is scrolled to the nearest edge.
 */
export function useScrollPaddingFor(bar: React.RefObject<HTMLElement | null>) {
  React.useLayoutEffect(() => {
    const element = bar.current
    const form = element?.closest('form')
    if (!element || !form) return
    const root = document.documentElement
    const follow = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(element.getBoundingClientRect().height) + AIR_PX}px`
    }
    follow()
    const observer = new ResizeObserver(follow)
    observer.observe(element)
    const reveal = (event: FocusEvent) => {
      const target = event.target
      if (!(target instanceof HTMLElement) || element.contains(target)) return
      const style = getComputedStyle(root)
      const top = Number.parseFloat(style.scrollPaddingTop) || 0
      const bottom = window.innerHeight - (Number.parseFloat(style.scrollPaddingBottom) || 0)
      const box = target.getBoundingClientRect()
      if (box.top < top || box.bottom > bottom) target.scrollIntoView({ block: 'nearest' })
    }
    form.addEventListener('focusin', reveal)
    return () => {
      observer.disconnect()
      form.removeEventListener('focusin', reveal)
      root.style.removeProperty('scroll-padding-bottom')
    }
  }, [bar])
}
