import * as v from 'valibot'
import { operatorRefusalSchema, portalAnsweredMessage } from '../src/contract/operator.ts'

/*
 * docs/decisions/0048: how the operator's commands reach a running portal. The portal of this
 * configuration listens on MAIN_PORT at HOST (127.0.0.1 when it listens on every address); when
 * something answers there the command sends its work to the portal's operator call (from this
 * machine, so the call is allowed, or with OPERATOR_TOKEN), and when nothing does it opens the
 * database itself (scripts/command-database.ts).
 */

/** Where a command prints: the terminal, or a test's lines. */
export type Output = { log(line: string): void; error(line: string): void }

/** The main service of this configuration's portal, as seen from this machine. */
export function operatorUrl(env: NodeJS.ProcessEnv): string {
  const host = env.HOST?.trim() || '127.0.0.1'
  const reach = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.replace(/^\[(.*)\]$/, '$1')
  return `http://${reach.includes(':') ? `[${reach}]` : reach}:${Number(env.MAIN_PORT?.trim() || '7700')}`
}

/** The portal's address when one answers there (its /healthz), else null: nothing runs. */
export async function runningPortal(env: NodeJS.ProcessEnv): Promise<string | null> {
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
