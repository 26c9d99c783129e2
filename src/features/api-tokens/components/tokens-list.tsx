import * as React from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { type ApiToken, REVOKE_API_TOKEN_CONSEQUENCE, revokeApiTokenQuestion } from '@/contract/api-tokens'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { cn } from '@/lib/utils'
import { useRevokeApiTokenMutation } from '@/features/api-tokens/api/api-token-changes'
import {
  isRevocable,
  lastUsedText,
  orderTokens,
  tokenDetailsText,
  tokenEndText,
  tokenStateLabel,
} from '@/features/api-tokens/model/token-rules'

type TokensListProps = {
  vendorUserId: string
  tokens: ReadonlyArray<ApiToken>
}

const STATE_CLASSES: Readonly<Record<ApiToken['state'], string>> = {
  active: 'bg-success-soft text-success',
  expired: 'bg-surface-sunken text-ink-muted',
  revoked: 'bg-danger-soft text-danger',
}

/**
 * The tokens, working ones first: name and state, scope, hint, whose (an Owner sees every
 * member's), created, last used, and when it ends. Revoke (a working token only) asks first.
 */
function TokensList({ vendorUserId, tokens }: TokensListProps) {
  const [revoking, setRevoking] = React.useState<ApiToken | null>(null)
  const revoke = useRevokeApiTokenMutation(vendorUserId)

  const onRevoke = async () => {
    if (!revoking) return
    const answer = await answerOrNull(revoke.mutateAsync(revoking.tokenId))
    if (answer) void showToast('success', answer.message)
  }

  return (
    <>
      <ul
        aria-label="API tokens"
        className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface"
      >
        {orderTokens(tokens).map((token) => (
          <li
            key={token.tokenId}
            data-slot="api-token"
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 text-body font-semibold break-words text-ink">
                {token.name}
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-caption font-semibold',
                    STATE_CLASSES[token.state],
                  )}
                >
                  {tokenStateLabel(token)}
                </span>
              </p>
              <p className="text-small text-ink-muted">{tokenDetailsText(token, vendorUserId)}</p>
              <p className="text-small text-ink-muted">{`${lastUsedText(token)} · ${tokenEndText(token)}`}</p>
            </div>
            {isRevocable(token) ? (
              <Button
                size="sm"
                variant="outline"
                className="shrink-0 self-start sm:self-center"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <AlertDialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{revoking ? revokeApiTokenQuestion(revoking.name) : ''}</AlertDialogTitle>
            <AlertDialogDescription>{REVOKE_API_TOKEN_CONSEQUENCE}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => void onRevoke()}>
              Revoke token
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}

export { TokensList }
