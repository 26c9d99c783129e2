import { getJestConfig } from '@storybook/test-runner'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'

const testRunnerConfig = getJestConfig()

/**
 * The Storybook test-runner drives Debian's Chromium (browsers cannot be downloaded here).
 * A story may take 60 s (the runner's default is 15 s): on a 2-core machine under load a passing
 * story took longer than 15 s; a passing story takes its real time, a hung one still fails.
 * @type {import('@jest/types').Config.InitialOptions}
 */
export default {
  ...testRunnerConfig,
  testTimeout: 60_000,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    },
  },
}
