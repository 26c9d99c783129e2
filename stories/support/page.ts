import { expect, waitFor, type within } from 'storybook/test'

type Canvas = ReturnType<typeof within>

/**
 * Waits until the page's heading shows, asking for it again each time: a route that loads its
 * data renders the heading in its pending frame, then again with the screen (docs/decisions/0014),
 * so a heading found early may no longer be the one on the page. The first navigation of a story
 * also loads the route's code: it waits as long as the preview lets every wait (preview.tsx).
 */
export async function expectPageHeading(canvas: Canvas, name: string) {
  await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name })).toBeVisible())
}
