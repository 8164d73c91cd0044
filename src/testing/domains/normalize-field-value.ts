import type { StorageFieldValue } from '../../model/storage-field-value.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { decimalFromNumber, parseDecimal } from './decimal.js'
import { describeValue } from './describe-value.js'
import type { FieldSchema, StoredValue } from './schema.js'
import { parseLocalDate, parseZonedDateTime } from './temporal.js'

/**
 * The outcome of {@link tryNormalizeFieldValue}: the stored value, or why the value does not fit.
 *
 * @internal
 */
export type NormalizeResult = { readonly ok: true; readonly value: StoredValue } | FieldMismatch

const INT_MIN = -2147483648
const INT_MAX = 2147483647

/** A NUL character or an unpaired surrogate: text PostgreSQL's UTF-8 columns cannot hold. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether PostgreSQL's UTF-8 text can hold a string: no NUL character and no unpaired surrogate.
 *
 * @param text - The text.
 * @returns `true` when it can be stored as it is.
 * @internal
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text)
}

/**
 * What a field of each type takes, for messages.
 *
 * @param field - The field.
 * @returns Such as `a decimal string such as "12.50", a finite number or a bigint`.
 * @internal
 */
function expectedValue(field: FieldSchema): string {
  switch (field.type) {
    case 'STRING':
      return 'a string'
    case 'JSON_STRING':
      return 'a string holding JSON'
    case 'BOOLEAN':
      return 'a boolean (true or false)'
    case 'INTEGER':
      return 'an integer from -2147483648 to 2147483647 (a number or a bigint)'
    case 'LONG':
      return 'an integer within ±9007199254740991 (a number or a bigint)'
    case 'DOUBLE':
      return 'a finite number'
    case 'BIG_DECIMAL':
      return 'a decimal string such as "12.50", a finite number or a bigint'
    case 'LOCAL_DATE':
      return 'a date string "YYYY-MM-DD" (years 0001 to 9999)'
    case 'ZONED_DATETIME':
      return 'a Date or an ISO-8601 date-time string with an offset, such as "2024-03-01T10:15:00+01:00"'
    case 'DOMAIN_OBJECT':
      return `a ${field.domain ?? 'domain'} object (an object with its numeric id)`
    case 'DOMAIN_OBJECT_LIST':
      return `an array of ${field.domain ?? 'domain'} objects (each with its numeric id)`
    case 'FILE':
      return 'a StorageFieldValue, as StorageUtils.createStorageFileDomain returns it'
  }
}

/**
 * Why a value does not fit a field: the failure {@link tryNormalizeFieldValue} returns, and what
 * {@link normalizedValue} returns in place of a value. A class, so that a caller tells it from a stored value
 * (a frozen file is an object too) with `instanceof`.
 *
 * @internal
 */
export class FieldMismatch {
  readonly ok = false
  /** A full sentence naming the domain, field, expected type and what was given, with what to pass. */
  readonly message: string
  /** What the field takes, such as `a finite number`. */
  readonly expected: string
  /** What was given, such as `the string "abc"`. */
  readonly given: string

  constructor(message: string, expected: string, given: string) {
    this.message = message
    this.expected = expected
    this.given = given
  }
}

/**
 * Why a value does not fit a field. A function of its own, not a closure in {@link normalizedValue}: that runs
 * for every value written, and only a value that does not fit needs this.
 */
function mismatch(
  field: FieldSchema,
  value: unknown,
  domainName: string | undefined,
  anyNumber: boolean,
  hint = '',
): FieldMismatch {
  const expected = anyNumber
    ? 'a number (a finite number, or a bigint a number holds exactly: any within ±2^53)'
    : expectedValue(field)
  const given = describeValue(value)
  const where = domainName === undefined ? `Field ${field.name}` : `${domainName}.${field.name}`
  return new FieldMismatch(
    `${where} is a ${field.type} field: it takes ${expected}, not ${given}${hint === '' ? '.' : `; ${hint}`}`,
    expected,
    given,
  )
}

/**
 * Turns a value a plugin gives (to a write or a condition) into the value the engine stores and compares,
 * or says why it does not fit the field. `null` and `undefined` give `null` (whether null is allowed is
 * the caller's rule: required fields on write, three-valued logic in conditions).
 *
 * - STRING, JSON_STRING: a string without NUL or unpaired surrogates (PostgreSQL's UTF-8 text cannot hold
 *   them); JSON_STRING must parse as JSON.
 * - BOOLEAN: `true`/`false`.
 * - INTEGER (32-bit), LONG (safe integer), DOUBLE (finite): a number or a bigint that converts exactly;
 *   `-0` becomes `0`.
 * - BIG_DECIMAL: a decimal string, finite number or bigint, stored as a plain decimal string that keeps the
 *   scale it was written with (`'25.00'` stays `'25.00'`; a number is its shortest decimal text).
 * - LOCAL_DATE: `YYYY-MM-DD`. ZONED_DATETIME: a `Date` or an ISO string with an offset, stored as epoch ms.
 * - DOMAIN_OBJECT: the referenced object (anything with a numeric `id`), stored as the id; a bare id is
 *   refused with a message that says to pass the object. DOMAIN_OBJECT_LIST: an array of such objects,
 *   stored as a frozen array of distinct ids in first-seen order.
 * - FILE: a `StorageFieldValue`, stored as a frozen copy of its seven properties.
 *
 * @param field - The field.
 * @param value - The plugin's value.
 * @param domainName - The domain that owns the field, for the message.
 * @param use - `condition` for a condition value: INTEGER and LONG then take any number, since conditions
 *   compare numerically.
 * @returns The stored value, or the reason it does not fit.
 * @internal
 */
export function tryNormalizeFieldValue(
  field: FieldSchema,
  value: unknown,
  domainName?: string,
  use: 'write' | 'condition' = 'write',
): NormalizeResult {
  const result = normalizedValue(field, value, domainName, use)
  return result instanceof FieldMismatch ? result : { ok: true, value: result }
}

/**
 * {@link tryNormalizeFieldValue} without its result object: the stored value, or the {@link FieldMismatch}
 * saying why the value does not fit. What a write reads every value with, so that a value that fits costs no
 * allocation.
 *
 * @param field - The field.
 * @param value - The plugin's value.
 * @param domainName - The domain that owns the field, for the message.
 * @param use - `condition` for a condition value (see {@link tryNormalizeFieldValue}).
 * @returns The stored value, or why the value does not fit.
 * @internal
 */
export function normalizedValue(
  field: FieldSchema,
  value: unknown,
  domainName?: string,
  use: 'write' | 'condition' = 'write',
): StoredValue | FieldMismatch {
  if (value === null || value === undefined) return null
  // A condition compares numerically, so any number fits an INTEGER or LONG field (qty < 9.5).
  const anyNumber = use === 'condition' && (field.type === 'INTEGER' || field.type === 'LONG')
  switch (field.type) {
    case 'STRING':
    case 'JSON_STRING': {
      if (typeof value !== 'string') return mismatch(field, value, domainName, anyNumber)
      if (UNSTORABLE.test(value)) {
        return mismatch(
          field,
          value,
          domainName,
          anyNumber,
          'the text holds a NUL character or an unpaired surrogate, which PostgreSQL cannot store.',
        )
      }
      if (field.type === 'JSON_STRING') {
        try {
          JSON.parse(value)
        } catch {
          return mismatch(
            field,
            value,
            domainName,
            anyNumber,
            'the text is not valid JSON; pass JSON.stringify(yourValue).',
          )
        }
      }
      return value
    }
    case 'BOOLEAN':
      return typeof value === 'boolean' ? value : mismatch(field, value, domainName, anyNumber)
    case 'INTEGER':
    case 'LONG':
    case 'DOUBLE': {
      const number = toExactNumber(value)
      if (number === null) return mismatch(field, value, domainName, anyNumber)
      if (anyNumber) return number === 0 ? 0 : number
      if (field.type === 'INTEGER' && !(Number.isInteger(number) && number >= INT_MIN && number <= INT_MAX))
        return mismatch(field, value, domainName, anyNumber)
      if (field.type === 'LONG' && !Number.isSafeInteger(number))
        return mismatch(field, value, domainName, anyNumber)
      return number === 0 ? 0 : number
    }
    case 'BIG_DECIMAL': {
      let decimal: string | null = null
      if (typeof value === 'string') decimal = parseDecimal(value)
      else if (typeof value === 'number' && Number.isFinite(value)) decimal = decimalFromNumber(value)
      else if (typeof value === 'bigint') decimal = parseDecimal(value.toString())
      return decimal === null ? mismatch(field, value, domainName, anyNumber) : decimal
    }
    case 'LOCAL_DATE': {
      const date = typeof value === 'string' ? parseLocalDate(value) : null
      if (date !== null) return date
      return value instanceof Date
        ? mismatch(
            field,
            value,
            domainName,
            anyNumber,
            'format the date you mean as "YYYY-MM-DD" (a Date has no time zone-free day).',
          )
        : mismatch(field, value, domainName, anyNumber)
    }
    case 'ZONED_DATETIME': {
      let epoch: number | null = null
      if (value instanceof Date) epoch = Number.isNaN(value.getTime()) ? null : value.getTime()
      else if (typeof value === 'string') epoch = parseZonedDateTime(value)
      return epoch === null ? mismatch(field, value, domainName, anyNumber) : epoch === 0 ? 0 : epoch
    }
    case 'DOMAIN_OBJECT': {
      const id = referencedId(value)
      if (id !== null) return id
      return mismatch(field, value, domainName, anyNumber, bareIdHint(field, value))
    }
    case 'DOMAIN_OBJECT_LIST': {
      if (!Array.isArray(value)) return mismatch(field, value, domainName, anyNumber)
      const ids: number[] = []
      const seen = new Set<number>()
      for (const [index, element] of (value as unknown[]).entries()) {
        const id = referencedId(element)
        if (id === null) {
          return mismatch(
            field,
            value,
            domainName,
            anyNumber,
            `element ${index} is ${describeValue(element)}${typeof element === 'number' ? `: ${bareIdHint(field, element)}` : '.'}`,
          )
        }
        if (!seen.has(id)) {
          seen.add(id)
          ids.push(id)
        }
      }
      return Object.freeze(ids)
    }
    case 'FILE': {
      const file = toStorageFieldValue(value)
      return file === null ? mismatch(field, value, domainName, anyNumber) : file
    }
  }
}

/**
 * Turns a value a plugin gives into the value the engine stores and compares; see
 * {@link tryNormalizeFieldValue} for the rules per type.
 *
 * @param field - The field.
 * @param value - The plugin's value.
 * @param domainName - The domain that owns the field, for the message.
 * @returns The stored value (`null` for `null`/`undefined`).
 * @throws {@link IllegalArgumentException} naming the domain, field, expected type and the given value,
 *   and what to pass instead.
 * @internal
 */
export function normalizeFieldValue(field: FieldSchema, value: unknown, domainName?: string): StoredValue {
  const result = tryNormalizeFieldValue(field, value, domainName)
  if (!result.ok) throw new IllegalArgumentException(result.message)
  return result.value
}

/** A number or bigint as an exactly equal finite number, else `null`. */
function toExactNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'bigint') {
    const number = Number(value)
    return Number.isFinite(number) && BigInt(number) === value ? number : null
  }
  return null
}

/** The id of a referenced object, or `null` when `value` is not an object with a safe-integer id. */
function referencedId(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date)
    return null
  const id = (value as { id?: unknown }).id
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null
}

/** The hint for a reference given as a bare id or as an object without one. */
function bareIdHint(field: FieldSchema, value: unknown): string {
  const target = field.domain ?? 'referenced'
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
    return `pass the ${target} object itself (for example the result of SimpleQuery.getById('${target}', ${String(value)})), not its id: the platform compares references by object.`
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return `the object has no numeric id; save it first (DomainHelper.createDomain) or read it with SimpleQuery.getById('${target}', id).`
  }
  return ''
}

/** A frozen copy of a StorageFieldValue's seven properties, or `null` when the shape does not fit. */
function toStorageFieldValue(value: unknown): StorageFieldValue | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const v = value as Partial<Record<keyof StorageFieldValue, unknown>>
  const description = v.description ?? null
  if (
    typeof v.id !== 'number' ||
    !Number.isSafeInteger(v.id) ||
    typeof v.fileName !== 'string' ||
    typeof v.mimeType !== 'string' ||
    typeof v.displaySequence !== 'number' ||
    !Number.isSafeInteger(v.displaySequence) ||
    (description !== null && typeof description !== 'string') ||
    typeof v.key !== 'string' ||
    typeof v.storageEngine !== 'string'
  ) {
    return null
  }
  return Object.freeze({
    id: v.id,
    fileName: v.fileName,
    mimeType: v.mimeType,
    displaySequence: v.displaySequence,
    description,
    key: v.key,
    storageEngine: v.storageEngine,
  })
}
