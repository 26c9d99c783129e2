import type { PortalEvent } from '@/contract/events'

/*
 * docs/decisions/0024 point 6: the lab's comment on one of the vendor's records reaches
 * the vendor's open tabs as a `comment.added` event whose comment is the lab's (authorKind 'lab').
 * The tab says so in a toast, on whichever screen it is (the stream lives in the vendor layout),
 * and reads that record's comments again. The words are here, beside the stream that tells them,
 * since lib/ may not import a feature.
 */

/** A lab answer the tab has heard of: the record, and its device name when the tab knows it. */
export type LabAnswer = { portfolioManagerId: string; deviceName: string | null }

/** When the tab has not read the record's row (its dashboard never opened), the record is not named. */
export const LAB_ANSWERED_UNNAMED_MESSAGE = 'The certification lab answered on one of your devices.'

/** 'The certification lab answered on Beacon 6.' */
export function labAnsweredMessage(deviceName: string | null): string {
  const name = deviceName?.trim()
  return name ? `The certification lab answered on ${name}.` : LAB_ANSWERED_UNNAMED_MESSAGE
}

/**
 * The records a batch of events brings lab comments on, each once, in the order they came, with
 * the device name `deviceNameOf` knows (null when it knows none). A comment without authorKind is
 * the vendor's own (written before the lab console existed), as is one with authorKind 'vendor'.
 */
export function labAnswersOf(
  events: ReadonlyArray<PortalEvent>,
  deviceNameOf: (portfolioManagerId: string) => string | null,
): LabAnswer[] {
  const answers: LabAnswer[] = []
  for (const event of events) {
    if (event.type !== 'comment.added' || event.comment.authorKind !== 'lab') continue
    const id = event.portfolioManagerId
    if (answers.some((answer) => answer.portfolioManagerId === id)) continue
    answers.push({ portfolioManagerId: id, deviceName: deviceNameOf(id) })
  }
  return answers
}
