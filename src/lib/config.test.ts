// Runs in Node on purpose: importing the module without a browser must work.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_SUPPORT_EMAIL,
  getCertificationServiceBaseUrl,
  getMainServiceBaseUrl,
  getSupportEmail,
  supportMailto,
} from '@/lib/config'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})

describe('main service base URL', () => {
  it('is the page origin (relative /api/...) when VITE_MAIN_API_URL is unset', () => {
    vi.stubEnv('VITE_MAIN_API_URL', '')
    expect(getMainServiceBaseUrl()).toBe('')
  })

  it('follows VITE_MAIN_API_URL, read at call time, without a trailing slash', () => {
    vi.stubEnv('VITE_MAIN_API_URL', 'https://portal.example.com:7700/')
    expect(getMainServiceBaseUrl()).toBe('https://portal.example.com:7700')
    vi.stubEnv('VITE_MAIN_API_URL', ' http://localhost:7700 ')
    expect(getMainServiceBaseUrl()).toBe('http://localhost:7700')
  })
})

describe('certification service base URL', () => {
  it("is port 7600 on the page's host, keeping the page's protocol", () => {
    vi.stubEnv('VITE_CERT_API_URL', '')
    vi.stubGlobal('location', { protocol: 'https:', hostname: 'portal.example.com', port: '8443' })
    expect(getCertificationServiceBaseUrl()).toBe('https://portal.example.com:7600')
  })

  it('falls back to localhost:7600 without a page', () => {
    vi.stubEnv('VITE_CERT_API_URL', '')
    expect(typeof location).toBe('undefined')
    expect(getCertificationServiceBaseUrl()).toBe('http://localhost:7600')
  })

  it('follows VITE_CERT_API_URL over the page host', () => {
    vi.stubEnv('VITE_CERT_API_URL', 'https://cert.example.com/')
    vi.stubGlobal('location', { protocol: 'https:', hostname: 'portal.example.com' })
    expect(getCertificationServiceBaseUrl()).toBe('https://cert.example.com')
  })
})

describe('support address', () => {
  it('follows VITE_SUPPORT_EMAIL, with a reserved-domain default', () => {
    vi.stubEnv('VITE_SUPPORT_EMAIL', '')
    expect(getSupportEmail()).toBe(DEFAULT_SUPPORT_EMAIL)
    expect(DEFAULT_SUPPORT_EMAIL.endsWith('.example')).toBe(true)
    vi.stubEnv('VITE_SUPPORT_EMAIL', ' help@lab.test ')
    expect(getSupportEmail()).toBe('help@lab.test')
  })

  it('opens the mail composer with an encoded subject', () => {
    vi.stubEnv('VITE_SUPPORT_EMAIL', 'help@lab.test')
    expect(supportMailto()).toBe('mailto:help@lab.test?subject=Device%20certification%20support')
    expect(supportMailto({ subject: 'Billing & invoices' })).toBe(
      'mailto:help@lab.test?subject=Billing%20%26%20invoices',
    )
    expect(supportMailto({ email: 'other@lab.test' })).toBe(
      'mailto:other@lab.test?subject=Device%20certification%20support',
    )
  })
})
