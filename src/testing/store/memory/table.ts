import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { compareRows, type RowComparator } from './compare-rows.js'
import {
  planQuery,
  residualPredicate,
  type EngineQuery,
  type IndexLookup,
  type QueryPlan,
} from './compile-query.js'
import { Columns } from './columns.js'
import { compileScan } from './compile-scan.js'
import { canonicalDecimal } from '../../domains/decimal.js'
import { describeValue } from '../../domains/describe-value.js'
import { isPresenceOnlyType } from '../../domains/field-types.js'
import { HashIndex } from './hash-index.js'
import { IdPositions } from './id-positions.js'
import { PositionIndex } from './position-index.js'
import type { Slots } from './slots.js'
import type { DomainSchema, StoredRow, StoredValue } from '../../domains/schema.js'
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
   * Build an index on a field whose `eq`/`in` conditions make the table scan, once the scans it would have
   * saved outweigh building it (default `true`). With `false`, only indexes made with
   * {@link Table.ensureIndex} serve lookups.
   */
  readonly autoIndex?: boolean
  /**
   * For tests of the index paths: build an index the first time an `eq`/`in` condition uses its field,
   * whatever the table's size (default `false`).
   */
  readonly eagerIndexes?: boolean
  /**
   * For tests of the scan paths: `'auto'` (the default) scans with code compiled per query shape on tables of
   * {@link COMPILED_SCAN_ROWS} rows or more, and with closures over the rows on smaller tables and where a
   * transaction's writes are merged in; `'rows'` always with the closures; `'compiled'` with compiled code
   * whatever the size (closures still where a transaction's writes are merged in, or code generation is not
   * allowed).
   */
  readonly scan?: 'auto' | 'rows' | 'compiled'
}

/**
 * What a table did, counted, so that tests hold the engine's choices without timing anything.
 *
 * @internal
 */
export interface TableCounters {
  /** Scans run by code compiled for the query's shape. */
  compiledScans: number
  /** Scans run by closures over the rows. */
  rowScans: number
  /** Selects and counts answered through an index (its counts or its positions). */
  indexedQueries: number
  /** Indexes built: asked for, paid for by the scans they save, or built again after the rows moved. */
  indexBuilds: number
}

/** The base rows an index narrows a query to, by position (ascending, no repeats). */
interface Candidates {
  readonly positions: ArrayLike<number>
  /** Every candidate matches: the plan is exactly its lookups. */
  readonly exact: boolean
  /** An AND plan's condition every candidate passes (the lookup's), or -1. */
  readonly passes: number
}

/** The matches of a query before paging. */
interface Matches {
  /** The matches, or the first of them in id order when the caller asked for no more. */
  readonly rows: StoredRow[]
  /** How many rows match. */
  readonly total: number
  /** The rows are in ascending id order. */
  readonly inIdOrder: boolean
  /** `rows` may be reordered in place (it is not the table's own array). */
  readonly owned: boolean
}

const byIdAscending: RowComparator = (a, b) => a.id - b.id
const isRow = (row: StoredRow | undefined): row is StoredRow => row !== undefined

/** From this many rows, a scan runs code compiled for the query's shape: below, compiling costs more than it saves. */
export const COMPILED_SCAN_ROWS = 512
/** Below this many rows no index is built unasked: a scan costs about what a lookup does, and writes pay none. */
export const INDEXED_ROWS = 512
/** Building an index costs about as much as this many scans of the table (a map entry per row against a test). */
const INDEX_COST_IN_SCANS = 16
/** An index serves a query when it selects at most this share of the rows; past it, a scan in id order is cheaper. */
const SELECTIVE_SHARE = 0.5
/** Deleted positions past this share of the rows (and past a few) make the next query compact the slots. */
const HOLE_SHARE = 1 / 8

/**
 * The rows of one domain (for one tenant), answering queries with PostgreSQL's semantics
 * (docs/semantics.md).
 *
 * Rows are the frozen objects the host stores, never copied or wrapped, held by position in id order (a
 * deleted row leaves a hole until the next query compacts them). A query without a usable index scans them:
 * with a loop compiled for its shape on a large table, with closures on a small one or where a transaction's
 * uncommitted writes are merged in; `iLike` reads each text lower-cased once, kept beside the rows.
 *
 * An `eq`/`in` field gets an index once the scans it makes the table do outweigh building one (a table of a
 * few hundred rows never gets one unasked); later writes keep it up to date. An index holds row positions per
 * value, so its answers are in id order and its counts are list lengths. An AND query reads the positions of
 * its most selective indexed equality and checks the rest on them; an OR of equalities reads the union of
 * theirs; an index that selects over half the rows is not used. Only matches are sorted, and a small page
 * takes a bounded top-k selection instead of a full sort.
 *
 * @internal
 */
export class Table {
  /** The domain of the rows. */
  readonly schema: DomainSchema
  /** What the table did, for tests. */
  readonly counters: TableCounters = { compiledScans: 0, rowScans: 0, indexedQueries: 0, indexBuilds: 0 }
  readonly #autoIndex: boolean
  readonly #eagerIndexes: boolean
  readonly #scanMode: 'auto' | 'rows' | 'compiled'
  /** Every row by position, in ascending id order while `#ordered`; `undefined` where a row was deleted. */
  #slots: (StoredRow | undefined)[] = []
  /** The position of each row by id. */
  readonly #positions = new IdPositions()
  /** The slots are in ascending id order: an insert below the last id clears it until the next compaction. */
  #ordered = true
  /**
   * The largest id appended since the last compaction (an insert below it does not lower it): no row the table
   * holds has a larger id.
   */
  #lastId = -Infinity
  readonly #indexes = new Map<string, PositionIndex>()
  /** Fields' numbers and lower-cased text by position, for compiled scans. */
  readonly #columns = new Columns()
  /** Per field without an index: the rows its `eq`/`in` conditions made the table scan, the price of one. */
  readonly #scanned = new Map<string, number>()

  /**
   * @param schema - The domain of the rows.
   * @param options - Indexing and scanning options.
   */
  constructor(schema: DomainSchema, options: TableOptions = {}) {
    this.schema = schema
    this.#autoIndex = options.autoIndex !== false
    this.#eagerIndexes = options.eagerIndexes === true
    this.#scanMode = options.scan ?? 'auto'
  }

  /** How many rows the table holds. */
  get size(): number {
    return this.#positions.size
  }

  /** Deleted positions in `#slots`: every other slot holds a row, and `#positions` has one entry per row. */
  get #holes(): number {
    return this.#slots.length - this.#positions.size
  }

  /** The fields that have an index now (`id` is always served by the positions map). */
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
    const position = this.#positions.get(id)
    return position === undefined ? undefined : this.#slots[position]
  }

  /**
   * Whether a row has an id.
   *
   * @param id - The id.
   * @returns `true` when the table holds it.
   */
  has(id: number): boolean {
    return this.#positions.has(id)
  }

  /**
   * Every row in ascending id order (a snapshot: writes during the iteration do not show).
   *
   * @returns An iterator over the rows.
   */
  rows(): IterableIterator<StoredRow> {
    const rows = this.#slots.filter(isRow)
    if (!this.#ordered) rows.sort(byIdAscending)
    return rows.values()
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
    if (this.#positions.has(id)) {
      throw new IllegalArgumentException(
        `${this.schema.name} already holds id ${id}; replace it instead of inserting it again.`,
      )
    }
    this.#append(id, row)
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
    const position = this.#positions.get(id)
    if (position === undefined) {
      throw new IllegalArgumentException(
        `${this.schema.name} holds no id ${id} to replace; insert it instead.`,
      )
    }
    return this.#replaceAt(position, row)
  }

  /**
   * Adds a row, or replaces the row with the same id: {@link Table.insert} or {@link Table.replace} with one
   * lookup of the id, as a commit writes.
   *
   * @param row - A stored row (frozen here if it is not yet).
   * @throws {@link IllegalArgumentException} when the row has no integer id; the table is unchanged.
   */
  put(row: StoredRow): void {
    const id = this.#checkRow(row, 'write')
    // Every id the table holds is at most the last id appended (a compaction keeps the largest last): a create's
    // new id above it needs no lookup.
    if (id > this.#lastId) {
      this.#append(id, row)
      return
    }
    const position = this.#positions.get(id)
    if (position === undefined) this.#append(id, row)
    else this.#replaceAt(position, row)
  }

  #append(id: number, row: StoredRow): void {
    const frozen = Object.isFrozen(row) ? row : Object.freeze(row)
    const position = this.#slots.length
    this.#slots.push(frozen)
    this.#positions.set(id, position)
    if (id < this.#lastId) this.#ordered = false
    else this.#lastId = id
    if (this.#indexes.size > 0)
      for (const index of this.#indexes.values()) index.add(position, frozen[index.field] ?? null)
    this.#columns.appended(frozen)
  }

  #replaceAt(position: number, row: StoredRow): StoredRow {
    const previous = this.#slots[position] as StoredRow
    const frozen = Object.isFrozen(row) ? row : Object.freeze(row)
    this.#slots[position] = frozen
    for (const index of this.#indexes.values()) {
      const before = previous[index.field] ?? null
      const after = frozen[index.field] ?? null
      if (before === after) continue
      index.remove(position, before)
      index.add(position, after)
    }
    this.#columns.changed(position, frozen)
    return previous
  }

  /**
   * Removes the row with an id.
   *
   * @param id - The id.
   * @returns `true` when a row was removed, `false` when none had this id.
   */
  delete(id: number): boolean {
    const position = this.#positions.get(id)
    if (position === undefined) return false
    const previous = this.#slots[position] as StoredRow
    this.#positions.delete(id)
    this.#slots[position] = undefined
    for (const index of this.#indexes.values()) index.remove(position, previous[index.field] ?? null)
    this.#columns.changed(position, undefined)
    // Holes at the end go at once: a test that creates and deletes its own rows leaves nothing to compact.
    const slots = this.#slots
    while (slots.length > 0 && slots[slots.length - 1] === undefined) {
      slots.pop()
      this.#columns.popped()
    }
    return true
  }

  /** Removes every row; indexes stay and stay up to date. */
  clear(): void {
    this.#slots = []
    this.#positions.clear()
    this.#ordered = true
    this.#lastId = -Infinity
    this.#columns.clear()
    for (const field of this.#indexes.keys()) this.#indexes.set(field, this.#newIndex(field))
  }

  /**
   * Builds the index of a field now, if it has none.
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
    this.#compact()
    // A page in id order needs only the matches up to its end; the rest are counted.
    const keep = valid?.inIdOrder === true ? valid.offset + valid.limit : Infinity
    const matches = this.#match(plan, overlay, keep)
    const totalCount = matches.total
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
    if (plan.matchesEverything && !hasOverlay) return this.size
    this.#compact()
    const counts = this.#lookupCounts(plan)
    // A single equality: its index's counts are the base count, corrected for the rows the overlay changes.
    const counted = plan.exact ? (counts[0] as number | null) : null
    if (counted !== null) {
      this.counters.indexedQueries++
      if (!hasOverlay) return counted
      let count = counted
      for (const [id, row] of overlay.entries()) {
        const base = this.get(id)
        if (base !== undefined && plan.predicate(base)) count--
        if (row != null && plan.predicate(row)) count++
      }
      return count
    }
    if (hasOverlay) return this.#matchWithOverlay(plan, overlay, counts).total
    const candidates = this.#candidates(plan, counts)
    if (candidates === null) return this.#scan(plan, null, -1, null, 0)
    this.counters.indexedQueries++
    const { positions, exact, passes } = candidates
    return exact ? positions.length : this.#scan(plan, positions, passes, null, 0)
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

  /**
   * Puts the slots back in id order without holes when deletes left many or an insert came below the last id.
   * Positions move, so the indexes are built again and the columns dropped.
   */
  #compact(): void {
    const holes = this.#holes
    if (this.#ordered && (holes <= 64 || holes <= this.#positions.size * HOLE_SHARE)) return
    const rows = this.#slots.filter(isRow)
    if (!this.#ordered) rows.sort(byIdAscending)
    this.#slots = rows
    this.#positions.clear()
    for (let i = 0; i < rows.length; i++) this.#positions.set((rows[i] as StoredRow).id, i)
    this.#ordered = true
    this.#lastId = rows[rows.length - 1]?.id ?? -Infinity
    this.#columns.clear()
    for (const field of this.#indexes.keys()) this.#indexes.set(field, this.#newIndex(field))
  }

  /** The index of a field over the slots; a BIG_DECIMAL field is keyed by number, whatever the scale. */
  #newIndex(field: string): PositionIndex {
    this.counters.indexBuilds++
    return new PositionIndex(field, this.#slots, this.#keyOf(field))
  }

  /** An index of an overlay's rows on a field, with the table's key form. */
  #newOverlayIndex(field: string, rows: Iterable<StoredRow>): HashIndex {
    return new HashIndex(field, rows, this.#keyOf(field))
  }

  #keyOf(field: string): ((value: string) => string) | undefined {
    return this.schema.fields.get(field)?.type === 'BIG_DECIMAL' ? canonicalDecimal : undefined
  }

  /**
   * The index of a field, built now when it pays: once the rows its conditions made the table scan (see
   * {@link Table.#charge}) come to what building it costs ({@link INDEX_COST_IN_SCANS} scans), and never for a
   * table under {@link INDEXED_ROWS} rows. `undefined` while it has none.
   */
  #index(field: string): PositionIndex | undefined {
    const index = this.#indexes.get(field)
    if (index !== undefined || !this.#autoIndex) return index
    if (!this.#eagerIndexes) {
      const size = this.#positions.size
      if (size < INDEXED_ROWS || (this.#scanned.get(field) ?? 0) < INDEX_COST_IN_SCANS * size)
        return undefined
      this.#scanned.delete(field)
    }
    const built = this.#newIndex(field)
    this.#indexes.set(field, built)
    return built
  }

  /**
   * Charges a scan of the whole table to the fields of a plan's lookups that no index served, towards building
   * theirs. Only a scan of the whole table counts: a query an index narrowed saves nothing by another.
   *
   * @param counts - The plan's {@link Table.#lookupCounts}: `null` where no index served the lookup.
   */
  #charge(plan: QueryPlan, counts: readonly (number | null)[]): void {
    const size = this.#positions.size
    if (plan.lookups.length === 0 || !this.#autoIndex || this.#eagerIndexes || size < INDEXED_ROWS) return
    const fields = new Set(plan.lookups.filter((_, i) => counts[i] === null).map((lookup) => lookup.field))
    for (const field of fields) this.#scanned.set(field, (this.#scanned.get(field) ?? 0) + size)
  }

  /** How many base rows a lookup selects, or `null` when no index serves its field. */
  #lookupCount(lookup: IndexLookup): number | null {
    if (lookup.field === 'id') {
      let n = 0
      for (const key of lookup.keys) if (this.#positions.has(key as number)) n++
      return n
    }
    const index = this.#index(lookup.field)
    if (index === undefined) return null
    let n = 0
    for (const key of lookup.keys) n += index.count(key)
    return n
  }

  /** Appends the positions of the base rows a lookup selects (its field has an index, or is `id`). */
  #collect(lookup: IndexLookup, out: number[]): void {
    if (lookup.field === 'id') {
      for (const key of lookup.keys) {
        const position = this.#positions.get(key as number)
        if (position !== undefined) out.push(position)
      }
      return
    }
    const index = this.#indexes.get(lookup.field) as PositionIndex
    for (const key of lookup.keys) index.collect(key, out)
  }

  /**
   * How many base rows each lookup of a plan selects (`null` where no index serves it, or none has paid for
   * itself yet).
   */
  #lookupCounts(plan: QueryPlan): (number | null)[] {
    return plan.lookups.map((lookup) => this.#lookupCount(lookup))
  }

  /**
   * The base rows the indexes narrow a query to, or `null` to scan the whole table (charged to the fields of
   * the lookups no index served, see {@link Table.#charge}).
   *
   * @param counts - The plan's {@link Table.#lookupCounts}.
   */
  #candidates(plan: QueryPlan, counts: readonly (number | null)[]): Candidates | null {
    const chosen = this.#chosenLookups(plan, counts)
    if (chosen === null) {
      this.#charge(plan, counts)
      return null
    }
    const first = chosen[0] as IndexLookup
    const exact = plan.union || plan.exact
    const passes = plan.union ? -1 : first.condition
    // One key of an indexed field: the index's own list, in id order already.
    if (chosen.length === 1 && first.keys.length === 1 && first.field !== 'id') {
      const index = this.#indexes.get(first.field) as PositionIndex
      return { positions: index.list(first.keys[0] as StoredValue), exact, passes }
    }
    const positions: number[] = []
    for (const lookup of chosen) this.#collect(lookup, positions)
    return { positions: ascendingUnique(positions), exact, passes }
  }

  /**
   * The lookups whose indexes narrow a query, or `null` to scan: no lookup is served by an index, or the best
   * one still selects over {@link SELECTIVE_SHARE} of the rows (a scan in id order is then cheaper).
   */
  #chosenLookups(plan: QueryPlan, counts: readonly (number | null)[]): readonly IndexLookup[] | null {
    const { lookups } = plan
    if (lookups.length === 0) return null
    const limit = this.#positions.size * SELECTIVE_SHARE
    if (plan.union) {
      if (counts.includes(null)) return null
      const total = (counts as number[]).reduce((sum, n) => sum + n, 0)
      return total > limit ? null : lookups
    }
    let best = -1
    counts.forEach((n, i) => {
      if (n !== null && (best < 0 || n < (counts[best] as number))) best = i
    })
    return best < 0 || (counts[best] as number) > limit ? null : [lookups[best] as IndexLookup]
  }

  /** Whether a scan without an overlay runs compiled code. */
  #compiles(): boolean {
    return (
      this.#scanMode === 'compiled' ||
      (this.#scanMode === 'auto' && this.#positions.size >= COMPILED_SCAN_ROWS)
    )
  }

  /**
   * Tests the slots (every one, or those at `positions`) against the query, counts the matches and appends
   * the first `keep` of them to `out` unless it is `null`: with compiled code where it pays and is allowed,
   * else with closures.
   *
   * @param passes - A condition of an AND plan that every slot at `positions` passes, or -1.
   */
  #scan(
    plan: QueryPlan,
    positions: ArrayLike<number> | null,
    passes: number,
    out: StoredRow[] | null,
    keep: number,
  ): number {
    const slots: Slots = this.#slots
    const end = positions === null ? slots.length : positions.length
    if (this.#compiles()) {
      const program = compileScan(this.schema, plan, passes)
      if (program !== undefined) {
        this.counters.compiledScans++
        const columns = program.columns.map((column) => this.#columns.get(column, slots))
        return program.scan(slots, positions, end, program.values, columns, out, keep)
      }
    }
    this.counters.rowScans++
    const predicate = passes < 0 ? plan.predicate : residualPredicate(plan, passes)
    let n = 0
    for (let k = 0; k < end; k++) {
      const row = slots[positions === null ? k : (positions[k] as number)]
      if (row !== undefined && predicate(row) && ++n <= keep && out !== null) out.push(row)
    }
    return n
  }

  /**
   * The rows a query matches and how many: every match, or with no overlay only the first `keep` in id order
   * (all are counted).
   */
  #match(plan: QueryPlan, overlay: TransactionOverlay | undefined, keep: number): Matches {
    if (plan.matchesNothing) return { rows: [], total: 0, inIdOrder: true, owned: true }
    if (overlay !== undefined && overlay.size > 0)
      return this.#matchWithOverlay(plan, overlay, this.#lookupCounts(plan))
    if (plan.matchesEverything) {
      const slots = this.#slots
      if (this.#holes === 0)
        return { rows: slots as StoredRow[], total: slots.length, inIdOrder: true, owned: false }
      const rows = slots.filter(isRow)
      return { rows, total: rows.length, inIdOrder: true, owned: true }
    }
    const rows: StoredRow[] = []
    const candidates = this.#candidates(plan, this.#lookupCounts(plan))
    if (candidates === null) {
      const total = this.#scan(plan, null, -1, rows, keep)
      return { rows, total, inIdOrder: true, owned: true }
    }
    this.counters.indexedQueries++
    const { positions, exact } = candidates
    if (!exact) {
      const total = this.#scan(plan, positions, candidates.passes, rows, keep)
      return { rows, total, inIdOrder: true, owned: true }
    }
    const kept = Math.min(positions.length, keep)
    for (let k = 0; k < kept; k++) rows.push(this.#slots[positions[k] as number] as StoredRow)
    return { rows, total: positions.length, inIdOrder: true, owned: true }
  }

  /**
   * The matches over the base rows merged with a transaction's uncommitted writes, with closures: the base rows
   * the overlay does not change (narrowed by the table's indexes where they serve), then the rows the overlay
   * writes (narrowed by the overlay's own indexes, so that an import that looks each key up stays linear).
   */
  #matchWithOverlay(
    plan: QueryPlan,
    overlay: TransactionOverlay,
    counts: readonly (number | null)[],
  ): Matches {
    const predicate = plan.predicate
    const slots = this.#slots
    const rows: StoredRow[] = []
    const candidates = this.#candidates(plan, counts)
    if (candidates === null) {
      this.counters.rowScans++
      for (let i = 0; i < slots.length; i++) {
        const row = slots[i]
        if (row !== undefined && predicate(row) && !overlay.has(row.id)) rows.push(row)
      }
    } else {
      this.counters.indexedQueries++
      const { positions, exact } = candidates
      for (let k = 0; k < positions.length; k++) {
        const row = slots[positions[k] as number] as StoredRow
        if ((exact || predicate(row)) && !overlay.has(row.id)) rows.push(row)
      }
    }
    const base = rows.length
    for (const row of this.#overlayRows(plan, overlay)) if (predicate(row)) rows.push(row)
    // Two equalities of an OR can select the same written row.
    const merged = plan.union && plan.lookups.length > 1 ? [...new Set(rows)] : rows
    return {
      rows: merged,
      total: merged.length,
      inIdOrder: merged.length === base || merged.length <= 1,
      owned: true,
    }
  }

  /**
   * The rows an overlay writes that can match: for an AND, those of its lookup the overlay holds fewest rows
   * for; for an OR of equalities, those of every lookup; otherwise all of them.
   */
  #overlayRows(plan: QueryPlan, overlay: TransactionOverlay): Iterable<StoredRow> {
    const { lookups } = plan
    if (lookups.length === 0) return overlay.rows()
    const newIndex = (field: string) => (rows: Iterable<StoredRow>) => this.#newOverlayIndex(field, rows)
    let chosen = lookups
    // One lookup (an import's key column, looked up once per record) is its own choice: nothing to count.
    if (!plan.union && lookups.length > 1) {
      const count = ({ field, keys }: IndexLookup): number =>
        field === 'id'
          ? keys.filter((key) => overlay.entry(key as number) != null).length
          : overlay.count(field, keys, newIndex(field))
      const counts = lookups.map(count)
      chosen = [lookups[counts.indexOf(Math.min(...counts))] as IndexLookup]
    }
    const out: StoredRow[] = []
    for (const { field, keys } of chosen) {
      if (field !== 'id') overlay.collect(field, keys, newIndex(field), out)
      else {
        for (const key of keys) {
          const row = overlay.entry(key as number)
          if (row != null) out.push(row)
        }
      }
    }
    return out
  }
}

/** The positions in ascending order without repeats. */
function ascendingUnique(positions: readonly number[]): Int32Array {
  const sorted = Int32Array.from(positions).sort()
  let length = 0
  for (let i = 0; i < sorted.length; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[length++] = sorted[i] as number
  return sorted.subarray(0, length)
}
