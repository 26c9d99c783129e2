import { pino, type DestinationStream, type Logger } from 'pino'

/*
 * The server's log (docs/decisions/0017): pino, one JSON object per line on standard output, so
 * that whatever a request carries (a path with an encoded newline, a header, an e-mail address)
 * is a field of one line and can never start a line of its own. The level comes from LOG_LEVEL
 * (trace, debug, info, warn, error, fatal or silent; default info, and warn under the test runner
 * so that suites stay quiet unless they capture the log).
 *
 * What is never logged: request bodies, cookies, the Token header, passwords, mailed codes, mail
 * bodies, session ids. Nothing here logs a request or its headers; the error handler logs the
 * method, the path and the error; the mailer the recipient and the subject. `redact` is a second
 * line of defence for fields with those names should someone log an object that has them.
 *
 * The start-up banner of `npm start` (server/index.ts) stays plain text on the console: it is
 * read by a person at a terminal, before anything was served.
 */

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** LOG_LEVEL when it names a level; otherwise info (warn under vitest). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const asked = env.LOG_LEVEL?.trim().toLowerCase()
  if (asked && (LOG_LEVELS as readonly string[]).includes(asked)) return asked as LogLevel
  return env.VITEST ? 'warn' : 'info'
}

export const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'code',
  '*.code',
  'otp',
  '*.otp',
  'cookie',
  '*.cookie',
  'token',
  '*.token',
  'headers',
  '*.headers',
  // API tokens (an Authorization header, a created token's secret).
  'authorization',
  '*.authorization',
  'secret',
  '*.secret',
  'body',
  '*.body',
  'text',
  '*.text',
]

/** A logger writing JSON lines to `destination` (default: standard output, written synchronously). */
export function createLogger({
  level = logLevelFromEnv(),
  destination = pino.destination({ dest: 1, sync: true }),
}: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level,
      base: { service: 'certification-portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  )
}

/**
 * The process's logger. Modules read it at each call (`log.error(...)`), so a test may swap it
 * with captureLog() and every module writes to the capture.
 */
export let log: Logger = createLogger()

/** Replaces the process's logger; returns the one it replaced. */
export function setLogger(logger: Logger) {
  const previous = log
  log = logger
  return previous
}

/**
 * For tests: the process's log goes to memory until `restore()`. `lines` are the raw lines,
 * `entries` the parsed objects.
 */
export function captureLog(level: LogLevel = 'info') {
  const lines: string[] = []
  let pending = ''
  const destination: DestinationStream = {
    write(chunk: string) {
      pending += chunk
      let end = pending.indexOf('\n')
      while (end !== -1) {
        lines.push(pending.slice(0, end))
        pending = pending.slice(end + 1)
        end = pending.indexOf('\n')
      }
    },
  }
  const previous = setLogger(createLogger({ level, destination }))
  return {
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    /** Every line as one text, for "contains nothing secret" checks. */
    text: () => lines.join('\n'),
    restore: () => setLogger(previous),
  }
}
