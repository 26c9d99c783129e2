/*
 * An id that comes in a path or a query (a record's, a run's, a mail's) before it reaches the
 * database: the ids the portal makes are UUIDs, but older and hand-made ones are any plain text
 * of 1 to 64 characters. A control character (NUL above all, which PostgreSQL refuses in text and
 * answers with an error) or a broken UTF-16 sequence names nothing the portal ever stored, so such
 * a value is answered "not found" without a query (docs/decisions/0017).
 */

const MAX_ID_LENGTH = 64
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/
/** Half of a surrogate pair without its other half: no UTF-8 text (PostgreSQL refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isPlainId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_ID_LENGTH &&
    !CONTROL_CHARACTER.test(value) &&
    !LONE_SURROGATE.test(value)
  )
}
