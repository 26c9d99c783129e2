import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { devices, expect, request as requestContext, test } from '@playwright/test'
import { certificatePublishedMessage, certificateRevokedMessage } from '../src/contract/certificates'
import { createAccount, logInWithForm, uniqueEmail } from './accounts'
import { type Device, openMenu, row, statusBar, submitDevice } from './devices'
import { openPage } from './live'
import { ownPortal, runScript } from './own-portal'

/*
 * The whole journey, on a portal of its own (revocation by command needs the portal
 * stopped, as PGlite has one owner): a vendor certifies a device and downloads its certificate
 * (Download Certificate); the PDF names its number and verification page; a visitor, logged out
 * in another browser, opens that page and sees Valid, checked in the page against the published
 * key, and the PDF from the certificate mail chosen on /verify leads to the same record. The vendor
 * lists the device among the certified devices from run details; the visitor finds it in the
 * directory by its vendor and its number. The lab revokes it by command with a reason; after the
 * restart the visitor sees Revoked with the reason, the directory no longer lists it, and the
 * vendor's run details say Revoked.
 */

type MailboxMail = {
  to: string
  subject: string
  text: string
  attachments: Array<{ filename: string; contentType: string; url: string }>
}

/**
 * What a PDF says, as text: its bytes, its compressed streams inflated, and the UTF-16 hex strings
 * its properties are written in (pdf-lib's), decoded.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  const parts = [raw]
  for (const match of raw.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length
    let end = raw.indexOf('endstream', start)
    if (end < 0) break
    // The line end before `endstream` is not part of the data.
    if (raw[end - 1] === '\n') end -= 1
    if (raw[end - 1] === '\r') end -= 1
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'))
    } catch {
      // Not compressed, or not with deflate: read as it is above.
    }
  }
  const text = parts.join('\n')
  const decoded = [...text.matchAll(/<(?:FEFF|feff)([0-9A-Fa-f\s]+)>/g)].map((hex) =>
    Buffer.from((hex[1] ?? '').replace(/\s+/g, ''), 'hex')
      .swap16()
      .toString('utf16le'),
  )
  return [text, ...decoded].join('\n')
}

const PASSWORD = 'Verify#2026x'
const REASON = 'The device sold under this certificate is not the one tested.'

test('certify, download the PDF, verify it logged out, list it, find it, revoke it: Revoked everywhere', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'The certificate journey runs once, at desktop width.')
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-certificates-'))
  const portal = await ownPortal(dataDir, { caseMs: 150 })
  await portal.start()
  const vendorContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const visitorContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const api = await requestContext.newContext({ baseURL: portal.base })
  try {
    const emailId = uniqueEmail('certificate')
    await createAccount(api, { emailId, password: PASSWORD, organization: 'Verify Networks' })
    const page = await vendorContext.newPage()
    await openPage(page, '/login')
    await logInWithForm(page, { emailId, password: PASSWORD })
    await expect(page).toHaveURL(/\/$/)
    const device: Device = {
      deviceName: 'Beacon 6',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Wi-Fi 6 Mesh',
      baseFirmwareVersion: '1.4.2',
      serialNumber: 'VERIFY0001',
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

    // Download Certificate: the PDF names its number and the page that verifies it.
    menu = await openMenu(page, device.deviceName)
    const downloading = page.waitForEvent('download')
    await menu.getByRole('menuitem', { name: 'Download Certificate' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const pdf = readFileSync(await download.path())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const verifyUrl = pdfText(pdf).match(
      /https?:\/\/[^\s()<>]+\/verify\/(DCP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/,
    )
    expect(verifyUrl, 'the verification URL in the PDF').not.toBeNull()
    const number = verifyUrl?.[1] ?? ''
    expect(new URL(verifyUrl?.[0] ?? '').origin).toBe(portal.base)

    // A visitor, logged out, in another browser: Valid, checked in the page.
    const visitor = await visitorContext.newPage()
    await openPage(visitor, `/verify/${number}`)
    const record = visitor.getByRole('region', { name: `Certificate ${number}` })
    await expect(record).toHaveAttribute('data-state', 'valid', { timeout: 15_000 })
    await expect(record.getByRole('region', { name: 'Result' })).toHaveText('ValidThis device is certified.')
    await expect(record).toContainText('Nokia Beacon 6')
    await expect(record).toContainText('VERIFY0001')
    await expect(record).toContainText(
      'Signature checked in your browser: this is the portal’s signed record.',
    )

    // The certificate mail names the same page, and its PDF chosen on /verify leads there.
    menu = await openMenu(page, device.deviceName)
    await menu.getByRole('menuitem', { name: 'Email Certificate' }).click()
    await expect(page.getByText(`The certificate has been sent to ${emailId}.`).first()).toBeVisible()
    let mail: MailboxMail | undefined
    await expect
      .poll(async () => {
        const mails = (await (await api.get('/dev/mailbox.json')).json()) as MailboxMail[]
        mail = mails.find((candidate) => candidate.to === emailId && candidate.attachments.length > 0)
        return mail?.subject
      })
      .toBe(`Certificate ${number}: Nokia Beacon 6`)
    expect(mail?.text).toContain(`Anyone can check it at ${portal.base}/verify/${number}`)
    const mailed = await api.get(mail?.attachments[0]?.url ?? '')
    expect(mailed.headers()['content-type']).toBe('application/pdf')
    await openPage(visitor, '/verify')
    await visitor.getByLabel(/Or choose the certificate PDF/).setInputFiles({
      name: mail?.attachments[0]?.filename ?? 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await mailed.body()),
    })
    await expect(visitor).toHaveURL(new RegExp(`/verify/${number}$`))
    await expect(visitor.getByRole('region', { name: `Certificate ${number}` })).toHaveAttribute(
      'data-state',
      'valid',
      { timeout: 15_000 },
    )

    // Not listed until the vendor lists it.
    await openPage(visitor, `/certified-devices?search=${number}`)
    await expect(visitor.getByText('No certified device matches these filters.')).toBeVisible({
      timeout: 15_000,
    })

    // The vendor lists it from run details.
    await row(page, device.deviceName).getByRole('cell').nth(3).click()
    const details = page.getByRole('region', { name: `Certification run · ${device.deviceName}` })
    const certificateLine = details.locator('[data-slot="run-certificate"]')
    await expect(certificateLine).toContainText(`Certificate${number}· Valid`)
    const listed = certificateLine.getByRole('checkbox', {
      name: 'List this device among the certified devices',
    })
    await expect(listed).not.toBeChecked()
    await listed.click()
    await expect(page.getByText(certificatePublishedMessage(number)).first()).toBeVisible()
    await expect(listed).toBeChecked()

    // The visitor finds it in the directory: by vendor, then by its number, and opens its record.
    await openPage(visitor, '/certified-devices')
    await visitor.getByRole('combobox', { name: 'Vendor' }).click()
    await visitor.getByRole('option', { name: 'Nokia' }).click()
    await expect(visitor).toHaveURL(/\/certified-devices\?vendor=Nokia$/)
    const directory = visitor.getByRole('list', { name: 'Certified devices' })
    await expect(directory.getByRole('heading', { level: 2, name: 'Nokia Beacon 6' })).toBeVisible()
    await expect(visitor.getByText('Showing 1–1 of 1')).toBeVisible()
    await visitor.getByRole('button', { name: 'Clear filters' }).click()
    await visitor.getByRole('searchbox', { name: 'Search' }).fill(number.toLowerCase())
    await visitor.getByRole('searchbox', { name: 'Search' }).press('Enter')
    await expect(visitor).toHaveURL(new RegExp(`search=${number.toLowerCase()}`))
    await directory.getByRole('link', { name: `Certificate ${number} of Nokia Beacon 6` }).click()
    await expect(visitor).toHaveURL(new RegExp(`/verify/${number}$`))
    await expect(visitor.getByRole('region', { name: `Certificate ${number}` })).toHaveAttribute(
      'data-state',
      'valid',
      { timeout: 15_000 },
    )

    // The lab revokes it by command, with the portal stopped (PGlite has one owner).
    await portal.kill()
    const refused = await runScript(portal, 'scripts/revoke-certificate.ts', ['--number', number])
    expect(refused.code).toBe(2)
    expect(refused.output).toContain('--reason: Give the reason for revoking this certificate.')
    const revoked = await runScript(portal, 'scripts/revoke-certificate.ts', [
      '--number',
      number,
      '--reason',
      REASON,
    ])
    expect(revoked.output).toContain(`${certificateRevokedMessage(number)} Its Owners were told.`)
    expect(revoked.code).toBe(0)
    await portal.start()

    // Revoked everywhere: the verification page with the reason, the directory, the run details.
    await openPage(visitor, `/verify/${number}`)
    const revokedRecord = visitor.getByRole('region', { name: `Certificate ${number}` })
    await expect(revokedRecord).toHaveAttribute('data-state', 'revoked', { timeout: 15_000 })
    await expect(revokedRecord.getByRole('region', { name: 'Result' })).toContainText('Revoked')
    await expect(revokedRecord).toContainText(REASON)
    await openPage(visitor, '/certified-devices')
    await expect(visitor.getByText('No certified device is listed yet.', { exact: false })).toBeVisible({
      timeout: 15_000,
    })
    await openPage(page, '/login')
    await logInWithForm(page, { emailId, password: PASSWORD })
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/dashboard')
    await expect(row(page, device.deviceName)).toBeVisible({ timeout: 15_000 })
    await row(page, device.deviceName).getByRole('cell').nth(3).click()
    await expect(
      page
        .getByRole('region', { name: `Certification run · ${device.deviceName}` })
        .locator('[data-slot="run-certificate"]'),
    ).toContainText(`Certificate${number}· Revoked`)
    const owners = (await (await api.get('/dev/mailbox.json')).json()) as MailboxMail[]
    expect(owners.some((candidate) => candidate.to === emailId && candidate.text.includes(REASON))).toBe(true)
  } finally {
    await vendorContext.close()
    await visitorContext.close()
    await api.dispose()
    await portal.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
