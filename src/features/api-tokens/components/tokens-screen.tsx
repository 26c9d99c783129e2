import { BookOpen, KeyRound, Plus } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { RefusalNote } from '@/components/ui/refusal-note'
import {
  API_REFERENCE_PATH,
  API_TOKENS_EMPTY_TEXT,
  API_TOKENS_EMPTY_TITLE,
  API_TOKENS_INTRO,
  API_TOKENS_OWNER_NOTE,
  type ApiToken,
} from '@/contract/api-tokens'
import { ROLE_REFUSAL_HINT, ROLE_REFUSALS, type Role, can } from '@/contract/roles'
import { CreateTokenDialog } from '@/features/api-tokens/components/create-token-dialog'
import { TokensList } from '@/features/api-tokens/components/tokens-list'

type TokensScreenProps = {
  vendorUserId: string
  /** The viewer's role in the organization the session acts for. */
  role: Role
  tokens: ReadonlyArray<ApiToken>
}

/**
 * The API tokens page (docs/decisions/0026): what tokens are for, with a link to the API
 * reference; Create token (an Owner's and an Engineer's; a Viewer sees it disabled with the
 * reason); the tokens with Revoke. An empty list says what to do first.
 */
function TokensScreen({ vendorUserId, role, tokens }: TokensScreenProps) {
  const [creating, setCreating] = React.useState(false)
  const mayCreate = can(role, 'tokens')
  const refusalId = React.useId()
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <p className="max-w-3xl text-body text-ink">{API_TOKENS_INTRO}</p>
        <a
          href={API_REFERENCE_PATH}
          className="inline-flex items-center gap-1.5 self-start text-body font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          API reference
        </a>
      </div>
      <section aria-labelledby="api-tokens-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="api-tokens-heading" className="text-heading text-ink">
            {role === 'Owner' ? 'Tokens in your organization' : 'Your tokens'}
          </h2>
          <Button
            aria-disabled={mayCreate ? undefined : true}
            aria-describedby={mayCreate ? undefined : refusalId}
            className={mayCreate ? undefined : 'cursor-not-allowed opacity-60'}
            onClick={() => {
              if (mayCreate) setCreating(true)
            }}
          >
            <Plus aria-hidden="true" />
            Create token
          </Button>
        </div>
        {mayCreate ? null : (
          <RefusalNote id={refusalId} reason={ROLE_REFUSALS.tokens} hint={ROLE_REFUSAL_HINT} />
        )}
        {role === 'Owner' && tokens.some((token) => token.ownerAccountId !== vendorUserId) ? (
          <p className="text-small text-ink-muted">{API_TOKENS_OWNER_NOTE}</p>
        ) : null}
        {tokens.length === 0 ? (
          <div
            data-slot="api-tokens-empty"
            className="flex flex-col items-start gap-2 rounded-card border border-dashed border-line-strong bg-surface-muted p-6"
          >
            <KeyRound aria-hidden="true" className="size-6 text-ink-muted" />
            <h3 className="text-body font-semibold text-ink">{API_TOKENS_EMPTY_TITLE}</h3>
            <p className="max-w-2xl text-body text-ink-muted">{API_TOKENS_EMPTY_TEXT}</p>
          </div>
        ) : (
          <TokensList vendorUserId={vendorUserId} tokens={tokens} />
        )}
      </section>
      {mayCreate ? (
        <CreateTokenDialog vendorUserId={vendorUserId} open={creating} onOpenChange={setCreating} />
      ) : null}
    </div>
  )
}

export { TokensScreen }
