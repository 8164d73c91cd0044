import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { compareRows, type RowComparator } from './compare-rows.js'
import { planQuery, type EngineQuery, type IndexLookup, type QueryPlan } from './compile-query.js'
import { canonicalDecimal } from '../../domains/decimal.js'
import { describeValue } from '../../domains/describe-value.js'
import { isPresenceOnlyType } from '../../domains/field-types.js'
import { HashIndex } from './hash-index.js'
import type { DomainSchema, StoredRow } from '../../domains/schema.js'
import { topK } from './top-k.js'
import type { TransactionOverlay } from './transaction-overlay.js'
import { validatePage, type EnginePage } from '../query/validate-page.js'
import type { ValidPage, ValidQuery } from '../query/valid-query.js'

export type { EnginePage }

/**
 * What a select returns: the rows of the page, in order, and how many rows match without paging.
 *
 * @internal
 */
export interface SelectResult {
  /** The page's rows (a fresh array the caller owns). */
  readonly rows: StoredRow[]
  /** The number of all matches. */
  readonly totalCount: number
}

/**
 * Options of a {@link Table}.
 *
 * @internal
 */
export interface TableOptions {
  /**
   * Build a hash index on a field the first time an `eq`/`in` condition uses it (default `true`). With
   * `false`, only indexes made with {@link Table.ensureIndex} serve lookups.
   */
  readonly autoIndex?: boolean
}

/** The base rows an index narrowed a query to, and the lookups that did. */
interface Candidates {
  readonly rows: StoredRow[]
  readonly lookups: readonly IndexLookup[]
}

/** The matches of a query before paging. */
interface Matches {
  readonly rows: StoredRow[]
  /** The rows are in ascending id order. */
  readonly inIdOrder: boolean
  /** `rows` may be reordered in place (it is not the table's own array). */
  readonly owned: boolean
}

const byIdAscending: RowComparator = (a, b) => a.id - b.id

/** Above this many rows, a delete from the middle drops the id-ordered array instead of moving it. */
const SPLICE_LIMIT = 8192

/**
 * The rows of one domain (for one tenant), with lazily built hash indexes, answering queries with
 * PostgreSQL's semantics (docs/semantics.md).
 *
 * Rows are the frozen objects the host stores, never copied or wrapped. An `eq`/`in` condition builds an
 * index on its field the first time it is used; later writes keep it up to date. An AND query reads the
 * candidates of its most selective indexed equality and checks the rest on them; an OR of equalities
 * reads the union of their buckets; anything else scans in id order. Only matches are sorted, and a
 * small page takes a bounded top-k selection instead of a full sort.
 *
 * @internal
 */
export class Table {
  /** The domain of the rows. */
  readonly schema: DomainSchema
  readonly #autoIndex: boolean
  readonly #byId = new Map<number, StoredRow>()
  /** Every row in ascending id order, or `null` when it must be rebuilt from `#byId`. */
  #ordered: StoredRow[] | null = []
  readonly #indexes = new Map<string, HashIndex>()

  /**
   * @param schema - The domain of the rows.
   * @param options - Indexing options.
   */
  constructor(schema: DomainSchema, options: TableOptions = {}) {
    this.schema = schema
    this.#autoIndex = options.autoIndex !== false
  }

  /** How many rows the table holds. */
  get size(): number {
    return this.#byId.size
  }

  /** The fields that have a hash index now (`id` is always served by the primary map). */
  get indexedFields(): readonly string[] {
    return [...this.#indexes.keys()]
  }

  /**
   * The row with an id.
   *
   * @param id - The id.
   * @returns The row, or `undefined` when none has this id.
   */
  get(id: number): StoredRow | undefined {
    return this.#byId.get(id)
  }

  /**
   * Whether a row has an id.
   *
   * @param id - The id.
   * @returns `true` when the table holds it.
   */
  has(id: number): boolean {
    return this.#byId.has(id)
  }

  /**
   * Every row in ascending id order (a snapshot: writes during the iteration do not show).
   *
   * @returns An iterator over the rows.
   */
  rows(): IterableIterator<StoredRow> {
    return this.#inOrder().slice().values()
  }

  /**
   * Adds a row.
   *
   * @param row - A stored row (frozen here if it is not yet) whose id the table does not hold.
   * @throws {@link IllegalArgumentException} when the row has no integer id or the id is taken; the table
   *   is unchanged.
   */
  insert(row: StoredRow): void {
    const id = this.#checkRow(row, 'insert')
    if (this.#byId.has(id)) {
      throw new IllegalArgumentException(
        `${this.schema.name} already holds id ${id}; replace it instead of inserting it again.`,
      )
    }
    const frozen = Object.isFrozen(row) ? row : Object.freeze(row)
    this.#byId.set(id, frozen)
    const ordered = this.#ordered
    if (ordered !== null) {
      const last = ordered[ordered.length - 1]
      if (last === undefined || last.id < id) ordered.push(frozen)
      else this.#ordered = null
    }
    for (const index of this.#indexes.values()) index.add(frozen)
  }

  /**
   * Replaces the row with the same id.
   *
   * @param row - The new version of a row the table holds.
   * @returns The row it replaced.
   * @throws {@link IllegalArgumentException} when the row has no integer id or the table does not hold it;
   *   the table is unchanged.
   */
  replace(row: StoredRow): StoredRow {
    const id = this.#checkRow(row, 'replace')
    const previous = this.#byId.get(id)
    if (previous === undefined) {
      throw new IllegalArgumentException(
        `${this.schema.name} holds no id ${id} to replace; insert it instead.`,
      )
    }
    const frozen = Object.isFrozen(row) ? row : Object.freeze(row)
    this.#byId.set(id, frozen)
    const ordered = this.#ordered
    if (ordered !== null) ordered[findById(ordered, id)] = frozen
    for (const index of this.#indexes.values()) {
      index.remove(previous)
      index.add(frozen)
    }
    return previous
  }

  /**
   * Removes the row with an id.
   *
   * @param id - The id.
   * @returns `true` when a row was removed, `false` when none had this id.
   */
  delete(id: number): boolean {
    const previous = this.#byId.get(id)
    if (previous === undefined) return false
    this.#byId.delete(id)
    const ordered = this.#ordered
    if (ordered !== null) {
      if (ordered[ordered.length - 1] === previous) ordered.pop()
      else if (ordered.length <= SPLICE_LIMIT) ordered.splice(findById(ordered, id), 1)
      else this.#ordered = null
    }
    for (const index of this.#indexes.values()) index.remove(previous)
    return true
  }

  /** Removes every row; indexes stay and stay up to date. */
  clear(): void {
    this.#byId.clear()
    this.#ordered = []
    for (const index of this.#indexes.values()) index.clear()
  }

  /**
   * Builds the hash index of a field now, if it has none.
   *
   * @param field - A field of the schema that equality applies to (not DOMAIN_OBJECT_LIST or FILE).
   * @throws {@link IllegalArgumentException} for an unknown field or one that equality does not apply to.
   */
  ensureIndex(field: string): void {
    const schema = this.schema.fields.get(field)
    if (schema === undefined || isPresenceOnlyType(schema.type)) {
      throw new IllegalArgumentException(
        `${this.schema.name} cannot index ${describeValue(field)}: index one of ${[
          ...this.schema.fields.values(),
        ]
          .filter((f) => !isPresenceOnlyType(f.type))
          .map((f) => f.name)
          .join(', ')}.`,
      )
    }
    if (field !== 'id' && !this.#indexes.has(field)) this.#indexes.set(field, this.#newIndex(field))
  }

  /**
   * Runs a query: every match, or one page of them, over the table merged with a transaction's overlay.
   * The query and page are validated before anything runs.
   *
   * @param query - How conditions combine, and the conditions.
   * @param page - The page; without it, every match in ascending id order.
   * @param overlay - Uncommitted changes to see as applied.
   * @returns The rows and the number of all matches.
   * @throws {@link IllegalArgumentException} for an invalid query (see `compileQuery`), a negative or
   *   non-integer offset or limit, or an unknown or unorderable orderBy field.
   */
  select(
    query: EngineQuery | ValidQuery,
    page?: EnginePage | ValidPage,
    overlay?: TransactionOverlay,
  ): SelectResult {
    const plan = planQuery(this.schema, query)
    const valid = page === undefined ? undefined : validatePage(this.schema, page)
    const matches = this.#match(plan, overlay)
    const totalCount = matches.rows.length
    if (valid === undefined) {
      const rows = matches.owned ? matches.rows : matches.rows.slice()
      if (!matches.inIdOrder) rows.sort(byIdAscending)
      return { rows, totalCount }
    }
    const start = valid.offset
    const end = Math.min(totalCount, valid.offset + valid.limit)
    if (start >= end) return { rows: [], totalCount }
    if (valid.inIdOrder && matches.inIdOrder) return { rows: matches.rows.slice(start, end), totalCount }
    const compare = compareRows(valid)
    if (end <= totalCount >> 2) return { rows: topK(matches.rows, end, compare).slice(start), totalCount }
    const rows = matches.owned ? matches.rows : matches.rows.slice()
    return { rows: rows.sort(compare).slice(start, end), totalCount }
  }

  /**
   * Counts the matches of a query over the table merged with a transaction's overlay.
   *
   * @param query - How conditions combine, and the conditions.
   * @param overlay - Uncommitted changes to see as applied.
   * @returns The number of matches.
   * @throws {@link IllegalArgumentException} for an invalid query (see `compileQuery`).
   */
  count(query: EngineQuery | ValidQuery, overlay?: TransactionOverlay): number {
    const plan = planQuery(this.schema, query)
    const hasOverlay = overlay !== undefined && overlay.size > 0
    if (plan.matchesNothing) return 0
    if (plan.matchesEverything && !hasOverlay) return this.#byId.size
    const lookup = plan.exact ? plan.lookups[0] : undefined
    const estimate = lookup === undefined ? null : this.#estimate(lookup)
    if (estimate === null) return this.#match(plan, overlay).rows.length
    // The lookup's bucket sizes are the exact base count; correct it for the overlaid ids.
    let count = estimate
    if (hasOverlay) {
      for (const [id, row] of overlay.entries()) {
        const base = this.#byId.get(id)
        if (base !== undefined && plan.predicate(base)) count--
        if (row != null && plan.predicate(row)) count++
      }
    }
    return count
  }

  #checkRow(row: StoredRow, action: string): number {
    const id = typeof row === 'object' && row !== null ? row.id : undefined
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      throw new IllegalArgumentException(
        `${this.schema.name}: cannot ${action} ${describeValue(row)} without an integer id (got ${describeValue(id)}).`,
      )
    }
    return id
  }

  #inOrder(): StoredRow[] {
    if (this.#ordered === null) this.#ordered = [...this.#byId.values()].sort(byIdAscending)
    return this.#ordered
  }

  #index(field: string): HashIndex | undefined {
    let index = this.#indexes.get(field)
    if (index === undefined && this.#autoIndex) {
      index = this.#newIndex(field)
      this.#indexes.set(field, index)
    }
    return index
  }

  /** An index of rows on a field (the table's by default); a BIG_DECIMAL field is keyed by number, whatever the scale. */
  #newIndex(field: string, rows: Iterable<StoredRow> = this.#byId.values()): HashIndex {
    const decimal = this.schema.fields.get(field)?.type === 'BIG_DECIMAL'
    return new HashIndex(field, rows, decimal ? canonicalDecimal : undefined)
  }

  /** The exact number of base rows a lookup's keys select, or `null` when no index serves the field. */
  #estimate(lookup: IndexLookup): number | null {
    if (lookup.field === 'id') {
      let n = 0
      for (const key of lookup.keys) if (this.#byId.has(key as number)) n++
      return n
    }
    const index = this.#index(lookup.field)
    if (index === undefined) return null
    let n = 0
    for (const key of lookup.keys) n += index.count(key)
    return n
  }

  #collect(lookup: IndexLookup, out: StoredRow[]): void {
    if (lookup.field === 'id') {
      for (const key of lookup.keys) {
        const row = this.#byId.get(key as number)
        if (row !== undefined) out.push(row)
      }
      return
    }
    const index = this.#indexes.get(lookup.field) as HashIndex
    for (const key of lookup.keys) index.collect(key, out)
  }

  /**
   * The base rows an index narrows the query to, with the lookups that narrowed it, or `null` to scan: no
   * lookup is served by an index, or the best one still selects over half the rows (scanning in id order is
   * then cheaper than sorting). A lookup's cost counts the rows it selects in the table and in the
   * transaction's overlay, so that inside a transaction that wrote many rows (an import) the lookup that is
   * selective there wins.
   */
  #candidates(plan: QueryPlan, overlay: TransactionOverlay | undefined): Candidates | null {
    if (plan.lookups.length === 0) return null
    const half = (this.#byId.size + (overlay?.size ?? 0)) / 2
    if (plan.union) {
      let total = 0
      for (const lookup of plan.lookups) {
        const cost = this.#cost(lookup, overlay)
        if (cost === null) return null
        total += cost
      }
      if (total > half) return null
      const rows: StoredRow[] = []
      for (const lookup of plan.lookups) this.#collect(lookup, rows)
      return { rows, lookups: plan.lookups }
    }
    let best: IndexLookup | undefined
    let bestCost = Infinity
    for (const lookup of plan.lookups) {
      const cost = this.#cost(lookup, overlay)
      if (cost !== null && cost < bestCost) {
        best = lookup
        bestCost = cost
      }
    }
    if (best === undefined || bestCost > half) return null
    const rows: StoredRow[] = []
    this.#collect(best, rows)
    return { rows, lookups: [best] }
  }

  /** How many rows a lookup selects in the table and the overlay, or `null` when no index serves it. */
  #cost(lookup: IndexLookup, overlay: TransactionOverlay | undefined): number | null {
    const base = this.#estimate(lookup)
    if (base === null || overlay === undefined || overlay.size === 0) return base
    const { field, keys } = lookup
    if (field === 'id') return base + keys.filter((key) => overlay.entry(key as number) != null).length
    return base + overlay.count(field, keys, (rows) => this.#newIndex(field, rows))
  }

  /**
   * The rows an overlay writes that can match: those the lookups select (through the overlay's own indexes),
   * or all of them when the base rows are scanned.
   */
  #overlayRows(overlay: TransactionOverlay, lookups: readonly IndexLookup[] | null): Iterable<StoredRow> {
    if (lookups === null) return overlay.rows()
    const out: StoredRow[] = []
    for (const { field, keys } of lookups) {
      if (field === 'id') {
        for (const key of keys) {
          const row = overlay.entry(key as number)
          if (row != null) out.push(row)
        }
      } else {
        overlay.collect(field, keys, (rows) => this.#newIndex(field, rows), out)
      }
    }
    return out
  }

  #match(plan: QueryPlan, overlay: TransactionOverlay | undefined): Matches {
    const hasOverlay = overlay !== undefined && overlay.size > 0
    const predicate = plan.predicate
    let rows: StoredRow[]
    let inIdOrder = true
    let owned = true
    let lookups: readonly IndexLookup[] | null = null
    if (plan.matchesNothing) {
      rows = []
    } else {
      const candidates = this.#candidates(plan, hasOverlay ? overlay : undefined)
      const source = candidates?.rows ?? this.#inOrder()
      inIdOrder = candidates === null
      if (candidates !== null) lookups = candidates.lookups
      if (plan.matchesEverything && !hasOverlay) {
        rows = source
        owned = candidates !== null
      } else {
        rows = []
        const n = source.length
        if (hasOverlay) {
          for (let i = 0; i < n; i++) {
            const row = source[i] as StoredRow
            if (!overlay.has(row.id) && predicate(row)) rows.push(row)
          }
        } else {
          for (let i = 0; i < n; i++) {
            const row = source[i] as StoredRow
            if (predicate(row)) rows.push(row)
          }
        }
      }
      if (rows.length <= 1) inIdOrder = true
    }
    if (hasOverlay && !plan.matchesNothing) {
      for (const row of this.#overlayRows(overlay, lookups)) {
        if (!predicate(row)) continue
        if (!owned) {
          rows = rows.slice()
          owned = true
        }
        rows.push(row)
        inIdOrder = rows.length <= 1
      }
    }
    // Two equalities of an OR can select the same row.
    if (lookups !== null && lookups.length > 1 && rows.length > 1) rows = [...new Set(rows)]
    return { rows, inIdOrder, owned }
  }
}

/** The position of the row with an id in an id-ordered array (it must be there). */
function findById(rows: readonly StoredRow[], id: number): number {
  let low = 0
  let high = rows.length - 1
  while (low <= high) {
    const mid = (low + high) >>> 1
    const midId = (rows[mid] as StoredRow).id
    if (midId < id) low = mid + 1
    else if (midId > id) high = mid - 1
    else return mid
  }
  return -1
}
