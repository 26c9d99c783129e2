import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner'

type ViewportOption = { styles: { width: string; height: string } }
type ViewportGlobal = string | { value?: string } | undefined

const DESKTOP = { width: 1280, height: 800 }

function viewportKey(value: ViewportGlobal) {
  return typeof value === 'string' ? value : value?.value
}

/**
 * Stories that pin a viewport (`globals: { viewport: { value: 'phone' } }`) run at that size in
 * the test-runner too, so phone-only parts (the header menu) are tested where they show.
 */
const config: TestRunnerConfig = {
  async preVisit(page, context) {
    const story = await getStoryContext(page, context)
    const key =
      viewportKey(story.storyGlobals?.viewport as ViewportGlobal) ??
      viewportKey(story.globals?.viewport as ViewportGlobal)
    const options = (story.parameters?.viewport?.options ?? {}) as Record<string, ViewportOption>
    const size = key ? options[key]?.styles : undefined
    await page.setViewportSize(
      size ? { width: Number.parseInt(size.width, 10), height: Number.parseInt(size.height, 10) } : DESKTOP,
    )
  },
}

export default config
