#!/usr/bin/env node
// Screenshots of every story (or those whose id contains FILTER) at one width, for review.
// Usage: node scripts/screenshot-stories.mjs STORYBOOK_URL OUT_DIR [FILTER] [WIDTH=1280]
//   e.g. node scripts/screenshot-stories.mjs http://127.0.0.1:7700/storybook /tmp/shots ui- 390
// Play functions run in the story frame, so keyboard-opened states show as the play leaves them.
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from './chromium.mjs'

const [base, out, filter = '', width = '1280'] = process.argv.slice(2)
if (!base || !out) {
  console.error('Usage: node scripts/screenshot-stories.mjs STORYBOOK_URL OUT_DIR [FILTER] [WIDTH]')
  process.exit(2)
}
mkdirSync(out, { recursive: true })
const index = await (await fetch(`${base}/index.json`)).json()
const ids = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && entry.id.includes(filter))
  .map((entry) => entry.id)
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 700 } })
  for (const id of ids) {
    await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(600)
    await page.screenshot({ path: `${out}/${id}-${width}.png` })
  }
  console.log(`${ids.length} screenshots in ${out}`)
} finally {
  await browser.close()
}
