import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { LEAVE_EDITED_PORTFOLIO } from '@/features/portfolio/model/portfolio-sections'
import { loggedInAs } from '../support/session'
import {
  type Canvas,
  formButtons,
  formReady,
  HOME_HEADING,
  organizationFields,
  retype,
  section,
  type UserEvent,
} from './portfolio-form-steps'
import { PortfolioForm } from '@/features/portfolio/components/portfolio-form'

/**
 * Focus and leaving (docs/decisions/0039): tabbing through the whole form never puts the focused
 * control under the sticky header or the sticky Save/Submit bar, at 1280 px and on a phone;
 * `?portfolio=` focuses its section's heading; leaving an edited form asks, a clean one leaves.
 */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Focus and leaving the portfolio form: tabbing through the whole form never puts the focused control
under the sticky header or the sticky Save/Submit bar, at 1280 px and on a phone; \`?portfolio=\`
focuses its section's heading; leaving an edited form asks first, a clean one leaves at once.`

const meta = preview.meta({
  title: 'Portfolio/Portfolio form focus and leaving',
  subcomponents: { PortfolioForm },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/portfolio' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-zyxel'),
  render: () => <></>,
})

/** The focused control's name for a failure's message: its label, text or tag. */
function nameOf(element: HTMLElement) {
  const label =
    element.getAttribute('aria-label') ??
    (element as HTMLInputElement).labels?.[0]?.textContent ??
    element.textContent
  return `${element.tagName.toLowerCase()} "${(label ?? '').trim().slice(0, 40)}"`
}

type Edges = { header: Element; bar: Element }

/** Why the focused control is hidden (its box above the header's bottom or below the bar's top), or null. */
function hiddenPart(focused: HTMLElement, { header, bar }: Edges) {
  const box = focused.getBoundingClientRect()
  const top = header.getBoundingClientRect().bottom
  const bottom = bar.contains(focused) ? window.innerHeight : bar.getBoundingClientRect().top
  if (box.top >= top - 0.5 && box.bottom <= bottom + 0.5) return null
  const span = (a: number, b: number) => `${Math.round(a)}–${Math.round(b)}`
  return `${nameOf(focused)}: ${span(box.top, box.bottom)} outside ${span(top, bottom)}`
}

/**
 * Tabs through the form from the first control until focus leaves it, checking each focused
 * control lies whole below the header and above the Save/Submit bar (the bar's own buttons: inside
 * the window). Then back, as Shift+Tab does, from the last to the first: each is focused in turn
 * from the foot of the page, the way up passing under the header. Returns the controls met.
 */
async function tabThrough(userEvent: UserEvent, canvasElement: HTMLElement) {
  const document = canvasElement.ownerDocument
  const form = document.getElementById('portfolio-form')
  const header = document.querySelector('[data-slot="site-header"]')
  const bar = document.querySelector('[data-slot="portfolio-actions"]')
  if (!form || !header || !bar) throw new Error('No form, header or bar.')
  const edges = { header, bar }
  const hidden: string[] = []
  const met: HTMLElement[] = []
  let focused = document.activeElement as HTMLElement | null
  while (focused && form.contains(focused) && met.length < 200) {
    met.push(focused)
    hidden.push(hiddenPart(focused, edges) ?? '')
    await userEvent.tab()
    focused = document.activeElement as HTMLElement | null
  }
  window.scrollTo(0, document.documentElement.scrollHeight)
  for (const control of [...met].reverse()) {
    control.focus()
    await waitFor(() => expect(document.activeElement).toBe(control))
    hidden.push(hiddenPart(control, edges) ?? '')
  }
  await expect(hidden.filter(Boolean)).toEqual([])
  return met
}

async function focusNeverHidden(canvas: Canvas, canvasElement: HTMLElement, userEvent: UserEvent) {
  await formReady(canvas)
  // From the top of the page, through every control of the three sections and the bar.
  window.scrollTo(0, 0)
  within(section(canvas, 1)).getByRole('button', { name: 'Portfolio Manager' }).focus()
  const met = await tabThrough(userEvent, canvasElement)
  await expect(met.length).toBeGreaterThan(20)
  await expect(met.at(-1)).toBe(formButtons(canvas).submit)
}

/** At 1280 px: every control of the form, forward and back, shows whole between the two bars. */
export const FocusNeverHidden = meta.story({
  name: 'Focus never hidden',
  play: async ({ canvas, canvasElement, userEvent }) => focusNeverHidden(canvas, canvasElement, userEvent),
})

/** On a phone (390 px), likewise. */
export const FocusNeverHiddenPhone = meta.story({
  name: 'Focus never hidden phone',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas, canvasElement, userEvent }) => focusNeverHidden(canvas, canvasElement, userEvent),
})

/** `?portfolio=device-portfolio`: focus on the section's heading; the next Tab is its own toggle. */
export const SectionLinkFocusesHeading = meta.story({
  name: 'Section link focuses heading',
  parameters: { router: { app: true, url: '/portfolio?portfolio=device-portfolio' } },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = within(section(canvas, 3))
    const heading = device.getByRole('heading', { level: 2, name: 'Device Portfolio' })
    await waitFor(() => expect(heading).toHaveFocus())
    await expect(Math.round(heading.getBoundingClientRect().top)).toBeGreaterThanOrEqual(54)
    await userEvent.tab()
    await expect(device.getByRole('button', { name: 'Device Portfolio' })).toHaveFocus()
  },
})

/** The same on a phone: focus and the section at the top, below the header. */
export const SectionLinkFocusesHeadingPhone = meta.story({
  name: 'Section link focuses heading phone',
  globals: { viewport: { value: 'phone' } },
  parameters: { router: { app: true, url: '/portfolio?portfolio=line-of-business-portfolio' } },
  play: async ({ canvas }) => {
    await formReady(canvas)
    const heading = within(section(canvas, 2)).getByRole('heading', { level: 2, name: 'Line of Business' })
    await waitFor(() => expect(heading).toHaveFocus())
    await waitFor(() => expect(Math.round(section(canvas, 2).getBoundingClientRect().top)).toBe(54))
  },
})

/** The leave question, once asked. */
async function leaveQuestion() {
  const dialog = await screen.findByRole('alertdialog', { name: LEAVE_EDITED_PORTFOLIO.title })
  await expect(dialog).toHaveAccessibleDescription(LEAVE_EDITED_PORTFOLIO.description)
  return within(dialog)
}

/** Cancel on an edited form asks; Stay keeps the form and the change, Leave goes home. */
export const CancelEditedAsks = meta.story({
  name: 'Cancel edited asks',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const name = organizationFields(canvas).organizationName
    await retype(userEvent, name, 'Zyxel Networks Oy')
    await userEvent.click(formButtons(canvas).cancel)
    const asked = await leaveQuestion()
    await expect(asked.getByRole('button', { name: LEAVE_EDITED_PORTFOLIO.stay })).toHaveFocus()
    await userEvent.click(asked.getByRole('button', { name: LEAVE_EDITED_PORTFOLIO.stay }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await expect(organizationFields(canvas).organizationName).toHaveValue('Zyxel Networks Oy')
    await expect(formButtons(canvas).cancel).toHaveFocus()

    await userEvent.click(formButtons(canvas).cancel)
    const again = await leaveQuestion()
    await userEvent.click(again.getByRole('button', { name: LEAVE_EDITED_PORTFOLIO.leave }))
    await expect(await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  },
})

/** A link away from an edited form (the header's Dashboard) asks too; Escape stays. */
export const LinkAwayFromEditedAsks = meta.story({
  name: 'Link away from edited asks',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await retype(userEvent, organizationFields(canvas).businessContactName, 'Aino Laine')
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }))
    await userEvent.click(nav.getByRole('link', { name: 'Dashboard' }))
    await leaveQuestion()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await expect(canvas.getByRole('form', { name: 'Portfolio form' })).toBeVisible()

    await userEvent.click(nav.getByRole('link', { name: 'Dashboard' }))
    const asked = await leaveQuestion()
    await userEvent.click(asked.getByRole('button', { name: LEAVE_EDITED_PORTFOLIO.leave }))
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
  },
})

/** A form changed and changed back holds nothing to lose: Cancel leaves without asking. */
export const UneditedLeavesSilently = meta.story({
  name: 'Unedited leaves silently',
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const name = organizationFields(canvas).organizationName
    const before = (name as HTMLInputElement).value
    await retype(userEvent, name, 'Something else')
    await retype(userEvent, name, before)
    await userEvent.click(formButtons(canvas).cancel)
    await expect(await canvas.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
    await expect(screen.queryByRole('alertdialog')).toBeNull()
  },
})
