import type { QueryCondition } from '../../model/query-condition.js'
import { canonicalDecimal } from '../domains/decimal.js'
import type { DomainSchema, StoredRow, StoredValue } from '../domains/schema.js'
import type { SessionState } from '../host/host-context.js'
import { validateQuery } from '../store/query/validate-query.js'
import type { HostData } from '../store/store.js'

/**
 * How many records' keys one query reads: an import of 100,000 keyed records runs 100 `in` queries instead of
 * 100,000 keyed selects (on PostgreSQL, a statement of at most this many parameters per key column).
 */
export const KEY_BATCH = 1000

/**
 * A record's key, as its key columns give it: which fields, the values to query them by, and the form rows are
 * matched to it by. Only plain key columns have one: a reference key (`customer.name(*)`) is looked up alone.
 */
export interface RecordKey {
  /** The key fields in name order, joined by commas: records with the same fields are looked up together. */
  readonly fields: string
  /** Per field, in name order: the value as a condition takes it. */
  readonly values: readonly unknown[]
  /** Per field, in name order: the stored value as equality tells values apart (see `match`). */
  readonly parts: readonly unknown[]
  /**
   * What a row with this key is found by: the stored value of a one-field key (a BIG_DECIMAL's canonical
   * form, as equality compares numbers), a text of the stored values for a key of several fields.
   */
  readonly match: unknown
}

/**
 * The key of a record from its key fields, their values as conditions take them, and their stored values.
 *
 * @param schema - The imported domain.
 * @param names - The key fields, in column order (at least one, none twice).
 * @param values - Their values, as conditions take them.
 * @param stored - Their stored values.
 */
export function recordKey(
  schema: DomainSchema,
  names: readonly string[],
  values: readonly unknown[],
  stored: readonly StoredValue[],
): RecordKey {
  if (names.length === 1) {
    const name = names[0] as string
    const match = matchOf(schema, name, stored[0] ?? null)
    return { fields: name, values, parts: [match], match }
  }
  const order = names.map((_, i) => i).sort((a, b) => ((names[a] as string) < (names[b] as string) ? -1 : 1))
  const parts = order.map((i) => matchOf(schema, names[i] as string, stored[i] ?? null))
  return {
    fields: order.map((i) => names[i]).join(','),
    values: order.map((i) => values[i]),
    parts,
    match: JSON.stringify(parts),
  }
}

/** A stored value as equality tells values apart: a BIG_DECIMAL by its number (`25.00` is `25`). */
function matchOf(schema: DomainSchema, field: string, value: StoredValue): unknown {
  return typeof value === 'string' && schema.fields.get(field)?.type === 'BIG_DECIMAL'
    ? canonicalDecimal(value)
    : value
}

/**
 * The existing objects of an import's keys, read {@link KEY_BATCH} records at a time: the first record of a
 * batch that needs its key looked up reads the keys of the records up to the batch's end with one query
 * (an `in` per key field), and the batch's records find their rows in a map.
 *
 * What a record finds is what a keyed select would return at its line: every write of the import forgets the
 * key of the row it replaced and of the row it wrote, and a record whose key was forgotten (a key twice in the
 * file), or that has no {@link RecordKey}, or another key than the batch's, is looked up alone, as before.
 * Nothing else writes the imported domain during an import: references, stored files and the emulator's
 * change tracking only read it.
 *
 * @internal
 */
export class KeyBatches {
  /** Queries run, batches and single lookups: what a test counts. */
  queries = 0
  readonly #data: HostData
  readonly #session: SessionState
  readonly #schema: DomainSchema
  readonly #count: number
  readonly #keyAt: (index: number) => RecordKey | undefined
  /** The key fields of the current batch (names in order), and as {@link RecordKey.fields}. */
  #fields: readonly string[] = []
  #signature = ''
  /** The index of the first record past the current batch. */
  #end = 0
  /** The rows of each key the batch read, by {@link RecordKey.match}; a key a write touched is gone. */
  readonly #rows = new Map<unknown, StoredRow[]>()

  /**
   * @param data - The host's data.
   * @param session - The import's session (its transaction included).
   * @param schema - The imported domain.
   * @param count - How many records the import has.
   * @param keyAt - The key of the record at an index, without side effects, or `undefined` when it has none
   *   to batch (a reference key, a cell that is a problem): only a hint of what to read, as every record
   *   looks its own key up.
   */
  constructor(
    data: HostData,
    session: SessionState,
    schema: DomainSchema,
    count: number,
    keyAt: (index: number) => RecordKey | undefined,
  ) {
    this.#data = data
    this.#session = session
    this.#schema = schema
    this.#count = count
    this.#keyAt = keyAt
  }

  /**
   * The rows with a record's key, as a keyed select would return them now (in id order).
   *
   * @param index - The record's index in the records.
   * @param key - Its key.
   * @param conditions - Its key as conditions: how it is looked up alone.
   */
  rows(index: number, key: RecordKey | undefined, conditions: QueryCondition[]): readonly StoredRow[] {
    if (key !== undefined) {
      if (index >= this.#end) this.#read(index, key)
      if (key.fields === this.#signature) {
        const rows = this.#rows.get(key.match)
        if (rows !== undefined) return rows
      }
    }
    this.queries++
    return this.#data.select(
      this.#session,
      this.#schema.name,
      validateQuery(this.#schema, { and: true, conditions }),
    ).rows
  }

  /**
   * Forgets the key of a row the import wrote, or replaced: a later record with that key looks it up alone.
   *
   * @param row - The row written, or the row it replaced.
   */
  written(row: StoredRow): void {
    if (this.#rows.size === 0) return
    const fields = this.#fields
    if (fields.length === 1) {
      const field = fields[0] as string
      this.#rows.delete(matchOf(this.#schema, field, row[field] ?? null))
    } else this.#rows.delete(JSON.stringify(fields.map((f) => matchOf(this.#schema, f, row[f] ?? null))))
  }

  /** Reads the keys of the records from `start` up to a batch's end that share the key fields of `key`. */
  #read(start: number, key: RecordKey): void {
    const end = Math.min(this.#count, start + KEY_BATCH)
    this.#end = end
    this.#rows.clear()
    this.#signature = key.fields
    const fields = (this.#fields = key.fields.split(','))
    // Per field, each value once (by its stored form), as conditions take it.
    const values = fields.map(() => new Map<unknown, unknown>())
    for (let i = start; i < end; i++) {
      const found = i === start ? key : this.#keyAt(i)
      if (found === undefined || found.fields !== key.fields || this.#rows.has(found.match)) continue
      this.#rows.set(found.match, [])
      for (let f = 0; f < fields.length; f++)
        (values[f] as Map<unknown, unknown>).set(found.parts[f], found.values[f])
    }
    this.queries++
    const conditions = fields.map((field, f) => ({
      operator: 'in' as const,
      field,
      value: [...(values[f] as Map<unknown, unknown>).values()] as never,
    }))
    const { rows } = this.#data.select(
      this.#session,
      this.#schema.name,
      validateQuery(this.#schema, { and: true, conditions }),
    )
    // Rows come in id order, so each key's rows do too. With several fields the query reads every
    // combination of the values: only the records' own keys are kept.
    for (const row of rows) {
      const match =
        fields.length === 1
          ? matchOf(this.#schema, fields[0] as string, row[fields[0] as string] ?? null)
          : JSON.stringify(fields.map((f) => matchOf(this.#schema, f, row[f] ?? null)))
      this.#rows.get(match)?.push(row)
    }
  }
}
