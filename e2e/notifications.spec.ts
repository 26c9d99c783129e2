import { expect, test } from '@playwright/test'
import { createAccount, uniqueEmail } from './accounts'
import { openMenu, statusBar, submitDevice } from './devices'
import { logIn, openDashboard } from './live'

/*
 * Notifications: a vendor's run ends with a Validation Failure; the mail in the
 * development mailbox names the failed case and carries the RFC 8058 headers and a signed
 * unsubscribe link; a visitor's browser opens the link (which changes nothing), unsubscribes, and
 * the vendor's settings page shows that switch off and turns it on again.
 *
 * Every text below is the literal of src/contract/notifications.ts or of the mails.
 */

test.skip(
  ({ isMobile }) => isMobile,
  'The settings page and the mail’s link are the same code on a phone; the phone project walks the public site, the forms and the dashboard.',
)

type MailboxMail = { to: string; subject: string; text: string; headers?: Record<string, string> }

const LABELS = [
  'Certification run finished',
  'Certificate issued',
  'Comment from the lab',
  'Lab maintenance',
  'Invitations to organizations',
]

test('a run’s mail, its unsubscribe link without a login, and the settings page', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000)
  const emailId = uniqueEmail(`notify-${testInfo.project.name}`)
  const password = 'Notify#2026x'
  await createAccount(request, { emailId, password })
  await logIn(page, emailId, password)

  // Every kind is on at first.
  await page.goto('/settings/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  for (const label of LABELS) await expect(page.getByRole('switch', { name: label })).toBeChecked()

  // The simulated lab fails 0.x firmware's 'Firmware upgrade and rollback'.
  const failing = {
    deviceName: 'Beacon 10',
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
    baseFirmwareVersion: '0.9.1',
  }
  await submitDevice(page, failing)
  await openDashboard(page)
  const menu = await openMenu(page, failing.deviceName)
  await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
  await expect(statusBar(page, failing.deviceName)).toHaveAttribute(
    'aria-label',
    `${failing.deviceName}: Validation Failure`,
    { timeout: 60_000 },
  )

  let mail: MailboxMail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as MailboxMail[]
        mail = mails.find(
          (candidate) =>
            candidate.to === emailId && candidate.subject === 'Validation Failure: Beacon 10 (attempt 1)',
        )
        return mail !== undefined
      },
      { message: 'the run’s mail', timeout: 15_000 },
    )
    .toBe(true)
  expect(mail?.text).toContain('1 case failed:\n  - Firmware upgrade and rollback')
  expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  expect(mail?.headers?.['List-Unsubscribe']).toMatch(
    /^<https?:\/\/[^>]+\/api\/notifications\/one-click\?token=n1\.[^>]+>$/,
  )
  const link = mail?.text.match(
    /To stop “Certification run finished” mails, open: https?:\/\/[^/\s]+(\/unsubscribe\?token=\S+)/,
  )?.[1]
  expect(link).toBeTruthy()

  // A visitor's browser (no login): opening the link asks; the button turns it off.
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(link as string)
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
  await expect(
    visitorPage.getByText(`Stop “Certification run finished” mails to ${emailId} for `),
  ).toBeVisible()
  await visitorPage.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(visitorPage.getByRole('status')).toHaveText(
    `Done: “Certification run finished” mails to ${emailId} are off.`,
  )
  await visitor.close()

  // The vendor's settings page shows it off, and turns it on again.
  await page.goto('/settings/notifications')
  const runFinished = page.getByRole('switch', { name: 'Certification run finished' })
  await expect(runFinished).not.toBeChecked()
  await runFinished.click()
  await expect(runFinished).toBeChecked()
  await expect(page.getByText('Saved: “Certification run finished” mails are on.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Certification run finished' })).toBeChecked()
})
