import { describe, expect, it } from 'vitest'
import { labSetPasswordMail } from '@/contract/mails/lab-set-password-mail'

const base = {
  to: 'lena@lab.example',
  name: 'Lena <Lab>',
  role: 'Lab manager' as const,
  link: 'http://localhost:7700/lab/set-password?token=abc&x=1',
  expiresAt: new Date('2026-11-27T09:30:00Z'),
}

describe('the lab set-password mail', () => {
  it('welcomes a new member with their role, the link and its validity, word for word', () => {
    const mail = labSetPasswordMail({ ...base, purpose: 'welcome' })
    expect(mail.subject).toBe('Your account for the certification lab console')
    expect(mail.text).toBe(
      [
        'Hello Lena <Lab>,',
        '',
        "You now have an account on the Device Certification Portal's lab console as a Lab manager.",
        'Lab manager: Everything a Lab engineer does, and puts the bench into maintenance, manages the lab’s staff and publishes test plans.',
        '',
        'To choose your password, open this link:',
        '',
        '    http://localhost:7700/lab/set-password?token=abc&x=1',
        '',
        'The link works once, until 2026-11-27 09:30 UTC.',
        'If you did not expect this account, tell the lab manager who runs the console.',
      ].join('\n'),
    )
  })

  it('asks for a new password on a reset, and escapes every outside text in the HTML part', () => {
    const mail = labSetPasswordMail({ ...base, role: 'Lab engineer', purpose: 'reset' })
    expect(mail.subject).toBe('Set a new password for the lab console')
    expect(mail.text).toContain('Someone asked to set a new password for your account on the lab console.')
    expect(mail.text).toContain('your password stays as it is.')
    expect(mail.html).toContain('Hello Lena &#60;Lab&#62;,')
    expect(mail.html).not.toContain('<Lab>')
    expect(mail.html).toContain('href="http://localhost:7700/lab/set-password?token=abc&#38;x=1"')
    expect(mail.html).toContain('<strong>Lab engineer:</strong>')
  })
})
