import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumFlags, chromiumPath, PLAYWRIGHT_DISABLED_FEATURES } from './chromium.mjs'

/*
 * The Chromium the journeys and the stories run in (scripts/chromium.mjs, docs/decisions/0054):
 * Playwright's own --disable-features list kept whole beside ours, and no omnibox popup page
 * opened for each new browser context.
 */

/** The names in Playwright's `disabledFeatures = [...]` (playwright-core's chromiumSwitches.ts). */
function playwrightDisabledFeatures() {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  )
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1]
  if (list === undefined) throw new Error('playwright-core no longer declares disabledFeatures = [...]')
  const withoutComments = list.replace(/\/\/[^\n]*/g, '')
  return [...withoutComments.matchAll(/"([^"]+)"/g)].map((match) => match[1])
}

describe('the Chromium flags', () => {
  it('repeat every feature Playwright disables: Chromium keeps only the last --disable-features', () => {
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightDisabledFeatures())
    const switches = chromiumArgs.filter((arg) => arg.startsWith('--disable-features='))
    expect(switches).toHaveLength(1)
    const disabled = switches[0]?.slice('--disable-features='.length).split(',')
    expect(disabled).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']))
  })

  it('leave the feature list to a launcher that keeps its own (Lighthouse)', () => {
    expect(chromiumFlags.some((arg) => arg.startsWith('--disable-features'))).toBe(false)
  })

  it.skipIf(!existsSync(chromiumPath))(
    'open no omnibox popup page for a new browser context, only the page asked for',
    async () => {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
      try {
        const context = await browser.newContext()
        await context.newPage()
        const session = await browser.newBrowserCDPSession()
        // The popup page is made with the window, before newPage answers; a moment more for its load.
        await new Promise((resolve) => setTimeout(resolve, 500))
        const { targetInfos } = await session.send('Target.getTargets')
        expect(targetInfos.map((target) => target.url)).toEqual(['about:blank'])
      } finally {
        await browser.close()
      }
    },
    30_000,
  )
})
