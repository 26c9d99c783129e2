import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { logInWithForm } from './accounts'
import { openPage } from './live'
import { type Portal, runScript } from './own-portal'

/*
 * The lab's staff on a portal of a journey's own: the first Lab manager made by the command
 * (`npm run lab:add-staff`) before the portal starts, who sets a password from the mailed link and
 * logs in on the usual login page, landing on /lab.
 */

export type MailboxMail = { to: string; subject: string; text: string }

/** The newest mail to `to` whose subject matches, once it is in the development mailbox. */
export async function mailOf(api: APIRequestContext, to: string, subject: RegExp): Promise<MailboxMail> {
  let found: MailboxMail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await api.get('/dev/mailbox.json')).json()) as MailboxMail[]
        found = mails.find((candidate) => candidate.to === to && subject.test(candidate.subject))
        return found?.subject
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBeTruthy()
  return found!
}

/** The set-password link mailed to a new staff member (its path). */
export async function setPasswordLink(api: APIRequestContext, email: string): Promise<string> {
  const mail = await mailOf(api, email, /^Your account for the certification lab console$/)
  const link = /https?:\/\/[^/\s]+(\/lab\/set-password\?token=\S+)/.exec(mail.text)?.[1]
  expect(link).toBeTruthy()
  return link!
}

export type LabManager = { email: string; name: string; password: string }
/** A member of the lab's staff of either role (signs in as a Lab manager does). */
export type LabMember = LabManager

/** Adds a member of the lab's staff with the command; the portal must not be running yet. */
export async function addLabStaff(
  portal: Portal,
  { email, name }: LabMember,
  role: 'Lab manager' | 'Lab engineer',
) {
  const added = await runScript(portal, 'scripts/lab-add-staff.ts', [
    '--email',
    email,
    '--name',
    name,
    '--role',
    role,
  ])
  expect(added.output).toContain(`${name} <${email}> is now a ${role} of the lab.`)
  expect(added.code).toBe(0)
}

/** Adds the Lab manager with the command; the portal must not be running yet. */
export const addLabManager = (portal: Portal, manager: LabManager) =>
  addLabStaff(portal, manager, 'Lab manager')

/** The new member sets a password from the mailed link and logs in: the lab console. */
export async function setPasswordAndLogIn(lab: Page, api: APIRequestContext, manager: LabMember) {
  await openPage(lab, await setPasswordLink(api, manager.email))
  await expect(
    lab.getByText(`Welcome to the certification lab, ${manager.name}.`, { exact: false }),
  ).toBeVisible()
  await lab.getByLabel(/^New password/).fill(manager.password)
  await lab.getByLabel(/^Confirm password/).fill(manager.password)
  await lab.getByRole('button', { name: 'Set password' }).click()
  await expect(lab.getByRole('heading', { level: 1, name: 'Password set' })).toBeVisible()
  await lab.getByRole('link', { name: 'Go to login' }).click()
  await logInWithForm(lab, { emailId: manager.email, password: manager.password })
  await expect(lab.getByRole('heading', { level: 1, name: 'Lab console' })).toBeVisible()
  await expect(lab).toHaveURL(/\/lab$/)
}
