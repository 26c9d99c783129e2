import preview from '#.storybook/preview'
import { useState } from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'

const meta = preview.meta({
  title: 'UI/Full-screen loader',
  component: FullScreenLoader,
  args: { open: true, label: 'Signing in…' },
  parameters: { layout: 'fullscreen' },
})

function LoginBehind({ open, label, onLogin }: { open: boolean; label?: string; onLogin: () => void }) {
  return (
    <div className="flex min-h-96 flex-col items-start gap-3 p-6">
      <p className="text-body">The login form sits behind the loader.</p>
      <Button onClick={onLogin}>Login</Button>
      <FullScreenLoader open={open} {...(label ? { label } : {})} />
    </div>
  )
}

/** While a login request is pending: nothing behind can be clicked, tabbed to, or used to close it. */
const onLogin = fn()

export const Open = meta.story({
  name: 'Open',
  render: (args) => <LoginBehind open={args.open} label={args.label} onLogin={onLogin} />,
  play: async ({ canvasElement, userEvent }) => {
    onLogin.mockClear()
    const body = within(canvasElement.ownerDocument.body)
    const loader = await body.findByRole('dialog', { name: 'Loading' })
    await expect(loader).toHaveAttribute('aria-busy', 'true')
    await expect(body.getByRole('status')).toHaveTextContent('Signing in…')
    // Tab and Escape stay inside; the button behind is out of reach.
    await userEvent.tab()
    await userEvent.tab()
    await expect(loader.contains(document.activeElement) || document.activeElement === loader).toBe(true)
    await userEvent.keyboard('{Escape}')
    await expect(body.getByRole('dialog', { name: 'Loading' })).toBeVisible()
    // What a pointer would hit over the Login button is the loader's cover, not the button.
    const button = canvasElement.querySelector('button') as HTMLButtonElement
    const box = button.getBoundingClientRect()
    const hit = canvasElement.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    await expect(hit).toHaveAttribute('data-slot', 'full-screen-loader-overlay')
    await expect(onLogin).not.toHaveBeenCalled()
  },
})

/** Closed: the page behind is usable again. */
export const Closed = meta.story({
  name: 'Closed',
  args: { open: false },
  render: (args) => <LoginBehind open={args.open} onLogin={() => undefined} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Login' })).toHaveFocus()
  },
})

/** Opens when a request starts and closes when it ends; focus returns to the page. */
export const WhileRequestPending = meta.story({
  name: 'While request pending',
  args: { open: false, label: 'Creating your password…' },
  render: function Render(args) {
    const [pending, setPending] = useState(false)
    return (
      <div className="flex min-h-96 flex-col items-start gap-3 p-6">
        <Button
          onClick={() => {
            setPending(true)
            setTimeout(() => setPending(false), 400)
          }}
        >
          Create Password
        </Button>
        <FullScreenLoader open={pending} label={args.label} />
      </div>
    )
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await expect(await body.findByRole('dialog', { name: 'Loading' })).toBeVisible()
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Create Password' })).toHaveFocus()
  },
})
