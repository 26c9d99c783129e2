import { expect, screen, waitFor } from 'storybook/test'

// A toast of the story before, on its way out, must not answer for this one (the preview
// dismisses every toast before each story, but a dismissed toast takes a moment to leave).
const LIVE_TOAST = '[data-sonner-toast][data-removed="false"]'

/**
 * Waits for a toast with this text to show, of this kind when one is given ('success' or 'error'),
 * and returns its text element. Toasts render outside the story's canvas and slide in.
 */
export async function expectToast(
  text: string,
  type?: 'success' | 'error' | 'warning' | 'info',
  { timeout = 5000 }: { timeout?: number } = {},
) {
  // Up to 5 s (Testing Library's 1 s default): on a busy machine the call before the toast, the
  // mocked service's answer and the slide-in took longer than 1 s (seen: Lab console › Revoke).
  const options = { timeout }
  const message = await screen.findByText(text, { selector: `${LIVE_TOAST} *` }, options)
  await waitFor(() => expect(message).toBeVisible(), options)
  if (type) await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', type)
  return message
}

/** The toasts showing now. */
export const liveToasts = () => document.querySelectorAll(LIVE_TOAST)
