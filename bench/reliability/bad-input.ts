import fc from 'fast-check'
import type * as v from 'valibot'

/*
 * Bad input derived from the contract's valibot schemas (src/contract): the schema is walked —
 * v.object entries, pipes with maxLength, arrays, picklists, nullable/optional wrappers — and each
 * part gets values of the wrong type, over-long strings, NUL and control characters, bidi and
 * zero-width characters, a U+FEFF prefix, lone surrogates, numbers at the boundaries and nested
 * junk. A payload is a valid base (the fixtures, with the vendor's own ids) with one or more keys
 * spoiled, missing or added, or a whole body that is not an object, or not JSON at all, or sent
 * with the wrong Content-Type, or too large.
 */

type AnySchema = v.GenericSchema & {
  type: string
  entries?: Record<string, AnySchema>
  item?: AnySchema
  wrapped?: AnySchema
  options?: unknown[]
  pipe?: Array<{ kind: string; type: string; requirement?: unknown }>
}

export type BadPayload = {
  /** What kind of bad input it is (for the figures' notes). */
  kind: string
  /** The body as sent. */
  body: string
  contentType: string
}

/** The maxLength of a string schema's pipe, if any. */
function maxLengthOf(schema: AnySchema): number | undefined {
  const action = schema.pipe?.find((item) => item.type === 'max_length')
  return typeof action?.requirement === 'number' ? action.requirement : undefined
}

const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u000b', '\u001b', '\u007f', '\u0085']
const INVISIBLE = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u2028',
  '\u2060',
]
const BOUNDARY_NUMBERS = [0, -0, -1, 1, 0.5, 2 ** 31, -(2 ** 31), 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324]

/** Nested junk: objects and arrays a few levels deep. */
const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(null, true, false, 0, -1, '', '\u0000', 1e308),
    fc.string({ maxLength: 8 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3 }),
  ),
})).value

/** Strings a text field should refuse or survive. */
function badStrings(valid: string, max: number | undefined): fc.Arbitrary<string> {
  const limit = max ?? 1000
  return fc.oneof(
    // Over-long: just over the limit, and far over it.
    fc.constantFrom(
      'x'.repeat(limit + 1),
      'é'.repeat(limit + 1),
      'x'.repeat(Math.min(limit * 20 + 1, 90_000)),
    ),
    // NUL and control characters, alone, around or inside the valid value.
    fc
      .tuple(fc.constantFrom(...CONTROL), fc.constantFrom('prefix', 'suffix', 'inside', 'alone'))
      .map(([char, where]) => place(valid, char, where)),
    // Bidi overrides and zero-width characters.
    fc
      .tuple(fc.constantFrom(...INVISIBLE), fc.constantFrom('prefix', 'suffix', 'inside', 'alone'))
      .map(([char, where]) => place(valid, char, where)),
    // A byte-order mark in front.
    fc.constant(`\ufeff${valid}`),
    // Lone surrogates (JSON.stringify writes them as \ud800 escapes).
    fc.constantFrom('\ud800', `${valid}\udfff`, '\udbff\udc00\ud800'),
    // Whitespace only, and the empty string.
    fc.constantFrom('', ' ', '\u00a0', '\u3000', '   \t  '),
    // Anything at all.
    fc.string({ unit: 'binary', maxLength: Math.min(limit + 5, 400) }),
  )
}

function place(valid: string, char: string, where: string) {
  switch (where) {
    case 'prefix':
      return char + valid
    case 'suffix':
      return valid + char
    case 'inside':
      return valid.slice(0, Math.ceil(valid.length / 2)) + char + valid.slice(Math.ceil(valid.length / 2))
    default:
      return char
  }
}

/** Values of the wrong type for any field. */
const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, ['x'], { value: 'x' }),
  fc.constantFrom(...BOUNDARY_NUMBERS),
  junk,
)

/** Bad values for one part of a schema, given a valid value of it. */
export function badValue(schema: AnySchema, valid: unknown): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return fc.oneof(badStrings(typeof valid === 'string' ? valid : 'x', maxLengthOf(schema)), wrongTypes)
    case 'array': {
      const items = Array.isArray(valid) ? valid : []
      const item = schema.item ?? ({ type: 'unknown' } as AnySchema)
      const max = maxLengthOf(schema) ?? 10
      return fc.oneof(
        wrongTypes,
        fc.constant(Array.from({ length: max + 1 }, (_, index) => `SN${index}`)),
        fc.constant(Array.from({ length: 1000 }, () => 'x')),
        badValue(item, items[0] ?? 'x').map((bad) => [...items.slice(1), bad]),
        fc.constant([[...items]]),
      )
    }
    case 'picklist':
      return fc.oneof(
        fc.constantFrom<unknown>(
          ...BOUNDARY_NUMBERS,
          4,
          -1,
          99,
          '1',
          'YES',
          'yes',
          ' Yes',
          'Yes\u0000',
          'Yes\u200b',
        ),
        wrongTypes,
      )
    case 'nullable':
    case 'optional':
      return badValue(schema.wrapped ?? ({ type: 'unknown' } as AnySchema), valid)
    case 'object':
      return fc.oneof(wrongTypes, badObject(schema, (valid ?? {}) as Record<string, unknown>))
    default:
      return wrongTypes
  }
}

/** An object with one or more keys spoiled, removed or added. */
function badObject(schema: AnySchema, base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const entries = Object.entries(schema.entries ?? {})
  if (entries.length === 0) return fc.constant({ ...base, extra: '\u0000' })
  const spoilOne = fc.integer({ min: 0, max: entries.length - 1 }).chain((index) => {
    const [key, entry] = entries[index]!
    return badValue(entry, base[key]).map((bad) => ({ ...base, [key]: bad }))
  })
  // Two to four keys at once (a one-key object has only the one).
  const spoilSeveral = fc
    .uniqueArray(fc.integer({ min: 0, max: entries.length - 1 }), {
      minLength: Math.min(2, entries.length),
      maxLength: Math.min(4, entries.length),
    })
    .chain((indexes) =>
      fc
        .tuple(...indexes.map((index) => badValue(entries[index]![1], base[entries[index]![0]])))
        .map((bads) => {
          const copy: Record<string, unknown> = { ...base }
          indexes.forEach((index, position) => (copy[entries[index]![0]] = bads[position]))
          return copy
        }),
    )
  const missing = fc.integer({ min: 0, max: entries.length - 1 }).map((index) => {
    const copy: Record<string, unknown> = { ...base }
    delete copy[entries[index]![0]]
    return copy
  })
  const extra = fc
    .tuple(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'isAdmin',
        'account_id',
        '\u0000',
        'x'.repeat(300),
      ),
      junk,
    )
    .map(([key, value]) => {
      const copy: Record<string, unknown> = { ...base }
      Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
      return copy
    })
  return fc.oneof(
    { arbitrary: spoilOne, weight: 6 },
    { arbitrary: spoilSeveral, weight: 2 },
    { arbitrary: missing, weight: 2 },
    { arbitrary: extra, weight: 1 },
  )
}

/** Whole bodies that are no payload at all. */
const badBodies: fc.Arbitrary<BadPayload> = fc.oneof(
  // Not an object.
  fc.constantFrom<unknown>(null, [], [{}], 'text', 42, true, 1e308).map((value) => ({
    kind: 'not an object',
    body: JSON.stringify(value),
    contentType: 'application/json',
  })),
  // Malformed JSON.
  fc
    .constantFrom(
      '',
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      'NaN',
      '\u0000',
      '{"a":"\u0000',
      '\ufeff{}',
      '[1,2',
      '{"__proto__":',
    )
    .map((body) => ({ kind: 'malformed JSON', body, contentType: 'application/json' })),
  // Deep nesting.
  fc.integer({ min: 100, max: 5000 }).map((depth) => ({
    kind: 'deep nesting',
    body: '['.repeat(depth) + ']'.repeat(depth),
    contentType: 'application/json',
  })),
)

/** Every kind of bad payload for an endpoint whose request schema is `schema`, around `base`. */
export function badPayloads(
  schema: AnySchema | null,
  base: Record<string, unknown>,
): fc.Arbitrary<BadPayload> {
  const json = JSON.stringify(base)
  const spoiled: fc.Arbitrary<BadPayload> = (schema ? badObject(schema, base) : junk).map((value) => ({
    kind: 'spoiled payload',
    body: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  }))
  const wrongType = fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      '',
    )
    .map((contentType) => ({ kind: 'wrong Content-Type', body: json, contentType }))
  const oversized = fc.constantFrom(150_000, 1_100_000).map((size) => ({
    kind: 'oversized body',
    body: JSON.stringify({ ...base, padding: 'x'.repeat(size) }),
    contentType: 'application/json',
  }))
  return fc.oneof(
    { arbitrary: spoiled, weight: 14 },
    { arbitrary: badBodies, weight: 3 },
    { arbitrary: wrongType, weight: 2 },
    { arbitrary: oversized, weight: 1 },
  )
}

/** Path parameters and query values for GET calls: NUL, newlines, traversal, over-long. */
export const BAD_PATH_PARTS = [
  '%00',
  '%0a',
  '%0d%0a',
  'x%00y',
  '%ff',
  '%c0%ae',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%',
  '%zz',
  'a'.repeat(5000),
  '%E2%80%AE',
  '%EF%BB%BFx',
  '00000000-0000-0000-0000-000000000000',
  "1'%20OR%20'1'='1",
]
