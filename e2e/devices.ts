import { expect, type Page } from '@playwright/test'

/*
 * Device records for the dashboard journeys: a portfolio submitted over the API from a logged-in
 * page (as the form's Submit sends it, spec §3), and the dashboard's rows, bars, cards and menu.
 */

export type Device = {
  deviceName: string
  deviceType: string
  productClass: string
  baseFirmwareVersion: string
  /** Default: one serial number made from the device name. */
  serialNumber?: string
}

/** Submits a portfolio for one device over the API, as the form's Submit does. */
export async function submitDevice(page: Page, device: Device) {
  const status = await page.evaluate(
    async ({ deviceName, deviceType, productClass, baseFirmwareVersion, serialNumber }) => {
      const authData = JSON.parse(localStorage.getItem('AUTH_DATA') ?? '{}') as {
        vendorUserId: string
        emailId: string
      }
      const answer = await fetch('/api/portfoliomanager/create', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Token: localStorage.getItem('TOKEN') ?? '' },
        body: JSON.stringify({
          organizationName: 'Journey Networks',
          description: 'Fibre and Wi-Fi gear.',
          businessContactName: 'Ada Lovelace',
          emailId: authData.emailId,
          countryCode: '+91',
          phoneNumber: '98765 43210',
          bestTimeToReach: '09:30 AM',
          days: 'Monday,Thursday',
          address: '12 MG Road',
          country: 'India',
          state: 'Karnataka',
          city: 'Bengaluru',
          businessDomain: 'Wireless',
          vendor: 'Nokia',
          deviceName,
          deviceType,
          productClass,
          devicesToBeCertified: '1',
          deviceNumberList: [serialNumber ?? `SN${deviceName.replace(/\W/g, '')}`],
          baseFirmwareVersion,
          yearOfManufacturing: '2024',
          isEngBuildAvailable: 'Yes',
          vendorUserId: authData.vendorUserId,
          savedPortfolioManagerId: null,
        }),
      })
      return `${answer.status} ${await answer.text()}`
    },
    { serialNumber: undefined, ...device },
  )
  expect(status).toMatch(/^200 /)
}

export const row = (page: Page, deviceName: string) => page.getByRole('row').filter({ hasText: deviceName })
export const statusBar = (page: Page, deviceName: string) => row(page, deviceName).getByRole('progressbar')

export async function openMenu(page: Page, deviceName: string) {
  await page.getByRole('button', { name: `Actions for ${deviceName}` }).click()
  return page.getByRole('menu')
}

export const cardCount = (page: Page, label: string) =>
  page
    .locator('[data-slot="status-card"]')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
