import preview from '#.storybook/preview'
import type * as React from 'react'
import { expect, fn, waitFor } from 'storybook/test'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion'

const meta = preview.meta({
  title: 'UI/Accordion',
  component: Accordion,
  subcomponents: { AccordionItem, AccordionTrigger, AccordionContent },
  args: { onValueChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
})

type Question = { value: string; question: string; answer: string }

/** The help center's first group (spec §2). */
const COMMON_ISSUES: Question[] = [
  {
    value: 'billing',
    question: 'Billing and payments',
    answer:
      'Certification fees are invoiced per device once a run is started. Invoices are sent to the email id of ' +
      'the portfolio manager and can be paid by bank transfer within 30 days.',
  },
  {
    value: 'network',
    question: 'Check network status',
    answer:
      'The certification lab shows Maintenance on the dashboard while it is unavailable; runs wait and resume ' +
      'on their own when the lab is back.',
  },
  {
    value: 'wifi',
    question: 'Fix wi-fi issues',
    answer:
      'Restart the device, check that it runs the submitted firmware version, and keep it within range of the ' +
      'test access point before starting a new run.',
  },
  {
    value: 'account',
    question: 'Account and login help',
    answer:
      'Use Forgot Password on the login page: we mail a 6-digit code that is valid for 10 minutes. Your user id ' +
      'is the email id you registered with.',
  },
]

function HelpGroup({
  title = 'Resolve common issues',
  questions = COMMON_ISSUES,
  ...props
}: React.ComponentProps<typeof Accordion> & { title?: string; questions?: Question[] }) {
  return (
    <section aria-labelledby="help-group" className="flex flex-col gap-3">
      <h2 id="help-group" className="text-heading text-ink">
        {title}
      </h2>
      <Accordion {...props}>
        {questions.map((item) => (
          <AccordionItem key={item.value} value={item.value}>
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  )
}

/** Closed: four questions, each a heading with a collapsed button; no answer shows. */
export const Closed = meta.story({
  name: 'Closed',
  render: (args) => <HelpGroup {...args} />,
  play: async ({ canvas, args, userEvent }) => {
    const headers = canvas.getAllByRole('button')
    await expect(headers.map((header) => header.textContent)).toEqual(
      COMMON_ISSUES.map((item) => item.question),
    )
    for (const header of headers) await expect(header).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(4)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Billing and payments' })).toHaveFocus()
    await expect(canvas.queryByText(/Certification fees are invoiced/)).not.toBeInTheDocument()
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
})

/** Enter on a question opens its answer. */
export const OpenWithEnter = meta.story({
  name: 'Open with enter',
  render: (args) => <HelpGroup {...args} />,
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab()
    const billing = canvas.getByRole('button', { name: 'Billing and payments' })
    await userEvent.keyboard('{Enter}')
    await expect(billing).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(canvas.getByText(/Certification fees are invoiced/)).toBeVisible())
    await expect(canvas.getByRole('region', { name: 'Billing and payments' })).toBeVisible()
    await expect(args.onValueChange).toHaveBeenCalledWith('billing')
  },
})

/** One item at a time: opening a second question closes the first. */
export const OneAtATime = meta.story({
  name: 'One at a time',
  render: (args) => <HelpGroup {...args} />,
  play: async ({ canvas, args, userEvent }) => {
    const billing = canvas.getByRole('button', { name: 'Billing and payments' })
    const network = canvas.getByRole('button', { name: 'Check network status' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(canvas.getByText(/Certification fees are invoiced/)).toBeVisible())
    await userEvent.keyboard('{ArrowDown}')
    await expect(network).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(network).toHaveAttribute('aria-expanded', 'true')
    await expect(billing).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(canvas.getByText(/runs wait and resume/)).toBeVisible())
    await waitFor(() => expect(canvas.queryByText(/Certification fees are invoiced/)).not.toBeInTheDocument())
    await expect(canvas.getAllByRole('button', { expanded: true })).toHaveLength(1)
    await expect(args.onValueChange).toHaveBeenLastCalledWith('network')
  },
})

/** Arrow keys move between the questions (wrapping round), Home and End jump to the first and last. */
export const ArrowKeys = meta.story({
  name: 'Arrow keys',
  render: (args) => <HelpGroup {...args} />,
  play: async ({ canvas, args, userEvent }) => {
    const header = (name: string) => canvas.getByRole('button', { name })
    await userEvent.tab()
    await expect(header('Billing and payments')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(header('Check network status')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(header('Fix wi-fi issues')).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}')
    await expect(header('Check network status')).toHaveFocus()
    await userEvent.keyboard('{End}')
    await expect(header('Account and login help')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(header('Billing and payments')).toHaveFocus()
    await userEvent.keyboard('{Home}')
    await expect(header('Billing and payments')).toHaveFocus()
    // Moving focus opens nothing.
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
})

/** Enter on the open question closes it again, leaving every answer hidden. */
export const CloseAgain = meta.story({
  name: 'Close again',
  args: { defaultValue: 'account' },
  render: (args) => <HelpGroup {...args} />,
  play: async ({ canvas, args, userEvent }) => {
    const account = canvas.getByRole('button', { name: 'Account and login help' })
    await expect(account).toHaveAttribute('aria-expanded', 'true')
    await userEvent.tab()
    await userEvent.keyboard('{End}')
    await expect(account).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(account).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(canvas.queryByText(/6-digit code/)).not.toBeInTheDocument())
    await expect(args.onValueChange).toHaveBeenLastCalledWith('')
  },
})

/** Keyboard focus: a visible ring inside the question's row. */
export const KeyboardFocus = meta.story({
  name: 'Keyboard focus',
  render: (args) => <HelpGroup {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const billing = canvas.getByRole('button', { name: 'Billing and payments' })
    await expect(billing.matches(':focus-visible')).toBe(true)
    const style = getComputedStyle(billing)
    await expect(style.outlineStyle).toBe('solid')
    // Drawn inside the row, so the neighbouring rows and the rounded border do not cover it,
    // and rounded like the card's top corners.
    await expect(Number.parseFloat(style.outlineOffset)).toBeLessThan(0)
    await expect(Number.parseFloat(style.borderTopLeftRadius)).toBeGreaterThan(0)
    await expect(Number.parseFloat(style.borderBottomLeftRadius)).toBe(0)
    await userEvent.keyboard('{End}')
    const last = canvas.getByRole('button', { name: 'Account and login help' })
    await expect(last).toHaveFocus()
    await expect(Number.parseFloat(getComputedStyle(last).borderBottomLeftRadius)).toBeGreaterThan(0)
  },
})

/** Long questions and answers wrap; the chevron keeps its size beside a two-line question. */
export const LongText = meta.story({
  name: 'Long text',
  args: { defaultValue: 'firmware' },
  render: (args) => (
    <HelpGroup
      {...args}
      title="Get help with your products and services"
      questions={[
        {
          value: 'firmware',
          question:
            'My Beacon 6 passed certification on firmware 3.4.12; do I need to certify it again after a security update to 3.4.13?',
          answer:
            'A security update that does not change radio, power or provisioning behaviour can be submitted as a ' +
            'maintenance release: edit the device record, add the new firmware version and start a new run. The ' +
            'lab reuses the results of unchanged test cases and only repeats the cases the update touches, so ' +
            'the run usually finishes within a day. Email Certificate sends the updated certificate once the run ' +
            'completes with CERTIFIED-OK.',
        },
        ...COMMON_ISSUES.slice(0, 2),
      ]}
    />
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    const long = canvas.getByRole('button', { name: /^My Beacon 6 passed certification/ })
    await expect(long).toHaveFocus()
    await expect(long).toHaveAttribute('aria-expanded', 'true')
    const chevron = long.querySelector('svg') as SVGElement
    await expect(chevron.getBoundingClientRect().width).toBe(16)
    const oneLine = canvas
      .getByRole('button', { name: 'Billing and payments' })
      .getBoundingClientRect().height
    await expect(long.getBoundingClientRect().height).toBeGreaterThan(oneLine)
    const content = canvasElement.querySelector('[data-slot="accordion-content"]') as HTMLElement
    await expect(content.scrollHeight).toBeLessThanOrEqual(content.clientHeight)
    await expect(canvas.getByText(/CERTIFIED-OK/)).toBeVisible()
  },
})
