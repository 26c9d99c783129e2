import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { ACTIVITY_EXPORT_COLUMNS, ACTIVITY_RETENTION_NOTE, type ActivityEntry } from '@/contract/team'
import { world } from '@/mocks/fixtures/world'
import { ActivityExportMenu } from '@/features/team/components/activity-export-menu'
import { ActivityFilterControls } from '@/features/team/components/activity-filters'
import { ActivityLog } from '@/features/team/components/activity-log'
import { loggedInAsPriya } from '../support/session'

/**
 * The activity log on the team page (/team), as Priya Sharma, an Owner of Nokia's organization
 * (docs/decisions/0044): the search, member, action and day filters kept in the address, the
 * result with none, Export as CSV or JSON of the lines the filters select, and the directory's
 * listing lines. Each at desktop and phone widths; the log's lines come from
 * src/mocks/activity-handlers.ts over the fixture team.
 */

const at = (query = '') => ({ layout: 'fullscreen' as const, router: { app: true, url: `/team${query}` } })
const PHONE = { viewport: { value: 'phone' } }

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The activity log on the team page: an Owner's record of what each member did in the organization,
one line per change. Search by text and filter by member, action and day, all kept in the address; a
search that finds nothing says so; Export gives the filtered lines as CSV or JSON. Listing a device
in the public directory, and unlisting it, are lines too.`

const meta = preview.meta({
  title: 'Team/Activity log',
  subcomponents: { ActivityLog, ActivityFilterControls, ActivityExportMenu },
  parameters: { ...at(), docs: { description: { component: ABOUT } } },
  beforeEach: loggedInAsPriya('Owner'),
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function logReady(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 2, name: 'Activity log' })
  return canvas.findByRole('searchbox', { name: 'Search' })
}

const activityTexts = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'Activity' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.trim())

/** Opened at an address with filters: the controls show them and the list keeps to them. */
async function filteredFromTheAddress(canvas: Canvas) {
  const search = await logReady(canvas)
  await expect(search).toHaveValue('beacon')
  await expect(canvas.getByLabelText('From (UTC)')).toHaveValue('2026-11-15')
  await waitFor(() =>
    expect(activityTexts(canvas)).toEqual([
      '20 Nov 2026, 08:55Ravi Kumar · Commented · Beacon 6 (Nokia)',
      '20 Nov 2026, 08:40Ravi Kumar · Re-ran failed cases · Beacon 6 (Nokia)',
      '20 Nov 2026, 04:00Priya Sharma · Emailed a certificate · Beacon 3 (Nokia)',
      '16 Nov 2026, 09:00Laura Schmidt · Edited a device · Beacon 6 (Nokia)',
      '15 Nov 2026, 09:00Ravi Kumar · Submitted a device · Beacon 6 (Nokia)',
    ]),
  )
  await expect(canvas.getByText(ACTIVITY_RETENTION_NOTE)).toBeVisible()
  await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible()
}

const FILTERED = '?q=beacon&from=2026-11-15'

export const Filtered = meta.story({
  name: 'Filtered by search, day, member and action',
  parameters: at(FILTERED),
  play: async ({ canvas, userEvent }) => {
    await filteredFromTheAddress(canvas)
    await userEvent.click(canvas.getByRole('combobox', { name: 'Member' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Ravi Kumar' }))
    await waitFor(() => expect(activityTexts(canvas)).toHaveLength(3))
    // One action more: only the submission is left; Clear filters brings back every line.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Action' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Submitted a device' }))
    await waitFor(() =>
      expect(activityTexts(canvas)).toEqual([
        '15 Nov 2026, 09:00Ravi Kumar · Submitted a device · Beacon 6 (Nokia)',
      ]),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(activityTexts(canvas)).toHaveLength(12))
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
    await expect(canvas.getByRole('combobox', { name: 'Member' })).toHaveTextContent('Every member')
  },
})

export const FilteredPhone = meta.story({
  name: 'Filtered, on a phone',
  parameters: at(FILTERED),
  globals: PHONE,
  play: async ({ canvas }) => {
    await filteredFromTheAddress(canvas)
    const list = canvas.getByRole('list', { name: 'Activity' })
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth)
  },
})

/** A search that finds nothing: said so, and there is nothing to export. */
async function emptyResult(canvas: Canvas) {
  await logReady(canvas)
  await expect(await canvas.findByRole('status')).toHaveTextContent('No activity matches these filters.')
  await expect(canvas.queryByRole('list', { name: 'Activity' })).toBeNull()
  await expect(canvas.getByRole('button', { name: 'Export' })).toBeDisabled()
}

export const EmptyResult = meta.story({
  name: 'No line matches',
  parameters: at('?q=zeppelin'),
  play: async ({ canvas }) => emptyResult(canvas),
})

export const EmptyResultPhone = meta.story({
  name: 'No line matches, on a phone',
  parameters: at('?q=zeppelin'),
  globals: PHONE,
  play: async ({ canvas }) => emptyResult(canvas),
})

/** Catches the file the page hands to the browser, instead of downloading it. */
function catchDownloads() {
  const files: Array<{ name: string; blob: Blob }> = []
  const createObjectURL = URL.createObjectURL.bind(URL)
  const click = HTMLAnchorElement.prototype.click
  let last: Blob | undefined
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    last = blob as Blob
    return createObjectURL(blob)
  }
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download && last) files.push({ name: this.download, blob: last })
  }
  return {
    files,
    restore: () => {
      URL.createObjectURL = createObjectURL
      HTMLAnchorElement.prototype.click = click
    },
  }
}

/** Export: the menu offers CSV and JSON; CSV saves the filtered lines with a header row. */
async function exportsTheFilteredLines(
  canvas: Canvas,
  userEvent: { click: (element: Element) => Promise<void> },
) {
  await logReady(canvas)
  await waitFor(() => expect(activityTexts(canvas)).toHaveLength(1))
  const downloads = catchDownloads()
  try {
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }))
    const menu = await screen.findByRole('menu')
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['CSV (spreadsheets)', 'JSON'])
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'CSV (spreadsheets)' }))
    await waitFor(() => expect(downloads.files).toHaveLength(1))
    const [file] = downloads.files
    await expect(file?.name).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = (await file?.blob.text()) ?? ''
    await expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      ACTIVITY_EXPORT_COLUMNS.join(','),
      expect.stringContaining(',Priya Sharma,v-nokia,member.invited,meera.iyer@nokia.com (Engineer)'),
      '',
    ])
  } finally {
    downloads.restore()
  }
}

export const ExportMenu = meta.story({
  name: 'Export menu',
  parameters: at('?action=member.invited'),
  play: async ({ canvas, userEvent }) => exportsTheFilteredLines(canvas, userEvent),
})

export const ExportMenuPhone = meta.story({
  name: 'Export menu, on a phone',
  parameters: at('?action=member.invited'),
  globals: PHONE,
  play: async ({ canvas, userEvent }) => exportsTheFilteredLines(canvas, userEvent),
})

const LISTING_LINES: ActivityEntry[] = [
  {
    activityId: '114',
    at: '2026-11-20T08:58:00.000Z',
    actorName: 'Priya Sharma',
    actorAccountId: 'v-nokia',
    action: 'certificate.unlisted',
    subject: 'Beacon 3 (Nokia), certificate DCP-7KQ4-M9XZ-2F8H',
  },
  {
    activityId: '113',
    at: '2026-11-20T08:57:00.000Z',
    actorName: 'Priya Sharma',
    actorAccountId: 'v-nokia',
    action: 'certificate.listed',
    subject: 'Beacon 3 (Nokia), certificate DCP-7KQ4-M9XZ-2F8H',
  },
]

/** The directory's lines read as a person says them, and the search finds them by those words. */
async function listingLines(canvas: Canvas) {
  await logReady(canvas)
  await waitFor(() =>
    expect(activityTexts(canvas)).toEqual([
      '20 Nov 2026, 08:58Priya Sharma · Took a device off the public directory · Beacon 3 (Nokia), certificate DCP-7KQ4-M9XZ-2F8H',
      '20 Nov 2026, 08:57Priya Sharma · Listed a device in the public directory · Beacon 3 (Nokia), certificate DCP-7KQ4-M9XZ-2F8H',
    ]),
  )
}

const withListingLines = () => {
  world.team.activity.unshift(...LISTING_LINES)
}

export const DirectoryLines = meta.story({
  name: 'Listing lines of the directory',
  parameters: at('?q=public%20directory'),
  beforeEach: withListingLines,
  play: async ({ canvas }) => listingLines(canvas),
})

export const DirectoryLinesPhone = meta.story({
  name: 'Listing lines of the directory, on a phone',
  parameters: at('?q=public%20directory'),
  beforeEach: withListingLines,
  globals: PHONE,
  play: async ({ canvas }) => listingLines(canvas),
})
