import { setupPage } from '@storybook/test-runner'
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js'

/*
 * The test-runner's environment (its playwright/custom-environment.js), with one preview page kept
 * for several story files. The runner opens a connection, a browser context and iframe.html for
 * every file (one per component, over a hundred): about a third of the stories step went on that.
 * Here a jest worker keeps its page for FILES_PER_PAGE files: the next file plays its stories on
 * the preview already loaded, as the stories of one file do (the preview resets the fixture world,
 * the toasts and the query client before each story, .storybook/preview.tsx). A page a story's
 * navigation replaced is the one kept; a closed one is not reused. The page is renewed every
 * FILES_PER_PAGE files, so a slow leak in the preview cannot build up over a worker's whole run.
 */
const FILES_PER_PAGE = 25

/** The page this worker keeps, its context and connection, and how many files have used it. */
let kept = null

class StoriesEnvironment extends PlaywrightEnvironment {
  async setup() {
    const options = this._config.testEnvironmentOptions['jest-playwright']
    const reuse = kept !== null && !kept.page.isClosed()
    if (!reuse) kept = null
    // The base class connects and opens a page unless told to skip it.
    const skip = options.skipInitialization
    options.skipInitialization = reuse || skip
    try {
      await super.setup()
    } finally {
      options.skipInitialization = skip
    }
    if (reuse) {
      Object.assign(this.global, { browser: kept.browser, context: kept.context, page: kept.page })
      kept.files += 1
      return
    }
    await setupPage(this.global.page, this.global.context)
    kept = { browser: this.global.browser, context: this.global.context, page: this.global.page, files: 1 }
  }

  async teardown() {
    const keep = kept !== null && kept.files < FILES_PER_PAGE && !this.global.page.isClosed()
    if (keep) {
      // The page after this file's stories (a navigation may have replaced it).
      kept.page = this.global.page
      kept.context = this.global.context
      // The base class closes the connection it finds: it finds none.
      this.global.browser = null
    } else {
      kept = null
    }
    await super.teardown()
  }
}

export default StoriesEnvironment
