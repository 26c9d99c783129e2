// Launch options for Debian's Chromium, shared by the screenshot tool, the end-to-end journeys
// and the Storybook test-runner. Browsers cannot be downloaded on these machines.
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium'

/**
 * The features Playwright turns off in every Chromium it launches (playwright-core's
 * chromiumSwitches.ts). Chromium keeps only the last --disable-features on its command line, so
 * ours below must repeat them; scripts/chromium.test.ts says when an upgrade of Playwright changes
 * them.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * The omnibox's suggestion popup, a web page of the browser's own (chrome://omnibox-popup.top-chrome)
 * that Chromium 156 loads, in a renderer of its own, for every new window: every browser context a
 * journey or a story file opens. A headless browser never shows it; it cost about 0.8 s of CPU per
 * context, half of what a context with one page costs (docs/decisions/0054).
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

/** Flags for any launcher (Lighthouse's chrome-launcher keeps its own --disable-features). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** Flags for a Chromium that Playwright launches. */
export const chromiumArgs = [
  ...chromiumFlags,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
]
