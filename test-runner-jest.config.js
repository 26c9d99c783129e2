import { getJestConfig } from '@storybook/test-runner'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'

const testRunnerConfig = getJestConfig()
const RUNNER_SETUP = '@storybook/test-runner/playwright/jest-setup.js'
if (!testRunnerConfig.setupFilesAfterEnv.some((file) => file.endsWith(RUNNER_SETUP))) {
  throw new Error(
    `The test-runner no longer sets up with ${RUNNER_SETUP}: see .storybook/test-runner-setup.js.`,
  )
}

/**
 * The Storybook test-runner drives Debian's Chromium (browsers cannot be downloaded here).
 * A story may take 60 s (the runner's default is 15 s): on a 2-core machine under load a passing
 * story took longer than 15 s; a passing story takes its real time, a hung one still fails.
 * @type {import('@jest/types').Config.InitialOptions}
 */
export default {
  ...testRunnerConfig,
  testTimeout: 60_000,
  // A worker keeps its preview page for several story files (.storybook/test-runner-environment.js).
  testEnvironment: '<rootDir>/.storybook/test-runner-environment.js',
  // Our setup in place of the runner's (.storybook/test-runner-setup.js says why).
  setupFilesAfterEnv: testRunnerConfig.setupFilesAfterEnv.map((file) =>
    file.endsWith(RUNNER_SETUP) ? '<rootDir>/.storybook/test-runner-setup.js' : file,
  ),
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    },
  },
}
