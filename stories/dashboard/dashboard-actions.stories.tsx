import preview from '#.storybook/preview'
import { http, type RequestHandler } from 'msw'
import { expect, type MockInstance, screen, spyOn, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import type { RunResults } from '@/contract/certification'
import {
  certificateSentMessage,
  NOT_CERTIFIED_MESSAGE,
  ONLY_SUBMITTED_DELETABLE_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RUN_ALREADY_ACTIVE_MESSAGE,
} from '@/contract/server-messages'
import { endpointUrl } from '@/mocks/handlers'
import { scenarios } from '@/mocks/scenarios'
import { loggedInAs } from '../support/session'
import { expectToast, liveToasts } from '../support/toasts'
import {
  answerRecords,
  answerWorldRecords,
  barOf,
  CERTIFIED_OK,
  chooseAction,
  dashboardAt,
  dashboardReady,
  deviceRecord,
  expectBar,
  expectRecordsLine,
  heldBackCall,
  listCalls,
  rowOf,
  shownDeviceNames,
  TEST_CASE_NAMES,
  WORLD,
} from './dashboard-steps'

/**
 * The actions of the row menu (spec §2, §4, §8; decision 8) against the mocked services, each
 * closing the menu: Start Certify ('Device testcase updated successfully!', the list read again,
 * the new run shown), a refused Start Certify (no message), Edit (the record opened in the
 * portfolio form, `?record=<id>`), Delete confirmed (the server's message, the row gone), kept, and refused (the
 * server's message as an error), Email Certificate (the server's message) and its refusal, and
 * Download Results (a JSON file of the run's per-case results), and Download Certificate (the PDF)
 * and its refusal.
 */

/** The call a busy story holds back until it has seen the busy state (its beforeEach sets it). */
let held = heldBackCall(endpointUrl(endpoints.runTests))

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `What each item of a row's actions menu does once chosen: Start Certify, Edit (the record in the
portfolio form), Delete after a confirmation, Email Certificate, Download Results and Download
Certificate. Each success and each refusal shows the server's message, and the menu closes after
every action. These are an Owner's and an Engineer's; a Viewer's menu is in Dashboard/Roles.`

const meta = preview.meta({
  title: 'Dashboard/Actions',
  parameters: { ...dashboardAt(), docs: { description: { component: ABOUT } } },
  beforeEach: loggedInAs('v-nokia'),
  render: () => <></>,
})

const { submitted, submittedToo, inProgress, certified, validationFailure } = WORLD

/** The bodies of the record reads the Edit story saw. */
const recordReads: unknown[] = []

/**
 * Start Certify on a Submitted record: the button is busy, then the toast; the list is read again
 * and the record is now In Progress; its new run shows under the table.
 */
export const StartCertify = meta.story({
  name: 'Start Certify',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id, submittedToo.id, certified.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await expectBar(canvas, submitted.name, { label: 'Submitted', percent: 1, tone: 'submitted' })
    const calls = listCalls.count
    const trigger = await chooseAction(canvas, userEvent, submitted.name, 'Start Certify')
    await expectToast('Device testcase updated successfully!', 'success')
    await waitFor(() => expect(listCalls.count).toBe(calls + 1))
    await waitFor(() =>
      expect(barOf(canvas, submitted.name)).toHaveAccessibleName(`${submitted.name}: In Progress`),
    )
    await expect(trigger).not.toHaveAttribute('aria-busy')
    // The record is selected and its run shows, its first case running.
    await expect(rowOf(canvas, submitted.name)).toHaveAttribute('aria-current', 'true')
    const run = await canvas.findByRole('region', { name: `Certification run · ${submitted.name}` })
    await expect(await within(run).findByText('Boot and provisioning')).toBeVisible()
    await expect(within(run).getByText('Running')).toBeVisible()
    // The other records are untouched.
    await expectBar(canvas, submittedToo.name, { label: 'Submitted', percent: 1, tone: 'submitted' })
  },
})

/** While the run is being started, the row's actions button shows it is busy. */
export const StartCertifyBusy = meta.story({
  name: 'Start Certify busy',
  beforeEach({ msw }) {
    held = heldBackCall(endpointUrl(endpoints.runTests))
    msw.use(answerWorldRecords(submitted.id), held.handler)
    return held.release
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const trigger = await chooseAction(canvas, userEvent, submitted.name, 'Start Certify')
    await waitFor(() => expect(trigger).toHaveAttribute('aria-busy', 'true'))
    await expect(trigger).toBeDisabled()
    held.release()
    await expectToast('Device testcase updated successfully!', 'success')
    await waitFor(() => expect(trigger).not.toHaveAttribute('aria-busy'))
  },
})

/** A refused Start Certify (a run already active on the server) shows no message (spec §8). */
export const StartCertifyRefused = meta.story({
  name: 'Start Certify refused',
  beforeEach({ msw }) {
    msw.use(
      answerWorldRecords(submitted.id),
      scenarios.serverError('runTests', RUN_ALREADY_ACTIVE_MESSAGE, 409),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const consoleError = spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const trigger = await chooseAction(canvas, userEvent, submitted.name, 'Start Certify')
      await waitFor(() => expect(consoleError).toHaveBeenCalled())
      await waitFor(() => expect(trigger).not.toHaveAttribute('aria-busy'))
      await expect(liveToasts()).toHaveLength(0)
      await expect(canvas.queryByText(RUN_ALREADY_ACTIVE_MESSAGE)).toBeNull()
      await expectBar(canvas, submitted.name, { label: 'Submitted', percent: 1, tone: 'submitted' })
    } finally {
      consoleError.mockRestore()
    }
  },
})

/**
 * Edit opens the record in the portfolio form (`/portfolio?record=<id>`, decision 0012): the form
 * reads that record and shows its device details, ready to change.
 */
export const Edit = meta.story({
  name: 'Edit',
  beforeEach({ msw }) {
    recordReads.length = 0
    msw.use(
      answerWorldRecords(submitted.id),
      http.post(endpointUrl(endpoints.getRecord), async ({ request }) => {
        recordReads.push(await request.clone().json())
        return undefined
      }),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, submitted.name, 'Edit')
    await expect(await canvas.findByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
    const device = await canvas.findByRole('region', { name: 'Device Portfolio' })
    await expect(device).toBeVisible()
    await expect(recordReads).toEqual([{ vendorUserId: 'v-nokia', portfolioManagerId: submitted.id }])
    await expect(await canvas.findByRole('note', { name: 'Editing a submitted record' })).toHaveTextContent(
      `${submitted.name} (Nokia)`,
    )
    await expect(within(device).getByRole('combobox', { name: 'Device name' })).toHaveTextContent(
      submitted.name,
    )
    await waitFor(() =>
      expect(within(device).getByRole('combobox', { name: 'Device manufacturer' })).toHaveFocus(),
    )
  },
})

/**
 * Delete asks first; confirmed, the server's message shows as a success and the list, read again,
 * no longer has the record. The page stays usable (no pointer lock left by the dialog).
 */
export const DeleteConfirmed = meta.story({
  name: 'Delete confirmed',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id, submittedToo.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, submitted.name, 'Delete')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device record?' })
    await expect(dialog).toHaveAccessibleDescription(
      'Beacon 6 (Nokia) is removed from your dashboard. This cannot be undone.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await expectToast(RECORD_DELETED_MESSAGE, 'success')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual([submittedToo.name]))
    await expectRecordsLine(canvas, 1, 1)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    // The rest of the page still answers the pointer.
    await userEvent.click(canvas.getByRole('button', { name: `Actions for ${submittedToo.name}` }))
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(menu).toBeVisible())
    await userEvent.keyboard('{Escape}')
  },
})

/** Keep it: the dialog closes, nothing is deleted, the focus goes back to the row's actions button. */
export const DeleteKept = meta.story({
  name: 'Delete kept',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(submitted.id, submittedToo.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const trigger = await chooseAction(canvas, userEvent, submitted.name, 'Delete')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device record?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
    await expect(shownDeviceNames(canvas)).toEqual([submitted.name, submittedToo.name])
    await expect(liveToasts()).toHaveLength(0)
    await userEvent.click(canvas.getByRole('button', { name: `Actions for ${submittedToo.name}` }))
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(menu).toBeVisible())
    await userEvent.keyboard('{Escape}')
  },
})

/**
 * Delete refused: the row still read Submitted here, but the lab had started its run meanwhile;
 * the server's refusal shows as an error and the row stays.
 */
export const DeleteRefused = meta.story({
  name: 'Delete refused',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        // The world's record is InProgress: a stale row.
        deviceRecord({ portfolioManagerId: inProgress.id, deviceName: inProgress.name, status: 'Submitted' }),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, inProgress.name, 'Delete')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device record?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await expectToast(ONLY_SUBMITTED_DELETABLE_MESSAGE, 'error')
    await expect(shownDeviceNames(canvas)).toEqual([inProgress.name])
  },
})

/**
 * While the record is being deleted (spec §4 "Start Certify and Delete show loading"): the dialog
 * has closed, the row's actions button is busy and disabled; then the message, and the list is
 * read again without the record.
 */
export const DeleteBusy = meta.story({
  name: 'Delete busy',
  beforeEach({ msw }) {
    held = heldBackCall(endpointUrl(endpoints.deleteRecord))
    msw.use(answerWorldRecords(submitted.id, submittedToo.id), held.handler)
    return held.release
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    const trigger = await chooseAction(canvas, userEvent, submitted.name, 'Delete')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device record?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(trigger).toHaveAttribute('aria-busy', 'true'))
    await expect(trigger).toBeDisabled()
    await expect(screen.queryByRole('alertdialog')).toBeNull()
    held.release()
    await expectToast(RECORD_DELETED_MESSAGE, 'success')
    await waitFor(() => expect(shownDeviceNames(canvas)).toEqual([submittedToo.name]))
  },
})

/** Email Certificate on a certified record: the server's message that the certificate was sent. */
export const EmailCertificate = meta.story({
  name: 'Email certificate',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certified.id))
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certified.name, 'Email Certificate')
    await expectToast(certificateSentMessage('priya.sharma@nokia.com'), 'success')
  },
})

/** Email Certificate refused (the record is no longer certified on the server): the message as an error. */
export const EmailCertificateRefused = meta.story({
  name: 'Email certificate refused',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: validationFailure.id,
          deviceName: validationFailure.name,
          status: 'Completed',
          isCertified: CERTIFIED_OK,
        }),
      ]),
    )
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, validationFailure.name, 'Email Certificate')
    await expectToast(NOT_CERTIFIED_MESSAGE, 'error')
  },
})

let anchorClick: MockInstance<() => void> | undefined
const downloads: Array<{ download: string; href: string }> = []

/**
 * Download Results: the latest finished run's per-test-case results as a JSON file named after
 * the device and the run (the download is caught, not saved).
 */
export const DownloadResults = meta.story({
  name: 'Download results',
  beforeEach({ msw }) {
    msw.use(answerWorldRecords(certified.id))
    downloads.length = 0
    anchorClick = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ download: this.download, href: this.href })
    })
    return () => anchorClick?.mockRestore()
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certified.name, 'Download Results')
    await waitFor(() => expect(downloads).toHaveLength(1))
    const [file] = downloads
    await expect(file?.download).toBe('results-OptiXstar-HG8145X6-run-pm-0008.json')
    await expect(file?.href).toMatch(/^blob:/)
    const results = (await (await fetch(file?.href ?? '')).json()) as RunResults
    await expect(results).toMatchObject({
      runId: 'run-pm-0008',
      portfolioManagerId: certified.id,
      deviceName: certified.name,
      isCertified: CERTIFIED_OK,
    })
    await expect(results.testCases.map((test) => [test.name, test.state])).toEqual(
      TEST_CASE_NAMES.map((name) => [name, 'passed']),
    )
    // Every attempt of the record, oldest first.
    await expect(results.attempts?.map((attempt) => [attempt.runId, attempt.attempt, attempt.kind])).toEqual([
      ['run-pm-0008', 1, 'full'],
    ])
    await expect(liveToasts()).toHaveLength(0)
  },
})

/** Download Results when the results cannot be read: the server's message as an error, no file. */
export const DownloadResultsRefused = meta.story({
  name: 'Download results refused',
  beforeEach({ msw }) {
    msw.use(
      answerWorldRecords(validationFailure.id),
      scenarios.serverError('runResults', 'The results of this run are not available.', 404),
    )
    downloads.length = 0
    anchorClick = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ download: this.download, href: this.href })
    })
    return () => anchorClick?.mockRestore()
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, validationFailure.name, 'Download Results')
    await expectToast('The results of this run are not available.', 'error')
    await expect(downloads).toHaveLength(0)
  },
})

/** A story's beforeEach: the dashboard lists these records, and anchor clicks are caught as downloads. */
const catchingDownloads =
  (...ids: string[]) =>
  ({ msw }: { msw: { use: (...handlers: RequestHandler[]) => void } }) => {
    msw.use(answerWorldRecords(...ids))
    downloads.length = 0
    anchorClick = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ download: this.download, href: this.href })
    })
    return () => anchorClick?.mockRestore()
  }

/**
 * Download Certificate on a certified record: the PDF of its certifying run, named as
 * the certification service names it (the download is caught, not saved).
 */
export const DownloadCertificate = meta.story({
  name: 'Download certificate',
  beforeEach: catchingDownloads(certified.id),
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certified.name, 'Download Certificate')
    await waitFor(() => expect(downloads).toHaveLength(1))
    const [file] = downloads
    await expect(file?.download).toBe('certificate-run-pm-0008.pdf')
    await expect(file?.href).toMatch(/^blob:/)
    const pdf = await (await fetch(file?.href ?? '')).text()
    await expect(pdf.startsWith('%PDF-')).toBe(true)
    await expect(pdf).toContain(`Certificate: ${certified.name}`)
    await expect(liveToasts()).toHaveLength(0)
  },
})

/** Download Certificate refused by the certification service: its message as an error, no file. */
export const DownloadCertificateRefused = meta.story({
  name: 'Download certificate refused',
  beforeEach(context) {
    context.msw.use(scenarios.serverError('certificatePdf', 'This device is not certified.', 409))
    return catchingDownloads(certified.id)(context)
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, certified.name, 'Download Certificate')
    await expectToast('This device is not certified.', 'error')
    await expect(downloads).toHaveLength(0)
  },
})

/** Download Results with no finished run yet: says so, no file. */
export const DownloadResultsWithoutFinishedRun = meta.story({
  name: 'Download results without finished run',
  beforeEach({ msw }) {
    msw.use(
      answerRecords(() => [
        deviceRecord({
          portfolioManagerId: inProgress.id,
          deviceName: inProgress.name,
          status: 'InProgress',
          isCertified: CERTIFIED_OK,
        }),
      ]),
    )
    downloads.length = 0
    anchorClick = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ download: this.download, href: this.href })
    })
    return () => anchorClick?.mockRestore()
  },
  play: async ({ canvas, userEvent }) => {
    await dashboardReady(canvas)
    await chooseAction(canvas, userEvent, inProgress.name, 'Download Results')
    await expectToast('This device has no finished certification run yet.', 'error')
    await expect(downloads).toHaveLength(0)
  },
})
