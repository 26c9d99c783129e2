import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiToken, ApiTokenScope, CreateApiTokenAnswer } from '@/contract/api-tokens'
import { ApiAnswerError, callEndpoint, requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/*
 * Creating and revoking a token (POST /api/tokens/create, /revoke): each answer's token replaces
 * or joins the cached list, and the activity log, which records both, is read again.
 */

function usePutToken(vendorUserId: string) {
  const queryClient = useQueryClient()
  return (token: ApiToken) => {
    queryClient.setQueryData(
      queryKeys.apiTokens(vendorUserId),
      (list: { tokens: ApiToken[] } | undefined) => {
        const tokens = list?.tokens ?? []
        return tokens.some((item) => item.tokenId === token.tokenId)
          ? { tokens: tokens.map((item) => (item.tokenId === token.tokenId ? token : item)) }
          : { tokens: [token, ...tokens] }
      },
    )
    void queryClient.invalidateQueries({ queryKey: queryKeys.allActivity() })
  }
}

export type CreateTokenField = 'name' | 'scope' | 'expiresInDays'

/** A refusal the create form shows on its field (`{ message, field }`, docs/decisions/0015). */
export type CreateTokenOutcome =
  | { kind: 'created'; answer: CreateApiTokenAnswer }
  | { kind: 'field'; field: CreateTokenField; message: string }

const fieldOf = (data: unknown): CreateTokenField | null => {
  const field = (data as { field?: unknown } | null)?.field
  return field === 'name' || field === 'scope' || field === 'expiresInDays' ? field : null
}

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
      const result = await callEndpoint('createApiToken', { vendorUserId, ...input })
      if (result.ok) return { kind: 'created', answer: result.data }
      const field = fieldOf(result.data)
      if (field) return { kind: 'field', field, message: result.message }
      throw new ApiAnswerError(result.message, result.status)
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
