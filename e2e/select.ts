import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Opens a select and picks an option, until the list has closed on it. The catalogue is shared by
 * the journeys running beside this one: a list read again while open (a name another journey
 * added) can move the option under the click, which then picks nothing; pick it again then. While
 * the list is open the rest of the page is hidden from assistive technology (Radix), the select
 * too: whether it is open is read from the list itself.
 */
export async function choose(scope: Page | Locator, page: Page, label: string | RegExp, option: string) {
  const select = scope.getByRole('combobox', { name: label })
  const list = page.getByRole('listbox')
  await expect(async () => {
    if (!(await list.isVisible())) await select.click()
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5000 })
    await expect(list).toBeHidden({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  await expect(select).toHaveAttribute('aria-expanded', 'false')
}
