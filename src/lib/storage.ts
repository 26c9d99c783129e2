import * as v from 'valibot'
import { type AuthData, authDataSchema } from '@/contract/auth'
import { gotoPathSchema } from '@/lib/login-params'

/*
 * The items the portal keeps in the browser (spec §3), under the key names the specification uses.
 * Each is a typed stored item (`storedItem`): its key, its storage area and the schema a stored
 * value must pass to be read. A value that fails it (corrupt, written by other code or by hand)
 * reads as absent.
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

/**
 * Key names in session storage: the pending password flows of spec §4. The registration answer
 * is kept for the Create Password dialog (its emailId and id go into the change-password payload)
 * and the forgot-password answer for /check-mail (its id goes into the reset payload). They
 * concern this tab's flow only, so they live in session storage, which a logout clears.
 */
export const SESSION_KEYS = {
  registration: 'REGISTRATION_DATA',
  passwordReset: 'FORGOT_PASSWORD_DATA',
} as const

/*
 * The idle timer of spec §4 runs in every open tab, but the vendor has one session: a tab left
 * alone must not log out a vendor who is working in another. Each tab writes its latest activity
 * here (at most every few seconds), and reads it before warning or ending the session.
 * Not one of STORAGE_KEYS: a change here is no news for the screens that follow the login.
 */
const LAST_ACTIVITY_KEY = 'LAST_ACTIVITY'

type Area = 'localStorage' | 'sessionStorage'

function browserStorage(area: Area): Storage | null {
  try {
    // Reading the property itself throws a SecurityError where storage is disabled.
    const storage = globalThis[area] as Storage | undefined
    return storage ?? null
  } catch {
    return null
  }
}

function readRaw(area: Area, key: string): string | null {
  try {
    return browserStorage(area)?.getItem(key) ?? null
  } catch {
    return null
  }
}

/** Returns whether storage changed, so listeners are told only about real changes. */
function writeRaw(area: Area, key: string, value: string | null): boolean {
  const storage = browserStorage(area)
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
/** The keys whose changes subscribers hear of: STORAGE_KEYS. */
const WATCHED_KEYS: ReadonlySet<string> = new Set<string>(Object.values(STORAGE_KEYS))

function notify() {
  for (const listener of [...listeners]) listener()
}

function onStorageEvent(event: StorageEvent) {
  // key null: another tab cleared the whole storage.
  if (event.key === null || WATCHED_KEYS.has(event.key)) notify()
}

/**
 * Calls `listener` after every change made through this module in this tab to one of STORAGE_KEYS,
 * and after other tabs change one of them (the browser's `storage` event). Returns the unsubscribe
 * function.
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

// ---- typed stored items -------------------------------------------------------------------------

/** One item kept in the browser, read through its schema. */
export type StoredItem<T> = {
  readonly key: string
  /**
   * The stored value when it passes the item's schema, else null. The same value (the same
   * object) while the stored text stays the same, as useSyncExternalStore requires.
   */
  read(): T | null
  write(value: T): void
  remove(): void
}

type StoredItemOptions = {
  /** Where it is kept: local storage (default) or this tab's session storage. */
  area?: Area
  /** How it is kept: as JSON (default), or as the text itself (its schema then reads that text). */
  format?: 'json' | 'text'
  /** A value that fails the schema is not written (and the stored one is kept). */
  checkWrites?: boolean
  /**
   * A stored value that fails the schema is removed when read, so that it is not parsed again on
   * every read. No listener is told: it already reads as absent, and this may run during render.
   */
  dropInvalid?: boolean
}

/**
 * A typed stored item: `key` in `area`, written as JSON or text, read through `schema`. Writes to
 * the keys of STORAGE_KEYS tell the subscribers of `subscribeToStorage`.
 */
export function storedItem<S extends v.GenericSchema>(
  key: string,
  schema: S,
  {
    area = 'localStorage',
    format = 'json',
    checkWrites = false,
    dropInvalid = false,
  }: StoredItemOptions = {},
): StoredItem<v.InferOutput<S>> {
  type T = v.InferOutput<S>
  const watched = area === 'localStorage' && WATCHED_KEYS.has(key)

  const parse = (raw: string): T | null => {
    let value: unknown = raw
    if (format === 'json') {
      try {
        value = JSON.parse(raw)
      } catch {
        return null
      }
    }
    const checked = v.safeParse(schema, value)
    return checked.success ? checked.output : null
  }

  const store = (raw: string | null) => {
    if (writeRaw(area, key, raw) && watched) notify()
  }

  // The value read last and the text it was read from (undefined: nothing read yet).
  let cachedRaw: string | null | undefined
  let cached: T | null = null

  return {
    key,
    read() {
      const raw = readRaw(area, key)
      if (raw === cachedRaw) return cached
      const value = raw === null ? null : parse(raw)
      if (raw !== null && value === null && dropInvalid) writeRaw(area, key, null)
      cachedRaw = raw
      cached = value
      return value
    },
    write(value) {
      const raw = format === 'json' ? JSON.stringify(value) : String(value)
      if (checkWrites && parse(raw) === null) return
      store(raw)
    },
    remove() {
      store(null)
    },
  }
}

const nonEmptyText = v.pipe(v.string(), v.nonEmpty())
/** An id as the services hand it out: text, or a number read as text. */
const storedIdSchema = v.union([nonEmptyText, v.pipe(v.number(), v.transform(String))])

// ---- AUTH_DATA ----------------------------------------------------------------------------------

/** The login answer (spec §3), read with the contract's schema; a corrupt or foreign item is dropped. */
const authDataItem = storedItem(STORAGE_KEYS.authData, authDataSchema, { dropInvalid: true })

export function readAuthData(): AuthData | null {
  return authDataItem.read()
}

export function writeAuthData(authData: AuthData): void {
  authDataItem.write(authData)
}

export function removeAuthData(): void {
  authDataItem.remove()
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
const tokenItem = storedItem(STORAGE_KEYS.token, nonEmptyText, { format: 'text' })

export function readToken(): string | null {
  return tokenItem.read()
}

export function writeToken(token: string): void {
  tokenItem.write(token)
}

export function removeToken(): void {
  tokenItem.remove()
}

// ---- goto ---------------------------------------------------------------------------------------

/**
 * Where to land after login (spec §2): only a path of this site, the rule of the `goto` search
 * parameter (src/lib/login-params.ts). A value that breaks it is not stored (and any earlier one
 * is kept), and a stored one that breaks it reads as absent.
 */
const gotoItem = storedItem(STORAGE_KEYS.goto, gotoPathSchema, { format: 'text', checkWrites: true })

export function readGoto(): string | null {
  return gotoItem.read()
}

export function writeGoto(path: string): void {
  gotoItem.write(path)
}

export function removeGoto(): void {
  gotoItem.remove()
}

// ---- remembered user ----------------------------------------------------------------------------

/** The email address kept by 'Remember User ID' (spec §4 Login), prefilled on /login. */
const rememberedUserItem = storedItem(STORAGE_KEYS.rememberedUserId, nonEmptyText, { format: 'text' })

export function readRememberedUserId(): string | null {
  return rememberedUserItem.read()
}

export function writeRememberedUserId(emailId: string): void {
  rememberedUserItem.write(emailId)
}

export function removeRememberedUserId(): void {
  rememberedUserItem.remove()
}

// ---- last activity (shared by the tabs) ---------------------------------------------------------

/** A time in milliseconds, kept as its text. */
const lastActivityItem = storedItem(
  LAST_ACTIVITY_KEY,
  v.pipe(v.string(), v.transform(Number), v.number(), v.finite(), v.gtValue(0)),
  { format: 'text' },
)

export function readLastActivity(): number | null {
  return lastActivityItem.read()
}

/** Where storage fails, the tab still keeps its own time. */
export function writeLastActivity(time: number): void {
  lastActivityItem.write(time)
}

// ---- pending password flows (session storage) ---------------------------------------------------

/** What the Create Password dialog needs from the registration answer. */
const pendingRegistrationSchema = v.object({ id: storedIdSchema, emailId: v.string() })
export type PendingRegistration = v.InferOutput<typeof pendingRegistrationSchema>

/** What /check-mail needs from the forgot-password answer. */
const pendingPasswordResetSchema = v.object({
  id: storedIdSchema,
  emailId: v.fallback(v.optional(v.string()), undefined),
})
export type PendingPasswordReset = v.InferOutput<typeof pendingPasswordResetSchema>

/*
 * Both keep the whole answer (spec §4 "the response is stored") and read back what the flow needs.
 * Where storage is full or disabled the flow still works within the page.
 */
const pendingRegistrationItem = storedItem(SESSION_KEYS.registration, pendingRegistrationSchema, {
  area: 'sessionStorage',
})
const pendingPasswordResetItem = storedItem(SESSION_KEYS.passwordReset, pendingPasswordResetSchema, {
  area: 'sessionStorage',
})

/** The same object while the stored item is unchanged (for useSyncExternalStore). */
export function readPendingRegistration(): PendingRegistration | null {
  return pendingRegistrationItem.read()
}

export function writePendingRegistration(answer: PendingRegistration & Record<string, unknown>): void {
  pendingRegistrationItem.write(answer)
}

export function removePendingRegistration(): void {
  pendingRegistrationItem.remove()
}

/** The same object while the stored item is unchanged (for useSyncExternalStore). */
export function readPendingPasswordReset(): PendingPasswordReset | null {
  return pendingPasswordResetItem.read()
}

/** Keeps the forgot-password answer (its id), with the address it was asked for. */
export function writePendingPasswordReset(answer: PendingPasswordReset & Record<string, unknown>): void {
  pendingPasswordResetItem.write(answer)
}

export function removePendingPasswordReset(): void {
  pendingPasswordResetItem.remove()
}

// ---- logout -------------------------------------------------------------------------------------

/**
 * Spec §2 logout: clears session storage and the stored auth data, and the token that went with
 * the session. The remembered username stays, so 'Remember User ID' outlives a logout; goto stays
 * too, being about where to land rather than who is logged in. Subscribers are told once.
 */
export function clearSession(): void {
  const removedAuthData = writeRaw('localStorage', STORAGE_KEYS.authData, null)
  const removedToken = writeRaw('localStorage', STORAGE_KEYS.token, null)
  writeRaw('localStorage', LAST_ACTIVITY_KEY, null)
  try {
    browserStorage('sessionStorage')?.clear()
  } catch {
    // Nothing to clear where session storage is unavailable.
  }
  if (removedAuthData || removedToken) notify()
}
