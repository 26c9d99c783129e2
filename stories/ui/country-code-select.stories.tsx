import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { CountryCodeSelect } from '@/components/form/country-code-select'
import { Field, FieldLabel } from '@/components/ui/field'
import type { CountryDetail } from '@/contract/address'

/*
 * The country-code list of the registration and portfolio forms (spec §3): each option reads
 * 'Country (+NN)', and choosing one chooses that very country, also where several share a code.
 */

const COUNTRIES: CountryDetail[] = [
  { country: 'Canada', countryCode: '+1' },
  { country: 'Finland', countryCode: '+358' },
  { country: 'India', countryCode: '+91' },
  { country: 'United States', countryCode: '+1' },
]

type Chosen = { country: string; countryCode: string }

/** A labelled field holding the choice, as the forms do (they apply chooseCountry). */
function CountryCodeField({
  initial,
  onChooseCountry,
}: {
  initial: Chosen
  onChooseCountry: (country: string) => void
}) {
  const [chosen, setChosen] = React.useState(initial)
  return (
    <div className="w-full max-w-xs">
      <Field>
        <FieldLabel>Country code</FieldLabel>
        <CountryCodeSelect
          name="countryCode"
          countries={COUNTRIES}
          country={chosen.country}
          countryCode={chosen.countryCode}
          onChooseCountry={(country) => {
            onChooseCountry(country)
            const found = COUNTRIES.find((item) => item.country === country)
            setChosen({ country, countryCode: found?.countryCode ?? '' })
          }}
        />
      </Field>
    </div>
  )
}

const meta = preview.meta({
  title: 'UI/Country code select',
  component: CountryCodeField,
  subcomponents: { CountryCodeSelect },
  args: { initial: { country: '', countryCode: '' }, onChooseCountry: fn() },
})

/** Radix renders the list in a portal at the end of the body. */
function page(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

/** Nothing chosen: the placeholder, and the list, read 'Country (+NN)', opens from the keyboard. */
export const Empty = meta.story({
  name: 'Empty',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Country code' })
    await expect(trigger).toHaveTextContent('Select a code')
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const list = await page(canvasElement).findByRole('listbox')
    await expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Canada (+1)', 'Finland (+358)', 'India (+91)', 'United States (+1)'])
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page(canvasElement).queryByRole('listbox')).toBeNull())
  },
})

/** A shared code (+1) chosen as the United States shows the United States, not Canada. */
export const SharedCodeChosen = meta.story({
  name: 'Shared code chosen',
  args: { initial: { country: 'United States', countryCode: '+1' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Country code' })).toHaveTextContent(
      'United States (+1)',
    )
  },
})

/** Choosing Canada (+1) chooses Canada: the very country, with its code. */
export const ChooseOne = meta.story({
  name: 'Choose one',
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Country code' }))
    await userEvent.click(await page(canvasElement).findByRole('option', { name: 'Canada (+1)' }))
    await expect(args.onChooseCountry).toHaveBeenCalledWith('Canada')
    await expect(canvas.getByRole('combobox', { name: 'Country code' })).toHaveTextContent('Canada (+1)')
  },
})
