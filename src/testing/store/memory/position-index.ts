import type { StoredValue } from '../../domains/schema.js'
import type { IndexKey } from './hash-index.js'
import type { Slots } from './slots.js'

/**
 * The positions of the rows holding one value. A clean list is exact and ascending (so in id order); a dirty
 * one may hold, besides every position it should, positions of rows that left the value (deleted or changed)
 * or a position twice, and is cleaned the next time it is read.
 */
interface PositionList {
  positions: number[]
  dirty: boolean
  /** The length after the last cleaning: a dirty list that grows far past it is cleaned on the spot. */
  cleanLength: number
}

/** Lists up to this long are kept exact on every write; longer ones are marked dirty instead of searched. */
const EXACT_LIMIT = 32

/**
 * An equality index of one field of a table, by row position: each non-null value (or its key) maps to the
 * position of the one row holding it, or to the list of positions when several rows do (most values of a
 * selective field are unique, and a bare number costs no list). The lists are in position order, which is id
 * order, so a lookup needs no sort; a count is a list's length.
 *
 * Writes keep it exact: an appended row is pushed; a row that leaves a long list marks it dirty rather than
 * searching it, and the list is cleaned (stale positions dropped, sorted) when a query next reads it.
 *
 * @internal
 */
export class PositionIndex {
  /** The indexed field. */
  readonly field: string
  readonly #rows: Slots
  readonly #key: IndexKey | undefined
  readonly #buckets = new Map<StoredValue, number | PositionList>()

  /**
   * @param field - The field to index.
   * @param rows - The table's slots: the index reads them to clean a list, and indexes every row in them now.
   * @param key - What to key a (string) value by, when equal values can be stored differently; lookups then
   *   pass keys of this form. Without it, the value itself.
   */
  constructor(field: string, rows: Slots, key?: IndexKey) {
    this.field = field
    this.#rows = rows
    this.#key = key
    for (let position = 0; position < rows.length; position++) {
      const row = rows[position]
      if (row !== undefined) this.add(position, row[field] ?? null)
    }
  }

  /**
   * Indexes the row at a position under its value; a null value is not indexed (equality never matches it).
   *
   * @param position - The row's position.
   * @param value - Its value of the field.
   */
  add(position: number, value: StoredValue): void {
    if (value == null) return
    const key = this.#keyOf(value)
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) this.#buckets.set(key, position)
    else if (typeof bucket === 'number') {
      const positions = bucket < position ? [bucket, position] : [position, bucket]
      this.#buckets.set(key, { positions, dirty: false, cleanLength: 2 })
    } else {
      const positions = bucket.positions
      const last = positions[positions.length - 1] as number
      positions.push(position)
      if (bucket.dirty || position > last) {
        if (bucket.dirty && positions.length > 2 * bucket.cleanLength + EXACT_LIMIT) this.#clean(key, bucket)
      } else if (positions.length <= EXACT_LIMIT) {
        positions.sort(ascending)
      } else {
        bucket.dirty = true
      }
    }
  }

  /**
   * Takes the row at a position out of its value's bucket.
   *
   * @param position - The row's position.
   * @param value - The value it was indexed under.
   */
  remove(position: number, value: StoredValue): void {
    if (value == null) return
    const key = this.#keyOf(value)
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) return
    if (typeof bucket === 'number') {
      if (bucket === position) this.#buckets.delete(key)
      return
    }
    if (bucket.dirty || bucket.positions.length > EXACT_LIMIT) {
      bucket.dirty = true
      return
    }
    const at = bucket.positions.indexOf(position)
    if (at >= 0) bucket.positions.splice(at, 1)
    this.#settle(key, bucket)
  }

  /**
   * How many rows hold a key.
   *
   * @param key - A normalised, non-null value (of the index's key form).
   * @returns The number of rows.
   */
  count(key: StoredValue): number {
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) return 0
    if (typeof bucket === 'number') return 1
    if (bucket.dirty) return this.#clean(key, bucket)
    return bucket.positions.length
  }

  /**
   * The positions of the rows holding a key, ascending: the index's own list (do not change it, and read it
   * before the next write).
   *
   * @param key - A normalised, non-null value (of the index's key form).
   * @returns The positions.
   */
  list(key: StoredValue): readonly number[] {
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) return []
    if (typeof bucket === 'number') return [bucket]
    if (bucket.dirty) this.#clean(key, bucket)
    return bucket.positions
  }

  /**
   * Appends the positions of the rows holding a key to `out`, ascending.
   *
   * @param key - A normalised, non-null value (of the index's key form).
   * @param out - Where to append.
   */
  collect(key: StoredValue, out: number[]): void {
    const bucket = this.#buckets.get(key)
    if (bucket === undefined) return
    if (typeof bucket === 'number') {
      out.push(bucket)
      return
    }
    if (bucket.dirty) this.#clean(key, bucket)
    for (const position of bucket.positions) out.push(position)
  }

  #keyOf(value: StoredValue): StoredValue {
    return this.#key === undefined ? value : this.#key(value as string)
  }

  /** Drops the positions whose row no longer holds the key, sorts, and drops repeats; returns the length. */
  #clean(key: StoredValue, bucket: PositionList): number {
    const rows = this.#rows
    const field = this.field
    const kept = bucket.positions.filter((position) => {
      const value = rows[position]?.[field]
      return value != null && this.#keyOf(value) === key
    })
    kept.sort(ascending)
    let length = 0
    for (let i = 0; i < kept.length; i++)
      if (i === 0 || kept[i] !== kept[i - 1]) kept[length++] = kept[i] as number
    kept.length = length
    bucket.positions = kept
    bucket.dirty = false
    bucket.cleanLength = length
    this.#settle(key, bucket)
    return length
  }

  /** A list of one position becomes a bare number again, and an empty one goes. */
  #settle(key: StoredValue, bucket: PositionList): void {
    const { positions } = bucket
    if (positions.length === 0) this.#buckets.delete(key)
    else if (positions.length === 1) this.#buckets.set(key, positions[0] as number)
  }
}

const ascending = (a: number, b: number): number => a - b
