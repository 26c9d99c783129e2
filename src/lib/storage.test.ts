// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { useSyncExternalStore } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthData } from '@/contract/auth'
import {
  clearSession,
  getAuthDataSnapshot,
  getServerAuthDataSnapshot,
  isLoggedIn,
  readAuthData,
  readGoto,
  readLastActivity,
  readPendingPasswordReset,
  readPendingRegistration,
  readRememberedUserId,
  readToken,
  removeAuthData,
  removeGoto,
  removeRememberedUserId,
  removeToken,
  subscribeToStorage,
  writeAuthData,
  writeGoto,
  writeLastActivity,
  writePendingPasswordReset,
  writePendingRegistration,
  writeRememberedUserId,
  writeToken,
} from '@/lib/storage'

const vendor: AuthData = {
  name: 'Asha Rao',
  emailId: 'asha.rao@netgear-labs.example',
  phoneNumber: '9876543210',
  vendorUserId: 'VU-1001',
  message: 'Login is successful',
  isPortfolioManagerPreviousReqSaved: 'NO',
  isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
  isPortfolioManagerSubmittedDataExists: 'YES',
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('round trips under the specification key names', () => {
  it('AUTH_DATA holds the login answer as JSON', () => {
    writeAuthData(vendor)
    expect(JSON.parse(localStorage.getItem('AUTH_DATA') ?? '')).toEqual(vendor)
    expect(readAuthData()).toEqual(vendor)
    removeAuthData()
    expect(localStorage.getItem('AUTH_DATA')).toBeNull()
    expect(readAuthData()).toBeNull()
  })

  it('TOKEN holds the plain token text', () => {
    writeToken('tok-123')
    expect(localStorage.getItem('TOKEN')).toBe('tok-123')
    expect(readToken()).toBe('tok-123')
    removeToken()
    expect(readToken()).toBeNull()
  })

  it('goto holds a path of this site', () => {
    writeGoto('/dashboard?search=router')
    expect(localStorage.getItem('goto')).toBe('/dashboard?search=router')
    expect(readGoto()).toBe('/dashboard?search=router')
    removeGoto()
    expect(readGoto()).toBeNull()
  })

  it('REMEMBERED_USER_ID holds the remembered email', () => {
    writeRememberedUserId('asha.rao@netgear-labs.example')
    expect(localStorage.getItem('REMEMBERED_USER_ID')).toBe('asha.rao@netgear-labs.example')
    expect(readRememberedUserId()).toBe('asha.rao@netgear-labs.example')
    removeRememberedUserId()
    expect(readRememberedUserId()).toBeNull()
  })

  it('reads absent items as null', () => {
    expect(readAuthData()).toBeNull()
    expect(readToken()).toBeNull()
    expect(readGoto()).toBeNull()
    expect(readRememberedUserId()).toBeNull()
  })
})

describe('goto stays on this site', () => {
  it.each(['//evil.example/path', '/\\evil.example', 'https://evil.example/', 'dashboard', ''])(
    'does not store %j',
    (path) => {
      writeGoto('/portfolio')
      writeGoto(path)
      expect(readGoto()).toBe('/portfolio')
    },
  )

  it('reads a foreign value written by other code as absent', () => {
    localStorage.setItem('goto', '//evil.example')
    expect(readGoto()).toBeNull()
  })
})

describe('corrupt AUTH_DATA', () => {
  it.each(['{not json', 'undefined', '42', '"text"', 'null', '[1,2]'])(
    'reads %j as absent and removes it',
    (raw) => {
      localStorage.setItem('AUTH_DATA', raw)
      expect(readAuthData()).toBeNull()
      expect(localStorage.getItem('AUTH_DATA')).toBeNull()
    },
  )

  it.each([
    ['an object without the login fields', { foo: 'bar' }],
    ['a login answer without its vendorUserId', { ...vendor, vendorUserId: undefined }],
    ['a numeric vendorUserId', { ...vendor, vendorUserId: 1001 }],
    ['a flag that is neither YES nor NO', { ...vendor, isPortfolioManagerPreviousReqSaved: 'MAYBE' }],
  ])("reads %s (not the contract's login answer) as absent and removes it", (_what, stored) => {
    localStorage.setItem('AUTH_DATA', JSON.stringify(stored))
    expect(readAuthData()).toBeNull()
    expect(getAuthDataSnapshot()).toBeNull()
    expect(isLoggedIn(getAuthDataSnapshot())).toBe(false)
    expect(localStorage.getItem('AUTH_DATA')).toBeNull()
  })

  it('tells no listener when it drops a foreign item (a read may happen during render)', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeToStorage(listener)
    localStorage.setItem('AUTH_DATA', JSON.stringify({ name: 'Not a login' }))
    expect(readAuthData()).toBeNull()
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('keeps fields a newer server adds to the login answer', () => {
    writeAuthData({ ...vendor, region: 'APAC' })
    expect(readAuthData()).toEqual({ ...vendor, region: 'APAC' })
  })

  it('does not disturb the other items', () => {
    localStorage.setItem('AUTH_DATA', '{oops')
    writeToken('tok-1')
    expect(readAuthData()).toBeNull()
    expect(readToken()).toBe('tok-1')
  })
})

describe('without working storage', () => {
  it('reads null and ignores writes when localStorage is missing', () => {
    vi.stubGlobal('localStorage', undefined)
    vi.stubGlobal('sessionStorage', undefined)
    expect(() => {
      writeAuthData(vendor)
      writeToken('tok')
      writeGoto('/dashboard')
      writeRememberedUserId('a@b.example')
      clearSession()
    }).not.toThrow()
    expect(readAuthData()).toBeNull()
    expect(getAuthDataSnapshot()).toBeNull()
    expect(readToken()).toBeNull()
    expect(readGoto()).toBeNull()
    expect(readRememberedUserId()).toBeNull()
  })

  it('reads null and ignores writes when every storage call throws (quota, private mode)', () => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    const broken = { getItem: refuse, setItem: refuse, removeItem: refuse, clear: refuse, key: refuse }
    vi.stubGlobal('localStorage', broken)
    vi.stubGlobal('sessionStorage', broken)
    const listener = vi.fn()
    const unsubscribe = subscribeToStorage(listener)
    expect(() => {
      writeAuthData(vendor)
      writeToken('tok')
      clearSession()
    }).not.toThrow()
    expect(readAuthData()).toBeNull()
    expect(readToken()).toBeNull()
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('survives a storage property whose getter throws (storage disabled)', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    })
    try {
      expect(() => writeToken('tok')).not.toThrow()
      expect(readToken()).toBeNull()
      expect(readAuthData()).toBeNull()
    } finally {
      if (original) Object.defineProperty(globalThis, 'localStorage', original)
    }
  })

  it('can be imported and used with no window at all (prerender)', async () => {
    vi.resetModules()
    vi.stubGlobal('window', undefined)
    vi.stubGlobal('localStorage', undefined)
    vi.stubGlobal('sessionStorage', undefined)
    const storage = await import('@/lib/storage')
    const unsubscribe = storage.subscribeToStorage(() => {})
    expect(storage.getAuthDataSnapshot()).toBeNull()
    expect(() => storage.clearSession()).not.toThrow()
    unsubscribe()
  })
})

describe('clearSession (logout, spec §2)', () => {
  it('removes AUTH_DATA and TOKEN, empties session storage and keeps the remembered user', () => {
    writeAuthData(vendor)
    writeToken('tok-1')
    writeRememberedUserId('asha.rao@netgear-labs.example')
    writeGoto('/dashboard')
    sessionStorage.setItem('registration', '{"id":"R-1"}')

    clearSession()

    expect(readAuthData()).toBeNull()
    expect(readToken()).toBeNull()
    expect(sessionStorage.length).toBe(0)
    expect(readRememberedUserId()).toBe('asha.rao@netgear-labs.example')
    expect(readGoto()).toBe('/dashboard')
  })
})

describe('the pending password flows (session storage)', () => {
  it('keep the whole answer under their key names and read back what the flow needs', () => {
    writePendingRegistration({ id: 'R-1', emailId: 'asha.rao@netgear-labs.example', status: 'SUCCESS' })
    expect(JSON.parse(sessionStorage.getItem('REGISTRATION_DATA') ?? '')).toEqual({
      id: 'R-1',
      emailId: 'asha.rao@netgear-labs.example',
      status: 'SUCCESS',
    })
    expect(readPendingRegistration()).toEqual({ id: 'R-1', emailId: 'asha.rao@netgear-labs.example' })

    writePendingPasswordReset({ id: 'F-1', message: 'Code sent' })
    expect(sessionStorage.getItem('FORGOT_PASSWORD_DATA')).not.toBeNull()
    expect(readPendingPasswordReset()).toEqual({ id: 'F-1' })
  })

  it('read a numeric id as text', () => {
    sessionStorage.setItem('REGISTRATION_DATA', JSON.stringify({ id: 42, emailId: 'a@b.example' }))
    expect(readPendingRegistration()).toEqual({ id: '42', emailId: 'a@b.example' })
  })

  it.each(['{oops', '[]', '{"id":"","emailId":"a@b.example"}', '{"id":"R-1"}', '{"emailId":"a@b.example"}'])(
    'read %j as no pending registration',
    (raw) => {
      sessionStorage.setItem('REGISTRATION_DATA', raw)
      expect(readPendingRegistration()).toBeNull()
    },
  )

  it('give the same object while the stored item is unchanged', () => {
    writePendingPasswordReset({ id: 'F-1', emailId: 'a@b.example' })
    const first = readPendingPasswordReset()
    expect(readPendingPasswordReset()).toBe(first)
    writePendingPasswordReset({ id: 'F-2', emailId: 'a@b.example' })
    expect(readPendingPasswordReset()).not.toBe(first)
    expect(readPendingPasswordReset()).toEqual({ id: 'F-2', emailId: 'a@b.example' })
  })

  it('are cleared by a logout', () => {
    writePendingRegistration({ id: 'R-1', emailId: 'a@b.example' })
    writePendingPasswordReset({ id: 'F-1' })
    clearSession()
    expect(readPendingRegistration()).toBeNull()
    expect(readPendingPasswordReset()).toBeNull()
  })
})

describe('the last activity shared by the tabs', () => {
  it('holds a time, tells no listener, and a logout removes it', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeToStorage(listener)
    writeLastActivity(1_700_000_000_000)
    expect(localStorage.getItem('LAST_ACTIVITY')).toBe('1700000000000')
    expect(readLastActivity()).toBe(1_700_000_000_000)
    expect(listener).not.toHaveBeenCalled()
    clearSession()
    expect(readLastActivity()).toBeNull()
    unsubscribe()
  })

  it.each(['', '0', '-5', 'soon', 'Infinity'])('reads %j as no activity', (raw) => {
    localStorage.setItem('LAST_ACTIVITY', raw)
    expect(readLastActivity()).toBeNull()
  })
})

describe('isLoggedIn (spec §6)', () => {
  it('is true only when the login data carries a vendorUserId', () => {
    expect(isLoggedIn(vendor)).toBe(true)
    expect(isLoggedIn(null)).toBe(false)
    expect(isLoggedIn(undefined)).toBe(false)
    expect(isLoggedIn({ ...vendor, vendorUserId: '' })).toBe(false)
    const { vendorUserId: _omitted, ...withoutId } = vendor
    expect(isLoggedIn(withoutId as AuthData)).toBe(false)
  })

  it('reads the stored login answer', () => {
    expect(isLoggedIn(getAuthDataSnapshot())).toBe(false)
    writeAuthData(vendor)
    expect(isLoggedIn(getAuthDataSnapshot())).toBe(true)
  })
})

describe('the AUTH_DATA store for useSyncExternalStore', () => {
  it('gives the same object between changes and a new one after a write', () => {
    writeAuthData(vendor)
    const first = getAuthDataSnapshot()
    expect(first).toEqual(vendor)
    expect(getAuthDataSnapshot()).toBe(first)

    writeAuthData({ ...vendor, isPortfolioManagerPreviousReqSaved: 'YES' })
    const second = getAuthDataSnapshot()
    expect(second).not.toBe(first)
    expect(second?.isPortfolioManagerPreviousReqSaved).toBe('YES')
    expect(getAuthDataSnapshot()).toBe(second)
  })

  it('sees a change another tab made to local storage', () => {
    writeAuthData(vendor)
    const before = getAuthDataSnapshot()
    localStorage.setItem('AUTH_DATA', JSON.stringify({ ...vendor, name: 'Ravi Iyer' }))
    expect(getAuthDataSnapshot()).not.toBe(before)
    expect(getAuthDataSnapshot()?.name).toBe('Ravi Iyer')
  })

  it('has a server snapshot of null even when login data is stored', () => {
    writeAuthData(vendor)
    expect(getServerAuthDataSnapshot()).toBeNull()
  })

  it('notifies subscribers on every write through this module, until unsubscribed', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeToStorage(listener)
    writeAuthData(vendor)
    writeToken('tok')
    writeGoto('/portfolio')
    writeRememberedUserId('a@b.example')
    removeGoto()
    clearSession()
    expect(listener).toHaveBeenCalledTimes(6)

    unsubscribe()
    writeAuthData(vendor)
    expect(listener).toHaveBeenCalledTimes(6)
  })

  it("notifies subscribers on another tab's storage event for its items only", () => {
    const listener = vi.fn()
    const unsubscribe = subscribeToStorage(listener)
    window.dispatchEvent(new StorageEvent('storage', { key: 'AUTH_DATA' }))
    expect(listener).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    expect(listener).toHaveBeenCalledTimes(2)
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone-elses-key' }))
    expect(listener).toHaveBeenCalledTimes(2)

    unsubscribe()
    window.dispatchEvent(new StorageEvent('storage', { key: 'AUTH_DATA' }))
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('drives a React component: login and logout re-render it, reads in between do not', () => {
    let renders = 0
    const { result } = renderHook(() => {
      renders += 1
      return useSyncExternalStore(subscribeToStorage, getAuthDataSnapshot, getServerAuthDataSnapshot)
    })
    expect(result.current).toBeNull()

    act(() => writeAuthData(vendor))
    expect(result.current).toEqual(vendor)
    const rendersAfterLogin = renders

    act(() => writeGoto('/dashboard'))
    expect(renders).toBe(rendersAfterLogin)

    act(() => clearSession())
    expect(result.current).toBeNull()
  })
})
