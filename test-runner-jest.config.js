import { getJestConfig } from '@storybook/test-runner'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'

const testRunnerConfig = getJestConfig()

/**
 * The Storybook test-runner drives Debian's Chromium (browsers cannot be downloaded here).
 * @type {import('@jest/types').Config.InitialOptions}
 */
export default {
  ...testRunnerConfig,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    },
  },
}
