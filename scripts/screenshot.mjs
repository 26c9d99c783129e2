#!/usr/bin/env node
// Takes screenshots of pages as a person would see them.
// Usage: node scripts/screenshot.mjs URL OUT.png [WIDTH=1280] [HEIGHT=900] [--full] [--wait=CSS]
// A story (iframe.html) is waited for until it has rendered; --wait=CSS waits for an element too.
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
  if (url.includes('iframe.html')) {
    await page.locator('#storybook-root > *, #storybook-docs > *').first().waitFor({ timeout: 60_000 })
  }
  const wait = process.argv.find((arg) => arg.startsWith('--wait='))
  if (wait) await page.locator(wait.slice('--wait='.length)).first().waitFor({ timeout: 60_000 })
  await page.waitForTimeout(400)
  await page.screenshot({ path: out, fullPage: process.argv.includes('--full') })
  console.log(`${out} ← ${page.url()}`)
} finally {
  await browser.close()
}
