import { afterAll, beforeAll, expect, it } from 'vitest'
import { CERTIFIED_OK } from '@/contract/records'
import { createMailer } from '../platform/mailer.ts'
import { newBrowser, startTestPortal, submitPayloadFor, type TestPortal } from '../test/portal.ts'
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.ts'

/*
 * The journey through the API alone, with mail over SMTP to a server this test starts:
 * register, read the code from the mail, create the password, log in, submit a portfolio, start
 * a certification run on the other service, see it complete, and receive the PDF certificate.
 */

let smtp: TestSmtpServer
let test: TestPortal

beforeAll(async () => {
  smtp = await startTestSmtpServer()
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Device Certification Portal <portal@lab.test>',
    mailbox: () => Promise.reject(new Error('With SMTP_URL nothing goes to the development mailbox.')),
  })
  test = await startTestPortal({ mailer })
}, 60_000)

afterAll(async () => {
  await test?.close()
  await smtp?.close()
})

it('registers, logs in, submits, certifies and mails the certificate, with every mail over SMTP', async () => {
  const email = 'journey@lab.test'
  const password = 'Journey#2026x'
  const browser = await newBrowser(test.portal)

  const registered = await browser.post('/api/registration/create', {
    firstName: 'Jun',
    lastName: 'Ito',
    emailId: email,
    reEnteredEmailId: email,
    organization: 'Ito Photonics',
    lob: 'Wireline',
    phoneNumber: '9012345678',
    countryCode: '+81',
    country: 'Japan',
    state: 'Tokyo',
    city: 'Tokyo',
  })
  expect(registered.status).toBe(200)
  const { id } = (await registered.json()) as { id: string }
  const codeMail = smtp.received.find((mail) => mail.to.includes(email))
  expect(codeMail?.data).toContain('From: Device Certification Portal <portal@lab.test>')
  const code = /\b(\d{6})\b/.exec(codeMail?.data ?? '')?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)

  const created = await browser.post('/api/registration/change-password', {
    otp: code,
    emailId: email,
    password,
    confirmPassword: password,
    id,
  })
  expect(await created.text()).toBe('Password created successfully')
  // With SMTP there is no development mailbox: the path is just one more path of the app.
  expect(await (await browser.call('/dev/mailbox', { method: 'GET' })).text()).not.toContain(
    'Development mailbox',
  )

  const auth = await browser.login(email, password)
  expect(auth.isPortfolioManagerSubmittedDataExists).toBe('NO')
  const submitted = await browser.post('/api/portfoliomanager/create', submitPayloadFor(auth.vendorUserId))
  expect(submitted.status).toBe(200)
  const list = async () =>
    (
      (await (
        await browser.post('/api/portfoliomanager/list', { vendorUserId: auth.vendorUserId })
      ).json()) as {
        portfolioManagerSubmittedDetailsList: Array<{
          portfolioManagerId: string
          status: string
          isCertified: string
        }>
      }
    ).portfolioManagerSubmittedDetailsList
  const [record] = await list()
  expect(record?.status).toBe('Submitted')

  const body = { vendor_user_id: auth.vendorUserId, portfolio_manager_id: record?.portfolioManagerId }
  const started = await browser.cert('/run-tests', { body })
  expect(started.status).toBe(200)
  const { runId } = (await started.json()) as { runId: string }
  await test.portal.executor.settled(runId)
  expect((await list())[0]).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })

  const mailed = await browser.cert('/certificates/email', { body })
  expect(mailed.status).toBe(200)
  // The run's own notifications (Certified, certificate issued) reach the same mailbox on their
  // own time, so the certificate is the mail that carries the PDF.
  const certificates = smtp.received.filter(
    (mail) => mail.to.includes(email) && mail.data.includes('Content-Type: application/pdf'),
  )
  expect(certificates).toHaveLength(1)
  const certificate = certificates[0]
  // "%PDF-" in base64.
  expect(certificate?.data).toContain('JVBERi0')
})
