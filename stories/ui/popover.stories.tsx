import preview from '#.storybook/preview'
import { LogOut, UserRound } from 'lucide-react'
import type * as React from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

type StoryArgs = { onLogout: () => void }

const meta = preview.type<{ args: StoryArgs }>().meta({
  title: 'UI/Popover',
  component: Popover,
  subcomponents: { PopoverTrigger, PopoverContent, PopoverClose },
  args: { onOpenChange: fn(), onLogout: fn() },
  // The popover opens below its trigger: leave room so it is not cut off.
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="flex min-h-80 items-start justify-end px-4 pt-4 sm:w-lg">
        <Story />
      </div>
    ),
  ],
})

/** Popovers render in a portal, outside the story's canvas. */
function screen(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

type Profile = { name: string; emailId: string; phoneNumber: string }

const RAVI: Profile = { name: 'Ravi Kumar', emailId: 'ravi.kumar@nokia.com', phoneNumber: '+358 40 123 4567' }

/** The header's profile popup for a logged-in vendor user (spec §2): name, email id, phone number, Logout. */
function ProfilePopup({
  profile = RAVI,
  onLogout,
  ...props
}: React.ComponentProps<typeof Popover> & StoryArgs & { profile?: Profile }) {
  return (
    <Popover {...props}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Profile">
          <UserRound aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-label="Profile" className="flex flex-col gap-3">
        <p className="text-body font-semibold break-words text-ink">{profile.name}</p>
        <dl className="flex flex-col gap-2 text-small">
          <div>
            <dt className="text-caption text-ink-muted">Email id</dt>
            <dd className="break-words text-ink">{profile.emailId}</dd>
          </div>
          <div>
            <dt className="text-caption text-ink-muted">Phone number</dt>
            <dd className="text-ink">{profile.phoneNumber}</dd>
          </div>
        </dl>
        <PopoverClose asChild>
          <Button variant="outline" onClick={onLogout}>
            <LogOut aria-hidden="true" /> Logout
          </Button>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  )
}

/** Closed: the icon button is named Profile and says it opens a dialog. */
export const Closed = meta.story({
  name: 'Closed',
  render: (args) => <ProfilePopup {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Profile' })
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(screen(canvasElement).queryByRole('dialog')).not.toBeInTheDocument()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
})

/** Enter opens the profile popup with the user's details; focus moves to Logout. */
export const Open = meta.story({
  name: 'Open',
  render: (args) => <ProfilePopup {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Profile' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const popup = await screen(canvasElement).findByRole('dialog', { name: 'Profile' })
    await waitFor(() => expect(popup).toBeVisible())
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(args.onOpenChange).toHaveBeenCalledWith(true)
    await expect(within(popup).getByText('Ravi Kumar')).toBeVisible()
    await expect(within(popup).getByText('ravi.kumar@nokia.com')).toBeVisible()
    await expect(within(popup).getByText('+358 40 123 4567')).toBeVisible()
    await waitFor(() => expect(within(popup).getByRole('button', { name: 'Logout' })).toHaveFocus())
  },
})

/** Escape closes the popup and focus returns to the Profile button. */
export const EscapeCloses = meta.story({
  name: 'Escape closes',
  render: (args) => <ProfilePopup {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Profile' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const popup = await screen(canvasElement).findByRole('dialog', { name: 'Profile' })
    await waitFor(() => expect(popup.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).not.toBeInTheDocument())
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(trigger).toHaveFocus())
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(args.onLogout).not.toHaveBeenCalled()
  },
})

/** Enter on Logout logs out and closes the popup. */
export const Logout = meta.story({
  name: 'Logout',
  render: (args) => <ProfilePopup {...args} />,
  play: async ({ canvasElement, args, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const popup = await screen(canvasElement).findByRole('dialog', { name: 'Profile' })
    await waitFor(() => expect(within(popup).getByRole('button', { name: 'Logout' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(args.onLogout).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).not.toBeInTheDocument())
  },
})

/** Keyboard focus on the trigger shows the focus ring; Space opens the popup as well as Enter. */
export const KeyboardFocus = meta.story({
  name: 'Keyboard focus',
  render: (args) => <ProfilePopup {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Profile' })
    await userEvent.tab()
    await expect(trigger.matches(':focus-visible')).toBe(true)
    await expect(getComputedStyle(trigger).outlineStyle).toBe('solid')
    await userEvent.keyboard(' ')
    await expect(await screen(canvasElement).findByRole('dialog', { name: 'Profile' })).toBeInTheDocument()
  },
})

/** A long name and email id wrap inside the popup, which stays inside a phone's screen. */
export const LongText = meta.story({
  name: 'Long text',
  render: (args) => (
    <ProfilePopup
      {...args}
      profile={{
        name: 'Maria Fernanda Rodrigues da Silva Albuquerque',
        emailId: 'certification.programme.office@huawei-device-certification.example.com',
        phoneNumber: '+86 755 2878 0808 ext. 4471',
      }}
    />
  ),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const popup = await screen(canvasElement).findByRole('dialog', { name: 'Profile' })
    await waitFor(() => expect(within(popup).getByRole('button', { name: 'Logout' })).toHaveFocus())
    const email = within(popup).getByText(/^certification\.programme\.office@/)
    await expect(email.scrollWidth).toBeLessThanOrEqual(email.clientWidth)
    await expect(popup.scrollWidth).toBeLessThanOrEqual(popup.clientWidth)
    const viewportWidth = canvasElement.ownerDocument.documentElement.clientWidth
    const box = popup.getBoundingClientRect()
    await expect(box.left).toBeGreaterThanOrEqual(0)
    await expect(box.right).toBeLessThanOrEqual(viewportWidth)
  },
})
