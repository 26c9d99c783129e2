import { describe, expect, it } from 'vitest'
import {
  certificateIssuedMail,
  commentReceivedMail,
  maintenanceMail,
  type MailFooter,
  runFinishedMail,
} from '@/contract/mails/notification-mails'
import { invitationMail } from '@/contract/mails/invitation-mail'

const footer: MailFooter = {
  kind: 'runFinished',
  reason: 'you are a member of Olga & <Co>',
  unsubscribeUrl: 'https://portal.example.com/unsubscribe?token=n1.abc.def&x=1',
  oneClickUrl: 'https://portal.example.com/api/notifications/one-click?token=n1.abc.def',
  manageUrl: 'https://portal.example.com/settings/notifications',
}

const run = {
  to: 'olga@example.com',
  organizationName: 'Olga Networks',
  deviceName: 'Beacon 6',
  portfolioManagerId: 'rec-1',
  attempt: 2,
  outcome: 'Validation Failure' as const,
  failedCases: ['Boot and provisioning', 'Security baseline'],
  reason: null,
  recordUrl: 'https://portal.example.com/dashboard?search=Beacon%206',
  footer,
}

describe('the notification mails', () => {
  it('says a Validation Failure with the attempt, each failed case and the record, word for word', () => {
    const mail = runFinishedMail(run)
    expect(mail.subject).toBe('Validation Failure: Beacon 6 (attempt 2)')
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Attempt 2 of the certification of Beacon 6 (Olga Networks) has ended: Validation Failure.',
        '',
        '2 cases failed:',
        '  - Boot and provisioning',
        '  - Security baseline',
        '',
        'You can re-run the failed cases from the record.',
        'Record rec-1: https://portal.example.com/dashboard?search=Beacon%206',
        '',
        '--',
        'You get this mail because you are a member of Olga & <Co>.',
        'To stop “Certification run finished” mails, open: https://portal.example.com/unsubscribe?token=n1.abc.def&x=1',
        'Choose which mails you get: https://portal.example.com/settings/notifications',
      ].join('\n'),
    )
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://portal.example.com/api/notifications/one-click?token=n1.abc.def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('says Certified without a failed list, and the HTML part has the same words, a real link and no assets', () => {
    const mail = runFinishedMail({ ...run, outcome: 'Certified', failedCases: [], attempt: 1 })
    expect(mail.subject).toBe('Certified: Beacon 6 (attempt 1)')
    expect(mail.text).not.toContain('failed:')
    expect(mail.text).toContain(
      'Every case of the test plan has passed. The certificate follows in a separate mail.',
    )
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(mail.html).toContain('<title>Certified: Beacon 6 (attempt 1)</title>')
    expect(mail.html).toContain('href="https://portal.example.com/dashboard?search=Beacon%206"')
    expect(mail.html).toContain('href="https://portal.example.com/unsubscribe?token=n1.abc.def&#38;x=1"')
    expect(mail.html).toContain('You get this mail because you are a member of Olga &#38; &#60;Co&#62;.')
    expect(mail.html).not.toMatch(/<img|<script|<link|src=|url\(/i)
  })

  it('escapes every outside text in the HTML part of each kind and keeps the text part as typed', () => {
    const hostile = '<script>alert("x")</script> & Co'
    const mails = [
      runFinishedMail({
        ...run,
        deviceName: hostile,
        organizationName: hostile,
        failedCases: [hostile],
        reason: hostile,
      }),
      certificateIssuedMail({
        to: 'o@example.com',
        organizationName: hostile,
        deviceName: hostile,
        number: 'DCP-7KQ4-M9XZ-2F8H',
        issuedAt: '2026-11-26T10:00:00.000Z',
        expiresAt: '2029-11-26T10:00:00.000Z',
        verifyUrl: 'https://portal.example.com/verify/DCP-7KQ4-M9XZ-2F8H',
        footer: { ...footer, kind: 'certificateIssued' },
      }),
      commentReceivedMail({
        to: 'o@example.com',
        organizationName: hostile,
        deviceName: hostile,
        portfolioManagerId: 'rec-1',
        author: hostile,
        authorRole: 'Lab engineer',
        comment: `${hostile}\n<img src=x onerror=alert(1)>`,
        recordUrl: 'https://portal.example.com/dashboard?search=a"b',
        footer: { ...footer, kind: 'commentReceived' },
      }),
      maintenanceMail({
        to: 'o@example.com',
        organizationName: hostile,
        phase: 'started',
        reason: hostile,
        expectedEnd: '2026-11-26T12:30:00.000Z',
        dashboardUrl: 'https://portal.example.com/dashboard',
        footer: { ...footer, kind: 'maintenance' },
      }),
    ]
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).not.toContain('<img')
      expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co')
      expect(mail.text).toContain(hostile)
    }
    expect(mails[2]!.html).toContain('href="https://portal.example.com/dashboard?search=a&#34;b"')
  })

  it('gives the certificate’s number, validity and verification address', () => {
    const mail = certificateIssuedMail({
      to: 'o@example.com',
      organizationName: 'Olga Networks',
      deviceName: 'Beacon 6',
      number: 'DCP-7KQ4-M9XZ-2F8H',
      issuedAt: '2026-11-26T10:00:00.000Z',
      expiresAt: '2029-11-26T10:00:00.000Z',
      verifyUrl: 'https://portal.example.com/verify/DCP-7KQ4-M9XZ-2F8H',
      footer: { ...footer, kind: 'certificateIssued' },
    })
    expect(mail.subject).toBe('Certificate DCP-7KQ4-M9XZ-2F8H issued for Beacon 6')
    expect(mail.text).toContain('Number: DCP-7KQ4-M9XZ-2F8H\nValid from 2026-11-26 until 2029-11-26.')
    expect(mail.text).toContain('    https://portal.example.com/verify/DCP-7KQ4-M9XZ-2F8H')
    expect(mail.text).toContain('To stop “Certificate issued” mails, open:')
  })

  it('says maintenance started with the reason and end, and ended with the reason', () => {
    const base = {
      to: 'o@example.com',
      organizationName: 'Olga Networks',
      reason: 'Swapping the RF chamber.',
      expectedEnd: '2026-11-26T12:30:00.000Z',
      dashboardUrl: 'https://portal.example.com/dashboard',
      footer: { ...footer, kind: 'maintenance' as const },
    }
    const started = maintenanceMail({ ...base, phase: 'started' })
    expect(started.subject).toBe('The lab is in maintenance: your runs are held')
    expect(started.text).toContain('Reason: Swapping the RF chamber.\nExpected end: 2026-11-26 12:30 UTC.')
    expect(maintenanceMail({ ...base, phase: 'started', expectedEnd: '' }).text).toContain(
      'Expected end: not known yet.',
    )
    const ended = maintenanceMail({ ...base, phase: 'ended' })
    expect(ended.subject).toBe('Lab maintenance is over: your runs go on')
    expect(ended.text).not.toContain('Expected end')
  })

  it('adds the footer and headers to the invitation mail when given, and leaves the words otherwise', () => {
    const input = {
      to: 'nina@example.com',
      organizationName: 'Olga Networks',
      inviter: 'Olga Tester',
      role: 'Viewer' as const,
      link: 'https://portal.example.com/invitation?token=abc',
      expiresAt: new Date('2026-11-30T09:05:00Z'),
    }
    const plain = invitationMail(input)
    expect(plain.headers).toBeUndefined()
    const withFooter = invitationMail({ ...input, footer: { ...footer, kind: 'invitation' } })
    expect(withFooter.text.startsWith(plain.text)).toBe(true)
    expect(withFooter.text).toContain('To stop “Invitations to organizations” mails, open:')
    expect(withFooter.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })
})
