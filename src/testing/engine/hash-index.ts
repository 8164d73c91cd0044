import type { StoredRow, StoredValue } from './schema.js'

/**
 * An equality index on one field: each non-null value maps to the row holding it, or to the set of rows
 * when several do (most values of a selective field are unique, and a bare row costs no set).
 *
 * @internal
 */
export class HashIndex {
  /** The indexed field. */
  readonly field: string
  readonly #buckets = new Map<StoredValue, StoredRow | Set<StoredRow>>()

  /**
   * @param field - The field to index.
   * @param rows - The rows to index now.
   */
  constructor(field: string, rows: Iterable<StoredRow>) {
    this.field = field
    for (const row of rows) this.add(row)
  }

  /**
   * Indexes a row under its value of the field; a null value is not indexed (equality never matches it).
   *
   * @param row - A row not yet indexed.
   */
  add(row: StoredRow): void {
    const key = row[this.field]
    if (key == null) return
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) this.#buckets.set(key, row)
    else if (bucket instanceof Set) bucket.add(row)
    else this.#buckets.set(key, new Set([bucket, row]))
  }

  /**
   * Removes a row (the very object that was added).
   *
   * @param row - An indexed row.
   */
  remove(row: StoredRow): void {
    const key = row[this.field]
    if (key == null) return
    const bucket = this.#buckets.get(key)
    if (bucket === row) this.#buckets.delete(key)
    else if (bucket instanceof Set) {
      bucket.delete(row)
      if (bucket.size === 1) this.#buckets.set(key, bucket.values().next().value as StoredRow)
    }
  }

  /**
   * How many rows hold a value.
   *
   * @param key - A normalised, non-null value.
   * @returns The number of rows.
   */
  count(key: StoredValue): number {
    const bucket = this.#buckets.get(key)
    return bucket === undefined ? 0 : bucket instanceof Set ? bucket.size : 1
  }

  /**
   * Appends the rows holding a value to `out`, in no particular order.
   *
   * @param key - A normalised, non-null value.
   * @param out - Where to append.
   */
  collect(key: StoredValue, out: StoredRow[]): void {
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) return
    if (bucket instanceof Set) for (const row of bucket) out.push(row)
    else out.push(bucket)
  }

  /** Forgets every row. */
  clear(): void {
    this.#buckets.clear()
  }
}
