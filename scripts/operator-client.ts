import path from 'node:path'
import * as v from 'valibot'
import {
  OPERATOR_PROCESS_PATH,
  operatorProcessAnswerSchema,
  operatorRefusalSchema,
  otherPortalMessage,
  portalAnsweredMessage,
  portalNotAnsweringMessage,
} from '../src/contract/operator.ts'
import { dataDirOwner } from '../server/platform/db/database.ts'

/*
 * docs/decisions/0048: where an operator's command does its work. On PostgreSQL (DATABASE_URL)
 * every process may open the database, so the command does. On PGlite the data folder belongs to
 * the process whose lock is on it: with none, the command opens the folder itself; with a running
 * portal on it, the command asks that portal — on MAIN_PORT at HOST (127.0.0.1 when it listens on
 * every address), from this machine (or with OPERATOR_TOKEN) — after checking that the process
 * answering there is the one holding the folder, so that a portal of another folder is never
 * changed by mistake.
 */

/** Where a command prints: the terminal, or a test's lines. */
export type Output = { log(line: string): void; error(line: string): void }

/** The main service of this configuration's portal, as seen from this machine. */
export function operatorUrl(env: NodeJS.ProcessEnv): string {
  const host = env.HOST?.trim() || '127.0.0.1'
  const reach = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.replace(/^\[(.*)\]$/, '$1')
  return `http://${reach.includes(':') ? `[${reach}]` : reach}:${Number(env.MAIN_PORT?.trim() || '7700')}`
}

/**
 * The running portal to ask, 'database' to open the database, or null once the reason neither
 * will do is printed (exit code 1).
 */
export async function commandRoute(
  env: NodeJS.ProcessEnv,
  out: Output,
): Promise<{ portal: string } | 'database' | null> {
  if (env.DATABASE_URL) return 'database'
  const folder = path.resolve(env.DATA_DIR || './data')
  const owner = dataDirOwner(folder)
  if (owner === null) return 'database'
  const base = await runningPortal(env)
  if (!base) {
    out.error(portalNotAnsweringMessage(folder, owner, operatorUrl(env)))
    return null
  }
  const token = env.OPERATOR_TOKEN?.trim()
  const response = await fetch(`${base}${OPERATOR_PROCESS_PATH}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
  const body = await jsonOf(response)
  const answer = v.safeParse(operatorProcessAnswerSchema, body)
  if (!response.ok || !answer.success) {
    printRefusal(response, body, base, out)
    return null
  }
  if (answer.output.pid !== owner) {
    out.error(otherPortalMessage(base, answer.output.pid, owner, folder))
    return null
  }
  return { portal: base }
}

/** The portal's address when one answers there (its /healthz), else null: nothing runs. */
async function runningPortal(env: NodeJS.ProcessEnv): Promise<string | null> {
  const base = operatorUrl(env)
  try {
    const answer = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) })
    await answer.body?.cancel()
    return base
  } catch {
    return null
  }
}

/** POSTs `body` (JSON) to the portal's operator call `path`, with OPERATOR_TOKEN when set. */
export function callOperator(base: string, path: string, env: NodeJS.ProcessEnv, body?: object) {
  const token = env.OPERATOR_TOKEN?.trim()
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
}

/** The answer's JSON body, or undefined when it has none. */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

/**
 * Prints the portal's refusal as the command's own would read (`--field: message`, or the message
 * when it names no flag), or that the answer was not an operator call's; exit code 1.
 */
export function printRefusal(response: Response, body: unknown, base: string, out: Output): number {
  const refusal = v.safeParse(operatorRefusalSchema, body)
  if (!refusal.success) out.error(portalAnsweredMessage(base, response.status))
  else {
    const { message, field } = refusal.output
    out.error(field && /^[a-z]\w*$/.test(field) ? `--${field}: ${message}` : message)
  }
  return 1
}
