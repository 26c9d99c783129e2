import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/*
 * Vitest's global set-up: every temporary folder a test makes (a portal's dist/, a data folder, a
 * mailbox) goes inside one folder of this run, removed when the run ends, so a run leaves nothing
 * in /tmp even where a test does not clean up after itself. TMPDIR is read by os.tmpdir() at each
 * call and inherited by the workers and by any process a test starts.
 */
export default function setup() {
  const folder = mkdtempSync(path.join(tmpdir(), 'vitest-run-'))
  const before = process.env.TMPDIR
  process.env.TMPDIR = folder
  return () => {
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    rmSync(folder, { recursive: true, force: true })
  }
}
