import { sameStoredValue } from './same-stored-value.js'
import { describeValue } from './describe-value.js'
import { isPlainRecord } from './is-plain-record.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { FIELD_TYPES, isFieldType, type FieldType as EngineFieldType } from './field-types.js'
import { createDomainSchema, type DomainSchema, type FieldSchema } from './schema.js'
import { unsafeNameReason } from './safe-names.js'
import { tryNormalizeFieldValue } from './normalize-field-value.js'
import type { DomainDefinition, FieldType } from './domain-definition.js'

/** The public field type and the engine's are one list; this fails to compile when they drift apart. */
const SAME_TYPES: [FieldType, EngineFieldType] extends [EngineFieldType, FieldType] ? true : never = true
void SAME_TYPES

const FIELD_OPTIONS: ReadonlySet<string> = new Set(['type', 'required', 'domain', 'default', 'options'])

/** The field types that take a `default`: those whose values are strings, numbers or booleans. */
const DEFAULTABLE: ReadonlySet<EngineFieldType> = new Set([
  'STRING',
  'JSON_STRING',
  'BOOLEAN',
  'INTEGER',
  'LONG',
  'DOUBLE',
  'BIG_DECIMAL',
  'LOCAL_DATE',
])

const DOMAIN_OPTIONS: ReadonlySet<string> = new Set(['fields', 'labelField'])

/**
 * Checks the whole of `createTestHost`'s `domains` option and builds the engine's schemas from it.
 *
 * @throws {@link IllegalArgumentException} listing every problem found: an unsafe name, an unknown type or
 *   option, a reference without a known target, a label field the domain lacks.
 */
export function buildDomainSchemas(domains: unknown): ReadonlyMap<string, DomainSchema> {
  if (domains === undefined) return new Map()
  if (!isPlainRecord(domains)) {
    throw new IllegalArgumentException(
      'createTestHost({ domains }) expects an object of domain definitions by name, such as ' +
        "{ Order: { fields: { status: 'STRING' } } }.",
    )
  }
  const problems: string[] = []
  const names = new Set(Object.keys(domains))
  const parsed: { name: string; fields: FieldSchema[]; labelField: string | undefined }[] = []
  for (const [name, definition] of Object.entries(domains)) {
    const reason = unsafeNameReason(name)
    if (reason !== undefined) {
      problems.push(`domain ${JSON.stringify(name)}: the name is refused because ${reason}`)
      continue
    }
    if (!isPlainRecord(definition)) {
      problems.push(`domain ${name}: expected { fields: { ... }, labelField? }`)
      continue
    }
    for (const key of Object.keys(definition)) {
      if (!DOMAIN_OPTIONS.has(key))
        problems.push(`domain ${name}: unknown option ${JSON.stringify(key)} (use fields, labelField)`)
    }
    const { fields, labelField } = definition as Partial<DomainDefinition>
    if (!isPlainRecord(fields)) {
      problems.push(`domain ${name}: fields must be an object of field definitions by name`)
      continue
    }
    const schemaFields: FieldSchema[] = []
    for (const [fieldName, field] of Object.entries(fields)) {
      const where = `${name}.${fieldName}`
      const fieldReason = unsafeNameReason(fieldName)
      if (fieldReason !== undefined) {
        problems.push(`field ${JSON.stringify(where)}: the name is refused because ${fieldReason}`)
        continue
      }
      const schema = parseField(where, fieldName, field, names, problems)
      if (schema !== undefined) schemaFields.push(schema)
    }
    if (
      labelField !== undefined &&
      (typeof labelField !== 'string' || (labelField !== 'id' && !Object.hasOwn(fields, labelField)))
    ) {
      problems.push(
        `domain ${name}: labelField ${JSON.stringify(labelField)} is not one of its fields (${['id', ...Object.keys(fields)].join(', ')})`,
      )
    }
    parsed.push({
      name,
      fields: schemaFields,
      labelField: typeof labelField === 'string' ? labelField : undefined,
    })
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `createTestHost was given invalid domain definitions (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  - ` +
        problems.join('\n  - '),
    )
  }
  const schemas = new Map<string, DomainSchema>()
  for (const { name, fields, labelField } of parsed)
    schemas.set(name, createDomainSchema(name, fields, labelField))
  return schemas
}

function parseField(
  where: string,
  name: string,
  field: unknown,
  domains: ReadonlySet<string>,
  problems: string[],
): FieldSchema | undefined {
  const definition = typeof field === 'string' ? { type: field } : field
  if (!isPlainRecord(definition)) {
    problems.push(
      `field ${where}: expected a field type such as 'STRING' or { type, required?, domain?, default? }`,
    )
    return undefined
  }
  let ok = true
  for (const key of Object.keys(definition)) {
    if (!FIELD_OPTIONS.has(key)) {
      problems.push(
        `field ${where}: unknown option ${JSON.stringify(key)} (use type, required, domain, default, options)`,
      )
      ok = false
    }
  }
  const { type, required, domain } = definition as { type?: unknown; required?: unknown; domain?: unknown }
  const hasDefault = Object.hasOwn(definition, 'default')
  if (!isFieldType(type)) {
    problems.push(
      `field ${where}: unknown type ${JSON.stringify(type)}; use one of ${FIELD_TYPES.join(', ')}`,
    )
    return undefined
  }
  if (required !== undefined && typeof required !== 'boolean') {
    problems.push(`field ${where}: required must be true or false`)
    ok = false
  }
  if (name === 'id' && type !== 'LONG') {
    problems.push(`field ${where}: id is the platform's LONG id; leave it out or declare it 'LONG'`)
    ok = false
  }
  if (name === 'id' && hasDefault) {
    problems.push(`field ${where}: id takes no default (the platform assigns it); remove default`)
    ok = false
  }
  const reference = type === 'DOMAIN_OBJECT' || type === 'DOMAIN_OBJECT_LIST'
  if (reference) {
    if (typeof domain !== 'string' || domain === '') {
      problems.push(`field ${where}: a ${type} field names the referenced domain in \`domain\``)
      ok = false
    } else if (!domains.has(domain)) {
      problems.push(
        `field ${where}: references the unknown domain ${JSON.stringify(domain)}; define it too (domains: ${[...domains].join(', ')})`,
      )
      ok = false
    }
  } else if (domain !== undefined) {
    problems.push(`field ${where}: only DOMAIN_OBJECT and DOMAIN_OBJECT_LIST fields take \`domain\``)
    ok = false
  }
  if (!ok) return undefined
  const schema: FieldSchema = reference
    ? { name, type, required: required === true, domain: domain as string }
    : { name, type, required: required === true }
  let withOptions: FieldSchema = schema
  if (Object.hasOwn(definition, 'options')) {
    const options = optionsOf(schema, (definition as { options?: unknown }).options, where, problems)
    if (options === undefined) return undefined
    withOptions = { ...schema, options }
  }
  if (!hasDefault) return withOptions
  const fallback = defaultOf(withOptions, (definition as { default?: unknown }).default, where, problems)
  return fallback === undefined ? undefined : { ...withOptions, default: fallback }
}

/** A field's `options`, each normalised as create stores it; `undefined` after a problem. */
function optionsOf(
  field: FieldSchema,
  value: unknown,
  where: string,
  problems: string[],
): readonly (string | number | boolean)[] | undefined {
  if (!DEFAULTABLE.has(field.type)) {
    problems.push(
      `field ${where}: a ${field.type} field takes no options (only ${[...DEFAULTABLE].join(', ')} fields do)`,
    )
    return undefined
  }
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(
      `field ${where}: options must be a non-empty array of the values the field may take, such as ['OPEN', 'CLOSED']`,
    )
    return undefined
  }
  const options: (string | number | boolean)[] = []
  for (const option of value as unknown[]) {
    const normalized = tryNormalizeFieldValue(field, option)
    if (!normalized.ok || normalized.value === null) {
      problems.push(
        `field ${where}: every option must be ${normalized.ok ? 'a value' : normalized.expected}, got ${describeValue(option)}`,
      )
      return undefined
    }
    options.push(normalized.value as string | number | boolean)
  }
  return Object.freeze(options)
}

/** A field's `default`, normalised as create stores it; `undefined` after a problem. */
function defaultOf(
  field: FieldSchema,
  value: unknown,
  where: string,
  problems: string[],
): string | number | boolean | undefined {
  if (!DEFAULTABLE.has(field.type)) {
    problems.push(
      `field ${where}: a ${field.type} field takes no default (only ${[...DEFAULTABLE].join(', ')} fields do); ` +
        'set the value when you create the object',
    )
    return undefined
  }
  if (value === null || value === undefined) {
    problems.push(
      `field ${where}: default is ${String(value)}; leave default out for a field that starts empty`,
    )
    return undefined
  }
  const normalized = tryNormalizeFieldValue(field, value)
  if (!normalized.ok) {
    problems.push(`field ${where}: default must be ${normalized.expected}, got ${normalized.given}`)
    return undefined
  }
  if (field.options !== undefined && !field.options.some((o) => sameStoredValue(o, normalized.value))) {
    problems.push(`field ${where}: default ${describeValue(value)} is not one of its options`)
    return undefined
  }
  if (field.required && normalized.value === '') {
    problems.push(
      `field ${where}: default is an empty string, which a required field refuses on every create; ` +
        'give a non-empty default, or make the field optional',
    )
    return undefined
  }
  return normalized.value as string | number | boolean
}
