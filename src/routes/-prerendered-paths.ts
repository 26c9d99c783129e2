/**
 * The public pages rendered to HTML at build time (ARCHITECTURE.md "Front end", decision 0008):
 * the build prerenders them (src/entry-server.tsx), the journeys check their HTML and hydration
 * (e2e/public-site.spec.ts), and `npm run bench:lighthouse` measures them.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/portfolio-manager',
  '/device-certifications',
  '/contact-us',
  '/help-center',
  '/login',
  '/create-profile',
  '/create-profile/register',
  '/forgot-password',
  '/check-mail',
  '/password-reset',
  // The verification page's form, and the directory of certified devices, for anyone.
  '/verify',
  '/certified-devices',
] as const

/**
 * Prerendered pages with a script of their own (scripts/build.mjs bundles it on its own and loads
 * it once the page has painted, as a shell's below): the directory reads its first page with it,
 * so that the page opened directly shows its devices before the app has started (decision 0038).
 */
export const PAGE_SCRIPTS: Readonly<Partial<Record<(typeof PRERENDERED_PATHS)[number], string>>> = {
  '/certified-devices': 'src/features/certificates/directory-shell.ts',
}

/**
 * Pages prerendered once for every value of their path parameter: the HTML is the
 * page's frame without the value. The build renders each at `renderedAt` (a path of the route whose
 * value is no real one) into `file` in dist/, and bundles `script` on its own into the page: a few
 * kilobytes that read the value in the address and fill the frame before the app has started
 * (the app starts at the first sign of use, as on the other public pages, and keeps what the
 * script showed). The server answers that file for every path of the route (server/apps/main.ts).
 * `example` is one such path, for the journeys and the Lighthouse bench.
 */
export const PRERENDERED_SHELLS = [
  {
    route: '/verify/$number',
    renderedAt: '/verify/number',
    file: 'verify/number.html',
    script: 'src/features/certificates/verify-shell.ts',
    example: '/verify/DCP-7KQ4-M9XZ-2F8H',
  },
] as const
