import '../src/styles.css'
import './docs.css'
import addonA11y from '@storybook/addon-a11y'
import addonDocs from '@storybook/addon-docs'
import { definePreview } from '@storybook/react-vite'
import addonMsw from 'msw-storybook-addon'
import { setupWorker } from 'msw/browser'
import { toast } from 'sonner'
import { configure } from 'storybook/test'
import { resetWorld } from '@/mocks/fixtures/world'
import { handlers } from '@/mocks/handlers'
import { withClock } from './clock'
import { withEventStream } from './event-stream'
import { withQueryClient, withRouter } from './decorators'
import { DocsPage } from './docs-page'

// findBy* and waitFor wait for their condition up to 30 s (Testing Library's default is 1 s), and
// stories give no shorter time-out of their own: a passing wait ends when its condition holds, and
// on a loaded 2-core machine a route's code, its mocked data and a slide-in took well over the
// 3–10 s that stories used to allow. A wait that never ends still fails, naming its condition,
// within the story's 60 s (test-runner-jest.config.js). A story that expects something to stay
// away says so with queryBy* at the instant it checks.
configure({ asyncUtilTimeout: 30_000 })

/** Whether the preview is a page of the Storybook test-runner (its init script sets the mark). */
function storiesUnderTest() {
  return (globalThis as { __storiesUnderTest?: boolean }).__storiesUnderTest === true
}

export default definePreview({
  addons: [
    addonDocs(),
    addonA11y(),
    // Global handlers from src/mocks survive the reset between stories; stories add their own.
    addonMsw(async () => {
      const worker = setupWorker(...handlers)
      // Relative, so the worker also registers when Storybook is served under /storybook/.
      await worker.start({
        onUnhandledRequest: 'bypass',
        quiet: true,
        serviceWorker: { url: './mockServiceWorker.js' },
      })
      return worker
    }),
  ],
  // The last wraps the others: the clock reaches the router's screens too.
  decorators: [withRouter, withQueryClient, withEventStream, withClock],
  // Every story starts from the same fixture world, whatever the story before it saved or deleted.
  beforeEach: () => {
    resetWorld()
    // The toast store outlives a story: the toasts of the one before go.
    toast.dismiss()
  },
  parameters: {
    layout: 'padded',
    // Any axe violation fails the story in the test-runner. Every rule runs; axe details only the
    // violations (the passes and the incomplete are counted per rule, with their first element),
    // which takes a quarter less of axe's time on a screen.
    a11y: { test: 'error', options: { resultTypes: ['violations'] } },
    // The Actions panel lists each call of a story's handler (an arg made with fn()) with its
    // arguments, copied over the channel 15 levels deep: for a React event, its element, the
    // element's React fiber and much of the fiber tree, on every keystroke. Nobody reads the panel
    // in the test-runner (.storybook/test-runner.ts marks its pages), where that copy was most of a
    // typing story's time (0.8 of 1.1 s for 49 characters, UI/Textarea › Required) and an eighth
    // of the stories step's CPU (docs/decisions/0054).
    actions: { disable: storiesUnderTest() },
    controls: { expanded: true },
    // A file's text, its first story, then links to the others (docs-page.tsx).
    docs: { page: DocsPage },
    options: {
      // One section per product area (Docs/Introduction describes them and the folders they
      // come from): the areas in the order a vendor meets them, the whole route tree, then the
      // frame and the primitives the screens are built from (designers look for a screen before
      // its parts). Within an area its main screen comes first, then the rest in file order.
      storySort: {
        order: [
          'Docs',
          ['Introduction', 'Design tokens'],
          'Marketing',
          ['Home page', 'Hero carousel', 'Portfolio manager landing', 'Device certifications', 'Contact us'],
          'Auth',
          ['Login', 'Registration', 'Create password dialog', 'Create profile'],
          'Portfolio',
          ['Portfolio form'],
          'Dashboard',
          ['Dashboard screen'],
          'Help center',
          'Team',
          ['Team page', 'Activity log'],
          'Settings',
          // The order of the settings tabs.
          [
            'Navigation',
            'Notifications',
            ['Settings page', 'Mails', 'Unsubscribe page'],
            'API tokens',
            'Webhooks',
            ['Webhooks page'],
            'Catalogue additions',
          ],
          'Lab',
          // The order of the lab header's places.
          [
            'Lab header',
            'Lab console',
            'Lab record',
            'Catalogue',
            'Test plans',
            ['List', 'Plan', 'Draft editor'],
            'Lab staff',
            'Notifications',
          ],
          'Certificates',
          // The parts of a certification run that the vendor's run details and the lab's record share.
          'Runs',
          'Screens',
          'Layout',
          'UI',
        ],
      },
    },
    viewport: {
      options: {
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet (820 × 1180)', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
        laptop: {
          name: 'Laptop (1180 × 820)',
          styles: { width: '1180px', height: '820px' },
          type: 'desktop',
        },
        desktop: {
          name: 'Desktop (1440 × 900)',
          styles: { width: '1440px', height: '900px' },
          type: 'desktop',
        },
      },
    },
  },
  tags: ['autodocs'],
})
