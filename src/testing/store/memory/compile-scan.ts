import type { DomainSchema, StoredRow } from '../../domains/schema.js'
import { generatedFunction, literal } from '../../domains/generated-function.js'
import type { ValidCondition } from '../query/valid-query.js'
import type { ColumnKind, ColumnRef, ColumnValues } from './columns.js'
import type { QueryPlan, RowPredicate } from './compile-query.js'
import { SHORT_LITERAL, likeShape, loweredLikeMatcher } from './like-matcher.js'
import type { Slots } from './slots.js'

/**
 * A scan compiled for one query shape. It tests the slots below `end` (or, given `positions`, the slots at
 * `positions[0]` to `positions[end - 1]`), counts the rows that match, and appends the first `keep` of them to
 * `out` unless it is `null`. `values` are the query's values in the order the shape takes them; `columns` the columns it reads
 * (see {@link ScanProgram.columns}).
 *
 * @internal
 */
export type CompiledScan = (
  rows: Slots,
  positions: ArrayLike<number> | null,
  end: number,
  values: readonly unknown[],
  columns: readonly ColumnValues[],
  out: StoredRow[] | null,
  keep: number,
) => number

/** A query's compiled scan with what the query gives it. @internal */
export interface ScanProgram {
  readonly scan: CompiledScan
  readonly values: readonly unknown[]
  /** The columns the scan reads, in the order of its `columns` argument. */
  readonly columns: readonly ColumnRef[]
}

/** More shapes than this per domain and the cache starts again: a plugin writes a few dozen queries. */
const MAX_SHAPES = 256

/** The scans compiled so far, per domain and query shape. A memo keyed by schema, not state. */
const scans = new WeakMap<DomainSchema, Map<string, CompiledScan>>()

/**
 * Compiles the scan of a query: one loop for its shape (AND or OR, and per condition its field, operator and
 * kind of value), in which every condition is inlined, so that V8 gives each read and comparison type feedback
 * of its own instead of sharing one megamorphic closure per operator. Numeric fields are read from columns of
 * doubles and `iLike` from lower-cased text (see `Columns`); conditions without a fast form (BIG_DECIMAL,
 * string ranges in code-point order, a general `iLike` pattern) call their exact predicate. The values are
 * arguments and field names string literals, so queries of one shape share the code.
 *
 * @param schema - The queried domain.
 * @param plan - The query's plan; it must have conditions.
 * @param skip - An AND plan's condition the rows scanned are known to pass (the index chose them by it), or -1.
 * @returns The program, or `undefined` where code generation is not allowed.
 * @internal
 */
export function compileScan(schema: DomainSchema, plan: QueryPlan, skip = -1): ScanProgram | undefined {
  const values: unknown[] = []
  const columns: ColumnRef[] = []
  const take = (value: unknown): string => `v${values.push(value) - 1}`
  const column = (field: string, kind: ColumnKind): string => {
    const at = columns.findIndex((c) => c.field === field && c.kind === kind)
    return `C${at < 0 ? columns.push({ field, kind }) - 1 : at}`
  }
  const conditions = plan.query.conditions.flatMap((condition, i) =>
    i === skip ? [] : [conditionCode(condition, plan.predicates[i] as RowPredicate, take, column)],
  )
  const key = `${plan.query.and ? 'and' : 'or'}(${conditions.map((c) => c.shape).join(',')})`
  let cache = scans.get(schema)
  let scan = cache?.get(key)
  if (scan === undefined) {
    const test = conditions.map((c) => `(${c.test})`).join(plan.query.and ? ' && ' : ' || ')
    const readsRows = conditions.some((c) => c.readsRow)
    scan = generatedFunction<CompiledScan>(
      ['rows', 'positions', 'end', 'values', 'columns', 'out', 'keep'],
      scanSource(
        values.length,
        columns.length,
        conditions.flatMap((c) => c.helpers ?? []),
        test || 'true',
        readsRows,
      ),
    )
    if (scan === undefined) return undefined
    if (cache === undefined) scans.set(schema, (cache = new Map<string, CompiledScan>()))
    if (cache.size >= MAX_SHAPES) cache.clear()
    cache.set(key, scan)
  }
  return { scan, values, columns }
}

function scanSource(
  values: number,
  columns: number,
  helpers: readonly string[],
  test: string,
  readsRows: boolean,
): string {
  const declarations = [
    ...Array.from({ length: values }, (_, i) => `const v${i} = values[${i}]`),
    ...Array.from({ length: columns }, (_, i) => `const C${i} = columns[${i}]`),
    ...helpers,
  ]
  // A test on columns alone reads a row only when it passes; a deleted row's columns hold NaN or null, which
  // most tests refuse, but isNull accepts.
  const body = readsRows
    ? `const r = rows[i]
      if (r !== undefined && (${test})) {
        if (++n <= keep && out !== null) out.push(r)
      }`
    : `if (${test}) {
        const r = rows[i]
        if (r !== undefined && ++n <= keep && out !== null) out.push(r)
      }`
  return `${declarations.join('\n')}
let n = 0
let x
let y
if (positions === null) {
  for (let i = 0; i < end; i++) {
    ${body}
  }
} else {
  for (let k = 0; k < end; k++) {
    const i = positions[k]
    ${body}
  }
}
return n`
}

/**
 * A condition's test as an expression over the row `r` and the columns at position `i`, the shape it has, and
 * whether it reads the row.
 */
interface ConditionCode {
  readonly shape: string
  readonly test: string
  readonly readsRow: boolean
  /** Declarations the test calls, made once per scan. */
  readonly helpers?: readonly string[]
}

/** Lists up to this long are compared element by element; longer ones go through a Set. */
const INLINE_LIST = 8

/**
 * Prefixes and infixes up to this long are compared code unit by code unit, which V8 runs faster than
 * `startsWith` and `includes` (a call into the runtime per row) on the short texts fields hold.
 */
const INLINE_PREFIX = 8

/** The field types stored as numbers, which a column of doubles holds. */
const NUMERIC = new Set(['INTEGER', 'LONG', 'DOUBLE', 'ZONED_DATETIME', 'DOMAIN_OBJECT'])

function conditionCode(
  condition: ValidCondition,
  predicate: RowPredicate,
  take: (value: unknown) => string,
  column: (field: string, kind: ColumnKind) => string,
): ConditionCode {
  const field = condition.field
  const name = literal(field.name)
  const numeric = NUMERIC.has(field.type)
  // A numeric field is read from its column of doubles, any other from the row.
  const read = numeric ? `${column(field.name, 'number')}[i]` : `r[${name}]`
  const readsRow = !numeric
  const exact = (): ConditionCode => ({ shape: `p${name}`, test: `${take(predicate)}(r)`, readsRow: true })
  switch (condition.kind) {
    case 'presence': {
      const shape = `${condition.isNull ? 'null' : 'notNull'}${name}`
      if (numeric) return { shape, test: `(x = ${read}) ${condition.isNull ? '!==' : '==='} x`, readsRow }
      const isNull =
        field.type === 'DOMAIN_OBJECT_LIST' ? `((x = ${read}) == null || x.length === 0)` : `${read} == null`
      return { shape, test: condition.isNull ? isNull : `!(${isNull})`, readsRow }
    }
    case 'compare': {
      const { operator } = condition
      const text = field.type === 'STRING' || field.type === 'JSON_STRING'
      // BIG_DECIMAL compares numbers in decimal text; strings order by code point, not by UTF-16 unit.
      if (field.type === 'BIG_DECIMAL' || (text && operator !== 'eq' && operator !== 'ne')) return exact()
      const v = take(condition.value)
      const shape = `${operator}${name}`
      if (operator === 'eq') return { shape, test: `${read} === ${v}`, readsRow }
      const compare = { ne: '!==', gt: '>', ge: '>=', lt: '<', le: '<=' }[operator]
      // NaN (no number) fails every comparison; ne must refuse it explicitly, as it refuses null.
      if (numeric && operator !== 'ne') return { shape, test: `${read} ${compare} ${v}`, readsRow }
      return { shape, test: `(x = ${read}) ${numeric ? '=== x' : '!= null'} && x ${compare} ${v}`, readsRow }
    }
    case 'member': {
      if (field.type === 'BIG_DECIMAL') return exact()
      const list = condition.values
      const inline = list.length <= INLINE_LIST
      const shape = `${condition.negated ? 'notIn' : 'in'}${inline ? list.length : 'Set'}${name}`
      const present = `(x = ${read}) ${numeric ? '=== x' : '!= null'}`
      if (!inline) {
        const set = take(new Set(list))
        return {
          shape,
          test: condition.negated ? `${present} && !${set}.has(x)` : `${set}.has(${read})`,
          readsRow,
        }
      }
      const names = list.map(take)
      if (condition.negated)
        return { shape, test: `${present}${names.map((v) => ` && x !== ${v}`).join('')}`, readsRow }
      return { shape, test: `(x = ${read}) === ${names.join(' || x === ')}`, readsRow }
    }
    case 'like': {
      const helpers: string[] = []
      const pattern = likeShape(condition.pattern)
      const lowered = column(field.name, 'lowered')
      let match: string
      let kind: string = pattern.kind
      switch (pattern.kind) {
        case 'exact':
          match = `y === ${take(pattern.text)}`
          break
        case 'prefix': {
          const text = pattern.text
          if (text.length > INLINE_PREFIX) match = `y.startsWith(${take(text)})`
          else {
            kind = `prefix${text.length}`
            // By UTF-16 unit: an astral character is two.
            const units = Array.from(
              { length: text.length },
              (_, j) => ` && y.charCodeAt(${j}) === ${take(text.charCodeAt(j))}`,
            )
            match = `y.length >= ${text.length}${units.join('')}`
          }
          break
        }
        case 'suffix':
          match = `y.endsWith(${take(pattern.text)})`
          break
        case 'infix': {
          const text = pattern.text
          // A long literal is found in linear time by the matcher (includes can take the text times it).
          if (text.length > SHORT_LITERAL) {
            kind = 'infixLong' // a shape of its own: the value taken is a function, not the text
            match = `${take(loweredLikeMatcher(condition.pattern))}(y)`
            break
          }
          if (text.length > INLINE_PREFIX) {
            match = `y.includes(${take(text)})`
            break
          }
          kind = `infix${text.length}`
          // Tries each start in turn, by UTF-16 unit as includes does. Named after its first value, which
          // no other condition takes.
          const codes = Array.from({ length: text.length }, (_, j) => take(text.charCodeAt(j)))
          const units = codes.map((code, j) => `y.charCodeAt(k + ${j}) === ${code}`)
          const helper = `h${(codes[0] as string).slice(1)}`
          helpers.push(`const ${helper} = (y) => {
  for (let k = 0, last = y.length - ${text.length}; k <= last; k++) if (${units.join(' && ')}) return true
  return false
}`)
          match = `${helper}(y)`
          break
        }
        case 'any':
          match = 'true'
          break
        case 'general':
          match = `${take(loweredLikeMatcher(condition.pattern))}(y)`
          break
      }
      // No text (a null field, or no row) matches neither iLike nor notILike.
      return {
        shape: `${condition.negated ? 'notLike' : 'like'}:${kind}${name}`,
        test: `(y = ${lowered}[i]) != null && ${condition.negated ? `!(${match})` : match}`,
        readsRow: false,
        helpers,
      }
    }
  }
}
