import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { http, HttpResponse } from 'msw'
import { expect, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import {
  ONLY_ENDED_REVISABLE_MESSAGE,
  recordRevisedMessage,
  revisionUnchangedMessage,
} from '@/contract/revisions'
import { addRevisionFixtures, LAB_REJECTION_REASON, REVISION_FIXTURE_IDS } from '@/mocks/fixtures/revisions'
import { world } from '@/mocks/fixtures/world'
import { endpointUrl } from '@/mocks/handlers'
import { answerWorldRecords } from '../dashboard/dashboard-steps'
import { loggedInAs } from '../support/session'
import { expectToast, liveToasts } from '../support/toasts'
import {
  type Canvas,
  choose,
  expectMessage,
  formReady,
  retype,
  section,
  summaryValue,
} from './portfolio-form-steps'
import { RecordNotRevisable } from '@/features/portfolio/components/portfolio-form-states'
import { RevisionNote } from '@/features/portfolio/components/revision-form-parts'

/**
 * The portfolio form's revise mode (docs/decisions/0033): `/portfolio?record=<id>&revise=true`, as
 * New revision opens it. What it makes ('Revision 2 of TP-Link Deco X50') and the lab's reason for
 * the last run (or how it ended) above the sections; the device read-only, its count, serial
 * numbers, firmware, year and engineering build prefilled from the latest revision; the
 * organization and line of business not changed. Submit makes the revision, toasts the answer and
 * returns to the dashboard after 2 s; a refusal of a field shows on it; a record whose run has not
 * ended says why, with the way back.
 */

const { rejected, history, recertifying } = REVISION_FIXTURE_IDS

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The form's revise mode at \`/portfolio?record=<id>&revise=true\`, as New revision opens it: what it
makes ('Revision 2 of TP-Link Deco X50') and the lab's reason for the last run above the sections.
The device is read-only, its count, serial numbers, firmware, year and engineering build prefilled
from the latest revision; the organization and line of business do not change. Submit makes the
revision and returns to the dashboard after 2 s; a record whose run has not ended says why, with the
way back.`

const meta = preview.meta({
  title: 'Portfolio/Portfolio form new revision',
  subcomponents: { RevisionNote, RecordNotRevisable },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: `/portfolio?record=${rejected}&revise=true` },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const withRevisions = () => addRevisionFixtures(world)

/** The bodies that reached record/revise in the story that records them. */
const sent: unknown[] = []
const recordRevises = () => {
  sent.length = 0
  return http.post(endpointUrl(endpoints.reviseRecord), async ({ request }) => {
    sent.push(await request.clone().json())
    return undefined
  })
}

/** The fields a revision changes, in the device section. */
const revisionFields = (canvas: Canvas) => {
  const region = within(section(canvas, 3))
  return {
    count: region.getByRole('textbox', { name: 'Devices to be certified' }),
    serial: (row: number) => region.getByRole('textbox', { name: `Serial number ${row}` }),
    firmware: region.getByRole('textbox', { name: 'Base firmware version' }),
    year: region.getByRole('textbox', { name: 'Year of manufacturing' }),
    engBuild: region.getByRole('combobox', { name: 'Engineering build available' }),
  }
}

/**
 * The rejected Deco X50: 'Revision 2 of TP-Link Deco X50', the lab's reason above the fields, the
 * device read-only, the rest prefilled, the count focused; no Save, the other sections locked.
 */
export const WithTheLabsReason = meta.story({
  name: 'With the lab’s reason',
  beforeEach: withRevisions,
  play: async ({ canvas }) => {
    await formReady(canvas)
    const note = canvas.getByRole('region', { name: 'Revision 2 of TP-Link Deco X50' })
    await expect(note).toHaveTextContent(`The lab’s reason: ${LAB_REJECTION_REASON}`)
    await expect(note.querySelector('[data-slot="revision-reason"]')).toHaveAttribute('data-kind', 'reason')
    for (const [label, value] of [
      ['Device manufacturer', 'TP-Link'],
      ['Device name', 'Deco X50'],
      ['Device type', 'Wi-Fi Mesh Device'],
      ['Product class', 'Wi-Fi 6 Mesh'],
    ] as const)
      await expect(summaryValue(canvas, 3, label)).toHaveTextContent(value)
    await expect(within(section(canvas, 3)).queryByRole('combobox', { name: 'Device name' })).toBeNull()
    const fields = revisionFields(canvas)
    await expect(fields.count).toHaveValue('1')
    await expect(fields.serial(1)).toHaveValue('DX50B0000311')
    await expect(fields.firmware).toHaveValue('0.9.4')
    await expect(fields.year).toHaveValue('2026')
    await expect(fields.engBuild).toHaveTextContent('Yes')
    await waitFor(() => expect(fields.count).toHaveFocus())
    for (const number of [1, 2] as const)
      await expect(within(section(canvas, number)).getByText('Not changed by a revision')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull()
  },
})

/** Firmware 1.0.2: revision 2 is made, its message told, and the dashboard shows 'rev 2' 2 s later. */
export const SubmitMakesTheRevision = meta.story({
  name: 'Submit makes the revision',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    withRevisions()
    msw.use(recordRevises(), answerWorldRecords(rejected))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await retype(userEvent, revisionFields(canvas).firmware, '1.0.2')
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expectToast(recordRevisedMessage(2), 'success')
    await expect(sent).toEqual([
      {
        portfolioManagerId: rejected,
        devicesToBeCertified: '1',
        deviceNumberList: ['DX50B0000311'],
        baseFirmwareVersion: '1.0.2',
        yearOfManufacturing: '2026',
        isEngBuildAvailable: 'Yes',
        vendorUserId: 'v-nokia',
      },
    ])
    // The form stays as it was until it leaves.
    await expect(canvas.getByRole('region', { name: 'Revision 2 of TP-Link Deco X50' })).toBeVisible()
    storyClock().advance(2000)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    const row = await canvas.findByRole('row', { name: /Deco X50/ })
    await waitFor(() => expect(row).toHaveTextContent('1.0.2rev 2'))
  },
})

/** A firmware that is not numbers and periods: the form's own rule, on the field; nothing sent. */
export const ValidationError = meta.story({
  name: 'Validation error',
  beforeEach({ msw }) {
    withRevisions()
    msw.use(recordRevises())
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const { firmware } = revisionFields(canvas)
    await retype(userEvent, firmware, '1.x')
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expectMessage(firmware, 'Please enter only numbers and periods (e.g., 1.0.0)')
    await waitFor(() => expect(firmware).toHaveFocus())
    await expect(sent).toEqual([])
  },
})

/** Nothing changed: the server's refusal names the firmware, and shows on it without a toast. */
export const UnchangedRevisionRefused = meta.story({
  name: 'Unchanged revision refused',
  beforeEach: withRevisions,
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const { firmware } = revisionFields(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expectMessage(firmware, revisionUnchangedMessage(1))
    await waitFor(() => expect(firmware).toHaveFocus())
    await expect(liveToasts()).toHaveLength(0)
    // Typing takes the server's message away.
    await retype(userEvent, firmware, '1.0.3')
    await waitFor(() => expect(firmware).not.toHaveAttribute('aria-invalid', 'true'))
  },
})

/** A 400 naming the year (a rule the form did not apply): the message on the year. */
export const ServerRefusesAField = meta.story({
  name: 'Server refuses a field',
  beforeEach({ msw }) {
    withRevisions()
    msw.use(
      http.post(endpointUrl(endpoints.reviseRecord), () =>
        HttpResponse.json(
          {
            message: 'Year of manufacturing: Year must be between 1990 and 2026',
            field: 'yearOfManufacturing',
          },
          { status: 400 },
        ),
      ),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await retype(userEvent, revisionFields(canvas).firmware, '1.0.2')
    await choose(userEvent, revisionFields(canvas).engBuild, 'No')
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expectMessage(
      revisionFields(canvas).year,
      'Year of manufacturing: Year must be between 1990 and 2026',
    )
  },
})

/** A certified device's revision: 'Revision 4 of TP-Link Archer AX73' and how revision 3 ended (no reason came). */
export const AfterACertifiedRevision = meta.story({
  name: 'After a certified revision',
  parameters: { router: { app: true, url: `/portfolio?record=${history}&revise=true` } },
  beforeEach: withRevisions,
  play: async ({ canvas }) => {
    await formReady(canvas)
    const note = canvas.getByRole('region', { name: 'Revision 4 of TP-Link Archer AX73' })
    await expect(note).toHaveTextContent(
      'Revision 3 is certified; its certificate stays valid for its firmware. The new revision’s run is a recertification.',
    )
    await expect(note.querySelector('[data-slot="revision-reason"]')).toHaveAttribute('data-kind', 'ended')
    await expect(revisionFields(canvas).firmware).toHaveValue('1.1.0')
  },
})

/** The Beacon 6 is running: no form, why, and the way back. */
export const NotRevisable = meta.story({
  name: 'Not revisable',
  parameters: { router: { app: true, url: `/portfolio?record=${recertifying}&revise=true` } },
  beforeEach: withRevisions,
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', {
      level: 2,
      name: 'A new revision cannot be made yet',
    })
    const panel = heading.closest('section') as HTMLElement
    await expect(panel).toHaveTextContent(ONLY_ENDED_REVISABLE_MESSAGE)
    await expect(panel).toHaveTextContent('Beacon 6 (Nokia) is now In Progress.')
    await expect(within(panel).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    await expect(canvas.queryByRole('form', { name: 'Portfolio form' })).toBeNull()
  },
})

/** A run started while the form was open: the server's refusal told, the record read again, and why shown. */
export const RunStartedMeanwhile = meta.story({
  name: 'Run started meanwhile',
  beforeEach({ msw }) {
    withRevisions()
    msw.use(
      http.post(endpointUrl(endpoints.reviseRecord), () => {
        const record = world.records.find((candidate) => candidate.portfolioManagerId === rejected)
        if (record) record.status = 'InProgress'
        return undefined
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await retype(userEvent, revisionFields(canvas).firmware, '1.0.2')
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expectToast(ONLY_ENDED_REVISABLE_MESSAGE, 'error')
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'A new revision cannot be made yet' }),
    ).toBeVisible()
  },
})

/** At phone width the note, the read-only device, the fields and the buttons fit the screen. */
export const PhoneWidth = meta.story({
  name: 'Phone width',
  globals: { viewport: { value: 'phone' } },
  beforeEach: withRevisions,
  play: async ({ canvas }) => {
    await formReady(canvas)
    await expect(canvas.getByRole('region', { name: 'Revision 2 of TP-Link Deco X50' })).toBeVisible()
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    for (const name of ['Cancel', 'Submit']) await expect(canvas.getByRole('button', { name })).toBeVisible()
  },
})
