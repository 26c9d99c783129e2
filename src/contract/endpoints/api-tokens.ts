import * as apiTokens from '@/contract/api-tokens'
import { type VendorEndpoint, main } from '@/contract/endpoints/types'

/*
 * Personal API tokens (docs/decisions/0026), managed with a signed-in session only. Every member
 * lists and revokes their own (a Viewer who was an Engineer still holds theirs); creating one
 * needs 'tokens'.
 */

export const apiTokenEndpoints = {
  listApiTokens: {
    ...main,
    method: 'GET',
    path: '/api/tokens',
    request: apiTokens.listApiTokensQuerySchema,
    answer: apiTokens.apiTokensAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    sessionOnly: true,
    tag: 'tokens',
    summary: 'List your API tokens (an Owner: every member’s)',
  },
  createApiToken: {
    ...main,
    method: 'POST',
    path: '/api/tokens/create',
    request: apiTokens.createApiTokenPayloadSchema,
    answer: apiTokens.createApiTokenAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'tokens',
    sessionOnly: true,
    refusalForm: { labels: apiTokens.API_TOKEN_FIELD_LABELS },
    tag: 'tokens',
    summary: 'Create an API token (its secret is answered once)',
    refusals: [409],
  },
  revokeApiToken: {
    ...main,
    method: 'POST',
    path: '/api/tokens/revoke',
    request: apiTokens.revokeApiTokenPayloadSchema,
    answer: apiTokens.revokeApiTokenAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    sessionOnly: true,
    refusalForm: { labels: apiTokens.API_TOKEN_FIELD_LABELS },
    tag: 'tokens',
    summary: 'Revoke an API token',
    refusals: [404],
  },
} as const satisfies Record<string, VendorEndpoint>
