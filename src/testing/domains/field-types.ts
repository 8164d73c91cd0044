/**
 * A platform field type, as a test host's domain definitions name it.
 *
 * - `STRING`, `JSON_STRING` (text holding JSON): strings.
 * - `BOOLEAN`: `true` / `false`.
 * - `INTEGER` (32-bit), `LONG`, `DOUBLE`: numbers. `BIG_DECIMAL`: a decimal string such as `"12.50"`, read
 *   back with the scale it was written with and compared numerically (`"12.50"` equals `"12.5"`); a number is
 *   accepted and stored as its shortest decimal text.
 * - `LOCAL_DATE`: a `"YYYY-MM-DD"` string. `ZONED_DATETIME`: a `Date` (an ISO string with an offset is
 *   accepted); read back as a `Date`.
 * - `DOMAIN_OBJECT`: another domain's object (name it in `domain`); `DOMAIN_OBJECT_LIST`: an array of them.
 * - `FILE`: a `StorageFieldValue` from `StorageUtils.createStorageFileDomain`.
 *
 * @example
 * ```ts
 * import type { FieldType } from '@tech-vendor/api/testing'
 *
 * const type: FieldType = 'BIG_DECIMAL'
 * ```
 */
export type FieldType =
  | 'STRING'
  | 'BOOLEAN'
  | 'BIG_DECIMAL'
  | 'INTEGER'
  | 'LONG'
  | 'DOUBLE'
  | 'LOCAL_DATE'
  | 'ZONED_DATETIME'
  | 'JSON_STRING'
  | 'DOMAIN_OBJECT'
  | 'DOMAIN_OBJECT_LIST'
  | 'FILE'

/**
 * Every field type, in the platform's order.
 *
 * @internal
 */
export const FIELD_TYPES: readonly FieldType[] = Object.freeze([
  'STRING',
  'BOOLEAN',
  'BIG_DECIMAL',
  'INTEGER',
  'LONG',
  'DOUBLE',
  'LOCAL_DATE',
  'ZONED_DATETIME',
  'JSON_STRING',
  'DOMAIN_OBJECT',
  'DOMAIN_OBJECT_LIST',
  'FILE',
])

/**
 * Tells whether a value names a field type.
 *
 * @param value - Anything, such as a type read from host options.
 * @returns `true` when `value` is one of {@link FIELD_TYPES}.
 * @internal
 */
export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value)
}

/** Types whose column is text in PostgreSQL, so `ILIKE` applies. */
const TEXT: ReadonlySet<FieldType> = new Set(['STRING', 'JSON_STRING'])

/** Types that `gt`/`ge`/`lt`/`le` and ordering accept: everything with a total order in SQL. */
const ORDERED: ReadonlySet<FieldType> = new Set([
  'STRING',
  'JSON_STRING',
  'BIG_DECIMAL',
  'INTEGER',
  'LONG',
  'DOUBLE',
  'LOCAL_DATE',
  'ZONED_DATETIME',
  'DOMAIN_OBJECT',
])

/**
 * Tells whether `iLike`/`notILike` apply to a field type (a text column in PostgreSQL).
 *
 * @param type - A field type.
 * @returns `true` for STRING and JSON_STRING.
 * @internal
 */
export function isTextType(type: FieldType): boolean {
  return TEXT.has(type)
}

/**
 * Tells whether `gt`/`ge`/`lt`/`le` and `orderBy` apply to a field type. BOOLEAN orders (false before true)
 * but takes no range condition; DOMAIN_OBJECT compares and orders by the referenced id.
 *
 * @param type - A field type.
 * @returns `true` when range conditions apply.
 * @internal
 */
export function isRangeType(type: FieldType): boolean {
  return ORDERED.has(type)
}

/**
 * Tells whether `orderBy` accepts a field type: every type with a range order, and BOOLEAN.
 *
 * @param type - A field type.
 * @returns `true` unless the type is DOMAIN_OBJECT_LIST or FILE.
 * @internal
 */
export function isOrderableType(type: FieldType): boolean {
  return ORDERED.has(type) || type === 'BOOLEAN'
}

/**
 * Tells whether a field type is a collection or a file, which take only `isNull`/`notNull`.
 *
 * @param type - A field type.
 * @returns `true` for DOMAIN_OBJECT_LIST and FILE.
 * @internal
 */
export function isPresenceOnlyType(type: FieldType): boolean {
  return type === 'DOMAIN_OBJECT_LIST' || type === 'FILE'
}
