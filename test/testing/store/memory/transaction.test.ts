import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { Table, type StoredRow } from '../../../../src/testing/store/memory/index.js'
import { Transaction } from '../../../../src/testing/store/memory/transaction.js'
import { item, row } from './fixtures.js'

const NAMES = ['a', 'b', 'c', 'A', 'é']
const PRICES = ['1', '1.0', '1.00', '2.5', '10']

/** One step of a transaction: a write (a row or a delete), a savepoint, or a rollback to the latest one. */
type Step =
  | {
      readonly kind: 'write'
      readonly id: number
      readonly name: string | null
      readonly price: string | null
    }
  | { readonly kind: 'delete'; readonly id: number }
  | { readonly kind: 'savepoint' }
  | { readonly kind: 'rollback' }
  | { readonly kind: 'query'; readonly field: 'name' | 'price' | 'id'; readonly value: string | number }

const step = (id: fc.Arbitrary<number>): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('write' as const),
        id,
        name: fc.option(fc.constantFrom(...NAMES)),
        price: fc.option(fc.constantFrom(...PRICES)),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), id }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'savepoint' as const }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'rollback' as const }) },
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.record({
          kind: fc.constant('query' as const),
          field: fc.constant('name' as const),
          value: fc.constantFrom(...NAMES),
        }),
        fc.record({
          kind: fc.constant('query' as const),
          field: fc.constant('price' as const),
          value: fc.constantFrom(...PRICES),
        }),
        fc.record({ kind: fc.constant('query' as const), field: fc.constant('id' as const), value: id }),
      ),
    },
  )

/** The ids `eq(field, value)` matches over the base rows merged with the naive model of the writes. */
function naive(
  base: ReadonlyMap<number, StoredRow>,
  written: ReadonlyMap<number, StoredRow | null>,
  field: string,
  value: unknown,
): number[] {
  const merged = new Map(base)
  for (const [id, stored] of written) {
    if (stored === null) merged.delete(id)
    else merged.set(id, stored)
  }
  // BIG_DECIMAL equality is by number, whatever the scale ('1' = '1.00'), as PostgreSQL's numeric.
  const equal = (stored: unknown): boolean =>
    stored != null && (field === 'price' ? Number(stored) === Number(value) : stored === value)
  return [...merged.values()]
    .filter((r) => equal(r[field]))
    .map((r) => r.id)
    .sort((a, b) => a - b)
}

/** Ids the writes touch: new ones, and ids of the base rows, so that writes also shadow committed rows. */
const ID = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 100, max: 103 }))

describe('a transaction’s overlay', () => {
  test('indexed lookups agree with a naive model through writes, deletes, savepoints and rollbacks', () => {
    fc.assert(
      fc.property(fc.array(step(ID), { maxLength: 80 }), (steps) => {
        // Forty committed rows no lookup value matches, so that lookups use the indexes, not a scan.
        const table = new Table(item)
        const base = new Map<number, StoredRow>()
        for (let id = 100; id < 140; id++) {
          const stored = row(id, { name: 'zz', price: '99' })
          table.insert(stored)
          base.set(id, stored)
        }
        const transaction = new Transaction('acme')
        let written = new Map<number, StoredRow | null>()
        const savepoints: { readonly at: number; readonly written: Map<number, StoredRow | null> }[] = []
        for (const s of steps) {
          switch (s.kind) {
            case 'write': {
              const stored = row(s.id, { name: s.name, price: s.price })
              transaction.write('Item', s.id, stored)
              written.set(s.id, stored)
              break
            }
            case 'delete':
              transaction.write('Item', s.id, null)
              written.set(s.id, null)
              break
            case 'savepoint':
              savepoints.push({ at: transaction.savepoint(), written: new Map(written) })
              break
            case 'rollback': {
              const point = savepoints.pop()
              if (point === undefined) break
              transaction.rollbackTo(point.at)
              written = point.written
              break
            }
            case 'query': {
              const query = {
                and: true,
                conditions: [{ operator: 'eq' as const, field: s.field, value: s.value }],
              }
              const got = table
                .select(query, undefined, transaction.overlay('Item'))
                .rows.map((r) => r.id)
                .sort((a, b) => a - b)
              expect(got).toEqual(naive(base, written, s.field, s.value))
              expect(table.count(query, transaction.overlay('Item'))).toBe(got.length)
            }
          }
        }
      }),
      { numRuns: 1000 },
    )
  })

  test('a rollback also takes the forgotten rows out of the indexes the overlay built meanwhile', () => {
    const table = new Table(item)
    for (let id = 100; id < 140; id++) table.insert(row(id, { name: 'zz' }))
    const transaction = new Transaction('acme')
    const byName = { and: true, conditions: [{ operator: 'eq' as const, field: 'name', value: 'a' }] }
    transaction.write('Item', 2, row(2, { name: 'b' }))
    const point = transaction.savepoint()
    transaction.write('Item', 1, row(1, { name: 'a' }))
    expect(table.select(byName, undefined, transaction.overlay('Item')).rows.map((r) => r.id)).toEqual([1])
    transaction.rollbackTo(point)
    expect(table.select(byName, undefined, transaction.overlay('Item')).rows).toEqual([])
  })

  test('a rollback to a savepoint forgets exactly the writes made after it', () => {
    const transaction = new Transaction('acme')
    transaction.write('Item', 1, row(1, { name: 'a' }))
    const point = transaction.savepoint()
    transaction.write('Item', 1, row(1, { name: 'b' }))
    transaction.write('Item', 2, row(2, { name: 'c' }))
    transaction.rollbackTo(point)
    const overlay = transaction.overlay('Item')
    expect(overlay?.entry(1)?.['name']).toBe('a')
    expect(overlay?.has(2)).toBe(false)
  })
})
