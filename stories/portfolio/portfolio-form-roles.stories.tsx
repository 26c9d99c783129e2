import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import type { Role } from '@/contract/roles'
import { nokiaMember } from '@/mocks/fixtures/roles'
import { expectPageHeading } from '../support/page'
import { loggedInAs } from '../support/session'
import {
  type Canvas,
  formButtons,
  formReady,
  organizationFields,
  PORTFOLIO_HEADING,
  type UserEvent,
} from './portfolio-form-steps'
import { PortfolioRefused } from '@/features/portfolio/components/portfolio-form-states'

/**
 * docs/decisions/0023: /portfolio for each role of an organization, logged in as the
 * fixture vendor Nokia with the login answer's role. An Owner and an Engineer get the
 * specification's form, unchanged. A Viewer, who may not submit, edit or delete devices, gets why
 * instead of a form they could fill in but never save — the role's reason (the server's 403
 * message) and 'Ask an Owner of your organization for another role.' — and a way back to the
 * dashboard; so does the dashboard's Edit address of a record.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/portfolio\` for each role of an organization. An Owner and an Engineer get the form unchanged. A
Viewer, who may not submit, edit or delete devices, gets the reason and 'Ask an Owner of your
organization for another role.' with a way back to the dashboard, instead of a form they could never
save; so does a record's Edit address.`

const meta = preview.meta({
  title: 'Portfolio/Roles',
  subcomponents: { PortfolioRefused },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/portfolio' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

const PORTFOLIO = 'Your role in this organization does not allow submitting, editing or deleting devices.'
const HINT = 'Ask an Owner of your organization for another role.'
const LEAD =
  'Your organization, line of business and device portfolio: save a section or the whole draft at any time, submit when complete.'

const member = (role: Role) => loggedInAs('v-nokia', nokiaMember(role))

/** The form as the specification has it: the lead, the fields, Cancel, Save and Submit. */
const expectForm = async ({ canvas }: { canvas: Canvas }) => {
  await formReady(canvas)
  await expect(canvas.getByText(LEAD)).toBeVisible()
  await expect(organizationFields(canvas).organizationName).toHaveValue('Nokia Solutions and Networks')
  const { cancel, save, submit } = formButtons(canvas)
  for (const button of [cancel, save, submit]) await expect(button).toBeEnabled()
  await expect(canvas.queryByText(PORTFOLIO)).toBeNull()
}

/** Owner: the specification's form. */
export const OwnerForm = meta.story({
  name: 'Owner form',
  beforeEach: member('Owner'),
  play: expectForm,
})

/** Engineer: the same form as an Owner's. */
export const EngineerForm = meta.story({
  name: 'Engineer form',
  beforeEach: member('Engineer'),
  play: expectForm,
})

/** The Viewer's notice: the reason, the hint, Back to the dashboard (reached with Tab); no field, no button of the form. */
const expectViewerNotice = async ({ canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent }) => {
  await expectPageHeading(canvas, PORTFOLIO_HEADING)
  const notice = await canvas.findByRole('region', {
    name: 'The portfolio form is not available to your role',
  })
  await expect(within(notice).getByText(PORTFOLIO)).toBeVisible()
  await expect(within(notice).getByText(HINT)).toBeVisible()
  await expect(canvas.queryByText(LEAD)).toBeNull()
  await expect(canvas.queryByRole('form', { name: 'Portfolio form' })).toBeNull()
  await expect(canvas.queryByRole('textbox')).toBeNull()
  for (const name of ['Save', 'Submit', 'Cancel'])
    await expect(canvas.queryByRole('button', { name })).toBeNull()
  const back = within(notice).getByRole('link', { name: 'Back to the dashboard' })
  await expect(back).toHaveAttribute('href', '/dashboard')
  // The notice's one control, reached with Tab from the top of the page (past the header's).
  for (let presses = 0; presses < 20 && back.ownerDocument.activeElement !== back; presses += 1)
    await userEvent.tab()
  await expect(back).toHaveFocus()
}

/** Viewer: the notice instead of the form. */
export const ViewerNotice = meta.story({
  name: 'Viewer notice',
  beforeEach: member('Viewer'),
  play: expectViewerNotice,
})

/** Viewer at the Edit address of a submitted record: the same notice, and the link leads to the dashboard. */
export const ViewerEditRecord = meta.story({
  name: 'Viewer edit record',
  parameters: { router: { app: true, url: '/portfolio?record=pm-0001' } },
  beforeEach: member('Viewer'),
  play: async (context) => {
    await expectViewerNotice(context)
    await context.userEvent.keyboard('{Enter}')
    await expectPageHeading(context.canvas, 'Dashboard')
  },
})
