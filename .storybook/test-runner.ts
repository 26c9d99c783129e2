import type { PrepareContext, TestContext, TestRunnerConfig } from '@storybook/test-runner'

type ViewportOption = { styles: { width: string; height: string } }
type ViewportGlobal = string | { value?: string } | undefined

type Page = PrepareContext['page']

const DESKTOP = { width: 1280, height: 800 }
/** Opening the preview and waiting for it: bounds for a machine under load, not a pace. */
const PREVIEW_TIMEOUT_MS = 60_000

function viewportKey(value: ViewportGlobal) {
  return typeof value === 'string' ? value : value?.value
}

/**
 * Waits until the preview has loaded its stories (the store the test-runner's `__getContext` and
 * `setCurrentStory` read). The page's `load` event does not promise it: the preview's runtime and
 * its project annotations (the MSW worker among them) load after it, and on a loaded machine the
 * test-runner used to visit first ("Cannot read properties of undefined (reading 'storyStore')").
 */
async function previewReady(page: Page) {
  await page.waitForFunction(() => typeof globalThis.__STORYBOOK_PREVIEW__?.ready === 'function', undefined, {
    timeout: PREVIEW_TIMEOUT_MS,
    polling: 50,
  })
  await page.evaluate(() => globalThis.__STORYBOOK_PREVIEW__?.ready())
}

/**
 * Gives the page the story's size, and lets the page's resize event pass before the story renders.
 * The event comes with the page's next frame, which a busy machine can hold back until the play
 * function has opened a popup, and a Radix Select closes on resize. The likely cause of the one
 * story that failed beside a second npm test (Team page › Owner's view, the first story of its
 * file on a kept page: "Unable to find role=option"); not reproduced on purpose.
 */
async function fitViewport(page: Page, size: { width: number; height: number }) {
  const current = page.viewportSize()
  if (current?.width === size.width && current.height === size.height) return
  await page.setViewportSize(size)
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
}

declare global {
  var __STORYBOOK_PREVIEW__: { ready(): Promise<void> } | undefined
  // The test-runner's page script (setup-page-script.js): the story's context, as the preview has it.
  var __getContext: (storyId: string) => Promise<StoryContext>
}

type StoryContext = {
  globals?: { viewport?: ViewportGlobal }
  storyGlobals?: { viewport?: ViewportGlobal }
  parameters?: { viewport?: { options?: Record<string, ViewportOption> } }
}

/**
 * The runner's getStoryContext, here so that each story file's sandbox does not load the runner's
 * whole bundle for it (.storybook/test-runner-setup.js).
 */
function storyContext(page: Page, context: TestContext) {
  return page.evaluate((storyId) => globalThis.__getContext(storyId), context.id)
}

/**
 * Every story file opens the preview once (`prepare`, as the runner's own: iframe.html until
 * `load`) and waits for it to be ready; each story waits again before its visit (a cheap check
 * once ready, and the runner reopens the page after a navigation). Stories that pin a viewport
 * (`globals: { viewport: { value: 'phone' } }`) run at that size, so phone-only parts (the header
 * menu) are tested where they show.
 */
const config: TestRunnerConfig = {
  async prepare({ page, browserContext }) {
    const iframe = new URL('iframe.html', process.env.TARGET_URL).toString()
    // Copy buttons (a webhook's or a token's secret) write to the clipboard: allowed, as a
    // browser allows the page a user is on; without it the write waited for ever now and then.
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(iframe).origin,
    })
    // Before the preview's scripts run, leaves out what only a person looks at
    // (docs/decisions/0054): the Actions panel's copy of each handler call (.storybook/preview.tsx
    // reads the mark), and Storybook's highlighter, which it starts once per page unless told it
    // has (its global below) and which, even with nothing to highlight, went through every element's
    // computed style after each change to a story's DOM.
    await page.addInitScript(() => {
      Object.assign(globalThis, { __storiesUnderTest: true, __STORYBOOK_HIGHLIGHT_INITIALIZED: true })
    })
    await page.goto(iframe, { waitUntil: 'load', timeout: PREVIEW_TIMEOUT_MS })
    await previewReady(page)
  },
  async preVisit(page, context) {
    await previewReady(page)
    const story = await storyContext(page, context)
    const key = viewportKey(story.storyGlobals?.viewport) ?? viewportKey(story.globals?.viewport)
    const options = story.parameters?.viewport?.options ?? {}
    const size = key ? options[key]?.styles : undefined
    await fitViewport(
      page,
      size ? { width: Number.parseInt(size.width, 10), height: Number.parseInt(size.height, 10) } : DESKTOP,
    )
  },
}

export default config
