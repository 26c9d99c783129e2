import * as v from 'valibot'

/*
 * Building blocks shared by the request and answer schemas. Requests are validated strictly
 * enough that the server can trust their shape (lengths are bounded so no body is unbounded);
 * answers are read leniently (`looseObject`) so a newer server may add fields.
 */

/** The YES/NO flags of the auth data and the saved draft (spec §3). */
export const yesNoSchema = v.picklist(['YES', 'NO'])
export type YesNo = v.InferOutput<typeof yesNoSchema>

/*
 * Text inputs (docs/decisions/0015). Every text field of a request refuses characters that no form
 * of the portal can type and that break storage or display: NUL (PostgreSQL refuses it in text),
 * the other C0 and C1 control characters, DEL, the line and paragraph separators, the bidi
 * embeddings, overrides and isolates (U+202A–202E, U+2066–2069: text that reads otherwise than it
 * is stored), the zero-width space and joiners (U+200B–200D) and the byte-order mark U+FEFF. A
 * field whose form control is a textarea (multilineText) admits line feeds, carriage returns and
 * tabs, and the zero-width joiners that some scripts need. Names are NFC-normalised and trimmed
 * before they are checked and stored, so 'Café' typed two ways is one name. Passwords are taken
 * as typed but for NUL.
 *
 * A check's message is the rule without the field ('must not contain control characters'): the
 * services put the field's label in front of it (src/contract/refusals.ts).
 */

/** The rule a text with a forbidden character breaks, as the refusal words it after the label. */
export const CONTROL_CHARACTER_RULE = 'must not contain control characters or invisible formatting characters'
/** The rule a text with a lone surrogate breaks (JSON can carry one; no UTF-8 text can). */
export const BROKEN_CHARACTER_RULE = 'must not contain a broken character'
/** The rule a password with NUL breaks. */
export const NUL_CHARACTER_RULE = 'must not contain the NUL character'

/* eslint-disable no-control-regex -- matching control characters is the point of these patterns */
export const SINGLE_LINE_FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200d\u202a-\u202e\u2066-\u2069\ufeff]/u
export const MULTILINE_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u200b\u202a-\u202e\u2066-\u2069\ufeff]/u
/* eslint-enable no-control-regex */

/** Whether a text holds no lone surrogate ('\ud800' in JSON): PostgreSQL would store U+FFFD for it. */
export const isWellFormed = (value: string) => !/\p{Cs}/u.test(value)
const wellFormed = v.check(isWellFormed, BROKEN_CHARACTER_RULE)

/** Whether a single-line text holds none of the characters a text input refuses. */
export const isCleanLine = (value: string) => !SINGLE_LINE_FORBIDDEN.test(value)
/** As isCleanLine, for a textarea's text: line feeds, carriage returns, tabs and ZWNJ/ZWJ pass. */
export const isCleanMultiline = (value: string) => !MULTILINE_FORBIDDEN.test(value)

/** Bounded single-line text for request fields; the format rules live in src/contract/validation. */
export const text = (max: number) =>
  v.pipe(v.string(), wellFormed, v.check(isCleanLine, CONTROL_CHARACTER_RULE), v.maxLength(max))

/** A name (organization, person, place, device): NFC-normalised and trimmed, then as `text`. */
export const nameText = (max: number) =>
  v.pipe(
    v.string(),
    wellFormed,
    v.normalize('NFC'),
    v.trim(),
    v.check(isCleanLine, CONTROL_CHARACTER_RULE),
    v.maxLength(max),
  )

/** Text of a textarea (descriptions, addresses, comments): as `text`, but line breaks and tabs pass. */
export const multilineText = (max: number) =>
  v.pipe(v.string(), wellFormed, v.check(isCleanMultiline, CONTROL_CHARACTER_RULE), v.maxLength(max))

/** A password as typed: nothing normalised or trimmed away, only NUL refused. */
export const passwordText = (max: number) =>
  v.pipe(
    v.string(),
    v.check((value) => !value.includes('\u0000'), NUL_CHARACTER_RULE),
    v.maxLength(max),
  )

/**
 * The most characters a phone number field may hold. Spec §5 counts digits (7 to 13) and allows
 * spaces, hyphens and parentheses between them, so the cap must admit every such number as it
 * may be typed: 13 digits each followed by a separator, and a pair of parentheses, is 28; 40
 * leaves room for double spaces and stays well short of anything unbounded. The digit rule itself
 * is the form's (src/contract/validation), applied by the services as well.
 */
export const PHONE_NUMBER_MAX_LENGTH = 40

/** An id as the services hand it out (UUID or numeric text). */
export const idSchema = v.pipe(
  v.string(),
  v.nonEmpty(),
  wellFormed,
  v.check(isCleanLine, CONTROL_CHARACTER_RULE),
  v.maxLength(64),
)

/** The usual answer of a call that only reports what happened (spec §7: "message"). */
export const messageAnswerSchema = v.looseObject({ message: v.string() })

/** Answers of the registration and password calls carry a status beside the message (spec §7). */
export const STATUS_SUCCESS = 'SUCCESS'
export const statusAnswerSchema = v.looseObject({ status: v.string(), message: v.string() })

/** Text that may come as missing or null, read as '' (e.g. isCertified before a run ends). */
export const textOrEmptySchema = v.pipe(
  v.optional(v.nullable(v.string())),
  v.transform((value) => value ?? ''),
)

/**
 * GET /api/portal-config: where the page finds the certification service (docs/decisions/0010).
 * The port of the service beside the main one, or null when the page must use its default.
 */
export const portalConfigAnswerSchema = v.looseObject({
  certificationServicePort: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535))),
})
