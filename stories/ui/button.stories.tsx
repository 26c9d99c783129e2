import preview from '#.storybook/preview'
import { Link } from '@tanstack/react-router'
import { Plus, RefreshCw, Trash2 } from 'lucide-react'
import { expect, fn } from 'storybook/test'
import { Button } from '@/components/ui/button'

const meta = preview.meta({
  title: 'UI/Button',
  component: Button,
  args: { children: 'Save', onClick: fn() },
  argTypes: {
    variant: {
      control: 'select',
      options: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'],
    },
    size: { control: 'select', options: ['sm', 'md', 'lg', 'icon', 'icon-sm'] },
  },
})

/** Tab reaches the button; Enter and Space both press it. */
export const Primary = meta.story({
  name: 'Primary',
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Save' })
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard(' ')
    await expect(args.onClick).toHaveBeenCalledTimes(2)
  },
})

export const Variants = meta.story({
  name: 'Variants',
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} variant="primary">
        Submit
      </Button>
      <Button {...args} variant="secondary">
        Save
      </Button>
      <Button {...args} variant="outline">
        Cancel
      </Button>
      <Button {...args} variant="ghost">
        Learn more
      </Button>
      <Button {...args} variant="destructive">
        <Trash2 aria-hidden="true" /> Delete
      </Button>
      <Button {...args} variant="link">
        Forgot Password
      </Button>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const names = ['Submit', 'Save', 'Cancel', 'Learn more', 'Delete', 'Forgot Password']
    for (const name of names) {
      await userEvent.tab()
      await expect(canvas.getByRole('button', { name })).toHaveFocus()
      await userEvent.keyboard('{Enter}')
    }
    await expect(args.onClick).toHaveBeenCalledTimes(names.length)
  },
})

export const Sizes = meta.story({
  name: 'Sizes',
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
      <Button {...args} size="icon" variant="outline" aria-label="Sync">
        <RefreshCw aria-hidden="true" />
      </Button>
      <Button {...args} size="icon-sm" variant="ghost" aria-label="Add a serial number">
        <Plus aria-hidden="true" />
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('button', { name: 'Small' }).getBoundingClientRect().height
    const large = canvas.getByRole('button', { name: 'Large' }).getBoundingClientRect().height
    await expect(large).toBeGreaterThan(small)
    // Icon-only buttons are named for screen readers.
    await expect(canvas.getByRole('button', { name: 'Sync' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Add a serial number' })).toBeVisible()
  },
})

/** Keyboard focus shows the ring without a hover. */
export const Focused = meta.story({
  name: 'Focused',
  args: { variant: 'outline', children: 'Cancel' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const button = canvas.getByRole('button', { name: 'Cancel' })
    await expect(button).toHaveFocus()
    await expect(button.matches(':focus-visible')).toBe(true)
  },
})

/** A disabled button is skipped by Tab and ignores clicks. */
export const Disabled = meta.story({
  name: 'Disabled',
  args: { disabled: true, children: 'Login' },
  render: (args) => (
    <div className="flex gap-3">
      <Button {...args} />
      <Button variant="outline">Next</Button>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const login = canvas.getByRole('button', { name: 'Login' })
    await expect(login).toBeDisabled()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Next' })).toHaveFocus()
    await userEvent.click(login)
    await expect(args.onClick).not.toHaveBeenCalled()
  },
})

/** While loading: a spinner, marked busy, and no second submit. */
export const Loading = meta.story({
  name: 'Loading',
  args: { loading: true, children: 'Submitting…' },
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Submitting…' })
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await expect(button).toBeDisabled()
    await expect(button.querySelector('[data-slot="button-spinner"]')).not.toBeNull()
    await userEvent.click(button)
    await expect(args.onClick).not.toHaveBeenCalled()
  },
})

/** A long label stays on one line; the button grows, and a narrow container scrolls rather than clips. */
export const LongText = meta.story({
  name: 'Long text',
  args: { children: 'Register Product and add it to the device portfolio section' },
  render: (args) => (
    <div className="max-w-xs overflow-x-auto pb-2">
      <Button {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Register Product/ })
    await expect(button.getBoundingClientRect().height).toBeLessThan(48)
  },
})

/** `asChild` gives a link the button's look and keeps it a link. */
export const AsLink = meta.story({
  name: 'As link',
  render: () => (
    <Button asChild variant="primary">
      <Link to="/portfolio" search={{ portfolio: 'device-portfolio' }}>
        Create Portfolio
      </Link>
    </Button>
  ),
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Create Portfolio' })
    await userEvent.tab()
    await expect(link).toHaveFocus()
    await expect(link).toHaveAttribute('href', '/portfolio?portfolio=device-portfolio')
  },
})
