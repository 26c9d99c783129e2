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
  // Issue 20: the verification page's form, and the directory of certified devices, for anyone.
  '/verify',
  '/certified-devices',
] as const
