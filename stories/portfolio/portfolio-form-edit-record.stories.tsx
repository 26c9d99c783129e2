import preview from '#.storybook/preview'
import { storyClock } from '#.storybook/clock'
import { http, HttpResponse } from 'msw'
import { expect, screen, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import { FIELD_REQUIRED_MESSAGE } from '@/contract/messages'
import {
  ONLY_SUBMITTED_EDITABLE_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RECORD_UPDATED_MESSAGE,
} from '@/contract/server-messages'
import { LEAVE_EDITED_PORTFOLIO } from '@/features/portfolio/model/portfolio-sections'
import { world } from '@/mocks/fixtures/world'
import { endpointUrl } from '@/mocks/handlers'
import { answerWorldRecords } from '../dashboard/dashboard-steps'
import { expectPageHeading } from '../support/page'
import { loggedInAs } from '../support/session'
import { expectToast, liveToasts } from '../support/toasts'
import {
  choose,
  deviceFields,
  expectMessage,
  formReady,
  PORTFOLIO_HEADING,
  recordBodies,
  retype,
  section,
  SECTION_TITLES,
  type SectionNumber,
  summaryValue,
} from './portfolio-form-steps'
import { RecordNotFound, RecordPastSubmitted } from '@/features/portfolio/components/portfolio-form-states'

/**
 * Editing a submitted record (docs/decisions/0012): `/portfolio?record=<id>`, as the dashboard's
 * Edit opens it. The device section prefilled from the record, scrolled to and focused; the
 * organization and line of business read-only as submitted; Submit sends the update of that
 * record (not a new submit), shows 'Device details updated successfully' and returns to the
 * dashboard after 2 s, where the row shows the new values; Cancel returns there at once. A record
 * past Submitted, or unknown, gets a message and a way back instead of a form.
 */

/** pm-0001 of the fixture world: Nokia's Submitted Beacon 6. */
const RECORD = {
  id: 'pm-0001',
  vendor: 'Nokia',
  deviceName: 'Beacon 6',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  devicesToBeCertified: '1',
  serial: 'SN0001A',
  baseFirmwareVersion: '1.0.0',
  yearOfManufacturing: '2022',
  isEngBuildAvailable: 'Yes',
} as const

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `Editing a submitted record at \`/portfolio?record=<id>\`, as the dashboard's Edit opens it: the device
section prefilled, scrolled to and focused, the organization and line of business read-only as
submitted. Submit updates that record, shows 'Device details updated successfully' and returns to
the dashboard after 2 s; Cancel returns at once. A record past Submitted, or an unknown one, gets a
message and a way back instead of a form.`

const meta = preview.meta({
  title: 'Portfolio/Portfolio form edit a submitted record',
  // What shows instead of the form when the record cannot be edited.
  subcomponents: { RecordNotFound, RecordPastSubmitted },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: `/portfolio?record=${RECORD.id}` },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

/** The bodies that reached the server in the story that records them. */
const sent: unknown[] = []

/** A section the edit does not change: its View heading, no icons to change its mode. */
async function expectLockedView(canvas: Parameters<typeof section>[0], number: SectionNumber) {
  const region = within(section(canvas, number))
  await expect(region.getByRole('heading', { level: 3 })).toHaveTextContent('View')
  await expect(region.getByText('Not changed by this edit')).toBeVisible()
  await expect(region.queryByRole('button', { name: `Edit ${SECTION_TITLES[number]}` })).toBeNull()
  await expect(region.queryByRole('button', { name: `View ${SECTION_TITLES[number]}` })).toBeNull()
  await expect(region.queryByRole('textbox')).toBeNull()
}

/**
 * The record opens in the form: its device values in the fields, the device section at the top of
 * the page with its first field focused, the other sections read-only, no Save (no draft is made).
 */
export const EditModeLoaded = meta.story({
  name: 'Edit mode loaded',
  beforeEach({ msw }) {
    msw.use(recordBodies('getRecord', sent))
  },
  play: async ({ canvas }) => {
    await formReady(canvas)
    await expect(sent).toEqual([{ vendorUserId: 'v-nokia', portfolioManagerId: RECORD.id }])
    const note = canvas.getByRole('note', { name: 'Editing a submitted record' })
    await expect(note).toHaveTextContent(
      'Editing a submitted device: Beacon 6 (Nokia), submitted by Priya Sharma.',
    )

    const device = deviceFields(canvas)
    await expect(device.manufacturer).toHaveTextContent(RECORD.vendor)
    await expect(device.deviceName).toHaveTextContent(RECORD.deviceName)
    await expect(device.deviceType).toHaveTextContent(RECORD.deviceType)
    await expect(device.productClass).toHaveTextContent(RECORD.productClass)
    await expect(device.count).toHaveValue(RECORD.devicesToBeCertified)
    await expect(device.serials()).toHaveLength(1)
    await expect(device.serial(1)).toHaveValue(RECORD.serial)
    await expect(device.firmware).toHaveValue(RECORD.baseFirmwareVersion)
    await expect(device.year).toHaveValue(RECORD.yearOfManufacturing)
    await expect(device.engBuild).toHaveTextContent(RECORD.isEngBuildAvailable)
    await expect(within(section(canvas, 3)).getByRole('heading', { level: 3 })).toHaveTextContent('Create')
    // No section Save: the record changes only by Submit.
    await expect(
      within(section(canvas, 3)).queryByRole('button', { name: 'Save Device Portfolio' }),
    ).toBeNull()

    await waitFor(() => expect(device.manufacturer).toHaveFocus())
    await waitFor(() => {
      const top = section(canvas, 3).getBoundingClientRect().top
      // Spec §2, §9: the header's scroll offset, exactly 54 px.
      expect(Math.round(top)).toBe(54)
    })

    await expectLockedView(canvas, 1)
    await expectLockedView(canvas, 2)
    await expect(summaryValue(canvas, 1, 'Organization name')).toHaveTextContent(
      'Nokia Solutions and Networks',
    )
    await expect(summaryValue(canvas, 1, 'Business contact name')).toHaveTextContent('Priya Sharma')
    // The business domain the record was submitted with.
    await expect(summaryValue(canvas, 2, 'Business domain')).toHaveTextContent(/^Wireline$/)

    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeEnabled()
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull()
  },
})

/**
 * Submit: the update of this record with the device section as submit sends it, the success
 * toast, then the dashboard 2 s later (not before), where the row shows the new firmware.
 */
export const SubmitUpdatesTheRecord = meta.story({
  name: 'Submit updates the record',
  parameters: { clock: 'manual' },
  beforeEach({ msw }) {
    const created: unknown[] = []
    msw.use(
      recordBodies('updateRecord', sent),
      // A submit would make a second record: it must not be called.
      http.post(endpointUrl(endpoints.submitPortfolio), async ({ request }) => {
        created.push(await request.json())
        return HttpResponse.json({ message: 'not expected' }, { status: 500 })
      }),
      answerWorldRecords(RECORD.id),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await retype(userEvent, device.firmware, '1.0.1')
    await userEvent.type(device.count, '{Backspace}2')
    await userEvent.click(device.addSerial)
    await userEvent.type(device.serial(2), 'SN0001B')
    await choose(userEvent, device.engBuild, 'No')
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))

    await expectToast(RECORD_UPDATED_MESSAGE, 'success')
    await expect(sent).toEqual([
      {
        portfolioManagerId: RECORD.id,
        vendor: RECORD.vendor,
        deviceName: RECORD.deviceName,
        deviceType: RECORD.deviceType,
        productClass: RECORD.productClass,
        devicesToBeCertified: '2',
        deviceNumberList: [RECORD.serial, 'SN0001B'],
        baseFirmwareVersion: '1.0.1',
        yearOfManufacturing: RECORD.yearOfManufacturing,
        isEngBuildAvailable: 'No',
        vendorUserId: 'v-nokia',
      },
    ])
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeDisabled()

    storyClock().advance(1999)
    await expect(canvas.getByRole('heading', { level: 1, name: PORTFOLIO_HEADING })).toBeVisible()
    storyClock().advance(1)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    const row = await canvas.findByRole('row', { name: /Beacon 6/ })
    await waitFor(() => expect(row).toHaveTextContent('1.0.1'))
    await expect(
      world.records.filter(
        (record) => record.deviceName === RECORD.deviceName && record.baseFirmwareVersion === '1.0.1',
      ),
    ).toHaveLength(1)
  },
})

/** The device section's rules apply as on submit: a cleared firmware is asked for; nothing is sent. */
export const SubmitWithAMissingField = meta.story({
  name: 'Submit with a missing field',
  beforeEach({ msw }) {
    msw.use(recordBodies('updateRecord', sent))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await userEvent.clear(device.firmware)
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expectMessage(device.firmware, FIELD_REQUIRED_MESSAGE)
    await waitFor(() => expect(device.firmware).toHaveFocus())
    await expect(sent).toEqual([])
    await expect(liveToasts()).toHaveLength(0)
  },
})

/** Cancel returns to the dashboard, not home, and changes nothing (the edit is given up when asked). */
export const CancelReturnsToDashboard = meta.story({
  name: 'Cancel returns to dashboard',
  beforeEach({ msw }) {
    msw.use(recordBodies('updateRecord', sent), answerWorldRecords(RECORD.id))
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await retype(userEvent, deviceFields(canvas).firmware, '7.7.7')
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    const asked = await screen.findByRole('alertdialog', { name: LEAVE_EDITED_PORTFOLIO.title })
    await userEvent.click(within(asked).getByRole('button', { name: LEAVE_EDITED_PORTFOLIO.leave }))
    await expectPageHeading(canvas, 'Dashboard')
    await expect(sent).toEqual([])
  },
})

/**
 * A name typed as 'Add New …' at submit is a catalogue entry afterwards; even when the catalogue
 * was read before it joined, the select shows the saved name as the choice, not 'Add New …'.
 */
export const SavedNamesNotInTheCatalogueYet = meta.story({
  name: 'Saved names not in the catalogue yet',
  beforeEach() {
    const record = world.records.find((candidate) => candidate.portfolioManagerId === RECORD.id)
    Object.assign(record ?? {}, {
      deviceName: 'Beacon X1',
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
    })
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    const device = deviceFields(canvas)
    await expect(device.deviceName).toHaveTextContent('Beacon X1')
    await expect(device.deviceType).toHaveTextContent('Mesh Node')
    await expect(device.productClass).toHaveTextContent('Wi-Fi 7 Mesh')
    await expect(device.newDeviceName()).toBeNull()
    await expect(device.newDeviceType()).toBeNull()
    await expect(device.newProductClass()).toBeNull()
    await userEvent.click(device.deviceName)
    const listbox = await screen.findByRole('listbox')
    await expect(within(listbox).getByRole('option', { name: 'Beacon X1' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  },
})

/** A record whose certification has started (In Progress): a message and the way back, no form. */
export const RecordNoLongerSubmitted = meta.story({
  name: 'Record no longer submitted',
  parameters: { router: { app: true, url: '/portfolio?record=pm-0005' } },
  beforeEach({ msw }) {
    msw.use(answerWorldRecords('pm-0005'))
  },
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', {
      level: 2,
      name: 'This device record can no longer be edited',
    })
    const panel = heading.closest('section') as HTMLElement
    await expect(panel).toHaveTextContent(ONLY_SUBMITTED_EDITABLE_MESSAGE)
    await expect(panel).toHaveTextContent('Lightspan FX-8 (Nokia) is now In Progress.')
    await expect(canvas.queryByRole('form', { name: 'Portfolio form' })).toBeNull()
    await userEvent.click(within(panel).getByRole('link', { name: 'Back to the dashboard' }))
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  },
})

/** An unknown record (or another vendor's): the server's 'not found' message and the way back. */
export const UnknownRecord = meta.story({
  name: 'Unknown record',
  parameters: { router: { app: true, url: '/portfolio?record=pm-none' } },
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', { level: 2, name: 'This device record was not found' })
    const panel = heading.closest('section') as HTMLElement
    await expect(panel).toHaveTextContent(RECORD_NOT_FOUND_MESSAGE)
    await expect(within(panel).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    await expect(canvas.queryByRole('form', { name: 'Portfolio form' })).toBeNull()
  },
})

/**
 * The record's certification started while the form was open: Submit is refused with the server's
 * message, nothing changes, and the screen then says the record can no longer be edited.
 */
export const CertificationStartedMeanwhile = meta.story({
  name: 'Certification started meanwhile',
  beforeEach({ msw }) {
    msw.use(
      http.post(endpointUrl(endpoints.updateRecord), () => {
        const record = world.records.find((candidate) => candidate.portfolioManagerId === RECORD.id)
        if (record) record.status = 'InProgress'
        return undefined
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await formReady(canvas)
    await retype(userEvent, deviceFields(canvas).firmware, '1.0.2')
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }))
    await expectToast(ONLY_SUBMITTED_EDITABLE_MESSAGE, 'error')
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'This device record can no longer be edited' }),
    ).toBeVisible()
    await expect(
      world.records.find((record) => record.portfolioManagerId === RECORD.id)?.baseFirmwareVersion,
    ).toBe(RECORD.baseFirmwareVersion)
  },
})

/** At phone width the edit mode's note, fields and buttons fit the screen. */
export const PhoneWidth = meta.story({
  name: 'Phone width',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await formReady(canvas)
    await expect(canvas.getByRole('note', { name: 'Editing a submitted record' })).toBeVisible()
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    for (const name of ['Cancel', 'Submit']) await expect(canvas.getByRole('button', { name })).toBeVisible()
  },
})
