import * as v from 'valibot'

/*
 * Building blocks shared by the request and answer schemas. Requests are validated strictly
 * enough that the server can trust their shape (lengths are bounded so no body is unbounded);
 * answers are read leniently (`looseObject`) so a newer server may add fields.
 */

/** The YES/NO flags of the auth data and the saved draft (spec §3). */
export const yesNoSchema = v.picklist(['YES', 'NO'])
export type YesNo = v.InferOutput<typeof yesNoSchema>

/** Bounded text for request fields; the format rules live in src/contract/validation. */
export const text = (max: number) => v.pipe(v.string(), v.maxLength(max))

/** An id as the services hand it out (UUID or numeric text). */
export const idSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64))

/** The usual answer of a call that only reports what happened (spec §7: "message"). */
export const messageAnswerSchema = v.looseObject({ message: v.string() })
export type MessageAnswer = v.InferOutput<typeof messageAnswerSchema>

/** Answers of the registration and password calls carry a status beside the message (spec §7). */
export const STATUS_SUCCESS = 'SUCCESS'
export const statusAnswerSchema = v.looseObject({ status: v.string(), message: v.string() })
export type StatusAnswer = v.InferOutput<typeof statusAnswerSchema>

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
export type PortalConfigAnswer = v.InferOutput<typeof portalConfigAnswerSchema>
