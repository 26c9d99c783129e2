import { test as base, expect } from '@playwright/test'

/*
 * A journey whose browser stays clean: any console error, uncaught page error or 4xx/5xx answer
 * that the journey did not announce fails it at the end. A journey that provokes a
 * failure on purpose (a refused login) announces it first with `pageProblems.expect(pattern)`; the
 * pattern is matched against the problem's line, for example `403 POST http://…/api/login` or
 * `console error: … (http://…/api/login)`, so one pattern can cover an answer and the browser's
 * "Failed to load resource" line about it.
 */

export type PageProblems = {
  /** Problems matching this pattern are part of the journey and do not fail it. */
  expect(pattern: RegExp): void
}

export const test = base.extend<{ pageProblems: PageProblems }>({
  pageProblems: [
    async ({ context }, use, testInfo) => {
      const seen: string[] = []
      const expected: RegExp[] = []
      context.on('console', (message) => {
        if (message.type() !== 'error') return
        seen.push(`console error: ${message.text()} (${message.location().url})`)
      })
      context.on('weberror', (error) => seen.push(`page error: ${error.error().message}`))
      context.on('response', (response) => {
        if (response.status() < 400) return
        seen.push(`${response.status()} ${response.request().method()} ${response.url()}`)
      })
      await use({ expect: (pattern) => expected.push(pattern) })
      const unexpected = seen.filter((line) => !expected.some((pattern) => pattern.test(line)))
      if (unexpected.length > 0) {
        await testInfo.attach('page problems', { body: unexpected.join('\n'), contentType: 'text/plain' })
      }
      expect(unexpected, 'console errors and failed requests the journey did not expect').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
