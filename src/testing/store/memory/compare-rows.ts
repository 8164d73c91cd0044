import { compareCodePoints } from '../../domains/code-points.js'
import { compareDecimals } from '../../domains/decimal.js'
import type { FieldSchema, StoredRow } from '../../domains/schema.js'
import type { ValidPage } from '../query/valid-query.js'

/** Orders two stored rows. @internal */
export type RowComparator = (a: StoredRow, b: StoredRow) => number

/** Orders two non-null values of one field ascending. */
type ValueComparator = (x: never, y: never) => number

const byId: RowComparator = (a, b) => a.id - b.id

/**
 * Builds the comparator of PostgreSQL's `ORDER BY f1, f2, ... ASC|DESC, id`: fields most significant
 * first, one direction for all, nulls last ascending and first descending (PostgreSQL's default), ties
 * broken by id ascending whatever the direction (descending when `id` itself is an order field and the
 * direction is). Strings order by code point, BIG_DECIMAL by number (`1.5` and `1.50` tie), dates by day or
 * instant, BOOLEAN false first, DOMAIN_OBJECT by the referenced id. No field orders by id.
 *
 * @param page - The validated page (see `validatePage`).
 * @returns The comparator; it is total (no two distinct rows compare equal).
 * @internal
 */
export function compareRows(page: ValidPage): RowComparator {
  const { orderBy: fields, byId: idNamed, asc } = page
  const direction = asc ? 1 : -1
  // Only id (or nothing) decides; ordering by id itself follows the direction.
  if (fields.length === 0) return idNamed && !asc ? (a, b) => b.id - a.id : byId
  const tieBreak: RowComparator = idNamed && !asc ? (a, b) => b.id - a.id : byId
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
