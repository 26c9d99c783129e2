import preview from '#.storybook/preview'
import { Link } from '@tanstack/react-router'
import { expect } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'

const meta = preview.meta({
  title: 'UI/Card',
  component: Card,
  parameters: { layout: 'padded' },
})

/** A portfolio card of the home page: heading, text and one action reached by Tab. */
export const Default = meta.story({
  name: 'Default',
  render: () => (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>Device portfolio</CardTitle>
        <CardDescription>
          Each device you want certified: vendor, name, type, class and firmware.
        </CardDescription>
      </CardHeader>
      <CardContent>Add up to three serial numbers per request; send more by e-mail.</CardContent>
      <CardFooter>
        <Button asChild>
          <Link to="/portfolio-manager" search={{ portfolio: 'device-portfolio' }}>
            Open device portfolio
          </Link>
        </Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Device portfolio' })).toBeVisible()
    await userEvent.tab()
    const link = canvas.getByRole('link', { name: 'Open device portfolio' })
    await expect(link).toHaveFocus()
    await expect(link).toHaveAttribute('href', '/portfolio-manager?portfolio=device-portfolio')
  },
})

/** Three cards side by side on a desktop, stacked on a phone. */
export const Grid = meta.story({
  name: 'Grid',
  render: () => (
    <div className="grid gap-4 sm:grid-cols-3">
      {[
        ['Organization portfolio', 'Who you are and how we reach your business contact.'],
        ['Line of business portfolio', 'Wireline, Wireless, or both.'],
        ['Device portfolio', 'The devices you submit for certification.'],
      ].map(([title, text]) => (
        <Card key={title}>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
            <CardDescription>{text}</CardDescription>
          </CardHeader>
        </Card>
      ))}
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(3)
    // Cards without actions hold no tab stops.
    await userEvent.tab()
    await expect(canvas.getByText('Organization portfolio').ownerDocument.activeElement?.tagName).toBe('BODY')
  },
})

/** Long text wraps inside the card, never past its border. */
export const LongText = meta.story({
  name: 'Long text',
  render: () => (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>Interoperability and standards checkpoint for optical network terminals</CardTitle>
        <CardDescription>
          Certification confirms that an ONT works with the operator&apos;s OLTs, keeps its service levels
          under load, and meets the standards the network depends on — before a single unit reaches a
          customer&apos;s home.
        </CardDescription>
      </CardHeader>
    </Card>
  ),
  play: async ({ canvas }) => {
    const card = canvas.getByText(/Interoperability/).closest('[data-slot="card"]') as HTMLElement
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth)
  },
})
