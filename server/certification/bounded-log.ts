/* A case's output as the command harness keeps it: bounded in lines and line length, clean of control characters. */

/** At most this many log lines are kept per case, each cut to MAX_LOG_LINE_LENGTH characters. */
export const MAX_LOG_LINES = 200
export const MAX_LOG_LINE_LENGTH = 500

/** Splits output into lines as it arrives, keeping at most MAX_LOG_LINES of MAX_LOG_LINE_LENGTH. */
export class BoundedLog {
  readonly #kept: string[] = []
  readonly #partial = new Map<string, string>()
  #dropped = 0

  write(prefix: string, chunk: Buffer) {
    const text = (this.#partial.get(prefix) ?? '') + chunk.toString('utf8')
    const parts = text.split(/\r?\n/)
    const rest = parts.pop() ?? ''
    for (const line of parts) this.#add(prefix, line)
    // An endless line must not grow without bound either: cut it once it passes the limit.
    if (rest.length > MAX_LOG_LINE_LENGTH * 4) {
      this.#add(prefix, rest)
      this.#partial.set(prefix, '')
    } else {
      this.#partial.set(prefix, rest)
    }
  }

  lines() {
    for (const [prefix, rest] of this.#partial) if (rest !== '') this.#add(prefix, rest)
    this.#partial.clear()
    const lines = [...this.#kept]
    if (this.#dropped > 0) {
      // The note takes the last place, so a case's log never passes MAX_LOG_LINES.
      lines.pop()
      lines.push(`… ${this.#dropped + 1} more output lines were not kept.`)
    }
    return lines
  }

  #add(prefix: string, raw: string) {
    if (this.#kept.length >= MAX_LOG_LINES) {
      this.#dropped += 1
      return
    }
    // Control characters (colour codes, carriage returns) would only garble the report.
    // eslint-disable-next-line no-control-regex
    const clean = (prefix + raw).replace(/\u001b\[[0-9;]*[A-Za-z]|[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    this.#kept.push(
      clean.length > MAX_LOG_LINE_LENGTH ? `${clean.slice(0, MAX_LOG_LINE_LENGTH - 1)}…` : clean,
    )
  }
}
