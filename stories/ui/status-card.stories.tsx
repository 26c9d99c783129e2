import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { StatusCard, StatusCardGroup } from '@/components/ui/status-card'

const meta = preview.meta({
  title: 'UI/Status card',
  component: StatusCard,
  args: { tone: 'submitted', label: 'Submitted', count: 12 },
  argTypes: {
    tone: {
      control: 'select',
      options: ['submitted', 'in-progress', 'maintenance', 'validation-failure', 'certified'],
    },
  },
  render: (args) => (
    <StatusCardGroup className="max-w-xs grid-cols-1 sm:grid-cols-1 lg:grid-cols-1">
      <StatusCard {...args} />
    </StatusCardGroup>
  ),
})

/** The five summary cards of the dashboard (spec §2, §9), each in its colour. */
export const AllFive = meta.story({
  name: 'All five',
  render: () => (
    <StatusCardGroup>
      <StatusCard tone="submitted" label="Submitted" count={12} />
      <StatusCard tone="in-progress" label="In Progress" count={3} />
      <StatusCard tone="maintenance" label="Maintenance" count={1} />
      <StatusCard tone="validation-failure" label="Validation Failure" count={2} />
      <StatusCard tone="certified" label="Certified" count={27} />
    </StatusCardGroup>
  ),
  play: async ({ canvas, userEvent }) => {
    const terms = canvas.getAllByRole('term').map((term) => term.textContent)
    await expect(terms).toEqual([
      'Submitted',
      'In Progress',
      'Maintenance',
      'Validation Failure',
      'Certified',
    ])
    const counts = canvas.getAllByRole('definition').map((d) => d.textContent)
    await expect(counts).toEqual(['12', '3', '1', '2', '27'])
    const colours = canvas
      .getAllByRole('term')
      .map((term) => getComputedStyle(term.parentElement as HTMLElement).backgroundColor)
    await expect(new Set(colours).size).toBe(5)
    // Summary cards are information, not controls: Tab passes them by.
    await userEvent.tab()
    await expect(document.activeElement).toBe(document.body)
  },
})

export const Submitted = meta.story({
  name: 'Submitted',
  args: { tone: 'submitted', label: 'Submitted', count: 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('definition')).toHaveTextContent('12')
    await expect(
      getComputedStyle(canvas.getByRole('term').parentElement as HTMLElement).backgroundColor,
    ).toBe('rgb(219, 234, 254)')
  },
})

export const InProgress = meta.story({
  name: 'In progress',
  args: { tone: 'in-progress', label: 'In Progress', count: 3 },
  play: async ({ canvas }) => {
    await expect(
      getComputedStyle(canvas.getByRole('term').parentElement as HTMLElement).backgroundColor,
    ).toBe('rgb(255, 237, 213)')
  },
})

export const Maintenance = meta.story({
  name: 'Maintenance',
  args: { tone: 'maintenance', label: 'Maintenance', count: 1 },
  play: async ({ canvas }) => {
    await expect(
      getComputedStyle(canvas.getByRole('term').parentElement as HTMLElement).backgroundColor,
    ).toBe('rgb(254, 249, 195)')
  },
})

export const ValidationFailure = meta.story({
  name: 'Validation failure',
  args: { tone: 'validation-failure', label: 'Validation Failure', count: 2 },
  play: async ({ canvas }) => {
    await expect(
      getComputedStyle(canvas.getByRole('term').parentElement as HTMLElement).backgroundColor,
    ).toBe('rgb(254, 226, 226)')
  },
})

export const Certified = meta.story({
  name: 'Certified',
  args: { tone: 'certified', label: 'Certified', count: 27 },
  play: async ({ canvas }) => {
    await expect(
      getComputedStyle(canvas.getByRole('term').parentElement as HTMLElement).backgroundColor,
    ).toBe('rgb(220, 252, 231)')
  },
})

/** Zero is shown as 0, not hidden. */
export const Empty = meta.story({
  name: 'Empty',
  args: { tone: 'submitted', label: 'Submitted', count: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('definition')).toHaveTextContent(/^0$/)
  },
})

/** Large counts keep their thousands separators and fit the card. */
export const LargeCount = meta.story({
  name: 'Large count',
  args: { tone: 'certified', label: 'Certified', count: 100000 },
  play: async ({ canvas }) => {
    const count = canvas.getByRole('definition')
    await expect(count).toHaveTextContent('100,000')
    await expect(count.scrollWidth).toBeLessThanOrEqual(count.clientWidth)
  },
})
