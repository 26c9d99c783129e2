import { type JsonSchema, toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import * as address from '@/contract/address'
import * as auth from '@/contract/auth'
import * as catalogue from '@/contract/catalogue'
import * as certificates from '@/contract/certificates'
import * as certification from '@/contract/certification'
import * as common from '@/contract/common'
import { type Endpoint, endpoints } from '@/contract/endpoints'
import * as lab from '@/contract/lab'
import * as portfolio from '@/contract/portfolio'
import * as records from '@/contract/records'
import * as roles from '@/contract/roles'
import * as team from '@/contract/team'
import { COMPONENT_REF } from './options.ts'

/*
 * The document's schemas: the contract's valibot schemas as they travel (typeMode 'input'), a
 * request as the caller sends it, an answer as the service sends it. What JSON Schema cannot say
 * is handled by a fixed policy (RULE_POLICY, tested): the contract's character rules become
 * patterns, trimming and NFC-normalisation are noted, any other custom check is named in the
 * field's description (the schema then admits more than the server does, and says so); a schema
 * the converter does not know stops the generation with the endpoint's name rather than document
 * it wrongly.
 */

/** The JSON Schema pattern of a text with none of `forbidden`'s characters (a character class). */
export function patternRefusing(forbidden: RegExp): string {
  const source = forbidden.source
  if (!source.startsWith('[') || !source.endsWith(']') || source.startsWith('[^')) {
    throw new Error(`Expected a character class, got /${source}/.`)
  }
  return `^[^${source.slice(1, -1)}]*$`
}

type ActionLike = { type: string; kind: string; requirement?: unknown; message?: unknown }

/**
 * What becomes of the pipe actions JSON Schema has no word for. Each rule either says it exactly
 * (a pattern), or is noted in the description; nothing is dropped unsaid.
 */
export const RULE_POLICY = {
  /** Exact: the contract's character rules (docs/decisions/0015) as patterns. */
  patterns: [
    { requirement: common.isCleanLine, pattern: patternRefusing(common.SINGLE_LINE_FORBIDDEN) },
    { requirement: common.isCleanMultiline, pattern: patternRefusing(common.MULTILINE_FORBIDDEN) },
  ],
  /** Exact by the check's message: a password refuses only NUL. */
  patternsByMessage: { [common.NUL_CHARACTER_RULE]: '^[^\\u0000]*$' } as Record<string, string>,
  /**
   * Well-formed text (no lone surrogate): a JSON parser turns `"\ud800"` into a string JSON Schema
   * validators cannot tell apart; said once in info.description, not per field.
   */
  statedOnce: [common.isWellFormed] as ReadonlyArray<unknown>,
  /** Transformations that keep the type: noted in the description. */
  notes: {
    trim: 'Trimmed before it is checked and stored.',
    normalize: 'NFC-normalised before it is checked and stored.',
  } as Record<string, string>,
} as const

function withPattern(schema: JsonSchema, pattern: string): JsonSchema {
  if (schema.pattern === undefined) return { ...schema, pattern }
  return { ...schema, allOf: [...(schema.allOf ?? []), { pattern }] }
}

function withNote(schema: JsonSchema, note: string): JsonSchema {
  if (schema.description?.includes(note)) return schema
  return { ...schema, description: schema.description ? `${schema.description} ${note}` : note }
}

/** Applies RULE_POLICY to an action the converter could not express; undefined leaves its error standing. */
function convertRule(action: ActionLike, schema: JsonSchema): JsonSchema | undefined {
  if (action.type === 'check') {
    const exact = RULE_POLICY.patterns.find((rule) => rule.requirement === action.requirement)
    if (exact) return withPattern(schema, exact.pattern)
    const byMessage =
      typeof action.message === 'string' ? RULE_POLICY.patternsByMessage[action.message] : undefined
    if (byMessage !== undefined) return withPattern(schema, byMessage)
    if (RULE_POLICY.statedOnce.includes(action.requirement)) return { ...schema }
    const rule = typeof action.message === 'string' ? action.message : 'a further rule'
    return withNote(schema, `The server also checks: ${rule}.`)
  }
  const note = RULE_POLICY.notes[action.type]
  return note === undefined ? undefined : withNote(schema, note)
}

/** The contract modules whose exported schemas become named components when the document uses them. */
const NAMED_SCHEMA_MODULES: ReadonlyArray<Record<string, unknown>> = [
  common,
  auth,
  address,
  catalogue,
  portfolio,
  records,
  certification,
  team,
  lab,
  certificates,
  roles,
]

export function isSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema'
}

/** `recordListAnswerSchema` → `RecordListAnswer`. */
function componentName(exportName: string) {
  const base = exportName.replace(/Schema$/, '')
  return base.charAt(0).toUpperCase() + base.slice(1)
}

/**
 * The contract's exported schemas by component name. A schema exported under several names
 * (runTestsPayloadSchema = cancelRunPayloadSchema) takes the one that begins with the name of
 * the first endpoint using it, else the first in alphabetical order.
 */
export function namedSchemas(): Record<string, v.GenericSchema> {
  const firstUser = new Map<unknown, string>()
  for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
    for (const schema of [endpoint.request, endpoint.answer])
      if (schema && !firstUser.has(schema)) firstUser.set(schema, name)
  }
  const exportsOf = new Map<v.GenericSchema, string[]>()
  for (const module of NAMED_SCHEMA_MODULES) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!exportName.endsWith('Schema') || !isSchema(value)) continue
      exportsOf.set(value, [...(exportsOf.get(value) ?? []), exportName])
    }
  }
  const named: Record<string, v.GenericSchema> = {}
  for (const [schema, names] of exportsOf) {
    const user = firstUser.get(schema)
    const exportName = (user && names.find((name) => name.startsWith(user))) ?? [...names].sort()[0]
    if (exportName === undefined) continue
    const name = componentName(exportName)
    if (!(name in named)) named[name] = schema
  }
  return named
}

/**
 * Converts one schema as it travels (typeMode 'input'), with RULE_POLICY, naming `definitions`'
 * schemas as components. Throws for a schema the converter does not know, naming `where`.
 */
export function convertSchema(
  schema: v.GenericSchema,
  where: string,
  definitions: Record<string, v.GenericSchema> = {},
): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'throw',
    definitions,
    overrideRef: ({ referenceId }) => `${COMPONENT_REF}${referenceId}`,
    overrideAction: ({ valibotAction, jsonSchema, errors }) =>
      errors ? convertRule(valibotAction as ActionLike, jsonSchema) : undefined,
  }
  let converted: JsonSchema
  try {
    converted = toJsonSchema(schema, config)
  } catch (error) {
    throw new Error(`OpenAPI: the schema of ${where} cannot be documented: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const { $schema: _dialect, $defs = {}, ...rest } = converted
  return { schema: rest, defs: $defs as Record<string, JsonSchema> }
}
