import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { countryCodeLabel, type CountryDetail } from '@/contract/address'

type CountryCodeSelectProps = {
  name: string
  countries: ReadonlyArray<CountryDetail>
  /** The chosen code ('' for none) and the country it was chosen as. */
  countryCode: string
  country: string
  /** The country whose code was picked: the caller applies chooseCountry (contract/address-cascade). */
  onChooseCountry: (country: string) => void
  /** The list closed (the field is left). */
  onClose?: () => void
  placeholder?: string
  disabled?: boolean
}

/**
 * The country-code list of spec §3, each option shown 'Country (+NN)'. Several countries share a
 * code (+1), so each option stands for a country and its code: the value is the country's name,
 * unique in the list, and choosing one sets that very country and its code (chooseCountry), not
 * the first country of the code. Place it inside a Field for its label and error.
 */
function CountryCodeSelect({
  name,
  countries,
  countryCode,
  country,
  onChooseCountry,
  onClose,
  placeholder = 'Select a code',
  disabled,
}: CountryCodeSelectProps) {
  // A code stored without a country of that code in the list (old data) shows as its country's row
  // when one matches, else as nothing chosen.
  const chosen =
    countryCode === ''
      ? ''
      : countries.some((item) => item.country === country && item.countryCode === countryCode)
        ? country
        : (countries.find((item) => item.countryCode === countryCode)?.country ?? '')
  const chosenItem = countries.find((item) => item.country === chosen)
  return (
    <Select
      name={name}
      value={chosen}
      disabled={disabled}
      onValueChange={onChooseCountry}
      onOpenChange={(open) => {
        if (!open) onClose?.()
      }}
    >
      <SelectTrigger>
        <SelectValue placeholder={placeholder}>
          {chosenItem ? countryCodeLabel(chosenItem) : undefined}
        </SelectValue>
      </SelectTrigger>
      <SelectContent lazy>
        {countries.map((item) => (
          <SelectItem key={item.country} value={item.country}>
            {countryCodeLabel(item)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}

export { CountryCodeSelect }
