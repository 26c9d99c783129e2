/*
 * Each story file's setup in the test-runner, in place of the runner's own
 * (@storybook/test-runner/playwright/jest-setup.js), which does the same but loads the runner's
 * whole bundle (Babel, Storybook's node internals) into every file's sandbox: about a second of
 * CPU per file, over a hundred files. The hooks come from .storybook/test-runner.ts; the runner's
 * page setup, used only when a story's navigation destroyed the page, loads when it is needed.
 */
import config from './test-runner.ts'

globalThis.__sbPreVisit = config.preVisit
globalThis.__sbSetupPage = async (page, context) => {
  const { setupPage } = await import('@storybook/test-runner')
  await setupPage(page, context)
}
globalThis.__sbCollectCoverage = false
