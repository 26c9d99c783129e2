#!/usr/bin/env node
// Takes screenshots of pages as a person would see them.
// Usage: node scripts/screenshot.mjs URL OUT.png [WIDTH=1280] [HEIGHT=900] [--full]
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from './chromium.mjs'

const [url, out, width = '1280', height = '900'] = process.argv.slice(2).filter((a) => !a.startsWith('--'))
if (!url || !out) {
  console.error('Usage: node scripts/screenshot.mjs URL OUT.png [WIDTH] [HEIGHT] [--full]')
  process.exit(2)
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } })
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console.error(`[${message.type()}] ${message.text()}`)
  })
  page.on('pageerror', (error) => console.error(`[pageerror] ${error.message}`))
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.screenshot({ path: out, fullPage: process.argv.includes('--full') })
  console.log(`${out} ← ${page.url()}`)
} finally {
  await browser.close()
}
