import { LAB_PATH } from '@/contract/lab'
import { INVITATION_PATH, PENDING_INVITATIONS_PATH } from '@/contract/team'
import { FROM_CREATE_PORTFOLIO } from '@/lib/login-params'

/*
 * Where a vendor lands after logging in (spec §2, §4): the protected page that sent them to this
 * login (its path is in the login's address, /login?redirect=…: docs/decisions/0019), else the goto
 * path stored at start, else the home page. A visitor who came from the portfolio manager's Create
 * Portfolio button (/login?from=create-portfolio) and has no stored goto lands on the portfolio
 * form they were trying to open (docs/decisions/0009).
 *
 * A lab staff member (`lab`) lands on the lab console, or on the console's page that sent
 * them to the login: the vendors' pages are not theirs.
 *
 * An account without an organization (`noOrganization`) lands on its pending invitations,
 * or on the invitation link that sent it to the login: every organization's page would refuse it.
 */

export function pathAfterLogin({
  redirect,
  goto,
  from,
  lab = false,
  noOrganization = false,
}: {
  redirect?: string | undefined
  goto: string | null
  from: string | undefined
  lab?: boolean
  noOrganization?: boolean
}): string {
  // Never back to the login screen itself, which would look like a failed login.
  const notLogin = (path: string | null | undefined): path is string =>
    Boolean(path) && !/^\/login(?:[/?#]|$)/.test(path ?? '')
  if (lab) return isLabPath(redirect) ? redirect : LAB_PATH
  if (noOrganization) return isInvitationPath(redirect) ? redirect : PENDING_INVITATIONS_PATH
  if (notLogin(redirect)) return redirect
  if (notLogin(goto)) return goto
  if (from === FROM_CREATE_PORTFOLIO) return '/portfolio'
  return '/'
}

/** The login screen's lead, which says why the vendor is asked to sign in. */
export function loginLead(from: string | undefined): string {
  if (from === FROM_CREATE_PORTFOLIO) return 'Sign in to create your portfolio.'
  return 'Sign in with the email id and password of your vendor account.'
}

/** Whether a path is the lab console's (/lab, /lab/staff, /lab?record=…), not the set-password page. */
function isLabPath(path: string | undefined): path is string {
  return Boolean(path) && /^\/lab(?:[/?#]|$)/.test(path ?? '') && !/^\/lab\/set-password/.test(path ?? '')
}

/** Whether a path is an invitation link's page (/invitation?token=…) or the pending invitations' page. */
function isInvitationPath(path: string | undefined): path is string {
  const pattern = (page: string) => new RegExp(`^${page}(?:[?#]|$)`)
  return (
    Boolean(path) &&
    [INVITATION_PATH, PENDING_INVITATIONS_PATH].some((page) => pattern(page).test(path ?? ''))
  )
}
