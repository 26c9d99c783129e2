import preview from '#.storybook/preview'
import { http, HttpResponse } from 'msw'
import type { RequestHandler } from 'msw'
import { expect, screen, waitFor, within } from 'storybook/test'
import { endpoints } from '@/contract/endpoints'
import { directoryCertificates, FIXTURE_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/certificates'
import { world } from '@/mocks/fixtures/world'
import { addRevisionFixtures } from '@/mocks/fixtures/revisions'
import { FilterSelect, Pager, SearchField } from '@/components/ui/list-controls'
import { DirectoryPage } from '@/features/certificates/components/directory-page'
import {
  DIRECTORY_EMPTY_MESSAGE,
  DIRECTORY_NO_MATCH_MESSAGE,
  DIRECTORY_TITLE,
} from '@/features/certificates/model/directory-text'
import { loggedOut } from '../support/session'

/**
 * The public directory of certified devices, logged out, over the fixture world: the
 * listed certificates are Beacon 6 (signed) and, per story, more listed devices from
 * `directoryCertificates` (Zyxel, Sagemcom and Nokia devices, one day apart). Beacon 2 is listed
 * too but expired, so it never shows.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/certified-devices\`, public: the devices their vendors chose to list, each under its newest
certificate with its certified firmware versions. Search, filters and paging are kept in the
address; an expired certificate never shows. States: none listed, no match, a failed read, and a
phone.`

const meta = preview.meta({
  title: 'Certificates/Directory page',
  component: DirectoryPage,
  // The list's controls, shared with the lab's queue (src/components/ui/list-controls.tsx).
  subcomponents: { SearchField, FilterSelect, Pager },
  args: { params: {}, onParams: () => {} },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/certified-devices' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedOut,
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

const at = (query: string) => ({ router: { app: true, url: `/certified-devices${query}` } })

/** A story's beforeEach: `count` more devices listed beside Beacon 6. */
const listed = (count: number) => () => {
  const more = directoryCertificates(count)
  world.certificates.push(...more)
  world.publishedCertificates.push(...more.map((certificate) => certificate.number))
  return loggedOut()
}

async function ready(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: DIRECTORY_TITLE })
}

/** The listed devices' headings, in order. */
async function devices(canvas: Canvas) {
  const list = await canvas.findByRole('list', { name: DIRECTORY_TITLE })
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
}

const range = (canvas: Canvas, text: string) =>
  waitFor(() => expect(canvas.getByText(/^(Showing|No certified devices)/)).toHaveTextContent(text))

export const Results = meta.story({
  name: 'Results',
  beforeEach: listed(5),
  play: async ({ canvas }) => {
    await ready(canvas)
    await range(canvas, 'Showing 1–6 of 6')
    await expect(await devices(canvas)).toEqual([
      'Nokia Beacon 6',
      'Zyxel Multy M1',
      'Sagemcom F@st 5866',
      'Nokia XS-2426G-B',
      'Zyxel PX3321-T1',
      'Sagemcom Video Soundbox',
    ])
    const first = canvas.getAllByRole('listitem').find((item) => item.textContent?.includes('Beacon 6'))!
    await expect(within(first).getByText('Nokia Solutions and Networks')).toBeVisible()
    await expect(within(first).getByText('19 Nov 2026')).toBeVisible()
    await expect(within(first).getByText('19 Nov 2029')).toBeVisible()
    await expect(
      within(first).getByRole('link', {
        name: `Certificate ${FIXTURE_CERTIFICATE_NUMBERS.valid} of Nokia Beacon 6`,
      }),
    ).toHaveAttribute('href', `/verify/${FIXTURE_CERTIFICATE_NUMBERS.valid}`)
    // No pages for one page.
    await expect(canvas.queryByRole('navigation', { name: 'Certified devices pages' })).toBeNull()
  },
})

export const NoneListed = meta.story({
  name: 'None listed',
  beforeEach: () => {
    world.publishedCertificates = []
    return loggedOut()
  },
  play: async ({ canvas }) => {
    await ready(canvas)
    await range(canvas, 'No certified devices')
    await expect(canvas.getByText(DIRECTORY_EMPTY_MESSAGE)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull()
  },
})

export const Filters = meta.story({
  name: 'Filters',
  beforeEach: listed(8),
  parameters: at('?vendor=Zyxel'),
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await range(canvas, 'Showing 1–3 of 3')
    await expect(await devices(canvas)).toEqual(['Zyxel Multy M1', 'Zyxel PX3321-T1', 'Zyxel WX3100-T0'])
    // The device type narrows it further.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Device type' }))
    await userEvent.click(await screen.findByRole('option', { name: 'ONT' }))
    await range(canvas, 'Showing 1–1 of 1')
    await expect(await devices(canvas)).toEqual(['Zyxel PX3321-T1'])
    // Clear filters lists everything again.
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await range(canvas, 'Showing 1–9 of 9')
    await expect(canvas.getByRole('combobox', { name: 'Vendor' })).toHaveTextContent('All vendors')
  },
})

export const Search = meta.story({
  name: 'Search',
  beforeEach: listed(8),
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await range(canvas, 'Showing 1–9 of 9')
    // Case does not matter, and the number is searched too.
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'f@ST{Enter}')
    await range(canvas, 'Showing 1–2 of 2')
    await expect(await devices(canvas)).toEqual(['Sagemcom F@st 5866', 'Sagemcom F@st 3896'])
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search' }))
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'dcp-d1r0-0000-0004{Enter}')
    await range(canvas, 'Showing 1–1 of 1')
    await expect(await devices(canvas)).toEqual(['Zyxel PX3321-T1'])
  },
})

export const NoMatch = meta.story({
  name: 'No match',
  beforeEach: listed(3),
  parameters: at('?search=nothing-like-this'),
  play: async ({ canvas }) => {
    await ready(canvas)
    await range(canvas, 'No certified devices')
    await expect(canvas.getByText(DIRECTORY_NO_MATCH_MESSAGE)).toBeVisible()
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('nothing-like-this')
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible()
  },
})

export const Paging = meta.story({
  name: 'Paging',
  beforeEach: listed(30),
  play: async ({ canvas, userEvent }) => {
    await ready(canvas)
    await range(canvas, 'Showing 1–24 of 31')
    const pages = canvas.getByRole('navigation', { name: 'Certified devices pages' })
    await expect(pages).toHaveTextContent('Page 1 of 2')
    await expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled()
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
    await range(canvas, 'Showing 25–31 of 31')
    await expect(canvas.getByRole('navigation', { name: 'Certified devices pages' })).toHaveTextContent(
      'Page 2 of 2',
    )
    await expect(await devices(canvas)).toHaveLength(7)
  },
})

const failing = (context: { msw: { use: (...handlers: RequestHandler[]) => void } }) => {
  loggedOut()
  context.msw.use(
    http.get(endpoints.directory.path, () =>
      HttpResponse.json({ message: 'The portal is restarting. Try again in a minute.' }, { status: 503 }),
    ),
  )
}

export const ReadFailed = meta.story({
  name: 'Read failed',
  beforeEach: failing,
  play: async ({ canvas }) => {
    await ready(canvas)
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('The portal is restarting. Try again in a minute.')
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
})

export const OnAPhone = meta.story({
  name: 'On a phone',
  beforeEach: listed(3),
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    await ready(canvas)
    await range(canvas, 'Showing 1–4 of 4')
    await expect(await devices(canvas)).toHaveLength(4)
  },
})

/**
 * docs/decisions/0033: the TP-Link Archer AX73 is listed once, under its newest certificate, with
 * both certified firmware versions, newest first; a device with one certificate names its firmware.
 */
export const FirmwareVersions = meta.story({
  name: 'Firmware versions',
  beforeEach: () => {
    addRevisionFixtures(world)
    return loggedOut()
  },
  play: async ({ canvas }) => {
    await ready(canvas)
    await range(canvas, 'Showing 1–2 of 2')
    await expect(await devices(canvas)).toEqual(['Nokia Beacon 6', 'TP-Link Archer AX73'])
    const archer = canvas.getAllByRole('listitem').find((item) => item.textContent?.includes('Archer AX73'))!
    await expect(within(archer).getByText('Firmware versions')).toBeVisible()
    await expect(archer.querySelector('[data-slot="firmware-versions"]')).toHaveTextContent('1.1.0, 1.0.2')
    await expect(within(archer).getByRole('link', { name: /^Certificate DCP-6MZQ-9YB3-HX7P/ })).toBeVisible()
    const beacon = canvas.getAllByRole('listitem').find((item) => item.textContent?.includes('Beacon 6'))!
    await expect(beacon.querySelector('[data-slot="firmware-versions"]')).toHaveTextContent('3.4.12')
  },
})

/** The same on a phone. */
export const FirmwareVersionsOnAPhone = meta.story({
  name: 'Firmware versions on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: () => {
    addRevisionFixtures(world)
    return loggedOut()
  },
  play: async ({ canvas }) => {
    await ready(canvas)
    await range(canvas, 'Showing 1–2 of 2')
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
})
