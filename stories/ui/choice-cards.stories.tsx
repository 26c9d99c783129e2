import preview from '#.storybook/preview'
import * as React from 'react'
import { expect } from 'storybook/test'
import { ChoiceCards } from '@/components/ui/choice-cards'
import { LAB_ROLE_DESCRIPTIONS, LAB_ROLES, type LabRole } from '@/contract/lab'
import { ROLE_DESCRIPTIONS, ROLES, type Role } from '@/contract/roles'

/** One choice among a few, each a card saying what it means: the role in the invite and add-staff dialogs. */
const meta = preview.meta({
  title: 'UI/Choice cards',
  component: ChoiceCards,
  render: () => <></>,
})

function TeamRoles({ error }: { error?: string }) {
  const [role, setRole] = React.useState<Role>('Engineer')
  return (
    <div className="w-full max-w-md">
      <ChoiceCards
        legend="Role"
        name="story-role"
        options={ROLES}
        descriptions={ROLE_DESCRIPTIONS}
        value={role}
        onChange={setRole}
        error={error}
      />
    </div>
  )
}

/** The team's roles: arrows move the choice, each option named with what it may do. */
export const Default = meta.story({
  name: 'Default',
  render: () => <TeamRoles />,
  play: async ({ canvas, userEvent }) => {
    const engineer = canvas.getByRole('radio', { name: /^Engineer/ })
    await expect(engineer).toBeChecked()
    await expect(canvas.getByRole('group', { name: 'Role' })).toBeVisible()
    await userEvent.tab()
    await expect(engineer).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(canvas.getByRole('radio', { name: /^Viewer/ })).toBeChecked()
    await expect(canvas.getByRole('radio', { name: /^Viewer/ })).toHaveAccessibleName(
      `Viewer ${ROLE_DESCRIPTIONS.Viewer}`,
    )
  },
})

/** A refusal of the choice, under the options, describing the group. */
export const WithError = meta.story({
  name: 'With error',
  render: () => <TeamRoles error="role must be Owner, Engineer or Viewer" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Role' })).toHaveAccessibleDescription(
      'role must be Owner, Engineer or Viewer',
    )
  },
})

function LabRoles() {
  const [role, setRole] = React.useState<LabRole>('Lab engineer')
  return (
    <div className="w-full max-w-md">
      <ChoiceCards
        legend="Role"
        name="story-lab-role"
        options={LAB_ROLES}
        descriptions={LAB_ROLE_DESCRIPTIONS}
        value={role}
        onChange={setRole}
      />
    </div>
  )
}

/** The lab's two roles (Add a staff member). */
export const LabRolesChoice = meta.story({
  name: 'Lab roles',
  render: () => <LabRoles />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: /^Lab engineer/ })).toBeChecked()
    await expect(canvas.getAllByRole('radio')).toHaveLength(2)
  },
})
