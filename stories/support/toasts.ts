import { expect, screen, waitFor } from 'storybook/test'

// A toast of the story before, on its way out, must not answer for this one (the preview
// dismisses every toast before each story, but a dismissed toast takes a moment to leave).
const LIVE_TOAST = '[data-sonner-toast][data-removed="false"]'

/**
 * Waits for a toast with this text to show, of this kind when one is given ('success' or 'error'),
 * and returns its text element. Toasts render outside the story's canvas and slide in; they stay
 * until the story moves its toast clock (.storybook/clock.tsx), so a slow machine cannot see one
 * leave before it is checked.
 */
export async function expectToast(text: string, type?: 'success' | 'error' | 'warning' | 'info') {
  const message = await screen.findByText(text, { selector: `${LIVE_TOAST} *` })
  await waitFor(() => expect(message).toBeVisible())
  if (type) await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', type)
  return message
}

/** The toasts showing now. */
export const liveToasts = () => document.querySelectorAll(LIVE_TOAST)
