import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { ProgressBar } from '@/components/ui/progress-bar'

const meta = preview.meta({
  title: 'UI/Progress bar',
  component: ProgressBar,
  args: { value: 1, tone: 'submitted', label: 'Submitted' },
  argTypes: {
    tone: { control: 'select', options: ['submitted', 'in-progress', 'certified', 'failed', 'unknown'] },
    value: { control: { type: 'range', min: 0, max: 100, step: 1 } },
  },
  // The dashboard's Status column is 100 px wide (spec §9).
  render: (args) => (
    <div className="w-status-column">
      <ProgressBar {...args} />
    </div>
  ),
})

async function expectBar(canvasElement: HTMLElement, percent: number, fill: string) {
  const bar = canvasElement.querySelector('[role="progressbar"]') as HTMLElement
  await expect(bar).toHaveAttribute('aria-valuenow', String(percent))
  const indicator = bar.querySelector('[data-slot="progress-bar-indicator"]') as HTMLElement
  await expect(indicator.style.width).toBe(`${percent}%`)
  await expect(getComputedStyle(indicator).backgroundColor).toBe(fill)
  // A progress bar is not a control: Tab does not stop on it.
  await expect(bar.tabIndex).toBe(-1)
}

/** Submitted starts at 1 % (spec §4). */
export const Submitted = meta.story({
  name: 'Submitted',
  args: { value: 1, tone: 'submitted', label: 'Submitted' },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Submitted' })).toBeVisible()
    await expectBar(canvasElement, 1, 'rgb(29, 78, 216)')
  },
})

/** InProgress part-way (the dashboard animates it 10 points a second). */
export const InProgress = meta.story({
  name: 'In progress',
  args: { value: 41, tone: 'in-progress', label: 'In Progress' },
  play: async ({ canvasElement }) => expectBar(canvasElement, 41, 'rgb(194, 65, 12)'),
})

/** CERTIFIED-OK: 100 % green. */
export const Certified = meta.story({
  name: 'Certified',
  args: { value: 100, tone: 'certified', label: 'Certified' },
  play: async ({ canvasElement }) => expectBar(canvasElement, 100, 'rgb(21, 128, 61)'),
})

/** Validation failure: 100 % red. */
export const ValidationFailure = meta.story({
  name: 'Validation failure',
  args: { value: 100, tone: 'failed', label: 'Validation Failure' },
  play: async ({ canvasElement }) => expectBar(canvasElement, 100, 'rgb(185, 28, 28)'),
})

/** An unknown status: 0 % black. */
export const Unknown = meta.story({
  name: 'Unknown',
  args: { value: 0, tone: 'unknown', label: 'Unknown status' },
  play: async ({ canvasElement }) => expectBar(canvasElement, 0, 'rgb(0, 0, 0)'),
})

/** With its label and percentage shown, for wider places than the table column. */
export const WithLabelAndValue = meta.story({
  name: 'With label and value',
  args: { value: 60, tone: 'in-progress', label: 'Certification run', showLabel: true, showValue: true },
  render: (args) => (
    <div className="w-64">
      <ProgressBar {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Certification run')).toBeVisible()
    await expect(canvas.getByText('60%')).toBeVisible()
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Certification run: 60%')
    await expectBar(canvasElement, 60, 'rgb(194, 65, 12)')
  },
})

/** Values outside 0–100 are clamped: 130 shows full, -5 shows empty. */
export const Clamped = meta.story({
  name: 'Clamped',
  args: { value: 130, tone: 'in-progress', label: 'In Progress' },
  play: async ({ canvasElement }) => expectBar(canvasElement, 100, 'rgb(194, 65, 12)'),
})

/** A long label is truncated with the bar still 100 px wide. */
export const LongLabel = meta.story({
  name: 'Long label',
  args: {
    value: 30,
    tone: 'in-progress',
    label: 'Interoperability test plan, run 2 of 3',
    showLabel: true,
    showValue: true,
  },
  play: async ({ canvas }) => {
    const track = canvas.getByRole('progressbar')
    await expect(Math.round(track.getBoundingClientRect().width)).toBe(100)
  },
})
