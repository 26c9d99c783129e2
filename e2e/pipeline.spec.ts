import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { submittedDevicePayload } from '../src/contract/fixtures/payloads'
import {
  verifyWebhook,
  WEBHOOK_BAD_SIGNATURE_MESSAGE,
  WEBHOOK_STALE_MESSAGE,
  WEBHOOK_UNSIGNED_MESSAGE,
  type WebhookBody,
} from '../src/contract/webhooks'
import { tokenFor, uniqueEmail } from './accounts'
import { createOwner, type Person, uniqueOrganization } from './team'

/*
 * Done when "the pipeline journey passes with no browser session": a vendor's build
 * pipeline, as curl would do it. The Owner signs in over HTTP once to make an API token; from then
 * on every call carries `Authorization: Bearer` alone — no cookie, no Token header: register a
 * webhook endpoint (a receiver on loopback that checks every delivery's signature), submit a
 * device, start certification on the certification service, receive the signed `run.finished`
 * and `certificate.issued` deliveries, download the results; then the Owner's mail arrives.
 */

const certUrl = process.env.E2E_CERT_URL ?? 'http://127.0.0.1:7600'

type Received = { body: WebhookBody; raw: string; headers: Record<string, string> }

/** A webhook receiver on 127.0.0.1 that keeps what it is sent (answers 204). */
async function receiver() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    let raw = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (raw += chunk))
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      )
      received.push({ body: JSON.parse(raw) as WebhookBody, raw, headers })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/certification`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

test('a pipeline submits and certifies a device with a token alone, hears the signed webhook, then the mail', async ({
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'No browser here: one project is enough.')
  const owner: Person = {
    firstName: 'Pia',
    lastName: 'Pipeline',
    emailId: uniqueEmail('pipeline'),
    password: 'Pipeline#2026',
  }
  // Once, by a person: an account, a session over HTTP, and a read-write token from it.
  const person = await playwright.request.newContext({ baseURL })
  await createOwner(person, owner, uniqueOrganization('Pipeline Networks'))
  const csrf = await tokenFor(person)
  const login = await person.post('/api/login', {
    headers: { Token: csrf },
    data: { emailId: owner.emailId, password: owner.password },
  })
  expect(login.status()).toBe(200)
  const { vendorUserId } = (await login.json()) as { vendorUserId: string }
  const created = await person.post('/api/tokens/create', {
    headers: { Token: csrf },
    data: { vendorUserId, name: 'Release pipeline', scope: 'read-write', expiresInDays: 30 },
  })
  expect(created.status()).toBe(200)
  const { secret: token } = (await created.json()) as { secret: string }
  await person.dispose()

  // From here on: the pipeline, with nothing but its token.
  const pipeline = await playwright.request.newContext({ baseURL })
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const hooks = await receiver()
  try {
    const registered = await pipeline.post('/api/webhooks/create', {
      headers,
      data: { vendorUserId, url: hooks.url, events: ['run.finished', 'certificate.issued'] },
    })
    expect(registered.status(), await registered.text()).toBe(200)
    const { secret: signingSecret } = (await registered.json()) as { secret: string }
    expect(signingSecret).toMatch(/^whsec_/)

    const serial = `CI${Date.now().toString(36).toUpperCase()}`
    const submitted = await pipeline.post('/api/portfoliomanager/create', {
      headers,
      data: submittedDevicePayload(vendorUserId, { deviceNumberList: [serial, `${serial}B`] }),
    })
    expect(submitted.status(), await submitted.text()).toBe(200)
    const listed = await pipeline.post('/api/portfoliomanager/list', { headers, data: { vendorUserId } })
    const [record] = (
      (await listed.json()) as { portfolioManagerSubmittedDetailsList: Array<{ portfolioManagerId: string }> }
    ).portfolioManagerSubmittedDetailsList
    if (!record) throw new Error('The submitted record is not listed.')
    const recordId = record.portfolioManagerId

    const started = await pipeline.post(`${certUrl}/run-tests`, {
      headers,
      data: { vendor_user_id: vendorUserId, portfolio_manager_id: recordId },
    })
    expect(started.status(), await started.text()).toBe(200)

    // The webhooks: run.finished (Certified) and certificate.issued, each signed with the secret.
    await expect
      .poll(() => hooks.received.map(({ body }) => body.type).sort(), {
        timeout: 60_000,
        message: 'the run.finished and certificate.issued deliveries',
      })
      .toEqual(['certificate.issued', 'run.finished'])
    for (const delivery of hooks.received) {
      const header = (name: string) => delivery.headers[name.toLowerCase()]
      const verified = await verifyWebhook({ secret: signingSecret, headers: header, body: delivery.raw })
      expect(verified).toEqual({ ok: true, body: delivery.body })
      // The receiver's refusals: unsigned, signed by someone else, replayed an hour later.
      await expect(
        verifyWebhook({ secret: signingSecret, headers: () => undefined, body: delivery.raw }),
      ).resolves.toEqual({ ok: false, message: WEBHOOK_UNSIGNED_MESSAGE })
      await expect(
        verifyWebhook({ secret: 'whsec_someone-else', headers: header, body: delivery.raw }),
      ).resolves.toEqual({ ok: false, message: WEBHOOK_BAD_SIGNATURE_MESSAGE })
      await expect(
        verifyWebhook({
          secret: signingSecret,
          headers: header,
          body: delivery.raw,
          now: Date.now() + 60 * 60 * 1000,
        }),
      ).resolves.toEqual({ ok: false, message: WEBHOOK_STALE_MESSAGE })
    }
    const finished = hooks.received.find(({ body }) => body.type === 'run.finished')?.body
    const issued = hooks.received.find(({ body }) => body.type === 'certificate.issued')?.body
    expect(finished?.data).toMatchObject({ recordId, outcome: 'Certified', failedCases: [] })
    if (issued?.type !== 'certificate.issued') throw new Error('No certificate.issued delivery.')
    expect(issued.data.recordId).toBe(recordId)
    expect(issued.data.verificationUrl).toMatch(new RegExp(`/verify/${issued.data.number}$`))

    // The results, as the pipeline downloads them, and the public record of the certificate.
    const runs = await pipeline.get(
      `${certUrl}/runs?vendor_user_id=${vendorUserId}&portfolio_manager_id=${recordId}`,
      { headers },
    )
    expect(runs.status()).toBe(200)
    const certificate = await pipeline.get(`/api/certificates/${issued.data.number}`)
    expect(await certificate.json()).toMatchObject({ number: issued.data.number, state: 'valid' })

    // Then the mail: the Owner hears the result without watching the dashboard.
    await expect
      .poll(
        async () => {
          const mails = (await (await pipeline.get('/dev/mailbox.json')).json()) as Array<{
            to: string
            subject: string
          }>
          return mails
            .filter((mail) => mail.to === owner.emailId)
            .map((mail) => mail.subject)
            .filter((subject) => /^Certified: |^Certificate DCP-/.test(subject))
            .sort()
        },
        { timeout: 30_000, message: 'the run’s and the certificate’s mails' },
      )
      .toEqual([
        expect.stringMatching(new RegExp(`^Certificate ${issued.data.number} issued for `)),
        expect.stringMatching(/^Certified: .+ \(attempt 1\)$/),
      ])
  } finally {
    await hooks.close()
    await pipeline.dispose()
  }
})
