import { MALFORMED_CERTIFICATE_NUMBER_MESSAGE, normalizeCertificateNumber } from '@/contract/certificates'
import { viewToDom } from '@/lib/view-node'
import { type Verification, verifyNumber } from '@/features/certificates/api/verify'
import { publishShellAnswer, type ShellAnswer } from '@/features/certificates/model/shell-answer'
import { NUMBER_FIELD_NAME, VERIFY_FAILED_MESSAGE } from '@/features/certificates/model/verify-text'
import { verificationView } from '@/features/certificates/model/verify-view'

/*
 * The script of /verify/<number>'s prerendered shell (scripts/build.mjs, PRERENDERED_SHELLS'
 * `script`; docs/decisions/0025, point 15). It reads the number in the address, fetches the record
 * and the published keys, checks the signature (WebCrypto) and puts the answer where the shell
 * shows "Checking the certificate…" — the same markup the app renders (model/verify-view.ts), in a
 * few kilobytes instead of the app. The app itself starts at the first sign of use, as on every
 * public page, hydrates the page and leaves this answer in place (components/verify-page.tsx).
 */

function numberInAddress(): string {
  const last = window.location.pathname.split('/').filter(Boolean).at(-1) ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

const slot = document.querySelector('[data-slot="verify-answer"]')
if (slot) {
  const typed = numberInAddress()
  const number = normalizeCertificateNumber(typed)
  const verification: Promise<Verification> = number
    ? verifyNumber(number).catch(() => ({ kind: 'failed', message: VERIFY_FAILED_MESSAGE }) as const)
    : Promise.resolve({ kind: 'malformed', message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE })
  // The form shows the number in the address before the app starts (which then keeps it).
  const field = document.querySelector<HTMLInputElement>(`input[name="${NUMBER_FIELD_NAME}"]`)
  if (field && !field.value) field.value = number ?? typed
  const answer: ShellAnswer = { number: number ?? typed, verification, settled: null, shown: false }
  publishShellAnswer(answer)
  void verification.then((settled) => {
    answer.settled = settled
    // The app may have taken the page over meanwhile (then this slot is gone, and it shows this).
    if (!slot.isConnected || document.documentElement.hasAttribute('data-hydrating')) return
    slot.replaceChildren(viewToDom(verificationView(settled), document))
    answer.shown = true
  })
}
