import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { CertificateLine } from '@/components/runs/certificate-line'
import { Button } from '@/components/ui/button'
import { CERTIFICATE_NUMBER, fitsTheWidth, PHONE } from './run-fixtures'

/**
 * A certificate as both sides show it: its number, linked to its public verification page, and
 * its state. Under it, what the side may do: the vendor's switch that lists the device among the
 * certified devices (see Dashboard/Certificate), the Lab manager's Revoke (see Lab/Lab record).
 */

const meta = preview.meta({
  title: 'Runs/Certificate line',
  component: CertificateLine,
  args: { certificate: { number: CERTIFICATE_NUMBER, state: 'valid' as const } },
})

const line = (canvasElement: HTMLElement) => canvasElement.querySelector('[data-slot="run-certificate"]')

export const Valid = meta.story({
  name: 'Valid',
  play: async ({ canvas, canvasElement }) => {
    await expect(line(canvasElement)).toHaveTextContent(`Certificate${CERTIFICATE_NUMBER}· Valid`)
    await expect(canvas.getByRole('link', { name: CERTIFICATE_NUMBER })).toHaveAttribute(
      'href',
      `/verify/${CERTIFICATE_NUMBER}`,
    )
  },
})

export const Revoked = meta.story({
  name: 'Revoked',
  args: { certificate: { number: CERTIFICATE_NUMBER, state: 'revoked' } },
  play: async ({ canvasElement }) => {
    await expect(line(canvasElement)).toHaveTextContent(`Certificate${CERTIFICATE_NUMBER}· Revoked`)
    await expect(line(canvasElement)).toHaveAttribute('data-state', 'revoked')
  },
})

export const WithTheSidesAction = meta.story({
  name: 'With the side’s action under it (the lab’s Revoke)',
  args: {
    children: (
      <Button size="sm" variant="outline" className="self-start">
        Revoke certificate
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Revoke certificate' })).toBeVisible()
  },
})

export const OnAPhone = meta.story({
  name: 'On a phone',
  globals: PHONE,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('link', { name: CERTIFICATE_NUMBER })).toBeVisible()
    await expect(fitsTheWidth(canvasElement)).toBe(true)
  },
})
