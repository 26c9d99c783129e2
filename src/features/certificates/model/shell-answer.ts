import type { DirectoryAnswer } from '@/contract/certificates'
import type { Verification } from '@/features/certificates/api/verify'

/*
 * What /verify/<number>'s shell has found before the app started (docs/decisions/0025, point 15).
 * The shell's script (verify-shell.ts) and the app are separate bundles: they meet on `window`.
 * The app takes it over when it hydrates the page, and never otherwise.
 */

export type ShellAnswer = {
  /** The number the shell checked, normalized. */
  number: string
  verification: Promise<Verification>
  /** Its result once settled. */
  settled: Verification | null
  /** Whether the shell has put the answer on the page (then the app leaves it there). */
  shown: boolean
}

const KEY = '__portalVerifyShell'
type Holder = { [KEY]?: ShellAnswer }

export function publishShellAnswer(answer: ShellAnswer) {
  ;(window as Holder)[KEY] = answer
}

/** The shell's answer for `number`, if this page's shell checked that number. */
export function shellAnswerFor(number: string): ShellAnswer | undefined {
  if (typeof window === 'undefined') return undefined
  const answer = (window as Holder)[KEY]
  return answer?.number === number ? answer : undefined
}

/*
 * The directory's first page as /certified-devices' own script reads it (directory-shell.ts): the
 * app starts from it when it hydrates that page instead of reading it again.
 */
export type DirectoryFirstPage = {
  /** The answer; null when it could not be read. */
  read: Promise<DirectoryAnswer | null>
  /** The answer once read (null: it could not be); undefined while on its way. */
  settled: DirectoryAnswer | null | undefined
}

const DIRECTORY_KEY = '__portalDirectoryShell'
type DirectoryHolder = { [DIRECTORY_KEY]?: DirectoryFirstPage }

export function publishDirectoryFirstPage(firstPage: DirectoryFirstPage) {
  ;(window as DirectoryHolder)[DIRECTORY_KEY] = firstPage
}

/** What the page's script read, if this page's script read the first page. */
export function directoryFirstPage(): DirectoryFirstPage | undefined {
  if (typeof window === 'undefined') return undefined
  return (window as DirectoryHolder)[DIRECTORY_KEY]
}
