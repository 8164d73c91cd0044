import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { compareCodePoints } from '../../domains/code-points.js'
import { compareDecimals } from '../../domains/decimal.js'
import { describeValue } from '../../domains/describe-value.js'
import { isOrderableType } from '../../domains/field-types.js'
import type { DomainSchema, FieldSchema, StoredRow } from '../../domains/schema.js'

/** Orders two stored rows. @internal */
export type RowComparator = (a: StoredRow, b: StoredRow) => number

/** Orders two non-null values of one field ascending. */
type ValueComparator = (x: never, y: never) => number

const byId: RowComparator = (a, b) => a.id - b.id

/**
 * Builds the comparator of PostgreSQL's `ORDER BY f1, f2, ... ASC|DESC, id`: fields most significant
 * first, one direction for all, nulls last ascending and first descending (PostgreSQL's default), ties
 * broken by id ascending whatever the direction. Strings order by code point, BIG_DECIMAL by number (`1.5`
 * and `1.50` tie), dates by day or instant, BOOLEAN false first, DOMAIN_OBJECT by the referenced id. No
 * field orders by id.
 *
 * @param schema - The queried domain.
 * @param orderBy - Field names, most significant first.
 * @param asc - Ascending when `true`.
 * @returns The comparator; it is total (no two distinct rows compare equal).
 * @throws {@link IllegalArgumentException} for a field the domain does not have (naming those it has) or
 *   a DOMAIN_OBJECT_LIST or FILE field, which have no order.
 * @internal
 */
export function compareRows(schema: DomainSchema, orderBy: readonly string[], asc: boolean): RowComparator {
  if (!Array.isArray(orderBy)) {
    throw new IllegalArgumentException(
      `orderBy on ${schema.name} takes an array of field names, not ${describeValue(orderBy)}.`,
    )
  }
  if (typeof asc !== 'boolean') {
    throw new IllegalArgumentException(
      `The direction of an ordered query on ${schema.name} is a boolean (true: ascending), not ${describeValue(asc)}.`,
    )
  }
  const fields: FieldSchema[] = []
  for (const name of orderBy) {
    const field = typeof name === 'string' ? schema.fields.get(name) : undefined
    if (field === undefined) {
      throw new IllegalArgumentException(
        `orderBy ${typeof name === 'string' ? `'${name}'` : describeValue(name)}: ${schema.name} has no such field; its fields are: ${[...schema.fields.keys()].join(', ')}.`,
      )
    }
    if (!isOrderableType(field.type)) {
      throw new IllegalArgumentException(
        `orderBy '${field.name}': ${schema.name}.${field.name} is a ${field.type} field, which has no order; order by another field.`,
      )
    }
    fields.push(field)
  }
  const idAt = fields.findIndex((f) => f.name === 'id')
  if (idAt >= 0) fields.length = idAt // id is unique: later fields never decide
  const direction = asc ? 1 : -1
  if (fields.length === 0) {
    // Only id (or nothing) decides; ordering by id itself follows the direction.
    return orderBy.length > 0 && !asc ? (a, b) => b.id - a.id : byId
  }
  const endsWithId = fields.length < orderBy.length
  const tieBreak: RowComparator = endsWithId && !asc ? (a, b) => b.id - a.id : byId
  if (fields.length === 1) return single(fields[0] as FieldSchema, direction, tieBreak)
  const names = fields.map((f) => f.name)
  const compares = fields.map(valueComparator) as ((x: unknown, y: unknown) => number)[]
  return (a, b) => {
    for (let i = 0; i < names.length; i++) {
      const f = names[i] as string
      const x = a[f]
      const y = b[f]
      if (x === y) continue
      if (x == null) return direction
      if (y == null) return -direction
      const c = (compares[i] as (x: unknown, y: unknown) => number)(x, y)
      if (c !== 0) return c < 0 ? -direction : direction
    }
    return tieBreak(a, b)
  }
}

/** The comparator for one field, specialised so the common single-field sort stays fast. */
function single(field: FieldSchema, direction: number, tieBreak: RowComparator): RowComparator {
  const f = field.name
  const compare = valueComparator(field) as (x: unknown, y: unknown) => number
  if (compare === numbers) {
    return (a, b) => {
      const x = a[f] as number | null
      const y = b[f] as number | null
      if (x === y) return tieBreak(a, b)
      if (x == null) return direction
      if (y == null) return -direction
      return (x - y) * direction
    }
  }
  return (a, b) => {
    const x = a[f]
    const y = b[f]
    if (x === y) return tieBreak(a, b)
    if (x == null) return direction
    if (y == null) return -direction
    const c = compare(x, y)
    return c === 0 ? tieBreak(a, b) : c < 0 ? -direction : direction
  }
}

const numbers = (x: number, y: number): number => x - y
const booleans = (x: boolean, y: boolean): number => (x ? 1 : 0) - (y ? 1 : 0)
const asciiText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0)

function valueComparator(field: FieldSchema): ValueComparator {
  switch (field.type) {
    case 'STRING':
    case 'JSON_STRING':
      return compareCodePoints
    case 'BIG_DECIMAL':
      return compareDecimals
    case 'LOCAL_DATE':
      return asciiText
    case 'BOOLEAN':
      return booleans
    default:
      return numbers
  }
}
