import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { FieldError } from '../../errors/validation-exception.js'
import { FieldMismatch, normalizedValue } from '../domains/normalize-field-value.js'
import { fieldLayout } from '../domains/field-layout.js'
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
  /**
   * The values by field position in schema order (`fieldLayout`): the normalised value of each field the
   * request sets (and for a new object, the default of each it leaves out); `undefined` where none.
   */
  readonly values: (StoredValue | undefined)[]
  /** Every field error, in field order, unknown fields last; empty when the request is valid. */
  readonly errors: readonly FieldError[]
}

const NO_ERRORS: readonly FieldError[] = Object.freeze([])

/**
 * Reads the fields a create or update sets from an object (its own enumerable string keys; `id` and
 * `undefined` values are skipped), checking each against the domain: a known field, the right type, a
 * reference to an object that exists. A new object (no `existing`) takes the default of each field the data
 * leaves out. Then checks required fields on the result (`existing` merged with the values). Errors come in
 * field order, unknown fields last.
 *
 * @param at - The object's position in a batch, which the message of a refused key names as `objects[at]`.
 * @throws {@link IllegalArgumentException} for a key that would reach a prototype (`__proto__`,
 *   `constructor`, ...): such a request is refused whole.
 */
export function readRequest(
  schema: DomainSchema,
  data: object,
  references: ReferenceCheck,
  existing?: StoredRow,
  where = schema.name,
  at?: number,
): ReadRequest {
  const layout = fieldLayout(schema)
  const { fields, positions } = layout
  const values = new Array<StoredValue | undefined>(fields.length)
  let errors: FieldError[] | undefined
  const source = data as Record<string, unknown>
  const keys = Object.keys(data)
  // Loops by index: a for-of here made an iteration result per key (V8 did not inline the iterator this deep).
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string
    if (isReservedKey(key)) {
      throw new IllegalArgumentException(
        `${at === undefined ? where : `${where}: objects[${at}]`}: the request holds the key ${JSON.stringify(key)}, which would reach the prototype of every object; ` +
          'nothing was written. Remove the key (a JSON body must not set it).',
      )
    }
  }
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string
    if (key === 'id') continue
    const value = source[key]
    if (value === undefined) continue
    const position = positions.get(key)
    if (position === undefined) {
      ;(errors ??= []).push({
        field: key,
        code: 'unknownField',
        message: `${schema.name} has no field '${key}'; its fields are: ${[...schema.fields.keys()].filter((f) => f !== 'id').join(', ')}`,
        rejectedValue: value,
      })
      continue
    }
    const field = fields[position] as FieldSchema
    const stored = normalizedValue(field, value, schema.name)
    if (stored instanceof FieldMismatch) {
      ;(errors ??= []).push({
        field: key,
        code: 'typeMismatch',
        message: stored.message,
        rejectedValue: value,
      })
      continue
    }
    if (field.options !== undefined && stored !== null && !isOption(field.options, stored)) {
      ;(errors ??= []).push({
        field: key,
        code: 'notInList',
        message: `${schema.name}.${field.name} takes one of ${field.options.map((o) => JSON.stringify(o)).join(', ')} (or null), not ${describeValue(value)}`,
        rejectedValue: value,
      })
      continue
    }
    if (field.type === 'DOMAIN_OBJECT' || field.type === 'DOMAIN_OBJECT_LIST' || field.type === 'FILE') {
      const problem = referenceProblem(field, value, stored, references)
      if (problem !== undefined) {
        ;(errors ??= []).push({
          field: key,
          code: 'invalidReference',
          message: problem,
          rejectedValue: value,
        })
        continue
      }
    }
    values[position] = stored
  }
  // A new object: a field the request leaves out (or sets to undefined) takes its default; null stays null. (A
  // field whose value was refused takes it too, which nothing sees: a request with errors writes nothing.)
  if (existing === undefined) {
    const { defaulted } = layout
    for (let d = 0; d < defaulted.length; d++) {
      const position = defaulted[d] as number
      if (values[position] === undefined) values[position] = (fields[position] as FieldSchema).default
    }
  }
  const { required } = layout
  for (let r = 0; r < required.length; r++) {
    const position = required[r] as number
    const field = fields[position] as FieldSchema
    if (errors !== undefined && hasErrorFor(errors, field.name)) continue
    const sent = values[position] !== undefined
    const value = sent ? values[position] : (existing?.[field.name] ?? null)
    // An empty string sent is no value: the platform refuses a required field left empty, as a form sends it.
    // One already stored (by native SQL, say) does not stop an update of other fields.
    if (value === null || value === undefined || (sent && value === '')) {
      ;(errors ??= []).push({
        field: field.name,
        code: 'nullable',
        message: `${schema.name}.${field.name} is required (a ${field.type} field): give it a value${value === '' ? ', not an empty string' : ''}`,
        rejectedValue: value ?? null,
      })
    }
  }
  if (errors !== undefined && errors.length > 1) sortByField(errors, schema)
  return { values, errors: errors ?? NO_ERRORS }
}

// The helpers below are functions rather than closures in readRequest on purpose: a closure there that reads a
// variable of its loop makes V8 allocate that variable's scope on every pass, for every value written.

/** Whether a value is one of a field's options. */
function isOption(options: readonly (string | number | boolean)[], value: StoredValue): boolean {
  for (const option of options) if (sameStoredValue(option, value)) return true
  return false
}

/** Whether one of the errors is about the field. */
function hasErrorFor(errors: readonly FieldError[], field: string): boolean {
  for (const error of errors) if (error.field === field) return true
  return false
}

/** Puts errors in field order, unknown fields last. */
function sortByField(errors: FieldError[], schema: DomainSchema): void {
  const order = [...schema.fields.keys()]
  const rank = (name: string): number => {
    const index = order.indexOf(name)
    return index < 0 ? order.length : index
  }
  errors.sort((a, b) => rank(a.field) - rank(b.field))
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
