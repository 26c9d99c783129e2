import * as React from 'react'

/** Room kept between a focused control and the bar, beyond the bar itself (the focus ring's 4 px and air). */
const AIR_PX = 12

/**
 * Keeps focus from hiding under a bar stuck to the bottom of the window (WCAG 2.2 2.4.11): while
 * the bar is on the page, the page's scroll-padding-bottom is the bar's height, followed as it
 * wraps, so that the browser scrolls a control reached by Tab or by script above it. The header's
 * scroll-padding-top (styles.css) does the same at the top.
 */
export function useScrollPaddingFor(bar: React.RefObject<HTMLElement | null>) {
  React.useLayoutEffect(() => {
    const element = bar.current
    if (!element) return
    const root = document.documentElement
    const follow = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(element.getBoundingClientRect().height) + AIR_PX}px`
    }
    follow()
    const observer = new ResizeObserver(follow)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('scroll-padding-bottom')
    }
  }, [bar])
}
