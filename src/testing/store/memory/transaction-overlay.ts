import type { HashIndex } from './hash-index.js'
import type { StoredRow, StoredValue } from '../../domains/schema.js'

/**
 * A transaction's uncommitted changes to one table, by id: a row inserts or replaces the committed row with
 * that id, `null` deletes it. A select merges it over the table as if it were applied.
 *
 * Equality lookups into it are indexed like the table's own (built on first use and kept up to date), so that
 * an import or an upsert loop that looks each key up inside one transaction stays linear in its rows.
 *
 * @internal
 */
export class TransactionOverlay {
  readonly #entries = new Map<number, StoredRow | null>()
  readonly #indexes = new Map<string, HashIndex>()

  /** An overlay holding the given changes, in order. */
  static from(entries: Iterable<readonly [id: number, row: StoredRow | null]>): TransactionOverlay {
    const overlay = new TransactionOverlay()
    for (const [id, row] of entries) overlay.set(id, row)
    return overlay
  }

  /** How many ids it changes. */
  get size(): number {
    return this.#entries.size
  }

  /** Whether it changes the id. */
  has(id: number): boolean {
    return this.#entries.has(id)
  }

  /** What it holds for the id: the row, `null` for a delete, `undefined` when it does not change the id. */
  entry(id: number): StoredRow | null | undefined {
    return this.#entries.get(id)
  }

  /** The rows it writes (deletes left out), in the order they were first written. */
  *rows(): IterableIterator<StoredRow> {
    for (const row of this.#entries.values()) if (row !== null) yield row
  }

  /** Every change by id: a row, or `null` for a delete. */
  entries(): IterableIterator<[id: number, row: StoredRow | null]> {
    return this.#entries.entries()
  }

  /** Calls `fn` with every change, in the order the ids were first written: a row, or `null` for a delete. */
  forEach(fn: (row: StoredRow | null, id: number) => void): void {
    this.#entries.forEach(fn)
  }

  /** Records a write of the id: a row, or `null` for a delete. */
  set(id: number, row: StoredRow | null): void {
    this.put(id, row)
  }

  /**
   * Records a write of the id, as {@link TransactionOverlay.set} does, and says what it held for the id before.
   *
   * @returns The row it held, `null` for a delete, `undefined` when it did not change the id.
   */
  put(id: number, row: StoredRow | null): StoredRow | null | undefined {
    const previous = this.#entries.get(id)
    this.#entries.set(id, row)
    if (this.#indexes.size > 0) {
      for (const index of this.#indexes.values()) {
        if (previous != null) index.remove(previous)
        if (row !== null) index.add(row)
      }
    }
    return previous
  }

  /** Forgets the id, as if it had never been written (a rollback to a savepoint). */
  forget(id: number): void {
    this.#unindex(id)
    this.#entries.delete(id)
  }

  /**
   * How many rows it writes whose field holds one of the keys.
   *
   * @param field - The field.
   * @param keys - Normalised keys, of the form `newIndex` keys them by.
   * @param newIndex - Makes the field's index (with the table's key form) the first time it is asked for.
   * @returns The number of rows.
   */
  count(
    field: string,
    keys: readonly StoredValue[],
    newIndex: (rows: Iterable<StoredRow>) => HashIndex,
  ): number {
    let n = 0
    for (const key of keys) n += this.#index(field, newIndex).count(key)
    return n
  }

  /**
   * Appends the rows it writes whose field holds one of the keys.
   *
   * @param field - The field.
   * @param keys - Normalised keys, of the form `newIndex` keys them by.
   * @param newIndex - Makes the field's index (with the table's key form) the first time it is asked for.
   * @param out - Where to append.
   */
  collect(
    field: string,
    keys: readonly StoredValue[],
    newIndex: (rows: Iterable<StoredRow>) => HashIndex,
    out: StoredRow[],
  ): void {
    const index = this.#index(field, newIndex)
    for (const key of keys) index.collect(key, out)
  }

  #index(field: string, newIndex: (rows: Iterable<StoredRow>) => HashIndex): HashIndex {
    let index = this.#indexes.get(field)
    if (index === undefined) this.#indexes.set(field, (index = newIndex(this.rows())))
    return index
  }

  #unindex(id: number): void {
    const previous = this.#entries.get(id)
    if (previous != null) for (const index of this.#indexes.values()) index.remove(previous)
  }
}
