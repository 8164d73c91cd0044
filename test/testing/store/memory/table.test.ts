import { describe, expect, test } from 'vitest'
import { IllegalArgumentException } from '../../../../src/errors/illegal-argument-exception.js'
import { Table, TransactionOverlay, type StoredRow } from '../../../../src/testing/store/memory/index.js'
import { COMPILED_SCAN_ROWS, INDEXED_ROWS } from '../../../../src/testing/store/memory/table.js'
import { generatedFunction } from '../../../../src/testing/domains/generated-function.js'
import { c, ids, item, row, tableOf } from './fixtures.js'

const eqName = (name: string) => ({ and: true, conditions: [c('eq', 'name', name)] })
/** Indexes on first use, whatever the size: what a large table gets once they pay, for tests of the index paths. */
const EAGER = { eagerIndexes: true } as const

describe('storage', () => {
  test('insert, get, has, replace, delete and rows() in id order', () => {
    const t = new Table(item)
    t.insert(row(3, { name: 'c' }))
    t.insert(row(1, { name: 'a' }))
    t.insert(row(2, { name: 'b' }))
    expect(t.size).toBe(3)
    expect([...t.rows()].map((r) => r.id)).toEqual([1, 2, 3])
    expect(t.get(2)?.['name']).toBe('b')
    const previous = t.replace(row(2, { name: 'B' }))
    expect(previous['name']).toBe('b')
    expect(t.get(2)?.['name']).toBe('B')
    expect(t.delete(2)).toBe(true)
    expect(t.delete(2)).toBe(false)
    expect(t.has(2)).toBe(false)
    expect([...t.rows()].map((r) => r.id)).toEqual([1, 3])
  })

  test('put inserts a new id and replaces a held one, above, below and at the last id, and after a clear', () => {
    const t = new Table(item, EAGER)
    t.put(row(5, { name: 'e' }))
    t.put(row(2, { name: 'b' }))
    t.put(row(9, { name: 'i' }))
    expect(t.select(eqName('b')).rows.map((r) => r.id)).toEqual([2])
    // A held id, at and below the last one: replaced in place, the index following.
    t.put(row(9, { name: 'b' }))
    t.put(row(2, { name: 'x' }))
    expect(t.size).toBe(3)
    expect([...t.rows()].map((r) => [r.id, r['name']])).toEqual([
      [2, 'x'],
      [5, 'e'],
      [9, 'b'],
    ])
    expect(t.select(eqName('b')).rows.map((r) => r.id)).toEqual([9])
    // The last id deleted, then written again: a new row, though no larger id was appended since.
    t.delete(9)
    t.put(row(9, { name: 'again' }))
    expect(t.get(9)?.['name']).toBe('again')
    expect(t.size).toBe(3)
    t.clear()
    t.put(row(1, { name: 'b' }))
    t.put(row(1, { name: 'c' }))
    expect([...t.rows()].map((r) => [r.id, r['name']])).toEqual([[1, 'c']])
    expect(() => t.put({ name: 'no id' } as unknown as StoredRow)).toThrow(IllegalArgumentException)
  })

  test('a large table stays in id order through deletes from the middle and re-inserts', () => {
    const t = tableOf(Array.from({ length: 10_000 }, () => ({})))
    t.delete(5000)
    t.delete(1)
    t.insert(row(5000, { name: 'back' }))
    expect(t.size).toBe(9999)
    const scanned = ids(t, [c('notNull', 'name')])
    expect(scanned[0]).toBe(2)
    expect(scanned.slice(4997, 5000)).toEqual([4999, 5000, 5001])
    expect(scanned.every((id, i) => i === 0 || id > (scanned[i - 1] as number))).toBe(true)
  })

  test('stored rows are frozen and handed out as is', () => {
    const t = new Table(item)
    const r = { ...row(1, { name: 'a' }) } as StoredRow
    t.insert(r)
    expect(Object.isFrozen(t.get(1))).toBe(true)
    expect(t.select({ and: true, conditions: [] }).rows[0]).toBe(r)
  })

  test('a duplicate insert, a replace of a missing id or a row without an id is refused and changes nothing', () => {
    const t = tableOf([{ name: 'a' }])
    t.ensureIndex('name')
    expect(() => t.insert(row(1, { name: 'z' }))).toThrow(/Item already holds id 1; replace it instead/)
    expect(() => t.replace(row(9, { name: 'z' }))).toThrow(/Item holds no id 9 to replace; insert it instead/)
    expect(() => t.insert({ name: 'x' } as unknown as StoredRow)).toThrow(IllegalArgumentException)
    expect(t.size).toBe(1)
    expect(ids(t, [c('eq', 'name', 'z')])).toEqual([])
    expect(ids(t, [c('eq', 'name', 'a')])).toEqual([1])
  })

  test('rows() is a snapshot: writes during iteration do not show', () => {
    const t = tableOf([{}, {}, {}])
    const seen: number[] = []
    for (const r of t.rows()) {
      seen.push(r.id)
      t.delete(r.id)
    }
    expect(seen).toEqual([1, 2, 3])
    expect(t.size).toBe(0)
  })

  test('clear removes every row and keeps indexes working', () => {
    const t = tableOf([{ name: 'a' }, { name: 'a' }], EAGER)
    expect(ids(t, [c('eq', 'name', 'a')])).toEqual([1, 2])
    t.clear()
    expect(t.size).toBe(0)
    t.insert(row(5, { name: 'a' }))
    expect(ids(t, [c('eq', 'name', 'a')])).toEqual([5])
  })
})

describe('indexes', () => {
  test('a table of a few hundred rows never builds an index unasked, however often it is queried', () => {
    const t = tableOf(Array.from({ length: INDEXED_ROWS - 1 }, (_, i) => ({ name: `n${i % 7}`, qty: i })))
    for (let i = 0; i < 200; i++) ids(t, [c('eq', 'name', `n${i % 7}`), c('in', 'qty', [i, i + 1])])
    expect(t.indexedFields).toEqual([])
    expect(t.counters.indexBuilds).toBe(0)
    expect(t.counters.indexedQueries).toBe(0)
  })

  test('a large table builds the index of an eq or in field once the scans it saves pay for building it', () => {
    const values = Array.from({ length: 2 * INDEXED_ROWS }, (_, i) => ({ name: `n${i % 100}`, qty: i % 10 }))
    const t = tableOf(values)
    const expected = values.flatMap((v, i) => (v.name === 'n5' ? [i + 1] : []))
    let scans = 0
    while (t.indexedFields.length === 0) {
      expect(ids(t, [c('eq', 'name', 'n5')])).toEqual(expected)
      scans++
    }
    // Building an index costs what 16 scans of the table cost: after 16 scans, the 17th query builds it and
    // reads it.
    expect(scans).toBe(17)
    expect(t.counters.compiledScans + t.counters.rowScans).toBe(16)
    expect(t.indexedFields).toEqual(['name'])
    expect(t.counters.indexBuilds).toBe(1)
    expect(t.counters.indexedQueries).toBe(1)
    expect(ids(t, [c('eq', 'name', 'n5')])).toEqual(expected)
    expect(t.counters.indexedQueries).toBe(2)
    // Range conditions build none, and neither does a field whose every lookup selects over half the rows.
    for (let i = 0; i < 40; i++) ids(t, [c('gt', 'qty', 3)])
    expect(t.indexedFields).toEqual(['name'])
  })

  test('an equality that an indexed one narrowed never made the table scan, so its field gets no index', () => {
    const values = Array.from({ length: 4 * INDEXED_ROWS }, (_, i) => ({ name: `n${i}`, qty: i % 5 }))
    const t = tableOf(values)
    t.ensureIndex('name')
    for (let i = 0; i < 100; i++)
      expect(ids(t, [c('eq', 'name', `n${i}`), c('eq', 'qty', i % 5)])).toEqual([i + 1])
    expect(t.counters.indexedQueries).toBe(100)
    expect(t.indexedFields).toEqual(['name'])
    // The same equality alone scans the table, and pays for its index as any other.
    for (let i = 0; i < 17; i++) ids(t, [c('eq', 'qty', i % 5)])
    expect([...t.indexedFields].sort()).toEqual(['name', 'qty'])
  })

  test('an index that would select over half the rows is built but not read: the table scans in id order', () => {
    const t = tableOf(
      Array.from({ length: 100 }, (_, i) => ({ name: i % 4 === 0 ? 'rare' : 'common' })),
      { eagerIndexes: true },
    )
    expect(ids(t, [c('eq', 'name', 'common')])).toHaveLength(75)
    expect(t.indexedFields).toEqual(['name'])
    expect(t.counters.indexedQueries).toBe(0)
    expect(ids(t, [c('eq', 'name', 'rare')])).toHaveLength(25)
    expect(t.counters.indexedQueries).toBe(1)
  })

  test('with eagerIndexes an eq or in condition builds an index on its field the first time', () => {
    const t = tableOf(
      [
        { name: 'a', qty: 1 },
        { name: 'b', qty: 2 },
      ],
      { eagerIndexes: true },
    )
    expect(t.indexedFields).toEqual([])
    ids(t, [c('gt', 'qty', 0)])
    expect(t.indexedFields).toEqual([])
    ids(t, [c('eq', 'name', 'a'), c('in', 'qty', [1, 2])])
    expect([...t.indexedFields].sort()).toEqual(['name', 'qty'])
  })

  test('with autoIndex off only ensureIndex builds an index, and the answers are the same', () => {
    const t = tableOf([{ name: 'a' }, { name: 'b' }], { autoIndex: false })
    expect(ids(t, [c('eq', 'name', 'b')])).toEqual([2])
    expect(t.indexedFields).toEqual([])
    t.ensureIndex('name')
    expect(t.indexedFields).toEqual(['name'])
    expect(ids(t, [c('eq', 'name', 'b')])).toEqual([2])
    expect(() => t.ensureIndex('tags')).toThrow(/Item cannot index the string "tags"/)
  })

  test('indexes follow inserts, replaces and deletes made after they were built', () => {
    const values = Array.from({ length: 50 }, (_, i) => ({ name: `n${i % 10}`, qty: i }))
    const t = tableOf(values, EAGER)
    expect(ids(t, [c('eq', 'name', 'n3')])).toEqual([4, 14, 24, 34, 44])
    t.replace(row(14, { name: 'n4', qty: 13 }))
    t.delete(34)
    t.insert(row(60, { name: 'n3' }))
    t.replace(row(24, { name: 'n3', qty: 999 }))
    expect(ids(t, [c('eq', 'name', 'n3')])).toEqual([4, 24, 44, 60])
    expect(ids(t, [c('eq', 'name', 'n4')])).toEqual([5, 14, 15, 25, 35, 45])
    expect(t.count(eqName('n3'))).toBe(4)
    // Back to one row per value: the bucket shrinks to a bare row and still answers.
    for (const id of [4, 24, 44]) t.delete(id)
    expect(ids(t, [c('in', 'name', ['n3', 'n9'])])).toEqual([10, 20, 30, 40, 50, 60])
    t.delete(60)
    expect(ids(t, [c('eq', 'name', 'n3')])).toEqual([])
  })

  test('a null value is not indexed and a value changed to null leaves its bucket', () => {
    const t = tableOf([{ qty: 1 }, { qty: 1 }, {}], EAGER)
    expect(ids(t, [c('eq', 'qty', 1)])).toEqual([1, 2])
    t.replace(row(1, { name: 'x' }))
    expect(ids(t, [c('eq', 'qty', 1)])).toEqual([2])
    expect(ids(t, [c('isNull', 'qty')])).toEqual([1, 3])
  })

  test('an AND query narrows by its most selective indexed equality and checks the rest', () => {
    const values = Array.from({ length: 200 }, (_, i) => ({
      name: i === 7 ? 'rare' : 'common',
      active: i % 2 === 0,
    }))
    const t = tableOf(values, EAGER)
    expect(ids(t, [c('eq', 'active', false), c('eq', 'name', 'rare')])).toEqual([8])
    expect(ids(t, [c('eq', 'active', true), c('eq', 'name', 'rare')])).toEqual([])
    expect(t.counters).toMatchObject({ indexedQueries: 2, compiledScans: 0, rowScans: 2 })
  })

  test('an OR of equalities reads the union of their buckets once per row', () => {
    const values = Array.from({ length: 100 }, (_, i) => ({ name: `n${i}`, qty: i % 50 }))
    const t = tableOf(values, EAGER)
    expect(
      ids(t, [c('eq', 'name', 'n3'), c('eq', 'qty', 3), c('in', 'id', [4, 99])], { and: false }),
    ).toEqual([4, 54, 99])
    expect(t.count({ and: false, conditions: [c('eq', 'name', 'n3'), c('eq', 'qty', 3)] })).toBe(2)
    expect(t.counters).toMatchObject({ indexedQueries: 2, compiledScans: 0, rowScans: 0 })
  })

  test('long index lists stay exact through replaces, deletes and inserts between reads', () => {
    const t = tableOf(
      Array.from({ length: 400 }, (_, i) => ({ name: `n${i % 4}` })),
      EAGER,
    )
    const model = new Map([...t.rows()].map((r) => [r.id, r['name'] as string]))
    const check = () => {
      for (const name of ['n0', 'n1', 'n2', 'n3', 'x']) {
        const expected = [...model].filter(([, n]) => n === name).map(([id]) => id)
        expect(ids(t, [c('eq', 'name', name)])).toEqual(expected)
        expect(t.count(eqName(name))).toBe(expected.length)
      }
    }
    check()
    for (let i = 1; i <= 400; i += 3) {
      const name = i % 2 ? 'n1' : 'x'
      t.replace(row(i, { name }))
      model.set(i, name)
      if (i % 5 === 0) {
        t.delete(i + 1)
        model.delete(i + 1)
      }
      if (i % 40 === 1) check()
    }
    // Back and forth: a row leaves a long list and comes back to it before the list is read.
    t.replace(row(8, { name: 'x' }))
    t.replace(row(8, { name: 'n3' }))
    model.set(8, 'n3')
    t.insert(row(401, { name: 'n0' }))
    model.set(401, 'n0')
    check()
  })

  test('an id condition uses the primary map', () => {
    const t = tableOf([{}, {}, {}], EAGER)
    expect(ids(t, [c('in', 'id', [3, 1, 7])])).toEqual([1, 3])
    expect(t.count({ and: true, conditions: [c('eq', 'id', 2)] })).toBe(1)
    expect(t.indexedFields).toEqual([])
  })
})

describe('scans', () => {
  /** Whether this process allows code generation (the 'no code generation' vitest project forbids it). */
  const compiles = generatedFunction([], 'return 1') !== undefined
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Name ${i % 13}`, qty: i % 50 }))
  const query = [c('ge', 'qty', 10), c('iLike', 'name', 'name 1%')]
  const expected = (n: number) =>
    rows(n).flatMap((v, i) => (v.qty >= 10 && v.name.toLowerCase().startsWith('name 1') ? [i + 1] : []))

  test('a table of a few hundred rows scans with closures: compiling a loop would cost more than it saves', () => {
    const t = tableOf(rows(COMPILED_SCAN_ROWS - 1))
    expect(ids(t, query)).toEqual(expected(COMPILED_SCAN_ROWS - 1))
    expect(t.counters).toMatchObject({ compiledScans: 0, rowScans: 1 })
  })

  test('a larger table scans with a loop compiled for the query shape, or with closures where code generation is not allowed', () => {
    const t = tableOf(rows(COMPILED_SCAN_ROWS))
    expect(ids(t, query)).toEqual(expected(COMPILED_SCAN_ROWS))
    expect(t.count({ and: true, conditions: query })).toBe(expected(COMPILED_SCAN_ROWS).length)
    expect(t.counters).toMatchObject(
      compiles ? { compiledScans: 2, rowScans: 0 } : { compiledScans: 0, rowScans: 2 },
    )
  })

  test("a transaction's uncommitted writes are merged in by the closures", () => {
    const t = tableOf(rows(COMPILED_SCAN_ROWS))
    const overlay = TransactionOverlay.from([[1, row(1, { name: 'NAME 1 changed', qty: 10 })]] as const)
    expect(t.select({ and: true, conditions: query }, undefined, overlay).rows.map((r) => r.id)).toEqual([
      1,
      ...expected(COMPILED_SCAN_ROWS),
    ])
    expect(t.counters).toMatchObject({ compiledScans: 0, rowScans: 1 })
  })
})

describe('overlay', () => {
  const base = () =>
    tableOf(
      [
        { name: 'a', qty: 1 },
        { name: 'b', qty: 2 },
        { name: 'a', qty: 3 },
      ],
      EAGER,
    )

  test('an overlay row replaces, a new id inserts and null deletes, in filter, count, order and page', () => {
    const t = base()
    const overlay = TransactionOverlay.from([
      [1, row(1, { name: 'z', qty: 1 })],
      [2, null],
      [9, row(9, { name: 'a', qty: 0 })],
    ] as const)
    const q = { and: true, conditions: [c('eq', 'name', 'a')] }
    expect(t.select(q, undefined, overlay).rows.map((r) => r.id)).toEqual([3, 9])
    expect(t.count(q, overlay)).toBe(2)
    const page = t.select(
      { and: true, conditions: [] },
      { offset: 1, limit: 2, orderBy: ['qty'], asc: true },
      overlay,
    )
    expect(page.rows.map((r) => r.id)).toEqual([1, 3])
    expect(page.totalCount).toBe(3)
    expect(t.select({ and: true, conditions: [] }, undefined, overlay).rows.map((r) => r.id)).toEqual([
      1, 3, 9,
    ])
  })

  test('the overlay changes nothing in the table', () => {
    const t = base()
    t.select({ and: true, conditions: [] }, undefined, TransactionOverlay.from([[1, null]]))
    expect(t.size).toBe(3)
    expect(ids(t, [])).toEqual([1, 2, 3])
  })

  test('an indexed count corrects for overlaid rows that left or entered the bucket', () => {
    const t = base()
    const q = { and: true, conditions: [c('eq', 'name', 'a')] }
    expect(t.count(q)).toBe(2)
    const overlay = TransactionOverlay.from([
      [1, row(1, { name: 'b' })],
      [2, row(2, { name: 'a' })],
      [3, null],
      [4, row(4, { name: 'a' })],
      [5, null],
    ] as const)
    expect(t.count(q, overlay)).toBe(2)
    expect(t.select(q, undefined, overlay).rows.map((r) => r.id)).toEqual([2, 4])
  })
})

describe('validation leaves the table unchanged', () => {
  test('a bad condition anywhere in the query builds no index and returns nothing', () => {
    const t = tableOf([{ name: 'a' }], EAGER)
    expect(() =>
      t.select({ and: true, conditions: [c('eq', 'name', 'a'), c('gt', 'active', true)] }),
    ).toThrow(IllegalArgumentException)
    expect(() => t.count({ and: true, conditions: [c('in', 'name', ['a']), c('eq', 'nope', 1)] })).toThrow(
      IllegalArgumentException,
    )
    expect(() => t.select(eqName('a'), { offset: -1, limit: 1, orderBy: [], asc: true })).toThrow(
      IllegalArgumentException,
    )
    expect(() => t.select(eqName('a'), { offset: 0, limit: 1, orderBy: ['nope'], asc: true })).toThrow(
      IllegalArgumentException,
    )
    expect(t.indexedFields).toEqual([])
    expect(t.size).toBe(1)
  })

  test('a malformed query object is IllegalArgumentException', () => {
    const t = tableOf([{}])
    expect(() => t.select({ and: 'yes', conditions: [] } as never)).toThrow(/needs `and` as a boolean/)
    expect(() => t.select({ and: true } as never)).toThrow(
      /needs \{ and: boolean, conditions: QueryCondition\[\] \}/,
    )
    expect(() => t.select({ and: true, conditions: [null] } as never)).toThrow(
      /Condition 0 of a query on Item is null/,
    )
  })
})

describe('ordering and paging at scale', () => {
  const values = Array.from({ length: 400 }, (_, i) => ({
    qty: (i * 37) % 101,
    name: i % 7 === 0 ? null : `n${i % 13}`,
  }))
  const t = tableOf(values)
  const all = [...t.rows()]
  const reference = (orderBy: string, asc: boolean) =>
    [...all]
      .sort((a, b) => {
        const x = a[orderBy] as number | string | null
        const y = b[orderBy] as number | string | null
        if (x === y) return a.id - b.id
        if (x === null) return asc ? 1 : -1
        if (y === null) return asc ? -1 : 1
        return (x < y ? -1 : 1) * (asc ? 1 : -1)
      })
      .map((r) => r.id)

  test.each([
    ['qty', true, 0, 5],
    ['qty', false, 10, 20],
    ['name', true, 3, 7],
    ['name', false, 0, 100],
    ['name', true, 50, 300],
  ] as const)(
    'a page ordered by %s (asc %s, offset %i, limit %i) equals the same slice of a full sort',
    (field, asc, offset, limit) => {
      const page = t.select({ and: true, conditions: [] }, { offset, limit, orderBy: [field], asc })
      expect(page.rows.map((r) => r.id)).toEqual(reference(field, asc).slice(offset, offset + limit))
      expect(page.totalCount).toBe(400)
    },
  )
})
