import * as v from 'valibot'
import { idSchema, nameText } from '@/contract/common'
import type { FieldLabels } from '@/contract/refusals'

/*
 * docs/decisions/0026: personal API tokens for a vendor's own pipelines. A
 * member (Owner or Engineer) creates a token with a name, a scope and an optional expiry; its
 * secret is shown once and stored only as a SHA-256. A call with `Authorization: Bearer <token>`
 * acts as the token's member in the token's organization, with the member's role as it is now,
 * limited by the token's scope. The token calls themselves need a signed-in session.
 */

/** Every token starts with this, so that secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'dcp_'
/** The token: the prefix and 32 random bytes in base64url (43 characters), 256 bits of entropy. */
export const API_TOKEN_PATTERN = /^dcp_[A-Za-z0-9_-]{43}$/
/** The API reference the portal serves. */
export const API_REFERENCE_PATH = '/api/docs'
/** The header a pipeline sends. */
export const AUTHORIZATION_HEADER = 'Authorization'

export const API_TOKEN_SCOPES = ['read', 'read-write'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

/** How the page names each scope, and what it allows. */
export const API_TOKEN_SCOPE_LABELS: Readonly<Record<ApiTokenScope, string>> = {
  read: 'Read',
  'read-write': 'Read and write',
}
export const API_TOKEN_SCOPE_DESCRIPTIONS: Readonly<Record<ApiTokenScope, string>> = {
  read: 'Lists devices, runs, results and certificates. Changes nothing.',
  'read-write':
    'Also submits devices, starts and cancels certification runs and sends certificates, as far as your role allows.',
}

/** The expiries the page offers (days; null: no expiry). The API takes any whole number from 1 to 366. */
export const API_TOKEN_EXPIRY_CHOICES = [null, 7, 30, 90, 365] as const
export const API_TOKEN_MAX_EXPIRY_DAYS = 366
export const apiTokenExpiryLabel = (days: number | null) =>
  days === null ? 'No expiry' : days === 365 ? '1 year' : `${days} days`

/** The most tokens not revoked one member may hold in one organization. */
export const API_TOKENS_PER_MEMBER = 20
/** A token name's length (as other names: 3 to 50). */
export const API_TOKEN_NAME_MIN_LENGTH = 3
export const API_TOKEN_NAME_MAX_LENGTH = 50

/** Calls per token per minute by default (API_TOKEN_CALLS_PER_MINUTE changes it). */
export const API_TOKEN_CALLS_PER_MINUTE = 600

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const
export type ApiTokenState = (typeof API_TOKEN_STATES)[number]
export const API_TOKEN_STATE_LABELS: Readonly<Record<ApiTokenState, string>> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
}

/* ---------------------------------------------------------------------------- requests */

/** The labels of the create form, for the field refusals ('Token name must be …'). */
export const API_TOKEN_FIELD_LABELS: FieldLabels = {
  name: 'Token name',
  scope: 'Scope',
  expiresInDays: 'Expiry',
  tokenId: 'Token id',
}

export const API_TOKEN_NAME_RULE = `must be between ${API_TOKEN_NAME_MIN_LENGTH} and ${API_TOKEN_NAME_MAX_LENGTH} characters`
export const API_TOKEN_EXPIRY_RULE = `must be a whole number of days from 1 to ${API_TOKEN_MAX_EXPIRY_DAYS}, or null for no expiry`

/** The refusal of a name out of bounds, as the server words it (and the form before sending). */
export const API_TOKEN_NAME_MESSAGE = `Token name ${API_TOKEN_NAME_RULE}.`

export const apiTokenNameSchema = v.pipe(
  nameText(500),
  v.check(
    (value) => value.length >= API_TOKEN_NAME_MIN_LENGTH && value.length <= API_TOKEN_NAME_MAX_LENGTH,
    API_TOKEN_NAME_RULE,
  ),
)

/** GET /api/tokens */
export const listApiTokensQuerySchema = v.object({ vendorUserId: idSchema })

/** POST /api/tokens/create */
export const createApiTokenPayloadSchema = v.object({
  vendorUserId: idSchema,
  name: apiTokenNameSchema,
  scope: v.picklist(API_TOKEN_SCOPES),
  expiresInDays: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.check(
          (days) => Number.isInteger(days) && days >= 1 && days <= API_TOKEN_MAX_EXPIRY_DAYS,
          API_TOKEN_EXPIRY_RULE,
        ),
      ),
    ),
    null,
  ),
})

/** POST /api/tokens/revoke */
export const revokeApiTokenPayloadSchema = v.object({ vendorUserId: idSchema, tokenId: idSchema })

/* ----------------------------------------------------------------------------- answers */

export const apiTokenSchema = v.looseObject({
  tokenId: v.string(),
  name: v.string(),
  scope: v.picklist(API_TOKEN_SCOPES),
  /** The prefix and the secret's last four characters ('dcp_…x7Qa'), to tell tokens apart. */
  hint: v.string(),
  /** The member the token acts as (their vendorUserId) and their name. */
  ownerAccountId: v.string(),
  ownerName: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  /** ISO 8601; null: no expiry. */
  expiresAt: v.nullable(v.string()),
  /** ISO 8601, to the minute; null: never used. */
  lastUsedAt: v.nullable(v.string()),
  /** ISO 8601; null: not revoked. */
  revokedAt: v.nullable(v.string()),
  state: v.picklist(API_TOKEN_STATES),
})
export type ApiToken = v.InferOutput<typeof apiTokenSchema>

/** GET /api/tokens: the caller's tokens; an Owner's list holds every member's, newest first. */
export const apiTokensAnswerSchema = v.looseObject({ tokens: v.array(apiTokenSchema) })
export type ApiTokensAnswer = v.InferOutput<typeof apiTokensAnswerSchema>

/** POST /api/tokens/create: the secret, this once. */
export const createApiTokenAnswerSchema = v.looseObject({
  message: v.string(),
  secret: v.string(),
  token: apiTokenSchema,
})
export type CreateApiTokenAnswer = v.InferOutput<typeof createApiTokenAnswerSchema>

/** POST /api/tokens/revoke */
export const revokeApiTokenAnswerSchema = v.looseObject({ message: v.string(), token: apiTokenSchema })

/* ---------------------------------------------------------------- what a bearer may call */

/**
 * What a call made with a token needs: `read` (either scope), `write` (the read-write scope), or
 * `session` (never with a token). Each call's is derived from its endpoint-table entry
 * (src/contract/endpoints apiTokenAccess).
 */
export type ApiTokenAccess = 'read' | 'write' | 'session'

/* ---------------------------------------------------------------------------- messages */

export const apiTokenCreatedMessage = (name: string) =>
  `Token “${name}” created. Copy it now: it will not be shown again.`
export const apiTokenRevokedMessage = (name: string) =>
  `Token “${name}” was revoked. Calls made with it are refused from now on.`
/** A second token not revoked with the same name for the same member (409, field name). */
export const apiTokenNameTakenMessage = (name: string) =>
  `You already have a token named “${name}”. Choose another name.`
export const API_TOKEN_LIMIT_MESSAGE = `You already hold ${API_TOKENS_PER_MEMBER} tokens in this organization, the most one member may hold. Revoke one you no longer use first.`
export const API_TOKEN_NOT_FOUND_MESSAGE = 'No API token with this id exists in your list.'
/** The warning beside a token shown once. */
export const API_TOKEN_SHOWN_ONCE_WARNING =
  'Copy this token now and keep it in your pipeline’s secret store. It will not be shown again: the portal keeps only a hash of it.'

/* The tokens page's words. */
export const API_TOKENS_INTRO =
  'API tokens let your own build and test pipelines call the portal without signing in: submit a device, start certification, read the results. Each token acts as you, with your role in this organization, limited by its scope.'
export const API_TOKENS_EMPTY_TITLE = 'No API tokens yet'
export const API_TOKENS_EMPTY_TEXT =
  'Create a token for each pipeline or script that calls the portal, so that you can revoke one without stopping the others. The API reference shows every call, with examples.'
export const API_TOKENS_OWNER_NOTE =
  'As an Owner you also see, and may revoke, the tokens of the other members.'
export const revokeApiTokenQuestion = (name: string) => `Revoke “${name}”?`
export const REVOKE_API_TOKEN_CONSEQUENCE =
  'Every call made with this token is refused from now on. A pipeline that uses it needs a new token. This cannot be undone.'

/** The calls' vendorUserId the pipeline sends with the token. */
export const apiTokenVendorUserIdNote = (vendorUserId: string) =>
  `Your calls send vendorUserId (vendor_user_id on the certification service) ${vendorUserId}.`

/* What a call with `Authorization: Bearer …` is answered when it cannot go on. */

/** 401: an Authorization header that is not `Bearer <token>`. */
export const AUTHORIZATION_MALFORMED_MESSAGE =
  'The Authorization header must be “Bearer” followed by a space and an API token (dcp_…).'
/** 401: no token with this secret (mistyped, cut short, or never created). */
export const API_TOKEN_UNKNOWN_MESSAGE =
  'This API token is not valid. Check that it was copied whole, or create a new one on the API tokens page.'
/** 401: a revoked token. */
export const API_TOKEN_REVOKED_MESSAGE =
  'This API token was revoked. Create a new one on the API tokens page.'
/** 401: a token past its expiry. */
export const API_TOKEN_EXPIRED_MESSAGE =
  'This API token has expired. Create a new one on the API tokens page.'
/** 401: the token's member left or was removed from the organization. */
export const API_TOKEN_MEMBER_GONE_MESSAGE =
  'This API token belongs to someone who is no longer a member of the organization.'
/** 403: a read token on a call that changes something. */
export const API_TOKEN_READ_ONLY_MESSAGE =
  'This API token has the read scope: it can only read. Use a token with the read and write scope for this call.'
/** 403: a call only a signed-in session makes (sign-in, the session's organization, the token calls). */
export const API_TOKEN_SESSION_ONLY_MESSAGE =
  'This call needs a signed-in session in the portal: an API token cannot make it.'
/** 429 with Retry-After (the limit is API_TOKEN_CALLS_PER_MINUTE, or its variable's). */
export const API_TOKEN_RATE_LIMITED_MESSAGE =
  'Too many calls with this API token. Wait the seconds in Retry-After and try again.'
