import { describe, expect, it } from 'vitest'
import { escapeHtml } from '@/contract/escape-html'
import { invitationMail } from '@/contract/mails/invitation-mail'
import { ROLE_DESCRIPTIONS } from '@/contract/roles'

const base = {
  to: 'nina.new@example.com',
  organizationName: 'Olga Networks',
  inviter: 'Olga Tester',
  role: 'Viewer' as const,
  link: 'https://portal.example.com/invitation?token=abc-DEF_123',
  expiresAt: new Date('2026-11-30T09:05:59.999Z'),
}

describe('invitationMail', () => {
  it('keeps the text part the server always sent, word for word', () => {
    const mail = invitationMail(base)
    expect(mail.to).toBe('nina.new@example.com')
    expect(mail.subject).toBe('Invitation to join Olga Networks')
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Olga Tester invites you to join Olga Networks on the Device Certification Portal as a Viewer.',
        `Viewer: ${ROLE_DESCRIPTIONS.Viewer}`,
        '',
        'To accept, open this link:',
        '',
        '    https://portal.example.com/invitation?token=abc-DEF_123',
        '',
        'If you have no account yet, you register there with this address; if you have one, you sign in and accept.',
        'The link works once, until 2026-11-30 09:05 UTC.',
        'If you did not expect this invitation, you can ignore this mail.',
      ].join('\n'),
    )
  })

  it.each([
    ['Owner', 'as an Owner.'],
    ['Engineer', 'as an Engineer.'],
    ['Viewer', 'as a Viewer.'],
  ] as const)('names the role %s with its description', (role, words) => {
    const mail = invitationMail({ ...base, role })
    expect(mail.text).toContain(`Device Certification Portal ${words}`)
    expect(mail.html).toContain(`Device Certification Portal ${words}`)
    expect(mail.text).toContain(`${role}: ${ROLE_DESCRIPTIONS[role]}`)
    expect(mail.html).toContain(escapeHtml(ROLE_DESCRIPTIONS[role]))
  })

  it('says the same in the HTML part: language, a real link, the expiry, no images or external assets', () => {
    const { html } = invitationMail(base)
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(html).toContain(`<title>Invitation to join Olga Networks</title>`)
    expect(html).toContain('<a href="https://portal.example.com/invitation?token=abc-DEF_123"')
    expect(html).toContain('The link works once, until 2026-11-30 09:05 UTC.')
    expect(html).not.toMatch(/<img|<script|<link|src=|url\(/i)
  })

  it('escapes every interpolated value in the HTML part and leaves the text part as typed', () => {
    const hostile = {
      ...base,
      organizationName: '<script>alert("x")</script> & Co',
      inviter: 'Eve <img src=x onerror=alert(1)>',
      link: 'https://portal.example.com/invitation?token=a"b\'c&d',
    }
    const mail = invitationMail(hostile)
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co')
    expect(mail.html).toContain('href="https://portal.example.com/invitation?token=a&#34;b&#39;c&#38;d"')
    expect(mail.text).toContain(
      'Eve <img src=x onerror=alert(1)> invites you to join <script>alert("x")</script> & Co on the Device',
    )
    expect(mail.subject).toBe('Invitation to join <script>alert("x")</script> & Co')
  })
})
