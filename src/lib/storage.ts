import type { AuthData } from '@/contract/auth'

/*
 * The items the portal keeps in the browser (spec §3), under the key names the specification uses.
 *
 * Safe without a browser and without working storage: nothing touches `window` or `localStorage`
 * at import, and when storage is missing or throws (private mode, storage disabled, quota) reads
 * give null and writes are dropped. The portal then behaves as for a visitor, which is what a
 * prerendered page shows anyway.
 *
 * React reads AUTH_DATA through `useSyncExternalStore(subscribeToStorage, getAuthDataSnapshot,
 * getServerAuthDataSnapshot)`, so prerendered HTML (no login) and the first client render agree.
 */

/**
 * Key names in local storage. AUTH_DATA, TOKEN and goto are the specification's; the remembered
 * username has no name there, REMEMBERED_USER_ID follows the 'Remember User ID' checkbox label.
 */
export const STORAGE_KEYS = {
  authData: 'AUTH_DATA',
  token: 'TOKEN',
  goto: 'goto',
  rememberedUserId: 'REMEMBERED_USER_ID',
} as const

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
const OWN_KEYS: ReadonlySet<string> = new Set<string>(Object.values(STORAGE_KEYS))

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    // Reading the property itself throws a SecurityError where storage is disabled.
    const storage = globalThis[kind] as Storage | undefined
    return storage ?? null
  } catch {
    return null
  }
}

function readRaw(key: StorageKey): string | null {
  try {
    return browserStorage('localStorage')?.getItem(key) ?? null
  } catch {
    return null
  }
}

/** Returns whether storage changed, so listeners are told only about real changes. */
function writeRaw(key: StorageKey, value: string | null): boolean {
  const storage = browserStorage('localStorage')
  if (!storage) return false
  try {
    if (value === null) storage.removeItem(key)
    else storage.setItem(key, value)
    return true
  } catch {
    return false
  }
}

// ---- subscription -------------------------------------------------------------------------------

type Listener = () => void
const listeners = new Set<Listener>()

function notify() {
  for (const listener of [...listeners]) listener()
}

function onStorageEvent(event: StorageEvent) {
  // key null: another tab cleared the whole storage.
  if (event.key === null || OWN_KEYS.has(event.key)) notify()
}

/**
 * Calls `listener` after every change made through this module in this tab, and after other tabs
 * change one of these items (the browser's `storage` event). Returns the unsubscribe function.
 */
export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener)
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorageEvent)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorageEvent)
    }
  }
}

function write(key: StorageKey, value: string | null) {
  if (writeRaw(key, value)) notify()
}

// ---- AUTH_DATA ----------------------------------------------------------------------------------

function parseAuthData(raw: string | null): AuthData | null {
  if (raw === null) return null
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as AuthData
  } catch {
    // fall through: corrupt
  }
  // A corrupt item would otherwise be parsed again on every read. Dropping it changes nothing a
  // reader sees (it already reads as absent), so no listener is told: this may run during render.
  writeRaw(STORAGE_KEYS.authData, null)
  return null
}

/*
 * useSyncExternalStore compares snapshots with Object.is, so the parsed object is kept for as long
 * as the stored text stays the same; a fresh object on each read would re-render forever.
 */
let cachedAuthDataRaw: string | null | undefined
let cachedAuthData: AuthData | null = null

export function readAuthData(): AuthData | null {
  const raw = readRaw(STORAGE_KEYS.authData)
  if (raw !== cachedAuthDataRaw) {
    cachedAuthData = parseAuthData(raw)
    cachedAuthDataRaw = raw
  }
  return cachedAuthData
}

export function writeAuthData(authData: AuthData): void {
  write(STORAGE_KEYS.authData, JSON.stringify(authData))
}

export function removeAuthData(): void {
  write(STORAGE_KEYS.authData, null)
}

/** Client snapshot for useSyncExternalStore: the same object until AUTH_DATA changes. */
export const getAuthDataSnapshot = readAuthData

/** Server snapshot: prerendered pages are always rendered as for a visitor. */
export function getServerAuthDataSnapshot(): AuthData | null {
  return null
}

/** Spec §6: a vendor user is logged in when the stored login data carries a vendorUserId. */
export function isLoggedIn(authData: AuthData | null | undefined): authData is AuthData {
  const id: unknown = authData?.vendorUserId
  return (typeof id === 'string' && id.trim() !== '') || typeof id === 'number'
}

// ---- TOKEN --------------------------------------------------------------------------------------

/** The session token of ARCHITECTURE.md decision 1, sent as the `Token` header. */
export function readToken(): string | null {
  return readRaw(STORAGE_KEYS.token) || null
}

export function writeToken(token: string): void {
  write(STORAGE_KEYS.token, token)
}

export function removeToken(): void {
  write(STORAGE_KEYS.token, null)
}

// ---- goto ---------------------------------------------------------------------------------------

/*
 * Only a path of this site (leading '/', not '//' nor '/\'): the same rule as the `goto` search
 * parameter (docs/decisions/0003), repeated here because the value is followed after login and a
 * stored value may have been written by older code or by hand.
 */
const SITE_PATH = /^\/(?![/\\])/

export function readGoto(): string | null {
  const path = readRaw(STORAGE_KEYS.goto)
  return path !== null && SITE_PATH.test(path) ? path : null
}

/** A value that is not a path of this site is not stored (and any earlier one is kept). */
export function writeGoto(path: string): void {
  if (SITE_PATH.test(path)) write(STORAGE_KEYS.goto, path)
}

export function removeGoto(): void {
  write(STORAGE_KEYS.goto, null)
}

// ---- remembered user ----------------------------------------------------------------------------

/** The email address kept by 'Remember User ID' (spec §4 Login), prefilled on /login. */
export function readRememberedUserId(): string | null {
  return readRaw(STORAGE_KEYS.rememberedUserId) || null
}

export function writeRememberedUserId(emailId: string): void {
  write(STORAGE_KEYS.rememberedUserId, emailId)
}

export function removeRememberedUserId(): void {
  write(STORAGE_KEYS.rememberedUserId, null)
}

// ---- last activity (shared by the tabs) ---------------------------------------------------------

/*
 * The idle timer of spec §4 runs in every open tab, but the vendor has one session: a tab left
 * alone must not log out a vendor who is working in another. Each tab writes its latest activity
 * here (at most every few seconds), and reads it before warning or ending the session.
 * Not one of STORAGE_KEYS: a change here is no news for the screens that follow the login.
 */
const LAST_ACTIVITY_KEY = 'LAST_ACTIVITY'

export function readLastActivity(): number | null {
  try {
    const value = Number(browserStorage('localStorage')?.getItem(LAST_ACTIVITY_KEY))
    return Number.isFinite(value) && value > 0 ? value : null
  } catch {
    return null
  }
}

export function writeLastActivity(time: number): void {
  try {
    browserStorage('localStorage')?.setItem(LAST_ACTIVITY_KEY, String(time))
  } catch {
    // The tab still keeps its own time.
  }
}

// ---- pending password flows (session storage) ---------------------------------------------------

/*
 * Spec §4: the registration answer is stored for the Create Password dialog (its emailId and id
 * go into the change-password payload) and the forgot-password answer for /check-mail (its id goes
 * into the reset payload). They concern this tab's flow only, so they live in session storage,
 * which a logout clears.
 */
export const SESSION_KEYS = {
  registration: 'REGISTRATION_DATA',
  passwordReset: 'FORGOT_PASSWORD_DATA',
} as const

type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS]

/** What the Create Password dialog needs from the registration answer. */
export type PendingRegistration = { id: string; emailId: string }
/** What /check-mail needs from the forgot-password answer. */
export type PendingPasswordReset = { id: string; emailId?: string }

function readSessionJson(key: SessionKey): Record<string, unknown> | null {
  try {
    const raw = browserStorage('sessionStorage')?.getItem(key)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

function writeSessionJson(key: SessionKey, value: object | null): void {
  try {
    const storage = browserStorage('sessionStorage')
    if (value === null) storage?.removeItem(key)
    else storage?.setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or disabled: the flow still works within this page.
  }
}

const idOf = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null

export function readPendingRegistration(): PendingRegistration | null {
  const stored = readSessionJson(SESSION_KEYS.registration)
  const id = idOf(stored?.id)
  const emailId = stored?.emailId
  return id && typeof emailId === 'string' ? { id, emailId } : null
}

/** Keeps the whole registration answer (spec §4 "the response is stored"). */
export function writePendingRegistration(answer: PendingRegistration & Record<string, unknown>): void {
  writeSessionJson(SESSION_KEYS.registration, answer)
}

export function removePendingRegistration(): void {
  writeSessionJson(SESSION_KEYS.registration, null)
}

export function readPendingPasswordReset(): PendingPasswordReset | null {
  const stored = readSessionJson(SESSION_KEYS.passwordReset)
  const id = idOf(stored?.id)
  if (!id) return null
  return typeof stored?.emailId === 'string' ? { id, emailId: stored.emailId } : { id }
}

/** Keeps the forgot-password answer (its id), with the address it was asked for. */
export function writePendingPasswordReset(answer: PendingPasswordReset & Record<string, unknown>): void {
  writeSessionJson(SESSION_KEYS.passwordReset, answer)
}

export function removePendingPasswordReset(): void {
  writeSessionJson(SESSION_KEYS.passwordReset, null)
}

// ---- logout -------------------------------------------------------------------------------------

/**
 * Spec §2 logout: clears session storage and the stored auth data, and the token that went with
 * the session. The remembered username stays, so 'Remember User ID' outlives a logout; goto stays
 * too, being about where to land rather than who is logged in.
 */
export function clearSession(): void {
  const removedAuthData = writeRaw(STORAGE_KEYS.authData, null)
  const removedToken = writeRaw(STORAGE_KEYS.token, null)
  try {
    browserStorage('localStorage')?.removeItem(LAST_ACTIVITY_KEY)
  } catch {
    // Nothing to remove where storage is unavailable.
  }
  try {
    browserStorage('sessionStorage')?.clear()
  } catch {
    // Nothing to clear where session storage is unavailable.
  }
  if (removedAuthData || removedToken) notify()
}
