// Launch options for Debian's Chromium, shared by the screenshot tool, the end-to-end journeys
// and the Storybook test-runner. Browsers cannot be downloaded on these machines.
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
