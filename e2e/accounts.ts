import { type APIRequestContext, expect, type Page } from '@playwright/test'

/*
 * Accounts for the journeys, made on the real server. Codes are read from the development
 * mailbox (/dev/mailbox.json), which keeps every mail when no SMTP server is configured.
 */

export const DEMO = { emailId: 'demo.vendor@example.com', password: 'Certify#Demo2025' }

/** A fresh address per journey and project, so parallel journeys never share an account. */
export function uniqueEmail(label: string) {
  return `e2e.${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`
}

type MailboxMail = { to: string; subject: string; text: string }

/** The 6-digit code of the newest mail to this address with this subject. */
export async function codeFromMail(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as MailboxMail[]
        const mail = mails.find((candidate) => candidate.to === to && subject.test(candidate.subject))
        code = mail?.text.match(/^\s+(\d{6})\s*$/m)?.[1]
        return code
      },
      { message: `a mail with a code to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy()
  return code as string
}

export const CREATE_PASSWORD_MAIL = /create your password/
export const RESET_PASSWORD_MAIL = /reset your password/

export async function tokenFor(request: APIRequestContext) {
  const answer = await request.get('/api/token')
  const token = answer.headers()['token']
  if (!token) throw new Error('The server gave no Token.')
  return token
}

/** Registers an account over the API and sets its password with the mailed code. */
export async function createAccount(
  request: APIRequestContext,
  {
    emailId,
    password,
    firstName = 'Ada',
    lastName = 'Lovelace',
    organization = 'Journey Networks',
  }: { emailId: string; password: string; firstName?: string; lastName?: string; organization?: string },
) {
  const token = await tokenFor(request)
  const headers = { Token: token }
  const registered = await request.post('/api/registration/create', {
    headers,
    data: {
      firstName,
      lastName,
      emailId,
      reEnteredEmailId: emailId,
      organization,
      lob: 'Wireline,Wireless',
      phoneNumber: '98765 43210',
      countryCode: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    },
  })
  const answer = (await registered.json()) as { status: string; message: string; id: string }
  expect(answer.status, answer.message).toBe('SUCCESS')
  const otp = await codeFromMail(request, emailId, CREATE_PASSWORD_MAIL)
  const created = await request.post('/api/registration/change-password', {
    headers,
    data: { otp, emailId, password, confirmPassword: password, id: answer.id },
  })
  expect(created.status(), await created.text()).toBe(200)
}

/** Logs in through the login screen, as a vendor would. */
export async function logInWithForm(
  page: Page,
  { emailId, password }: { emailId: string; password: string },
) {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByRole('textbox', { name: /^Email/ }).fill(emailId)
  await form.getByLabel(/^Password/).fill(password)
  await form.getByRole('button', { name: 'Login' }).click()
}

/**
 * Logs in over the API as the login screen does, and stores the answer as AUTH_DATA (the page must
 * be one of the portal's). The page's own first Token request may still be on its way and start a
 * session of its own: a login refused for a Token of the other session (403) asks for the Token again.
 */
export async function logInOverApi(page: Page, account: { emailId: string; password: string }) {
  const status = await page.evaluate(async (account) => {
    let status = 0
    for (let attempt = 0; attempt < 3 && status !== 200; attempt += 1) {
      const tokenAnswer = await fetch('/api/token', { credentials: 'include' })
      const token = tokenAnswer.headers.get('Token') ?? ''
      localStorage.setItem('TOKEN', token)
      const login = await fetch('/api/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Token: token },
        body: JSON.stringify(account),
      })
      status = login.status
      if (status === 200) localStorage.setItem('AUTH_DATA', JSON.stringify(await login.json()))
    }
    return status
  }, account)
  expect(status).toBe(200)
}
