// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ViewNodeContent } from '@/components/ui/view-node'
import { MALFORMED_CERTIFICATE_NUMBER_MESSAGE, UNKNOWN_CERTIFICATE_MESSAGE } from '@/contract/certificates'
import { viewToDom } from '@/lib/view-node'
import { createCertificateFixture, FIXTURE_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/certificates'
import { addRevisionFixtures, REVISION_CERTIFICATE_NUMBERS } from '@/mocks/fixtures/revisions'
import { createFixtureWorld } from '@/mocks/fixtures/world'
import type { Verification } from '@/features/certificates/api/verify'
import { VERIFY_FAILED_MESSAGE } from '@/features/certificates/model/verify-text'
import { verificationView } from '@/features/certificates/model/verify-view'

/*
 * /verify/<number>'s answer is built twice from one description: by the shell's script without
 * React, and by the app. What a visitor sees must not depend on which one built it.
 */

const { certificates } = createCertificateFixture()
const found = (number: string, signature: 'valid' | 'mismatch'): Verification => {
  const certificate = certificates.find((each) => each.number === number)!
  return { kind: 'found', certificate, content: certificate.content, signature }
}

const VERIFICATIONS: Array<[string, Verification]> = [
  ['valid', found(FIXTURE_CERTIFICATE_NUMBERS.valid, 'valid')],
  ['expired', found(FIXTURE_CERTIFICATE_NUMBERS.expired, 'valid')],
  ['revoked', found(FIXTURE_CERTIFICATE_NUMBERS.revoked, 'valid')],
  ['signature mismatch', found(FIXTURE_CERTIFICATE_NUMBERS.altered, 'mismatch')],
  ['unknown', { kind: 'unknown', message: UNKNOWN_CERTIFICATE_MESSAGE }],
  ['malformed', { kind: 'malformed', message: MALFORMED_CERTIFICATE_NUMBER_MESSAGE }],
  ['failed', { kind: 'failed', message: VERIFY_FAILED_MESSAGE }],
]

/** What the browser makes of markup: its DOM, serialized again. */
function asParsed(markup: string) {
  const holder = document.createElement('div')
  holder.innerHTML = markup
  return holder.innerHTML
}

describe('verificationView', () => {
  it.each(VERIFICATIONS)('builds the same %s answer without React as with it', (_name, verification) => {
    const node = verificationView(verification)
    const holder = document.createElement('div')
    holder.append(viewToDom(node, document))
    expect(holder.innerHTML).toBe(asParsed(renderToStaticMarkup(<ViewNodeContent node={node} />)))
    // SVG elements in their namespace, as the parser puts them.
    for (const svg of holder.querySelectorAll('svg, path, circle, line'))
      expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg')
  })

  it('says what each answer is, in words', () => {
    const text = (verification: Verification) => {
      const holder = document.createElement('div')
      holder.append(viewToDom(verificationView(verification), document))
      return holder.textContent
    }
    const [valid, expired, revoked, mismatch, unknown] = VERIFICATIONS.map(([, each]) => text(each))
    expect(valid).toContain('ValidThis device is certified.')
    expect(valid).toContain('Signature checked in your browser: this is the portal’s signed record. Key ')
    expect(expired).toContain('ExpiredThis certificate has expired.')
    expect(revoked).toContain('RevokedThis certificate was revoked by the certification lab.')
    expect(revoked).toMatch(/Revoked on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC: /)
    expect(mismatch).toContain('Signature does not match')
    expect(mismatch).toContain('What the record says (not verified):')
    expect(mismatch).not.toContain('Signature checked in your browser')
    expect(unknown).toBe('Not foundNo certificate with this number exists.')
  })
})

/* docs/decisions/0033: the firmware a certificate covers, its source, and a later certificate. */

describe('verificationView of a revised device’s certificates', () => {
  const world = createFixtureWorld()
  addRevisionFixtures(world)
  const revised = (number: string): Verification => {
    const certificate = world.certificates.find((each) => each.number === number)!
    return { kind: 'found', certificate, content: certificate.content, signature: 'valid' }
  }
  const text = (verification: Verification) => {
    const holder = document.createElement('div')
    holder.append(viewToDom(verificationView(verification), document))
    return holder
  }

  it('names the firmware a revision 1 certificate covers, and nothing more', () => {
    const holder = text(found(FIXTURE_CERTIFICATE_NUMBERS.valid, 'valid'))
    expect(holder.querySelector('[data-slot="covers-firmware"]')?.textContent).toBe('Covers firmware 3.4.12')
    expect(holder.querySelector('[data-slot="later-certificate"]')).toBeNull()
  })

  it('links a superseded certificate to the later one and says it stays valid for its firmware', () => {
    const holder = text(revised(REVISION_CERTIFICATE_NUMBERS.superseded))
    expect(holder.querySelector('[data-slot="covers-firmware"]')?.textContent).toBe(
      'Covers firmware 1.0.2 · revision 2',
    )
    const notice = holder.querySelector('[data-slot="later-certificate"]')
    expect(notice?.textContent).toBe(
      'A later revision (firmware 1.1.0) is certified: DCP-6MZQ-9YB3-HX7P. This certificate stays valid for firmware 1.0.2.',
    )
    expect(notice?.querySelector('a')?.getAttribute('href')).toBe('/verify/DCP-6MZQ-9YB3-HX7P')
  })

  it('names a recertification’s source certificate, linked, and what it carried', () => {
    const holder = text(revised(REVISION_CERTIFICATE_NUMBERS.recertification))
    const lines = holder.querySelector('[data-slot="covers-firmware"]')
    expect(lines?.textContent).toBe(
      'Covers firmware 1.1.0 · revision 3Recertification of DCP-4TPX-5D2R-K8WN (firmware 1.0.2): 5 test cases carried, not run again.',
    )
    expect(lines?.querySelector('a')?.getAttribute('href')).toBe('/verify/DCP-4TPX-5D2R-K8WN')
  })

  it.each([REVISION_CERTIFICATE_NUMBERS.superseded, REVISION_CERTIFICATE_NUMBERS.recertification])(
    'builds %s the same without React as with it',
    (number) => {
      const node = verificationView(revised(number))
      const holder = document.createElement('div')
      holder.append(viewToDom(node, document))
      expect(holder.innerHTML).toBe(asParsed(renderToStaticMarkup(<ViewNodeContent node={node} />)))
    },
  )
})
