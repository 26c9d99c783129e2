/*
 * Development conveniences (docs/decisions/0017): the demo vendor, whose password is in the README
 * and printed at every start, and the development mailbox at /dev/mailbox, which shows every
 * mailed code to whoever can reach it. Both are for a portal on one's own machine: they are on
 * when the server listens on loopback only (HOST 127.0.0.1, ::1 or localhost — the default), off
 * otherwise, and DEMO_ACCOUNT / DEV_MAILBOX (1 or 0) turn each on or off whatever HOST is. The
 * mailbox is only ever served in mailbox mode (no SMTP_URL): with SMTP the mail is sent, not kept.
 */

export type DevelopmentConveniences = {
  /** Whether the demo vendor is seeded (and logs in with the published password). */
  demoAccount: boolean
  /** Whether /dev/mailbox is served. */
  devMailbox: boolean
  /** Plain sentences for the start-up console: risky or surprising combinations. */
  warnings: string[]
}

const ON = new Set(['1', 'true', 'yes', 'on'])
const OFF = new Set(['0', 'false', 'no', 'off'])

/** An explicit 1/0 (true/false, yes/no, on/off); undefined when unset or empty. */
export function switchFromEnv(name: string, value: string | undefined): boolean | undefined {
  const normalized = value?.trim().toLowerCase()
  if (normalized === undefined || normalized === '') return undefined
  if (ON.has(normalized)) return true
  if (OFF.has(normalized)) return false
  throw new Error(`${name} must be 1 (on) or 0 (off), not "${value}".`)
}

/** Whether an address to listen on reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(bare) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
  )
}

export function developmentConveniences({
  env,
  hostname,
}: {
  env: NodeJS.ProcessEnv
  /** The address the server listens on (HOST). */
  hostname: string
}): DevelopmentConveniences {
  const loopback = isLoopbackHost(hostname)
  const smtp = Boolean(env.SMTP_URL)
  const demoAsked = switchFromEnv('DEMO_ACCOUNT', env.DEMO_ACCOUNT)
  const mailboxAsked = switchFromEnv('DEV_MAILBOX', env.DEV_MAILBOX)
  const demoAccount = demoAsked ?? loopback
  const devMailbox = !smtp && (mailboxAsked ?? loopback)

  const warnings: string[] = []
  if (demoAccount && !loopback) {
    warnings.push(
      `Warning: the demo vendor is on (DEMO_ACCOUNT=1) while the server listens on ${hostname}, beyond this machine: anyone who reaches it can log in with the password printed below and in the README. Unset DEMO_ACCOUNT to turn it off.`,
    )
  }
  if (devMailbox && !loopback) {
    warnings.push(
      `Warning: the development mailbox is on (DEV_MAILBOX=1) while the server listens on ${hostname}: it shows every mailed code to callers on this machine, which includes a reverse proxy. Set SMTP_URL, or unset DEV_MAILBOX.`,
    )
  }
  if (smtp && mailboxAsked) {
    warnings.push('DEV_MAILBOX=1 has no effect: SMTP_URL is set, so mail is sent, not kept for the mailbox.')
  }
  if (!smtp && !devMailbox) {
    warnings.push(
      'Mail has nowhere to go: SMTP_URL is unset and the development mailbox is off. Mail (codes, certificates) is kept in the database table mail_outbox; set SMTP_URL to send it, or DEV_MAILBOX=1 to read it at /dev/mailbox.',
    )
  }
  return { demoAccount, devMailbox, warnings }
}
