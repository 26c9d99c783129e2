import { expect, test } from '@playwright/test'
import {
  API_TOKEN_READ_ONLY_MESSAGE,
  API_TOKEN_REVOKED_MESSAGE,
  API_TOKEN_SHOWN_ONCE_WARNING,
  apiTokenCreatedMessage,
  apiTokenRevokedMessage,
} from '../src/contract/api-tokens'
import { submittedDevicePayload } from '../src/contract/fixtures/payloads'
import { uniqueEmail } from './accounts'
import { logIn } from './live'
import { createOwner, type Person, uniqueOrganization } from './team'

/*
 * docs/decisions/0026: an Owner creates API tokens on /settings/tokens; a
 * pipeline then submits a device and certifies it with the read-write token alone — plain HTTP
 * calls with `Authorization: Bearer`, no cookie, no Token header — while the read token may only
 * read; the page shows the token's last use, and once revoked in the page the token is refused.
 */

const certUrl = process.env.E2E_CERT_URL ?? 'http://127.0.0.1:7600'

test('a pipeline certifies a device with an API token made on the tokens page', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'One pipeline is enough: the page is also checked on a phone by its stories.',
  )
  const owner: Person = {
    firstName: 'Tara',
    lastName: 'Token',
    emailId: uniqueEmail('tokens'),
    password: 'Token#2026owner',
  }
  await createOwner(page.request, owner, uniqueOrganization('Pipeline Devices'))
  await logIn(page, owner.emailId, owner.password)

  const createToken = async (name: string, scope: 'Read' | 'Read and write') => {
    await page.getByRole('button', { name: 'Create token' }).click()
    let dialog = page.getByRole('dialog', { name: 'Create a token' })
    await dialog.getByRole('textbox', { name: /^Token name/ }).fill(name)
    await dialog.getByRole('radio', { name: scope === 'Read' ? /^Read Lists/ : /^Read and write/ }).check()
    await dialog.getByRole('button', { name: 'Create token' }).click()
    dialog = page.getByRole('dialog', { name: 'Copy your new token' })
    await expect(dialog).toContainText(apiTokenCreatedMessage(name))
    await expect(dialog).toContainText(API_TOKEN_SHOWN_ONCE_WARNING)
    const secret = await dialog.getByRole('textbox', { name: 'Your new token' }).inputValue()
    const vendorUserId = /vendor_user_id on the certification service\) (\S+)\.$/.exec(
      (await dialog.getByText(/^Your calls send vendorUserId/).textContent()) ?? '',
    )?.[1]
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    expect(secret).toMatch(/^dcp_[A-Za-z0-9_-]{43}$/)
    return { secret, vendorUserId: vendorUserId ?? '' }
  }

  await page.goto('/settings/tokens')
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible()
  await expect(page.getByText('No API tokens yet')).toBeVisible()
  const writer = await createToken('Release pipeline', 'Read and write')
  const reader = await createToken('Status exporter', 'Read')
  expect(writer.vendorUserId).not.toBe('')

  // The pipeline: a request context of its own, with no cookie and no Token header.
  const pipeline = await playwright.request.newContext({ baseURL })
  const bearer = (secret: string) => ({
    Authorization: `Bearer ${secret}`,
    'Content-Type': 'application/json',
  })
  const serial = `PIPE${Date.now().toString(36).toUpperCase()}`
  const payload = submittedDevicePayload(writer.vendorUserId, { deviceNumberList: [serial, `${serial}B`] })

  const refused = await pipeline.post('/api/portfoliomanager/create', {
    headers: bearer(reader.secret),
    data: payload,
  })
  expect([refused.status(), await refused.json()]).toEqual([403, { message: API_TOKEN_READ_ONLY_MESSAGE }])
  const submitted = await pipeline.post('/api/portfoliomanager/create', {
    headers: bearer(writer.secret),
    data: payload,
  })
  expect(submitted.status()).toBe(200)
  const listRecords = async (secret: string) => {
    const answer = await pipeline.post('/api/portfoliomanager/list', {
      headers: bearer(secret),
      data: { vendorUserId: writer.vendorUserId },
    })
    expect(answer.status()).toBe(200)
    return (
      (await answer.json()) as {
        portfolioManagerSubmittedDetailsList: Array<{
          portfolioManagerId: string
          status: string
          isCertified: string
        }>
      }
    ).portfolioManagerSubmittedDetailsList
  }
  const [record] = await listRecords(reader.secret)
  if (!record) throw new Error('The submitted record is not listed.')
  const started = await pipeline.post(`${certUrl}/run-tests`, {
    headers: bearer(writer.secret),
    data: { vendor_user_id: writer.vendorUserId, portfolio_manager_id: record.portfolioManagerId },
  })
  expect(started.status()).toBe(200)
  await expect
    .poll(async () => (await listRecords(reader.secret))[0], { timeout: 60_000 })
    .toMatchObject({ status: 'Completed', isCertified: 'CERTIFIED-OK' })
  const results = await pipeline.get(
    `${certUrl}/runs?vendor_user_id=${writer.vendorUserId}&portfolio_manager_id=${record.portfolioManagerId}`,
    { headers: bearer(reader.secret) },
  )
  expect(results.status()).toBe(200)

  // The page shows the last use, and revoking there stops the token.
  await page.reload()
  const item = page
    .getByRole('list', { name: 'API tokens' })
    .getByRole('listitem')
    .filter({ hasText: 'Release pipeline' })
  await expect(item).toContainText('Last used ')
  await item.getByRole('button', { name: 'Revoke Release pipeline' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Revoke “Release pipeline”?' })
  await confirm.getByRole('button', { name: 'Revoke token' }).click()
  await expect(page.getByText(apiTokenRevokedMessage('Release pipeline')).first()).toBeVisible()
  await expect(item).toContainText('Revoked')
  const afterRevoke = await pipeline.post('/api/portfoliomanager/list', {
    headers: bearer(writer.secret),
    data: { vendorUserId: writer.vendorUserId },
  })
  expect([afterRevoke.status(), await afterRevoke.json()]).toEqual([
    401,
    { message: API_TOKEN_REVOKED_MESSAGE },
  ])
  await pipeline.dispose()
})
