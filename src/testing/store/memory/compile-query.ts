import type { QueryCondition } from '../../../model/query-condition.js'
import { QUERY_OPERATORS, operatorKind } from '../../../model/query-operators.js'
import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { compareCodePoints } from '../../domains/code-points.js'
import { canonicalDecimal, compareDecimals, equalsCanonical } from '../../domains/decimal.js'
import { describeValue } from '../../domains/describe-value.js'
import { isPresenceOnlyType, isRangeType, isTextType } from '../../domains/field-types.js'
import { compileLikePattern } from './like-pattern.js'
import { tryNormalizeFieldValue } from '../../domains/normalize-field-value.js'
import type { DomainSchema, FieldSchema, StoredRow, StoredValue } from '../../domains/schema.js'

/**
 * A query as the engine runs it: how conditions combine and the conditions, in the order they were added.
 *
 * @internal
 */
export interface EngineQuery {
  /** `true`: every condition must hold (AND); `false`: any condition (OR). */
  readonly and: boolean
  /** The conditions; none matches every row. */
  readonly conditions: readonly QueryCondition[]
}

/** A test of one row. @internal */
export type RowPredicate = (row: StoredRow) => boolean

/** An equality lookup a hash index can answer: the field and the distinct non-null keys it accepts. @internal */
export interface IndexLookup {
  readonly field: string
  readonly keys: readonly StoredValue[]
}

/**
 * A validated, compiled query: the row predicate and what an index can do for it.
 *
 * @internal
 */
export interface QueryPlan {
  /** Tells whether a row matches. */
  readonly predicate: RowPredicate
  /** No row can match (such as `eq(field, null)`, `in(field, [])`, a `notIn` list holding null). */
  readonly matchesNothing: boolean
  /** Every row matches (no conditions, or an OR holding `notIn(field, [])`). */
  readonly matchesEverything: boolean
  /**
   * AND: equality conditions, any one of which narrows the candidates. OR: when `union`, the equality
   * conditions whose union is exactly the matches.
   */
  readonly lookups: readonly IndexLookup[]
  /** `true` when the matches are exactly the union of `lookups` (an OR of equality conditions only). */
  readonly union: boolean
  /** `true` when the matches are exactly the rows of the single lookup (so a count needs no predicate). */
  readonly exact: boolean
}

const NEVER: RowPredicate = () => false
const ALWAYS: RowPredicate = () => true

/** One compiled condition: a predicate, or a constant, with its lookup when it is an equality. */
interface Compiled {
  readonly predicate: RowPredicate
  readonly lookup?: IndexLookup
}

/**
 * Validates a query against its domain and compiles it into a row predicate with PostgreSQL's semantics
 * (see docs/semantics.md). Validation covers every condition before anything runs, so a bad query has no
 * effect.
 *
 * @param schema - The queried domain.
 * @param query - How conditions combine, and the conditions.
 * @returns Whether a stored row matches.
 * @throws {@link IllegalArgumentException} for an unknown operator or field (naming the fields that exist),
 *   an operator the field type does not take, a condition value of the wrong type, a bare id for a
 *   DOMAIN_OBJECT field, a null or non-string `iLike` pattern, or a non-collection `in`/`notIn` value.
 * @internal
 */
export function compileQuery(schema: DomainSchema, query: EngineQuery): RowPredicate {
  return planQuery(schema, query).predicate
}

/**
 * Validates and compiles a query like {@link compileQuery}, and also says what hash indexes can do for it.
 *
 * @param schema - The queried domain.
 * @param query - How conditions combine, and the conditions.
 * @returns The plan.
 * @throws {@link IllegalArgumentException} as {@link compileQuery}.
 * @internal
 */
export function planQuery(schema: DomainSchema, query: EngineQuery): QueryPlan {
  if (typeof query !== 'object' || query === null || !Array.isArray(query.conditions)) {
    throw new IllegalArgumentException(
      `A query on ${schema.name} needs { and: boolean, conditions: QueryCondition[] }, got ${describeValue(query)}.`,
    )
  }
  if (typeof query.and !== 'boolean') {
    throw new IllegalArgumentException(
      `A query on ${schema.name} needs \`and\` as a boolean (true: AND, false: OR), got ${describeValue(query.and)}.`,
    )
  }
  const compiled = query.conditions.map((condition, index) => compileCondition(schema, condition, index))
  return query.and ? combineAnd(compiled) : combineOr(compiled)
}

function combineAnd(compiled: readonly Compiled[]): QueryPlan {
  const predicates: RowPredicate[] = []
  const lookups: IndexLookup[] = []
  for (const c of compiled) {
    if (c.predicate === NEVER) return plan(NEVER, [], false, false)
    if (c.predicate === ALWAYS) continue
    predicates.push(c.predicate)
    if (c.lookup !== undefined) lookups.push(c.lookup)
  }
  return plan(all(predicates), lookups, false, predicates.length === 1 && lookups.length === 1)
}

function combineOr(compiled: readonly Compiled[]): QueryPlan {
  if (compiled.length === 0) return plan(ALWAYS, [], false, false)
  const predicates: RowPredicate[] = []
  const lookups: IndexLookup[] = []
  for (const c of compiled) {
    if (c.predicate === ALWAYS) return plan(ALWAYS, [], false, false)
    if (c.predicate === NEVER) continue
    predicates.push(c.predicate)
    if (c.lookup !== undefined) lookups.push(c.lookup)
  }
  if (predicates.length === 0) return plan(NEVER, [], false, false)
  const union = lookups.length === predicates.length
  return plan(any(predicates), union ? lookups : [], union, union && lookups.length === 1)
}

function plan(
  predicate: RowPredicate,
  lookups: readonly IndexLookup[],
  union: boolean,
  exact: boolean,
): QueryPlan {
  return {
    predicate,
    matchesNothing: predicate === NEVER,
    matchesEverything: predicate === ALWAYS,
    lookups,
    union,
    exact,
  }
}

/** AND of predicates, unrolled for the short lists queries have. */
function all(p: readonly RowPredicate[]): RowPredicate {
  const [a, b, c] = p as [RowPredicate, RowPredicate, RowPredicate]
  switch (p.length) {
    case 0:
      return ALWAYS
    case 1:
      return a
    case 2:
      return (row) => a(row) && b(row)
    case 3:
      return (row) => a(row) && b(row) && c(row)
  }
  return (row) => {
    for (let i = 0; i < p.length; i++) if (!(p[i] as RowPredicate)(row)) return false
    return true
  }
}

/** OR of predicates, unrolled for the short lists queries have. */
function any(p: readonly RowPredicate[]): RowPredicate {
  const [a, b, c] = p as [RowPredicate, RowPredicate, RowPredicate]
  switch (p.length) {
    case 1:
      return a
    case 2:
      return (row) => a(row) || b(row)
    case 3:
      return (row) => a(row) || b(row) || c(row)
  }
  return (row) => {
    for (let i = 0; i < p.length; i++) if ((p[i] as RowPredicate)(row)) return true
    return false
  }
}

function compileCondition(schema: DomainSchema, condition: unknown, index: number): Compiled {
  if (typeof condition !== 'object' || condition === null) {
    throw new IllegalArgumentException(
      `Condition ${index} of a query on ${schema.name} is ${describeValue(condition)}; pass { operator, field, value }.`,
    )
  }
  const { operator, field: name } = condition as { operator?: unknown; field?: unknown }
  const value = (condition as { value?: unknown }).value
  if (typeof operator !== 'string' || operatorKind(operator) === undefined) {
    throw new IllegalArgumentException(
      `Condition ${index} of a query on ${schema.name} has the unknown operator ${describeValue(operator)}; use one of ${QUERY_OPERATORS.join(', ')}.`,
    )
  }
  const field = typeof name === 'string' ? schema.fields.get(name) : undefined
  if (field === undefined) {
    throw new IllegalArgumentException(
      `${operator}(${typeof name === 'string' ? `'${name}'` : describeValue(name)}): ${schema.name} has no such field; its fields are: ${[...schema.fields.keys()].join(', ')}.`,
    )
  }
  const where = `${operator}('${field.name}') on ${schema.name}`
  const f = field.name

  if (operator === 'isNull' || operator === 'notNull') {
    // A collection has no SQL null: an empty DOMAIN_OBJECT_LIST is what "no value" is.
    const isNull: RowPredicate =
      field.type === 'DOMAIN_OBJECT_LIST'
        ? (row) => {
            const x = row[f] as readonly number[] | null | undefined
            return x == null || x.length === 0
          }
        : (row) => row[f] == null
    return { predicate: operator === 'isNull' ? isNull : (row) => !isNull(row) }
  }

  if (isPresenceOnlyType(field.type)) {
    throw new IllegalArgumentException(
      `${where}: ${schema.name}.${f} is a ${field.type} field, which takes only isNull and notNull${field.type === 'FILE' ? '' : ' (isNull also matches an empty list)'}.`,
    )
  }

  switch (operator) {
    case 'eq':
    case 'ne': {
      const v = conditionValue(schema, field, value, where)
      if (v === null) return { predicate: NEVER }
      if (field.type === 'BIG_DECIMAL') return decimalEquality(f, operator, v as string)
      if (operator === 'eq') return { predicate: (row) => row[f] === v, lookup: { field: f, keys: [v] } }
      return {
        predicate: (row) => {
          const x = row[f]
          return x != null && x !== v
        },
      }
    }
    case 'in':
    case 'notIn': {
      const elements = collection(value, where)
      const decimal = field.type === 'BIG_DECIMAL'
      const keys = new Set<StoredValue>()
      let holdsNull = false
      for (const [i, element] of elements.entries()) {
        const v = conditionValue(schema, field, element, `${where}, element ${i}`)
        if (v === null) holdsNull = true
        // One key per number: '25.00' and '25' are the same element.
        else keys.add(decimal ? canonicalDecimal(v as string) : v)
      }
      if (operator === 'in') {
        if (keys.size === 0) return { predicate: NEVER }
        const lookup = { field: f, keys: [...keys] }
        if (keys.size === 1) {
          const [v] = keys
          if (decimal) return { predicate: decimalEquality(f, 'eq', v as string).predicate, lookup }
          return { predicate: (row) => row[f] === v, lookup }
        }
        if (decimal) {
          const isKey = decimalMembership(keys as ReadonlySet<string>)
          return {
            predicate: (row) => {
              const x = row[f] as string | null
              return x != null && isKey(x)
            },
            lookup,
          }
        }
        return { predicate: (row) => keys.has(row[f] as StoredValue), lookup }
      }
      // x NOT IN (..., NULL) is never true; NOT IN () holds for every row, null fields included.
      if (holdsNull) return { predicate: NEVER }
      if (keys.size === 0) return { predicate: ALWAYS }
      if (decimal) {
        const isKey = decimalMembership(keys as ReadonlySet<string>)
        return {
          predicate: (row) => {
            const x = row[f] as string | null
            return x != null && !isKey(x)
          },
        }
      }
      return {
        predicate: (row) => {
          const x = row[f]
          return x != null && !keys.has(x)
        },
      }
    }
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le': {
      if (!isRangeType(field.type)) {
        throw new IllegalArgumentException(
          `${where}: ${schema.name}.${f} is a ${field.type} field, which takes eq, ne, in, notIn, isNull and notNull only.`,
        )
      }
      const v = conditionValue(schema, field, value, where)
      if (v === null) return { predicate: NEVER }
      return { predicate: rangePredicate(field, operator, v) }
    }
    case 'iLike':
    case 'notILike': {
      if (!isTextType(field.type)) {
        throw new IllegalArgumentException(
          `${where}: ${schema.name}.${f} is a ${field.type} field; iLike and notILike take a STRING or JSON_STRING field.`,
        )
      }
      if (value === null || value === undefined) {
        throw new IllegalArgumentException(
          `${where}: the pattern is ${describeValue(value)}; pass a pattern string ('%' any run, '_' one character, '\\' escapes), or use isNull.`,
        )
      }
      const checked = tryNormalizeFieldValue({ name: f, type: 'STRING', required: false }, value, schema.name)
      if (!checked.ok)
        throw new IllegalArgumentException(`${where}: the pattern must be a string. ${checked.message}`)
      const matches = compileLikePattern(checked.value as string, where)
      if (operator === 'iLike') {
        return {
          predicate: (row) => {
            const x = row[f]
            return x != null && matches(x as string)
          },
        }
      }
      return {
        predicate: (row) => {
          const x = row[f]
          return x != null && !matches(x as string)
        },
      }
    }
  }
  throw new IllegalArgumentException(`${where}: unknown operator.`)
}

/**
 * `eq`/`ne` on a BIG_DECIMAL field: numeric equality whatever the scales (`'25.00'` equals `'25'`), as
 * PostgreSQL's numeric and Java's `BigDecimal.compareTo`. The lookup key is the canonical decimal, which is
 * what the field's hash index is keyed by.
 */
function decimalEquality(f: string, operator: 'eq' | 'ne', value: string): Compiled {
  const canonical = canonicalDecimal(value)
  const length = canonical.length
  // Only a longer text can be the same number at a larger scale: the common cases stay one comparison.
  if (operator === 'eq') {
    return {
      predicate: (row) => {
        const x = row[f] as string | null
        return x != null && (x === canonical || (x.length > length && equalsCanonical(x, canonical)))
      },
      lookup: { field: f, keys: [canonical] },
    }
  }
  return {
    predicate: (row) => {
      const x = row[f] as string | null
      return x != null && x !== canonical && !(x.length > length && equalsCanonical(x, canonical))
    },
  }
}

/** How many more fraction digits than its canonical form `in`/`notIn` precompute for each BIG_DECIMAL key. */
const PRECOMPUTED_SCALES = 6

/**
 * Tells whether a stored BIG_DECIMAL is numerically one of an `in`/`notIn` list's canonical `keys`. Each
 * key's forms with up to {@link PRECOMPUTED_SCALES} more fraction digits are precomputed (`'25'`: `'25.0'` to
 * `'25.000000'`), so for a text no longer than the shortest longest form, one set lookup decides, as it does
 * for any other type. Only a longer text that ends in `0` is compared digit by digit (a long list: through
 * its canonical form).
 */
function decimalMembership(keys: ReadonlySet<string>): (decimal: string) => boolean {
  const forms = new Set<string>()
  let decisive = Infinity
  for (const key of keys) {
    forms.add(key)
    let form = key.includes('.') ? key : `${key}.`
    for (let i = 0; i < PRECOMPUTED_SCALES; i++) forms.add((form += '0'))
    decisive = Math.min(decisive, form.length)
  }
  const list = [...keys]
  return (decimal) => {
    if (forms.has(decimal)) return true
    if (decimal.length <= decisive || decimal.charCodeAt(decimal.length - 1) !== 48) return false
    if (list.length > 16) return keys.has(canonicalDecimal(decimal))
    for (let i = 0; i < list.length; i++) if (equalsCanonical(decimal, list[i] as string)) return true
    return false
  }
}

/** The normalised condition value, or an IllegalArgumentException naming the condition. */
function conditionValue(
  schema: DomainSchema,
  field: FieldSchema,
  value: unknown,
  where: string,
): StoredValue {
  const result = tryNormalizeFieldValue(field, value, schema.name, 'condition')
  if (!result.ok) throw new IllegalArgumentException(`${where}: ${result.message}`)
  return result.value
}

/** The elements of an `in`/`notIn` value: an array or a Set (a Java Collection). */
function collection(value: unknown, where: string): readonly unknown[] {
  if (Array.isArray(value)) return value
  if (value instanceof Set) return [...(value as Set<unknown>)]
  throw new IllegalArgumentException(
    `${where} takes a collection (an array or a Set) of values, not ${describeValue(value)}.`,
  )
}

function rangePredicate(
  field: FieldSchema,
  operator: 'gt' | 'ge' | 'lt' | 'le',
  v: StoredValue,
): RowPredicate {
  const f = field.name
  if (field.type === 'STRING' || field.type === 'JSON_STRING') {
    return fromComparison(f, (x) => compareCodePoints(x as string, v as string), operator)
  }
  if (field.type === 'BIG_DECIMAL') {
    return fromComparison(f, (x) => compareDecimals(x as string, v as string), operator)
  }
  // Numbers (INTEGER, LONG, DOUBLE, ZONED_DATETIME epoch ms, DOMAIN_OBJECT id) and LOCAL_DATE (fixed-width
  // ASCII 'YYYY-MM-DD', whose text order is date order) compare natively.
  switch (operator) {
    case 'gt':
      return (row) => {
        const x = row[f]
        return x != null && (x as number) > (v as number)
      }
    case 'ge':
      return (row) => {
        const x = row[f]
        return x != null && (x as number) >= (v as number)
      }
    case 'lt':
      return (row) => {
        const x = row[f]
        return x != null && (x as number) < (v as number)
      }
    case 'le':
      return (row) => {
        const x = row[f]
        return x != null && (x as number) <= (v as number)
      }
  }
}

function fromComparison(
  f: string,
  compare: (x: StoredValue) => number,
  operator: 'gt' | 'ge' | 'lt' | 'le',
): RowPredicate {
  switch (operator) {
    case 'gt':
      return (row) => {
        const x = row[f]
        return x != null && compare(x) > 0
      }
    case 'ge':
      return (row) => {
        const x = row[f]
        return x != null && compare(x) >= 0
      }
    case 'lt':
      return (row) => {
        const x = row[f]
        return x != null && compare(x) < 0
      }
    case 'le':
      return (row) => {
        const x = row[f]
        return x != null && compare(x) <= 0
      }
  }
}
