import preview from '#.storybook/preview'
import type { RequestHandler } from 'msw'
import { expect, waitFor, within } from 'storybook/test'
import {
  certificatePublishedMessage,
  certificateUnpublishedMessage,
  REVOKED_NOT_PUBLISHED_MESSAGE,
} from '@/contract/certificates'
import { directoryCertificates } from '@/mocks/fixtures/certificates'
import { world } from '@/mocks/fixtures/world'
import { loggedInAs } from '../support/session'
import { expectToast } from '../support/toasts'
import {
  answerWorldRecords,
  type Canvas,
  dashboardAt,
  dashboardReady,
  rowOf,
  type UserEvent,
  WORLD,
} from '../dashboard/dashboard-steps'
import { RunDetails } from '@/features/certification/components/run-details'

/**
 * Signed certificates as the vendor sees them: run details name the record's certificate — its number linking
 * to its public record, its state — and a switch that lists the device among the certified devices
 * (off by default); a revoked certificate cannot be listed. The certified fixture record's run is
 * given a certificate here (DCP-D1R0-0000-0001) in the state each story needs.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `A certified record's certificate in its run details: its number, linking to its public record, and
its state, with a switch that lists the device among the certified devices of the public directory
(off by default). Owners and Engineers may list and stop listing; a revoked certificate cannot be
listed.`

const meta = preview.meta({
  title: 'Dashboard/Certificate',
  subcomponents: { RunDetails },
  parameters: {
    ...dashboardAt(),
    liveStream: { activeRuns: () => [] },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

const { certified } = WORLD
const NUMBER = 'DCP-D1R0-0000-0001'

/** A story's beforeEach: the certified record's run has a certificate, as `state`, listed or not. */
const withCertificate =
  (state: 'valid' | 'revoked', published: boolean) =>
  ({ msw }: { msw: { use: (...handlers: RequestHandler[]) => void } }) => {
    const [certificate] = directoryCertificates(1)
    if (!certificate) throw new Error('No fixture certificate.')
    certificate.content.runId = 'run-pm-0008'
    certificate.state = state
    if (state === 'revoked')
      certificate.revocation = { reason: 'Mislabelled.', revokedAt: '2026-11-19T09:00:00.000Z' }
    world.certificates.push(certificate)
    world.publishedCertificates = published ? [NUMBER] : []
    msw.use(answerWorldRecords(certified.id))
    return loggedInAs('v-nokia')()
  }

async function certificateOf(canvas: Canvas, userEvent: UserEvent) {
  await dashboardReady(canvas)
  const row = rowOf(canvas, certified.name)
  await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement)
  const region = await canvas.findByRole('region', { name: `Certification run · ${certified.name}` })
  return waitFor((): HTMLElement => {
    const line = region.querySelector('[data-slot="run-certificate"]')
    if (!(line instanceof HTMLElement)) throw new Error('No certificate line yet.')
    return line
  })
}

export const ListInTheDirectory = meta.story({
  name: 'List in the directory',
  beforeEach: withCertificate('valid', false),
  play: async ({ canvas, userEvent }) => {
    const line = await certificateOf(canvas, userEvent)
    await expect(line).toHaveTextContent(`Certificate${NUMBER}· Valid`)
    await expect(within(line).getByRole('link', { name: NUMBER })).toHaveAttribute(
      'href',
      `/verify/${NUMBER}`,
    )
    const box = within(line).getByRole('checkbox', { name: 'List this device among the certified devices' })
    await expect(box).not.toBeChecked()
    await userEvent.click(box)
    await expectToast(certificatePublishedMessage(NUMBER), 'success')
    await waitFor(() => expect(box).toBeChecked())
    await expect(world.publishedCertificates).toEqual([NUMBER])
    await expect(within(line).getByRole('link', { name: 'Certified devices' })).toHaveAttribute(
      'href',
      '/certified-devices',
    )
  },
})

export const StopListing = meta.story({
  name: 'Stop listing',
  beforeEach: withCertificate('valid', true),
  play: async ({ canvas, userEvent }) => {
    const line = await certificateOf(canvas, userEvent)
    const box = within(line).getByRole('checkbox', { name: 'List this device among the certified devices' })
    await waitFor(() => expect(box).toBeChecked())
    await userEvent.click(box)
    await expectToast(certificateUnpublishedMessage(NUMBER), 'success')
    await waitFor(() => expect(box).not.toBeChecked())
    await expect(world.publishedCertificates).toEqual([])
  },
})

export const RevokedCannotBeListed = meta.story({
  name: 'Revoked cannot be listed',
  beforeEach: withCertificate('revoked', false),
  play: async ({ canvas, userEvent }) => {
    const line = await certificateOf(canvas, userEvent)
    await expect(line).toHaveTextContent(`Certificate${NUMBER}· Revoked`)
    const box = within(line).getByRole('checkbox', { name: 'List this device among the certified devices' })
    await expect(box).toBeDisabled()
    await expect(box).toHaveAccessibleDescription(REVOKED_NOT_PUBLISHED_MESSAGE)
  },
})
