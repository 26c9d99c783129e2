// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000/"}
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LabTestPlanAnswer, PlanCase } from '@/contract/test-plans'
import { DraftEditor } from '@/features/test-plans/components/draft-editor'
import { createQueryClient } from '@/lib/query-client'
import { world } from '@/mocks/fixtures/world'
import { startFixtureServer } from '@/test/fixture-server'

const server = startFixtureServer()
// Radix's checkbox measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
afterEach(cleanup)

const item = (name: string): PlanCase => ({
  name,
  description: '',
  firmwareSensitive: false,
  productClasses: [],
})
const START = [item('Boot and provisioning'), item('Dying gasp'), item('OMCI provisioning')]

function renderEditor(startCases: PlanCase[] = START) {
  const onSaved = vi.fn<(plan: LabTestPlanAnswer) => void>()
  const onClose = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <DraftEditor
        planId="plan-ont"
        productClasses={['GPON', 'XGS-PON', '10G-EPON']}
        nextVersion={2}
        currentVersion={1}
        startCases={startCases}
        onSaved={onSaved}
        onClose={onClose}
      />
    </QueryClientProvider>,
  )
  return { onSaved, onClose, user: userEvent.setup() }
}

const names = () =>
  screen.getAllByRole('textbox', { name: 'Name' }).map((input) => (input as HTMLInputElement).value)
const problem = () => screen.getByRole('alert')
const ont = () => world.testPlans.find((plan) => plan.plan.planId === 'plan-ont')!

describe('DraftEditor', () => {
  it('moves a case down and up, the focus following it (to the other button at an end)', async () => {
    const { user } = renderEditor()
    await user.click(screen.getByRole('button', { name: 'Move down: Boot and provisioning' }))
    expect(names()).toEqual(['Dying gasp', 'Boot and provisioning', 'OMCI provisioning'])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move down: Boot and provisioning' })).toHaveFocus(),
    )
    await user.click(screen.getByRole('button', { name: 'Move down: Boot and provisioning' }))
    expect(names()).toEqual(['Dying gasp', 'OMCI provisioning', 'Boot and provisioning'])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move up: Boot and provisioning' })).toHaveFocus(),
    )
    expect(screen.getByRole('button', { name: 'Move down: Boot and provisioning' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move up: Dying gasp' })).toBeDisabled()
  })

  it('removes a case and focuses the next one’s name', async () => {
    const { user } = renderEditor()
    await user.click(screen.getByRole('button', { name: 'Remove: Dying gasp' }))
    expect(names()).toEqual(['Boot and provisioning', 'OMCI provisioning'])
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Name' })[1]).toHaveFocus())
  })

  it('adds an empty case, then refuses to save it unnamed without calling the server', async () => {
    const { user, onSaved } = renderEditor()
    await user.click(screen.getByRole('button', { name: 'Add case' }))
    const added = screen.getAllByRole('textbox', { name: 'Name' })[3]!
    await waitFor(() => expect(added).toHaveFocus())
    expect(screen.getByRole('button', { name: 'Move down: case 4' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(problem()).toHaveTextContent('Case 4: the name is required.'))
    expect(added).toHaveFocus()
    expect(onSaved).not.toHaveBeenCalled()
    expect(ont().plan.hasDraft).toBe(false)
  })

  it('counts the name’s characters against 120 and refuses a duplicate name', async () => {
    const { user } = renderEditor()
    const second = screen.getAllByRole('textbox', { name: 'Name' })[1]!
    expect(second).toHaveAccessibleDescription('10 / 120 characters')
    await user.clear(second)
    await user.type(second, 'boot and provisioning')
    expect(second).toHaveAccessibleDescription('21 / 120 characters')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() =>
      expect(problem()).toHaveTextContent('Case 2: “boot and provisioning” is already a case of this plan.'),
    )
  })

  it('saves the cases in their order, with classes and the firmware flag, and hands back the plan', async () => {
    const { user, onSaved } = renderEditor()
    const third = screen.getAllByRole('group', { name: 'Case 3' })[0]!
    await user.click(within(third).getByRole('checkbox', { name: /Firmware-sensitive/ }))
    await user.click(within(third).getByRole('checkbox', { name: 'XGS-PON' }))
    await user.click(screen.getByRole('button', { name: 'Move up: OMCI provisioning' }))
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce())
    const saved = onSaved.mock.calls[0]![0]
    expect(saved.plan.hasDraft).toBe(true)
    expect(saved.versions[0]).toMatchObject({ version: 2, state: 'draft' })
    expect(saved.versions[0]!.cases).toEqual([
      item('Boot and provisioning'),
      { ...item('OMCI provisioning'), firmwareSensitive: true, productClasses: ['XGS-PON'] },
      item('Dying gasp'),
    ])
  })

  it('shows the server’s refusal in the form and focuses the case its field names', async () => {
    server.use(
      http.post('*/api/lab/test-plans/draft', () =>
        HttpResponse.json(
          { message: 'Name must be at most 120 characters.', field: 'cases[2].name' },
          { status: 400 },
        ),
      ),
    )
    const { user, onSaved } = renderEditor()
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(problem()).toHaveTextContent('Name must be at most 120 characters.'))
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Name' })[2]).toHaveFocus())
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('closes at once when nothing changed, and asks first when something did', async () => {
    const { user, onClose } = renderEditor()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledOnce()
    await user.type(screen.getAllByRole('textbox', { name: 'Description' })[0]!, 'Cold boot.')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    expect(onClose).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    )
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})
