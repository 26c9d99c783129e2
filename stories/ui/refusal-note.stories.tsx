import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { RefusalNote } from '@/components/ui/refusal-note'
import { ROLE_REFUSAL_HINT, ROLE_REFUSALS } from '@/contract/roles'

/**
 * Why a control beside it is disabled for the member's role, and what to do about it —
 * a lock, the reason (the server's words) and the hint. The control names it with
 * aria-describedby.
 */
const meta = preview.meta({
  title: 'UI/Refusal note',
  component: RefusalNote,
  parameters: { layout: 'centered' },
  args: { id: 'register-refusal', reason: ROLE_REFUSALS.portfolio, hint: ROLE_REFUSAL_HINT },
  render: (args) => (
    <div className="flex max-w-md flex-col items-start gap-2">
      <Button disabled aria-describedby={args.id}>
        Register Product
      </Button>
      <RefusalNote {...args} />
    </div>
  ),
})

/** A Viewer's Register Product: disabled, described by the reason and the hint. */
export const BesideADisabledControl = meta.story({
  name: 'Beside a disabled control',
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Register Product' })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAccessibleDescription(`${ROLE_REFUSALS.portfolio} ${ROLE_REFUSAL_HINT}`)
    await expect(canvas.getByText(ROLE_REFUSALS.portfolio)).toBeVisible()
    await expect(canvas.getByText(ROLE_REFUSAL_HINT)).toBeVisible()
  },
})
