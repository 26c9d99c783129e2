import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiToken, ApiTokenScope, CreateApiTokenAnswer } from '@/contract/api-tokens'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/*
 * Creating and revoking a token (POST /api/tokens/create, /revoke): each answer's token replaces
 * or joins the cached list, and the activity log, which records both, is read again.
 */

function usePutToken(vendorUserId: string) {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return (token: ApiToken) => {
    queryClient.setQueryData(keys.apiTokens(vendorUserId), (list: { tokens: ApiToken[] } | undefined) => {
      const tokens = list?.tokens ?? []
      return tokens.some((item) => item.tokenId === token.tokenId)
        ? { tokens: tokens.map((item) => (item.tokenId === token.tokenId ? token : item)) }
        : { tokens: [token, ...tokens] }
    })
    void queryClient.invalidateQueries({ queryKey: keys.allActivity() })
  }
}

export type CreateTokenField = 'name' | 'scope' | 'expiresInDays'

/** A refusal the create form shows on its field (`{ message, field }`, docs/decisions/0015). */
export type CreateTokenOutcome =
  | { kind: 'created'; answer: CreateApiTokenAnswer }
  | { kind: 'field'; field: CreateTokenField; message: string }

const CREATE_TOKEN_FIELDS: readonly CreateTokenField[] = ['name', 'scope', 'expiresInDays']

/**
 * POST /api/tokens/create. A refusal naming a field is the form's to show there (no toast); any
 * other failure is told as spec §8 says.
 */
export function useCreateApiTokenMutation(vendorUserId: string) {
  const putToken = usePutToken(vendorUserId)
  return useMutation({
    mutationFn: async (input: {
      name: string
      scope: ApiTokenScope
      expiresInDays: number | null
    }): Promise<CreateTokenOutcome> => {
      const outcome = await dataOrFieldRefusal(
        callEndpoint('createApiToken', { vendorUserId, ...input }),
        CREATE_TOKEN_FIELDS,
      )
      return outcome.ok
        ? { kind: 'created', answer: outcome.data }
        : { kind: 'field', field: outcome.field, message: outcome.message }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'created') putToken(outcome.answer.token)
    },
  })
}

export function useRevokeApiTokenMutation(vendorUserId: string) {
  const putToken = usePutToken(vendorUserId)
  return useMutation({
    mutationFn: (tokenId: string) => requestEndpoint('revokeApiToken', { vendorUserId, tokenId }),
    onSuccess: (answer) => putToken(answer.token),
  })
}
