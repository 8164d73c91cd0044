import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { FieldError } from '../../errors/validation-exception.js'
import { tryNormalizeFieldValue } from '../domains/normalize-field-value.js'
import type { DomainSchema, FieldSchema, StoredRow, StoredValue } from '../domains/schema.js'
import { brandOf } from '../domains/brand.js'
import { sameStoredValue } from '../domains/same-stored-value.js'
import { describeValue } from '../domains/describe-value.js'
import { isReservedKey } from '../domains/safe-names.js'

/** What the host checks a reference against: the id's domain and whether the tenant holds it. */
export interface ReferenceCheck {
  /** The domain an id was issued for. */
  domainOfId(id: number): string | undefined
  /** Whether the current tenant (and transaction) holds the object. */
  exists(domain: string, id: number): boolean
  /** Whether the current tenant holds a stored file with this id and key. */
  fileExists(id: number, key: string): boolean
}

/** Request data read against a domain: the normalised values it sets, and every field error. */
export interface ReadRequest {
  readonly values: Map<string, StoredValue>
  readonly errors: FieldError[]
}

/**
 * Reads the fields a create or update sets from an object (its own enumerable string keys; `id` and
 * `undefined` values are skipped), checking each against the domain: a known field, the right type, a
 * reference to an object that exists. A new object (no `existing`) takes the default of each field the data
 * leaves out. Then checks required fields on the result (`existing` merged with the values). Errors come in
 * field order, unknown fields last.
 *
 * @throws {@link IllegalArgumentException} for a key that would reach a prototype (`__proto__`,
 *   `constructor`, ...): such a request is refused whole.
 */
export function readRequest(
  schema: DomainSchema,
  data: object,
  references: ReferenceCheck,
  existing?: StoredRow,
  where = schema.name,
): ReadRequest {
  const values = new Map<string, StoredValue>()
  const errors: FieldError[] = []
  const source = data as Record<string, unknown>
  const keys = Object.keys(data)
  for (const key of keys) {
    if (isReservedKey(key)) {
      throw new IllegalArgumentException(
        `${where}: the request holds the key ${JSON.stringify(key)}, which would reach the prototype of every object; ` +
          'nothing was written. Remove the key (a JSON body must not set it).',
      )
    }
  }
  for (const key of keys) {
    if (key === 'id') continue
    const value = source[key]
    if (value === undefined) continue
    const field = schema.fields.get(key)
    if (field === undefined) {
      errors.push({
        field: key,
        code: 'unknownField',
        message: `${schema.name} has no field '${key}'; its fields are: ${[...schema.fields.keys()].filter((f) => f !== 'id').join(', ')}`,
        rejectedValue: value,
      })
      continue
    }
    const result = tryNormalizeFieldValue(field, value, schema.name)
    if (!result.ok) {
      errors.push({ field: key, code: 'typeMismatch', message: result.message, rejectedValue: value })
      continue
    }
    if (
      field.options !== undefined &&
      result.value !== null &&
      !field.options.some((option) => sameStoredValue(option, result.value))
    ) {
      errors.push({
        field: key,
        code: 'notInList',
        message: `${schema.name}.${field.name} takes one of ${field.options.map((o) => JSON.stringify(o)).join(', ')} (or null), not ${describeValue(value)}`,
        rejectedValue: value,
      })
      continue
    }
    const problem = referenceProblem(field, value, result.value, references)
    if (problem !== undefined) {
      errors.push({ field: key, code: 'invalidReference', message: problem, rejectedValue: value })
      continue
    }
    values.set(key, result.value)
  }
  // A new object: a field the request leaves out (or sets to undefined) takes its default; null stays null.
  if (existing === undefined) {
    for (const field of schema.fields.values()) {
      const left = !Object.hasOwn(data, field.name) || source[field.name] === undefined
      if (field.default !== undefined && left) values.set(field.name, field.default)
    }
  }
  for (const field of schema.fields.values()) {
    if (!field.required || field.name === 'id') continue
    if (errors.some((e) => e.field === field.name)) continue
    const sent = values.has(field.name)
    const value = sent ? values.get(field.name) : (existing?.[field.name] ?? null)
    // An empty string sent is no value: the platform refuses a required field left empty, as a form sends it.
    // One already stored (by native SQL, say) does not stop an update of other fields.
    if (value === null || value === undefined || (sent && value === '')) {
      errors.push({
        field: field.name,
        code: 'nullable',
        message: `${schema.name}.${field.name} is required (a ${field.type} field): give it a value${value === '' ? ', not an empty string' : ''}`,
        rejectedValue: value ?? null,
      })
    }
  }
  if (errors.length > 1) {
    const order = [...schema.fields.keys()]
    const rank = (name: string): number => {
      const at = order.indexOf(name)
      return at < 0 ? order.length : at
    }
    errors.sort((a, b) => rank(a.field) - rank(b.field))
  }
  return { values, errors }
}

function referenceProblem(
  field: FieldSchema,
  given: unknown,
  value: StoredValue,
  references: ReferenceCheck,
): string | undefined {
  if (value === null) return undefined
  if (field.type === 'FILE') {
    const file = value as { id: number; key: string }
    return references.fileExists(file.id, file.key)
      ? undefined
      : `${field.name} points at stored file ${file.id} (key ${file.key}), which this tenant does not hold; store it with StorageUtils.createStorageFileDomain`
  }
  if (field.type !== 'DOMAIN_OBJECT' && field.type !== 'DOMAIN_OBJECT_LIST') return undefined
  const target = field.domain as string
  const pairs: [unknown, number][] =
    field.type === 'DOMAIN_OBJECT'
      ? [[given, value as number]]
      : (given as readonly { id: number }[]).map((element) => [element, element.id])
  for (const [index, [object, id]] of pairs.entries()) {
    const marked = typeof object === 'object' && object !== null ? brandOf(object) : undefined
    const issued = references.domainOfId(id)
    const actual = marked ?? issued
    const at = field.type === 'DOMAIN_OBJECT' ? '' : ` (element ${index})`
    if (actual !== undefined && actual !== target) {
      return `${field.name}${at} takes a ${target}, but was given a ${actual} (id ${id})`
    }
    if (!references.exists(target, id)) {
      return `${field.name}${at} points at ${target} ${id}, which does not exist in this tenant; create it first or pass an existing ${target}`
    }
  }
  return undefined
}
