import * as v from 'valibot'
import { PORTFOLIO_FIELD_LABELS } from '@/contract/portfolio-labels'
import { COMMENT_EMPTY_MESSAGE } from '@/contract/server-messages'

/*
 * How the services refuse a request's input (docs/decisions/0015). Every refusal of a body or of
 * query parameters answers `{ message, field }`:
 *   - `field` is the payload key as spec §3 names it ('emailId', 'deviceNumberList'), the query
 *     parameter's name, or 'body' when the body as a whole is wrong (not JSON, not an object, too
 *     large, not sent as JSON);
 *   - `message` is one sentence that names the field by the label its form shows and the rule it
 *     broke: 'Email must be text.', 'Organization name must be at most 50 characters.',
 *     'Email is required.'.
 * Calls whose answers carry a status keep `status: 'FAILURE'` beside them; change-password answers
 * text (spec §7), so there the message is the body and the field is the X-Field header.
 */

/** The `field` of a refusal that concerns the whole body. */
export const BODY_FIELD = 'body'
/** The header that names the refused field where the answer is plain text (change-password). */
export const FIELD_HEADER = 'X-Field'

/** A refusal as the services answer it. */
export type Refusal = { message: string; field: string }

export const NOT_JSON_MESSAGE = 'The request body must be valid JSON.'
export const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object.'
export const NOT_SENT_AS_JSON_MESSAGE =
  'The request body must be sent as JSON (Content-Type: application/json).'
export const bodyTooLargeMessage = (limitBytes: number) =>
  `The request body must be at most ${Math.floor(limitBytes / 1024)} KB.`

/**
 * The label each payload key is shown with on its form (the portfolio form's are those of
 * src/contract/portfolio-labels.ts, under the payload's names; the registration, login and password
 * forms' are their fields' labels). Keys no form shows get a plain description.
 */
export const PAYLOAD_FIELD_LABELS: Readonly<Record<string, string>> = {
  // Login, registration, passwords.
  emailId: 'Email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  reEnteredEmailId: 'Re-enter email',
  organization: 'Organization',
  lob: 'Line of business (LOB)',
  otp: '6-Digit code',
  confirmPassword: 'Confirm password',
  id: 'Request id',
  // The portfolio form's labels, and under the payload's names where spec §3 renames a field.
  ...PORTFOLIO_FIELD_LABELS,
  description: PORTFOLIO_FIELD_LABELS.descAboutOrganization,
  vendor: PORTFOLIO_FIELD_LABELS.deviceManufacture,
  devicesToBeCertified: PORTFOLIO_FIELD_LABELS.deviceToBecertified,
  isEngBuildAvailable: PORTFOLIO_FIELD_LABELS.engBuild,
  saveSection: 'Save section',
  savedPortfolioManagerId: 'Saved portfolio manager id',
  // Ids and comments.
  vendorUserId: 'Vendor user id',
  portfolioManagerId: 'Portfolio manager id',
  text: 'Comment',
  vendor_user_id: 'Vendor user id',
  portfolio_manager_id: 'Portfolio manager id',
  // Webhooks.
  url: 'URL',
  events: 'Events',
  endpointId: 'Endpoint id',
  deliveryId: 'Delivery id',
  enabled: 'Enabled',
  before: 'Before',
}

/** Labels that differ on one form: the reset page's password field reads 'New password'. */
export type FieldLabels = Readonly<Record<string, string>>
export const RESET_PASSWORD_LABELS: FieldLabels = { password: 'New password' }

/** How a call's input refusals are answered. */
export type RefusalForm = {
  /** The labels of this form where they differ from PAYLOAD_FIELD_LABELS. */
  labels?: FieldLabels
  /** The call's answers carry status (registration, forgot and reset password): 'FAILURE'. */
  withStatus?: boolean
  /** The call answers text (spec §7: change-password): the message as text, the field in X-Field. */
  asText?: boolean
}

/** The body of a refusal answered as JSON, with the call's status when its answers carry one. */
export function refusalBody(
  refusal: Refusal,
  form: RefusalForm,
): Refusal | (Refusal & { status: 'FAILURE' }) {
  return form.withStatus ? { status: 'FAILURE', ...refusal } : refusal
}

/** Messages a schema words for vendors itself; they are answered as they are. */
const OWN_WORDS = new Set<string>([COMMENT_EMPTY_MESSAGE])

/** '("Yes" | "No" | "")' → "'Yes', 'No' or empty". */
function options(expected: string | null): string {
  const items = (expected ?? '')
    .replace(/^\(|\)$/g, '')
    .split(' | ')
    .map((item) => (item === '""' ? 'empty' : item.replace(/^"(.*)"$/, "'$1'")))
  return items.length > 1
    ? `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`
    : (items[0] ?? '')
}

type AnyIssue = v.BaseIssue<unknown>

/** The rule an issue reports, worded to follow the field's label. */
function ruleOf(issue: AnyIssue): string {
  const missing = issue.kind === 'schema' && issue.received === 'undefined' && issue.input === undefined
  if (missing) return 'is required'
  switch (issue.type) {
    case 'string':
      return 'must be text'
    case 'number':
      return 'must be a number'
    case 'array':
      return 'must be a list'
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return 'must be an object'
    case 'non_empty':
      return 'is required'
    case 'max_length':
      return Array.isArray(issue.input)
        ? `must have at most ${String(issue.requirement)} entries`
        : `must be at most ${String(issue.requirement)} characters`
    case 'min_length':
      return `must be at least ${String(issue.requirement)} characters`
    case 'picklist':
      return `must be ${options(issue.expected)}`
    case 'check':
      return issue.message
    default:
      return 'is not valid'
  }
}

/** The label of a path: a field, or one row of the serial-number list ('Serial number 2'). */
function labelOf(path: ReadonlyArray<unknown>, labels: FieldLabels): string {
  const [key, index] = path
  if (key === 'deviceNumberList' && typeof index === 'number') return `Serial number ${index + 1}`
  const name = String(key)
  return labels[name] ?? PAYLOAD_FIELD_LABELS[name] ?? name
}

/**
 * The refusal of an input a request schema refused: its first issue, naming the top-level key it
 * concerns (or 'body' when the input is not an object) and the rule. `labels` overrides the
 * labels of PAYLOAD_FIELD_LABELS for one form.
 */
export function refusalOf(issues: ReadonlyArray<AnyIssue>, labels: FieldLabels = {}): Refusal {
  const issue = issues[0]
  const path = (issue?.path ?? []).map((item) => (item as { key: unknown }).key)
  if (issue === undefined || path.length === 0 || typeof path[0] !== 'string') {
    return { message: NOT_AN_OBJECT_MESSAGE, field: BODY_FIELD }
  }
  const field = path[0]
  if (OWN_WORDS.has(issue.message)) return { message: issue.message, field }
  return { message: `${labelOf(path, labels)} ${ruleOf(issue)}.`, field }
}

/**
 * Reads a parsed JSON body (or a query's parameters) with its request schema: the schema's output,
 * or the refusal to answer. A body that is not a JSON object (an array, a string, null) is refused
 * as a whole.
 */
export function readInput<S extends v.GenericSchema>(
  schema: S,
  raw: unknown,
  labels: FieldLabels = {},
): { output: v.InferOutput<S> } | { refused: Refusal } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { refused: { message: NOT_AN_OBJECT_MESSAGE, field: BODY_FIELD } }
  }
  const parsed = v.safeParse(schema, raw)
  return parsed.success ? { output: parsed.output } : { refused: refusalOf(parsed.issues, labels) }
}

/** The registration form's field names that the payload renames (spec §3). */
const REGISTRATION_PAYLOAD_KEYS: Readonly<Record<string, string>> = {
  email: 'emailId',
  reEnterEmail: 'reEnteredEmailId',
}

/**
 * The refusal of a registration payload by the registration form's own rules (spec §5): the rule's
 * message as the form shows it, after the field's label ('First name: Only letters are allowed.'),
 * and the payload key it concerns.
 */
export function registrationRuleRefusal(issues: ReadonlyArray<AnyIssue>): Refusal {
  const issue = issues[0]
  const key = issue?.path?.[0] ? String((issue.path[0] as { key: unknown }).key) : undefined
  if (issue === undefined || key === undefined) return { message: NOT_AN_OBJECT_MESSAGE, field: BODY_FIELD }
  const field = REGISTRATION_PAYLOAD_KEYS[key] ?? key
  return { message: `${PAYLOAD_FIELD_LABELS[field] ?? field}: ${issue.message}`, field }
}

/**
 * Whether a Content-Type says JSON: application/json, with no charset or charset=utf-8. The
 * portal's clients always send it (src/lib/api-client.ts); anything else (a form post, text, no
 * type at all) is refused rather than guessed at.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false
  const [type = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase())
  if (type !== 'application/json') return false
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim())
    return name !== 'charset' || value.replace(/^"|"$/g, '') === 'utf-8'
  })
}
