import { expect, test } from '@playwright/test'
import { createAccount, logInWithForm, uniqueEmail } from './accounts'
import { type Device, openMenu, statusBar, submitDevice } from './devices'
import { openPage } from './live'

/*
 * Issue 20, the part that is built: a vendor certifies a device and mails its certificate; the
 * mail names the verification page; a visitor (another browser, logged out) opens it and sees the
 * certificate Valid, checked in the page against the published key; the PDF from the mail, chosen
 * on /verify, leads to the same record. The directory, revocation in the UI and the rest of the
 * issue's journey come with the next sessions.
 */

type OutboxMail = {
  to: string
  subject: string
  text: string
  attachments: Array<{ filename: string; contentType: string; url: string }>
}

test('a mailed certificate names its verification page, which says Valid to anyone; its PDF leads there too', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const emailId = uniqueEmail(`certificate-${testInfo.project.name}`)
  await createAccount(request, { emailId, password: 'Verify#2026x' })
  await openPage(page, '/login')
  await logInWithForm(page, { emailId, password: 'Verify#2026x' })
  await expect(page).toHaveURL(/\/$/)
  const device: Device = {
    deviceName: 'Beacon 6',
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
    baseFirmwareVersion: '1.4.2',
    serialNumber: `VERIFY${testInfo.project.name.toUpperCase()}`,
  }
  await submitDevice(page, device)
  await page.goto('/dashboard')
  let menu = await openMenu(page, device.deviceName)
  await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
  await expect(statusBar(page, device.deviceName)).toHaveAttribute(
    'aria-label',
    `${device.deviceName}: Certified`,
    { timeout: 60_000 },
  )
  menu = await openMenu(page, device.deviceName)
  await menu.getByRole('menuitem', { name: 'Email Certificate' }).click()
  await expect(page.getByText(`The certificate has been sent to ${emailId}.`).first()).toBeVisible()

  let mail: OutboxMail | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mailbox.json')).json()) as OutboxMail[]
      mail = mails.find((candidate) => candidate.to === emailId && candidate.attachments.length > 0)
      return mail?.subject
    })
    .toMatch(/^Certificate DCP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}: Nokia Beacon 6$/)
  const link = mail?.text.match(/Anyone can check it at (\S+)/)?.[1] ?? ''
  const number = mail?.subject.match(/DCP-[0-9A-Z-]{14}/)?.[0] ?? ''
  expect(new URL(link).pathname).toBe(`/verify/${number}`)

  // A visitor, logged out, in another browser.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const page2 = await visitor.newPage()
  await openPage(page2, new URL(link).pathname)
  const record = page2.getByRole('region', { name: `Certificate ${number}` })
  await expect(record).toHaveAttribute('data-state', 'valid', { timeout: 15_000 })
  await expect(record.getByRole('region', { name: 'Result' })).toHaveText('ValidThis device is certified.')
  await expect(record).toContainText('Nokia Beacon 6')
  await expect(record).toContainText(device.serialNumber ?? '')
  await expect(record).toContainText('Signature checked in your browser: this is the portal’s signed record.')

  // The PDF from the mail, chosen on /verify: the same certificate.
  const pdf = await request.get(mail?.attachments[0]?.url ?? '')
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await openPage(page2, '/verify')
  await page2.getByLabel(/Or choose the certificate PDF/).setInputFiles({
    name: mail?.attachments[0]?.filename ?? 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await pdf.body()),
  })
  await expect(page2).toHaveURL(new RegExp(`/verify/${number}$`))
  await expect(page2.getByRole('region', { name: `Certificate ${number}` })).toHaveAttribute(
    'data-state',
    'valid',
    { timeout: 15_000 },
  )
  await visitor.close()
})
