import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { ViewNodeContent } from '@/components/ui/view-node'
import { MALFORMED_CERTIFICATE_NUMBER_MESSAGE, UNKNOWN_CERTIFICATE_MESSAGE } from '@/contract/certificates'
import { FIXTURE_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/certificates'
import { addRevisionFixtures, REVISION_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/revisions'
import { world } from '@/mocks/fixtures/world'
import { VerifyPage } from '@/features/certificates/components/verify-page'
import { NOT_A_PDF_MESSAGE } from '@/features/certificates/model/pdf-number'
import {
  NUMBER_REQUIRED_MESSAGE,
  SIGNATURE_MISMATCH_TEXT,
  SIGNATURE_VALID_TEXT,
} from '@/features/certificates/model/verify-text'
import { loggedOut } from '../support/session'

/**
 * The public verification page, logged out, over the fixture world's certificates —
 * signed for real by a fixture key (src/mocks/fixtures/certificates.ts), so the page's own
 * signature check runs: Beacon 6 valid, Beacon 2 expired, Beacon 10 revoked, Beacon 6 Pro altered
 * after signing, and a number nobody was given.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `\`/verify\`, public: anyone holding a certificate, an operator or a retailer, checks it by typing its
number or by dropping or choosing its PDF. The answer: valid, expired, revoked, unknown, or a
signature that does not match (the PDF was altered). A certificate superseded by a later revision
stays valid for its firmware and links the later one; a recertification links its source and what it
carried.`

const meta = preview.meta({
  title: 'Certificates/Verification page',
  component: VerifyPage,
  // The answer is one description the app renders (ViewNodeContent) and the shell's script builds.
  subcomponents: { ViewNodeContent },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/verify' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedOut,
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

const at = (number: string) => ({ router: { app: true, url: `/verify/${number}` } })

async function record(canvas: Canvas, number: string) {
  await canvas.findByRole('heading', { level: 1, name: 'Verify a certificate' })
  return canvas.findByRole('region', { name: `Certificate ${number}` })
}

/** The details list as [term, value] pairs. */
const details = (region: HTMLElement) =>
  [...region.querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ])

export const Valid = meta.story({
  name: 'Valid',
  parameters: at(FIXTURE_CERTIFICATE_NUMBERS.valid),
  play: async ({ canvas }) => {
    const region = await record(canvas, 'DCP-7KQ4-M9XZ-2F8H')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'valid'))
    await expect(within(region).getByRole('region', { name: 'Result' })).toHaveTextContent(
      'ValidThis device is certified.',
    )
    await expect(details(region)).toEqual([
      ['Certificate number', 'DCP-7KQ4-M9XZ-2F8H'],
      ['Device', 'Nokia Beacon 6'],
      ['Device type', 'Wi-Fi Mesh Device'],
      ['Product class', 'Wi-Fi 6 Mesh'],
      ['Firmware', '3.4.12'],
      ['Serial numbers', 'BN6A00042'],
      ['Organization', 'Nokia Solutions and Networks'],
      ['Test plan', 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh (version 2026.1), 4 test cases'],
      ['Attempts', '2'],
      ['Issued', '19 Nov 2026, 10:00 UTC'],
      ['Valid until', '19 Nov 2029, 10:00 UTC'],
    ])
    await expect(region).toHaveTextContent(SIGNATURE_VALID_TEXT)
    await expect(within(region).getByRole('link', { name: 'The record as JSON' })).toHaveAttribute(
      'href',
      '/api/certificates/DCP-7KQ4-M9XZ-2F8H',
    )
  },
})

export const Expired = meta.story({
  name: 'Expired',
  parameters: at(FIXTURE_CERTIFICATE_NUMBERS.expired),
  play: async ({ canvas }) => {
    const region = await record(canvas, 'DCP-3B1N-Q8RT-6WZA')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'expired'))
    await expect(within(region).getByRole('region', { name: 'Result' })).toHaveTextContent(
      'ExpiredThis certificate has expired.',
    )
  },
})

export const Revoked = meta.story({
  name: 'Revoked',
  parameters: at(FIXTURE_CERTIFICATE_NUMBERS.revoked),
  play: async ({ canvas }) => {
    const region = await record(canvas, 'DCP-9HXM-2KQP-TV4C')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'revoked'))
    await expect(within(region).getByRole('region', { name: 'Result' })).toHaveTextContent(
      'RevokedThis certificate was revoked by the certification lab.',
    )
    await expect(region).toHaveTextContent(
      'Revoked on 20 Nov 2026, 08:30 UTC: The device on the bench was not the one declared in the form.',
    )
  },
})

export const Unknown = meta.story({
  name: 'Unknown number',
  parameters: at('DCP-0000-0000-0000'),
  play: async ({ canvas }) => {
    const result = await canvas.findByRole('region', { name: 'Result' })
    await expect(result).toHaveTextContent(`Not found${UNKNOWN_CERTIFICATE_MESSAGE}`)
  },
})

export const SignatureMismatch = meta.story({
  name: 'Signature mismatch',
  parameters: at(FIXTURE_CERTIFICATE_NUMBERS.altered),
  play: async ({ canvas }) => {
    const region = await record(canvas, 'DCP-5NWE-J7HG-0C2D')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'mismatch'))
    await expect(within(region).getByRole('region', { name: 'Result' })).toHaveTextContent(
      `Signature does not match${SIGNATURE_MISMATCH_TEXT}`,
    )
    await expect(region).not.toHaveTextContent(SIGNATURE_VALID_TEXT)
  },
})

export const NumberTyped = meta.story({
  name: 'Number typed',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Verify a certificate' })
    const field = canvas.getByRole('textbox', { name: /Certificate number/ })
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }))
    await expect(await canvas.findByText(NUMBER_REQUIRED_MESSAGE)).toBeVisible()
    await userEvent.type(field, 'DCP-12')
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }))
    await expect(await canvas.findByText(MALFORMED_CERTIFICATE_NUMBER_MESSAGE)).toBeVisible()
    await expect(field).toHaveFocus()
    // As people type it: lower case, spaces, O for 0.
    await userEvent.clear(field)
    await userEvent.type(field, 'dcp 7kq4 m9xz 2f8h{Enter}')
    const region = await record(canvas, 'DCP-7KQ4-M9XZ-2F8H')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'valid'))
    await expect(canvas.getByRole('textbox', { name: /Certificate number/ })).toHaveValue(
      'DCP-7KQ4-M9XZ-2F8H',
    )
  },
})

const pdfFile = (text: string, name = 'certificate.pdf') =>
  new File([`%PDF-1.4\n${text}\n%%EOF\n`], name, { type: 'application/pdf' })

export const PdfDropped = meta.story({
  name: 'PDF dropped',
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Verify a certificate' })
    const drop = canvasElement.querySelector('[data-slot="pdf-drop"]') as HTMLElement
    const dropFile = (file: File) => {
      const dataTransfer = new DataTransfer()
      dataTransfer.items.add(file)
      drop.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }))
    }
    dropFile(new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }))
    await expect(await canvas.findByText(NOT_A_PDF_MESSAGE)).toBeVisible()
    dropFile(pdfFile('(Certificate DCP-9HXM-2KQP-TV4C)'))
    const region = await record(canvas, 'DCP-9HXM-2KQP-TV4C')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'revoked'))
  },
})

export const PdfChosen = meta.story({
  name: 'PDF chosen',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Verify a certificate' })
    await userEvent.upload(
      canvas.getByLabelText(/Or choose the certificate PDF/),
      pdfFile('(DCP-3B1N-Q8RT-6WZA)'),
    )
    const region = await record(canvas, 'DCP-3B1N-Q8RT-6WZA')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'expired'))
  },
})

export const OnAPhone = meta.story({
  name: 'Valid, on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: at(FIXTURE_CERTIFICATE_NUMBERS.valid),
  play: async ({ canvas, canvasElement }) => {
    const region = await record(canvas, 'DCP-7KQ4-M9XZ-2F8H')
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'valid'))
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})

/* docs/decisions/0033: revisions of a device and the firmware a certificate covers. */

/**
 * The Archer AX73's certificate for firmware 1.0.2 (revision 2), after revision 3 was certified:
 * still valid for its firmware, and the later certificate linked.
 */
export const SupersededByALaterRevision = meta.story({
  name: 'Superseded by a later revision',
  parameters: at(REVISION_CERTIFICATE_NUMBERS.superseded),
  beforeEach: () => {
    addRevisionFixtures(world)
    return loggedOut()
  },
  play: async ({ canvas }) => {
    const region = await record(canvas, REVISION_CERTIFICATE_NUMBERS.superseded)
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'valid'))
    await expect(region.querySelector('[data-slot="covers-firmware"]')).toHaveTextContent(
      'Covers firmware 1.0.2 · revision 2',
    )
    const later = within(region).getByRole('region', { name: 'Later certificate' })
    await expect(later).toHaveTextContent(
      'A later revision (firmware 1.1.0) is certified: DCP-6MZQ-9YB3-HX7P. This certificate stays valid for firmware 1.0.2.',
    )
    await expect(within(region).getByText(SIGNATURE_VALID_TEXT, { exact: false })).toBeVisible()
    // A link of the answer (the shell builds it too, without the router): the later certificate's page.
    await expect(
      within(later).getByRole('link', { name: REVISION_CERTIFICATE_NUMBERS.recertification }),
    ).toHaveAttribute('href', `/verify/${REVISION_CERTIFICATE_NUMBERS.recertification}`)
  },
})

/** The Archer AX73's certificate for firmware 1.1.0: a recertification, its source linked and what it carried. */
export const Recertification = meta.story({
  name: 'Recertification',
  parameters: at(REVISION_CERTIFICATE_NUMBERS.recertification),
  beforeEach: () => {
    addRevisionFixtures(world)
    return loggedOut()
  },
  play: async ({ canvas }) => {
    const region = await record(canvas, REVISION_CERTIFICATE_NUMBERS.recertification)
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'valid'))
    const lines = region.querySelector('[data-slot="covers-firmware"]') as HTMLElement
    await expect(lines).toHaveTextContent(
      'Covers firmware 1.1.0 · revision 3Recertification of DCP-4TPX-5D2R-K8WN (firmware 1.0.2): 5 test cases carried, not run again.',
    )
    await expect(
      within(lines).getByRole('link', { name: REVISION_CERTIFICATE_NUMBERS.superseded }),
    ).toHaveAttribute('href', `/verify/${REVISION_CERTIFICATE_NUMBERS.superseded}`)
    await expect(within(region).queryByRole('region', { name: 'Later certificate' })).toBeNull()
    await expect(within(region).getByText(SIGNATURE_VALID_TEXT, { exact: false })).toBeVisible()
  },
})

/** The superseded certificate on a phone: the notice wraps inside the screen. */
export const SupersededOnAPhone = meta.story({
  name: 'Superseded on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: at(REVISION_CERTIFICATE_NUMBERS.superseded),
  beforeEach: () => {
    addRevisionFixtures(world)
    return loggedOut()
  },
  play: async ({ canvas }) => {
    const region = await record(canvas, REVISION_CERTIFICATE_NUMBERS.superseded)
    await within(region).findByRole('region', { name: 'Later certificate' })
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
})
