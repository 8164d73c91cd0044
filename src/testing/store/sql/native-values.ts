import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { describeValue } from '../../domains/describe-value.js'
import { arrayLiteral, parseArrayLiteral, type ArrayElement } from './array-literal.js'
import { parseTimestampText, timestampText } from './timestamp-text.js'

/**
 * A parameter of a native statement as PostgreSQL's text input (`null` for NULL); PostgreSQL infers its type
 * from where it stands. Numbers, bigints and booleans as literals, a `Date` as an instant, bytes as `bytea`
 * hex, an array as an array literal (an array of arrays as a multidimensional one), a plain object as JSON.
 *
 * @param value - What the plugin passed.
 * @param where - The parameter, for the message (`parameter 2`, `parameter :status`).
 * @returns The text.
 * @throws {@link IllegalArgumentException} for a value SQL cannot take (a function, a symbol, an invalid Date,
 *   a non-finite number, a Map or a Set).
 * @internal
 */
export function encodeParam(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null
  switch (typeof value) {
    case 'string':
      return value
    case 'bigint':
    case 'boolean':
      return String(value)
    case 'number':
      if (Number.isFinite(value)) return String(value)
      break
    case 'object':
      if (value instanceof Date) {
        if (!Number.isNaN(value.getTime())) return timestampText(value.getTime())
        break
      }
      if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
      if (Array.isArray(value)) return arrayLiteral(arrayElements(value, where))
      // JSON has no form for these: they would go as {}, their entries lost.
      if (value instanceof Map || value instanceof Set) break
      return JSON.stringify(value)
    default:
      break
  }
  throw new IllegalArgumentException(
    `withSql: ${where} is ${describeValue(value)}, which SQL cannot take; pass a string, a finite number, a bigint, a boolean, ` +
      'a Date, bytes (Uint8Array), an array of those, a plain object (sent as JSON), or null.',
  )
}

/** The elements of an array parameter; an array inside is a dimension of its own. */
function arrayElements(values: readonly unknown[], where: string): ArrayElement[] {
  return values.map((element, i) =>
    Array.isArray(element)
      ? arrayElements(element, `${where}, element ${i}`)
      : encodeParam(element, `${where}, element ${i}`),
  )
}

/** OIDs of the types whose text a result turns into something other than a string. */
const BOOL = 16
const BYTEA = 17
const INT8 = 20
const INT2 = 21
const INT4 = 23
const OID = 26
const FLOAT4 = 700
const FLOAT8 = 701
const TIMESTAMP = 1114
const TIMESTAMPTZ = 1184

/** Array types by OID, and the OID of their elements. */
const ARRAY_ELEMENTS: ReadonlyMap<number, number> = new Map([
  [1000, BOOL],
  [1001, BYTEA],
  [1016, INT8],
  [1005, INT2],
  [1007, INT4],
  [1028, OID],
  [1021, FLOAT4],
  [1022, FLOAT8],
  [1115, TIMESTAMP],
  [1185, TIMESTAMPTZ],
  // Arrays of types read as text: numeric, date, text, varchar, json, jsonb, uuid.
  [1231, 0],
  [1182, 0],
  [1009, 0],
  [1015, 0],
  [199, 0],
  [3807, 0],
  [2951, 0],
])

/**
 * A result column's text as JavaScript holds it (SPEC §10.4): `int2`, `int4`, `oid`, floats and `int8` within
 * ±2^53 as numbers, a larger `int8` as a bigint; `numeric` as a string that keeps its scale; `date` as
 * `YYYY-MM-DD`; `timestamptz` (and `timestamp`, read as UTC) as a `Date`; `bool` as a boolean; `bytea` as a
 * `Uint8Array`; arrays of these as arrays; everything else (`text`, `json`, `uuid`, `interval`, ...) as its
 * text.
 *
 * @param typeOid - The column type's OID.
 * @param text - The column's text, `null` for NULL.
 * @returns The value.
 * @internal
 */
export function decodeColumn(typeOid: number, text: string | null): unknown {
  if (text === null) return null
  switch (typeOid) {
    case BOOL:
      return text === 't'
    case INT2:
    case INT4:
    case OID:
    case FLOAT4:
    case FLOAT8:
      return Number(text)
    case INT8: {
      const number = Number(text)
      return Number.isSafeInteger(number) ? number : BigInt(text)
    }
    case TIMESTAMP:
    case TIMESTAMPTZ: {
      const epoch = parseTimestampText(text)
      return epoch === undefined ? text : new Date(epoch)
    }
    case BYTEA:
      return new Uint8Array(Buffer.from(text.slice(2), 'hex'))
  }
  const element = ARRAY_ELEMENTS.get(typeOid)
  if (element === undefined) return text
  const decode = (items: readonly ArrayElement[]): unknown[] =>
    items.map((item) =>
      typeof item === 'string' || item === null ? decodeColumn(element, item) : decode(item),
    )
  return decode(parseArrayLiteral(text))
}
