import type { StoredRow, StoredValue } from '../../domains/schema.js'

/**
 * Turns a stored value into its index key, for fields where different stored values are equal (a
 * BIG_DECIMAL's `'25.00'` and `'25'`).
 *
 * @internal
 */
export type IndexKey = (value: string) => string

/**
 * An equality index on one field: each non-null value (or its key) maps to the row holding it, or to the
 * set of rows when several do (most values of a selective field are unique, and a bare row costs no set).
 *
 * @internal
 */
export class HashIndex {
  /** The indexed field. */
  readonly field: string
  readonly #key: IndexKey | undefined
  readonly #buckets = new Map<StoredValue, StoredRow | Set<StoredRow>>()

  /**
   * @param field - The field to index.
   * @param rows - The rows to index now.
   * @param key - What to key a (string) value by, when equal values can be stored differently; lookups
   *   then pass keys of this form. Without it, the value itself.
   */
  constructor(field: string, rows: Iterable<StoredRow>, key?: IndexKey) {
    this.field = field
    this.#key = key
    for (const row of rows) this.add(row)
  }

  /**
   * Indexes a row under its value of the field; a null value is not indexed (equality never matches it).
   *
   * @param row - A row not yet indexed.
   */
  add(row: StoredRow): void {
    const value = row[this.field]
    if (value == null) return
    const key = this.#key === undefined ? value : this.#key(value as string)
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
    const value = row[this.field]
    if (value == null) return
    const key = this.#key === undefined ? value : this.#key(value as string)
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
   * @param key - A normalised, non-null value (of the index's key form).
   * @returns The number of rows.
   */
  count(key: StoredValue): number {
    const bucket = this.#buckets.get(key)
    return bucket === undefined ? 0 : bucket instanceof Set ? bucket.size : 1
  }

  /**
   * Appends the rows holding a value to `out`, in no particular order.
   *
   * @param key - A normalised, non-null value (of the index's key form).
   * @param out - Where to append.
   */
  collect(key: StoredValue, out: StoredRow[]): void {
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) return
    if (bucket instanceof Set) for (const row of bucket) out.push(row)
    else out.push(bucket)
  }
}
