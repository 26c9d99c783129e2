import type { Answer } from './client.ts'

/* The figures a backend's run collects, and the tables they print as. */

export type Figures = {
  leaks: number
  forbiddenChanges: number
  wrongRefusals: number
  matrixCells: number
  serverErrors: number
  /** Requests that got no answer at all (the connection closed or reset, twice). */
  unanswered: number
  requests: number
  refusedStateChanges: number
  bodyErrors: number
  bodyErrorsNamingField: number
  stuckRuns: number
  crashTrials: number
  lostWrites: number
  acknowledgedWrites: number
  duplicates: number
  unkeyedDuplicates: number
  lostUpdates: number
  resumeSeconds: number[]
  /** Restart to answering, per mid-run trial. */
  bootSeconds: number[]
  /**
   * Section 6: private or local webhook URLs accepted at registration (development),
   * plus connections that reached a loopback receiver from an endpoint whose URL is not allowed.
   */
  privateWebhookDeliveries: number
  /** Checks of two processes on one database (PostgreSQL ×2 only): name → held. */
  crossProcess: Record<string, boolean>
  /** Section 7: mails the SMTP server got for more than one recipient. */
  mailsToSeveralRecipients: number
  notes: string[]
}

export function newFigures(): Figures {
  return {
    leaks: 0,
    forbiddenChanges: 0,
    wrongRefusals: 0,
    matrixCells: 0,
    serverErrors: 0,
    unanswered: 0,
    requests: 0,
    refusedStateChanges: 0,
    bodyErrors: 0,
    bodyErrorsNamingField: 0,
    stuckRuns: 0,
    crashTrials: 0,
    lostWrites: 0,
    acknowledgedWrites: 0,
    duplicates: 0,
    unkeyedDuplicates: 0,
    lostUpdates: 0,
    resumeSeconds: [],
    bootSeconds: [],
    privateWebhookDeliveries: 0,
    crossProcess: {},
    mailsToSeveralRecipients: 0,
    notes: [],
  }
}

/** Counts an answer of any section: requests, 5xx, and requests that got no answer at all. */
export function countAnswer(figures: Figures, answer: Answer) {
  figures.requests += 1
  if (answer.failed) figures.unanswered += 1
  else if (answer.status >= 500) figures.serverErrors += 1
}

/** Whether a 4xx names the field it is about: JSON `{ message, field }`, or text with X-Field. */
export function namesField(answer: Answer) {
  const field = (answer.json as { field?: unknown } | undefined)?.field
  if (typeof field === 'string' && field !== '') return true
  const header = answer.headers.get('X-Field')
  return answer.contentType.startsWith('text/plain') && header !== null && header !== ''
}

/** Statuses that answer a problem with the body itself (not who is calling, nor a conflict). */
export const BODY_ERROR_STATUSES = new Set([400, 413, 415, 422])

/** Prints a Markdown table. */
export function printTable(header: string[], rows: Array<Array<string | number>>) {
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`
  console.log(line(header))
  console.log(line(header.map(() => '---')))
  for (const row of rows) console.log(line(row))
}

export const RESUME_TARGET_S = 5

export function percent(part: number, whole: number) {
  return whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`
}

export function maxResume(figures: Figures) {
  return figures.resumeSeconds.length === 0 ? undefined : Math.max(...figures.resumeSeconds)
}

/** The targets --strict holds a backend to; answers the missed ones. */
export function missedTargets(figures: Figures) {
  const missed: string[] = []
  const zero = {
    leaks: figures.leaks,
    'forbidden changes': figures.forbiddenChanges,
    'wrong answers (refusals and roles)': figures.wrongRefusals,
    '5xx': figures.serverErrors,
    'state changes from refused input': figures.refusedStateChanges,
    'stuck runs': figures.stuckRuns,
    'lost acknowledged writes': figures.lostWrites,
    duplicates: figures.duplicates,
    'lost updates': figures.lostUpdates,
    'mails to more than one recipient': figures.mailsToSeveralRecipients,
    'private webhook deliveries': figures.privateWebhookDeliveries,
  }
  for (const [name, value] of Object.entries(zero)) if (value !== 0) missed.push(`${name}: ${value}`)
  if (figures.bodyErrorsNamingField !== figures.bodyErrors) {
    missed.push(`body errors naming a field: ${percent(figures.bodyErrorsNamingField, figures.bodyErrors)}`)
  }
  const resume = maxResume(figures)
  if (resume !== undefined && resume > RESUME_TARGET_S)
    missed.push(`resume after restart: ${resume.toFixed(1)} s`)
  for (const [name, held] of Object.entries(figures.crossProcess)) if (!held) missed.push(name)
  return missed
}
