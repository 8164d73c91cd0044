import type { FieldSchema, StoredRow, StoredValue } from '../../domains/schema.js'
import { compareCodePoints } from '../../domains/code-points.js'
import { canonicalDecimal, compareDecimals, equalsCanonical } from '../../domains/decimal.js'
import type { EngineQuery, ValidCondition, ValidQuery } from '../query/valid-query.js'
import { validateQuery } from '../query/validate-query.js'
import type { DomainSchema } from '../../domains/schema.js'
import { likeMatcher } from './like-matcher.js'

export type { EngineQuery }

/** A test of one row. @internal */
export type RowPredicate = (row: StoredRow) => boolean

/**
 * An equality lookup an index can answer: the field, the distinct non-null keys it accepts, and the condition
 * it comes from (its place in the query's conditions).
 *
 * @internal
 */
export interface IndexLookup {
  readonly field: string
  readonly keys: readonly StoredValue[]
  readonly condition: number
}

/**
 * A compiled query: the row predicate and what an index can do for it.
 *
 * @internal
 */
export interface QueryPlan {
  /** The validated query. */
  readonly query: ValidQuery
  /** Tells whether a row matches. */
  readonly predicate: RowPredicate
  /** The predicate of each of the query's conditions, in order. */
  readonly predicates: readonly RowPredicate[]
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

/** One compiled condition: its predicate, with its lookup when it is an equality. */
interface Compiled {
  readonly predicate: RowPredicate
  readonly lookup?: Omit<IndexLookup, 'condition'>
}

/**
 * Compiles a query into a row predicate with PostgreSQL's semantics (see docs/semantics.md), validating it
 * first when it is not yet (see `validateQuery`).
 *
 * @param schema - The queried domain.
 * @param query - How conditions combine, and the conditions.
 * @returns Whether a stored row matches.
 * @throws {@link IllegalArgumentException} as `validateQuery` does.
 * @internal
 */
export function compileQuery(schema: DomainSchema, query: EngineQuery | ValidQuery): RowPredicate {
  return planQuery(schema, query).predicate
}

/**
 * Compiles a query like {@link compileQuery}, and also says what hash indexes can do for it.
 *
 * @param schema - The queried domain.
 * @param query - How conditions combine, and the conditions.
 * @returns The plan.
 * @throws {@link IllegalArgumentException} as `validateQuery` does.
 * @internal
 */
export function planQuery(schema: DomainSchema, query: EngineQuery | ValidQuery): QueryPlan {
  const valid = validateQuery(schema, query)
  if (valid.matchesNothing) return plan(valid, NEVER, [], [], false, false)
  if (valid.matchesEverything) return plan(valid, ALWAYS, [], [], false, false)
  const compiled = valid.conditions.map(compileCondition)
  const predicates = compiled.map((c) => c.predicate)
  const lookups = compiled.flatMap((c, condition) =>
    c.lookup === undefined ? [] : [{ ...c.lookup, condition }],
  )
  if (valid.and) {
    const exact = predicates.length === 1 && lookups.length === 1
    return plan(valid, all(predicates), predicates, lookups, false, exact)
  }
  const union = lookups.length === predicates.length
  return plan(valid, any(predicates), predicates, union ? lookups : [], union, union && lookups.length === 1)
}

function plan(
  query: ValidQuery,
  predicate: RowPredicate,
  predicates: readonly RowPredicate[],
  lookups: readonly IndexLookup[],
  union: boolean,
  exact: boolean,
): QueryPlan {
  return {
    query,
    predicate,
    predicates,
    matchesNothing: predicate === NEVER,
    matchesEverything: predicate === ALWAYS,
    lookups,
    union,
    exact,
  }
}

/**
 * The predicate of an AND plan without one of its conditions: what the rows an index selected for that
 * condition must still pass.
 *
 * @param plan - An AND plan.
 * @param skip - The condition the rows are known to pass.
 * @returns The predicate of the other conditions.
 * @internal
 */
export function residualPredicate(plan: QueryPlan, skip: number): RowPredicate {
  return all(plan.predicates.filter((_, i) => i !== skip))
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

function compileCondition(condition: ValidCondition): Compiled {
  const f = condition.field.name
  switch (condition.kind) {
    case 'presence': {
      // A collection has no SQL null: an empty DOMAIN_OBJECT_LIST is what "no value" is.
      const isNull: RowPredicate =
        condition.field.type === 'DOMAIN_OBJECT_LIST'
          ? (row) => {
              const x = row[f] as readonly number[] | null | undefined
              return x == null || x.length === 0
            }
          : (row) => row[f] == null
      return { predicate: condition.isNull ? isNull : (row) => !isNull(row) }
    }
    case 'compare': {
      const { operator, value: v, field } = condition
      if (operator === 'eq' || operator === 'ne') {
        if (field.type === 'BIG_DECIMAL') return decimalEquality(f, operator, v as string)
        if (operator === 'eq') return { predicate: (row) => row[f] === v, lookup: { field: f, keys: [v] } }
        return {
          predicate: (row) => {
            const x = row[f]
            return x != null && x !== v
          },
        }
      }
      return { predicate: rangePredicate(field, operator, v) }
    }
    case 'member': {
      const decimal = condition.field.type === 'BIG_DECIMAL'
      const keys = new Set(condition.values)
      if (!condition.negated) {
        const lookup = { field: f, keys: condition.values }
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
    case 'like': {
      const matches = likeMatcher(condition.pattern)
      if (!condition.negated) {
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
