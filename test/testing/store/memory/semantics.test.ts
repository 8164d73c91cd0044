import { describe, expect, test } from 'vitest'
import { IllegalArgumentException } from '../../../../src/errors/illegal-argument-exception.js'
import { compileQuery } from '../../../../src/testing/store/memory/index.js'
import { c, file, ids, item, row, tableOf } from './fixtures.js'

// One test per rule of SPEC §7.2 as docs/semantics.md lists them; the names match that table.

describe('equality', () => {
  const t = tableOf([{ name: 'a', qty: 1 }, { name: 'b', qty: 2 }, { name: 'c' }, { name: 'A', qty: 1 }])

  test('eq matches equal values exactly (strings case-sensitively)', () => {
    expect(ids(t, [c('eq', 'qty', 1)])).toEqual([1, 4])
    expect(ids(t, [c('eq', 'name', 'a')])).toEqual([1])
  })

  test('eq(field, null) matches nothing: use isNull', () => {
    expect(ids(t, [c('eq', 'qty', null)])).toEqual([])
    expect(ids(t, [c('eq', 'qty', undefined)])).toEqual([])
    expect(ids(t, [c('isNull', 'qty')])).toEqual([3])
  })

  test('ne never matches a null field', () => {
    expect(ids(t, [c('ne', 'qty', 1)])).toEqual([2])
  })

  test('ne(field, null) matches nothing: use notNull', () => {
    expect(ids(t, [c('ne', 'qty', null)])).toEqual([])
    expect(ids(t, [c('notNull', 'qty')])).toEqual([1, 2, 4])
  })
})

describe('in and notIn', () => {
  const t = tableOf([{ qty: 1 }, { qty: 2 }, {}, { qty: 3 }])

  test('in matches any listed value; a null element matches nothing', () => {
    expect(ids(t, [c('in', 'qty', [3, 1])])).toEqual([1, 4])
    expect(ids(t, [c('in', 'qty', [2, null])])).toEqual([2])
  })

  test('in with an empty collection matches nothing', () => {
    expect(ids(t, [c('in', 'qty', [])])).toEqual([])
  })

  test('notIn never matches a null field', () => {
    expect(ids(t, [c('notIn', 'qty', [1])])).toEqual([2, 4])
  })

  test('notIn with a list holding null matches nothing', () => {
    expect(ids(t, [c('notIn', 'qty', [1, null])])).toEqual([])
  })

  test('notIn with an empty collection matches everything, null fields included', () => {
    expect(ids(t, [c('notIn', 'qty', [])])).toEqual([1, 2, 3, 4])
  })

  test('in and notIn take an array or a Set (a Java Collection) and refuse anything else', () => {
    expect(ids(t, [c('in', 'qty', new Set([2, 3]))])).toEqual([2, 4])
    expect(() => ids(t, [c('in', 'qty', 2)])).toThrow(
      /in\('qty'\) on Item takes a collection \(an array or a Set\)/,
    )
    expect(() => ids(t, [c('notIn', 'qty', 'abc')])).toThrow(IllegalArgumentException)
  })
})

describe('iLike and notILike', () => {
  const t = tableOf([
    { name: 'Apple pie' },
    { name: 'apple' },
    { name: 'PINEAPPLE' },
    { name: '100% juice' },
    { name: 'a_b' },
    { name: 'axb' },
    { name: 'x😀y' },
    { name: 'back\\slash' },
    { name: 'x' }, // id 9; id 10 below has a null data field only
  ])

  test('iLike matches the whole string, case-insensitively', () => {
    expect(ids(t, [c('iLike', 'name', 'APPLE')])).toEqual([2])
    expect(ids(t, [c('iLike', 'name', 'appl')])).toEqual([])
  })

  test('iLike % matches any run of characters, also none', () => {
    expect(ids(t, [c('iLike', 'name', '%apple%')])).toEqual([1, 2, 3])
    expect(ids(t, [c('iLike', 'name', 'apple%')])).toEqual([1, 2])
    expect(ids(t, [c('iLike', 'name', '%e')])).toEqual([1, 2, 3, 4])
    expect(ids(t, [c('iLike', 'name', 'p%n%p%e')])).toEqual([3])
  })

  test('iLike _ matches exactly one character, an astral one too', () => {
    expect(ids(t, [c('iLike', 'name', 'a_b')])).toEqual([5, 6])
    expect(ids(t, [c('iLike', 'name', 'x_y')])).toEqual([7])
    expect(ids(t, [c('iLike', 'name', 'x__y')])).toEqual([])
  })

  test('iLike \\ escapes %, _ and itself', () => {
    expect(ids(t, [c('iLike', 'name', 'a\\_b')])).toEqual([5])
    expect(ids(t, [c('iLike', 'name', '%\\%%')])).toEqual([4])
    expect(ids(t, [c('iLike', 'name', 'back\\\\slash')])).toEqual([8])
    expect(ids(t, [c('iLike', 'name', '\\x')])).toEqual([9])
  })

  test('iLike with a pattern ending in a lone backslash is IllegalArgumentException', () => {
    expect(() => ids(t, [c('iLike', 'name', 'back\\')])).toThrow(/ends with the escape character/)
  })

  test('iLike with a null pattern is IllegalArgumentException', () => {
    expect(() => ids(t, [c('iLike', 'name', null)])).toThrow(IllegalArgumentException)
    expect(() => ids(t, [c('notILike', 'name')])).toThrow(/the pattern is undefined; pass a pattern string/)
    expect(() => ids(t, [c('iLike', 'name', 5)])).toThrow(/the pattern must be a string/)
  })

  test('notILike never matches a null field', () => {
    const u = tableOf([{ data: '"apple"' }, {}, { data: '"pear"' }])
    expect(ids(u, [c('notILike', 'data', '%apple%')])).toEqual([3])
    expect(ids(u, [c('iLike', 'data', '%')])).toEqual([1, 3])
  })

  test('iLike and notILike take only STRING and JSON_STRING fields', () => {
    expect(() => ids(t, [c('iLike', 'qty', '1%')])).toThrow(
      /Item.qty is a INTEGER field; iLike and notILike take a STRING or JSON_STRING field/,
    )
  })
})

describe('range conditions', () => {
  test('gt, ge, lt and le compare numbers numerically', () => {
    const t = tableOf([{ qty: 9 }, { qty: 10 }, { qty: -2 }, { score: 2.5 }, { score: 10.25 }])
    expect(ids(t, [c('gt', 'qty', 9)])).toEqual([2])
    expect(ids(t, [c('ge', 'qty', 9)])).toEqual([1, 2])
    expect(ids(t, [c('lt', 'qty', 9.5)])).toEqual([1, 3])
    expect(ids(t, [c('le', 'score', 10.25)])).toEqual([4, 5])
    expect(ids(t, [c('gt', 'qty', 2n)])).toEqual([1, 2])
  })

  test('BIG_DECIMAL compares exactly, never through a float, and mixes with numbers', () => {
    const t = tableOf([
      { price: '12345678901234567890.1' },
      { price: '12345678901234567890.2' },
      { price: '0.1' },
      { price: '-0.30' },
      { price: 2n },
      { price: '1e3' },
    ])
    expect(ids(t, [c('gt', 'price', '12345678901234567890.1')])).toEqual([2])
    expect(ids(t, [c('eq', 'price', 0.1)])).toEqual([3])
    expect(ids(t, [c('eq', 'price', '-0.3')])).toEqual([4])
    expect(ids(t, [c('lt', 'price', 0)])).toEqual([4])
    expect(ids(t, [c('ge', 'price', 2)])).toEqual([1, 2, 5, 6])
    expect(ids(t, [c('eq', 'price', '1000.000')])).toEqual([6])
    expect(ids(t, [c('in', 'price', [2, '1E+3'])])).toEqual([5, 6])
  })

  test('BIG_DECIMAL keeps the scale it was written with and compares numerically', () => {
    const written = ['25.00', '1.5', '1.50', '1.499', '25', '+2.50e1', 0.5, '-0.00']
    // Indexes on first use, as a large table gets them, so that the index's keys are held too.
    const t = tableOf(
      written.map((price) => ({ price })),
      { eagerIndexes: true },
    )
    expect([...t.rows()].map((r) => r['price'])).toEqual([
      '25.00',
      '1.5',
      '1.50',
      '1.499',
      '25',
      '25.0',
      '0.5',
      '0.00',
    ])
    expect(ids(t, [c('eq', 'price', '25')])).toEqual([1, 5, 6])
    expect(ids(t, [c('eq', 'price', 25)])).toEqual([1, 5, 6])
    expect(ids(t, [c('eq', 'price', '0')])).toEqual([8])
    expect(ids(t, [c('ne', 'price', '1.5')])).toEqual([1, 4, 5, 6, 7, 8])
    expect(ids(t, [c('in', 'price', ['1.500', 25n])])).toEqual([1, 2, 3, 5, 6])
    expect(ids(t, [c('notIn', 'price', ['1.5', '25.000', 0])])).toEqual([4, 7])
    expect(ids(t, [c('ge', 'price', '1.50')])).toEqual([1, 2, 3, 5, 6])
    expect(ids(t, [c('lt', 'price', '1.5000')])).toEqual([4, 7, 8])
    // Equal numbers tie whatever their scales, and the id decides.
    const some = [c('in', 'price', ['1.5', '1.499'])]
    expect(ids(t, some, { page: { orderBy: ['price'] } })).toEqual([4, 2, 3])
    expect(ids(t, some, { page: { orderBy: ['price'], asc: false } })).toEqual([2, 3, 4])
    expect(ids(t, [], { page: { orderBy: ['price'], asc: false } })).toEqual([1, 5, 6, 2, 3, 4, 7, 8])
    expect(ids(t, [], { page: { orderBy: ['price', 'name'], asc: false } })).toEqual([6, 5, 1, 3, 2, 4, 7, 8])

    // The hash index is keyed by number: an indexed lookup, its count, and writes after it agree.
    const scanned = tableOf(
      written.map((price) => ({ price })),
      { autoIndex: false },
    )
    expect(ids(scanned, [c('eq', 'price', '25.0000')])).toEqual([1, 5, 6])
    expect(scanned.indexedFields).toEqual([])
    expect(t.indexedFields).toContain('price')
    expect(t.count({ and: true, conditions: [c('eq', 'price', '1.5')] })).toBe(2)
    t.replace(row(1, { name: 'item1', price: '1.5000' }))
    t.delete(3)
    expect(ids(t, [c('eq', 'price', '1.5')])).toEqual([1, 2])
    expect(ids(t, [c('in', 'price', ['25', '1.50'])])).toEqual([1, 2, 5, 6])
    expect(t.get(1)?.['price']).toBe('1.5000')

    // Long scales and long in-lists take the same numeric equality.
    const long = tableOf([
      { price: `25.${'0'.repeat(20)}` },
      { price: `1.5${'0'.repeat(30)}` },
      { price: '7' },
    ])
    const many = Array.from({ length: 30 }, (_, i) => `${i + 1}.000`)
    expect(ids(long, [c('in', 'price', ['25', '1.5'])])).toEqual([1, 2])
    expect(ids(long, [c('notIn', 'price', ['25', '1.5'])])).toEqual([3])
    expect(ids(long, [c('in', 'price', many)])).toEqual([1, 3])
    expect(ids(long, [c('notIn', 'price', many)])).toEqual([2])
    expect(ids(long, [c('eq', 'price', '25.0')])).toEqual([1])
    expect(ids(long, [c('ne', 'price', '1.50')])).toEqual([1, 3])
  })

  test('strings compare by code point, not by UTF-16 unit', () => {
    // U+1F600 (a surrogate pair in UTF-16) is above U+FFFD by code point, below it by code unit.
    const t = tableOf([{ name: '😀' }, { name: '\uFFFD' }, { name: 'z' }])
    expect(ids(t, [c('gt', 'name', '\uFFFD')])).toEqual([1])
    expect(ids(t, [c('lt', 'name', '😀')])).toEqual([2, 3])
    expect(ids(t, [], { page: { orderBy: ['name'] } })).toEqual([3, 2, 1])
  })

  test('LOCAL_DATE compares by date', () => {
    const t = tableOf([{ day: '2024-02-29' }, { day: '2023-12-31' }, { day: '2024-03-01' }])
    expect(ids(t, [c('gt', 'day', '2024-01-01')])).toEqual([1, 3])
    expect(ids(t, [c('le', 'day', '2024-02-29')])).toEqual([1, 2])
  })

  test('ZONED_DATETIME compares by instant, from a Date or an ISO string with an offset', () => {
    const t = tableOf([
      { at: '2024-03-01T10:00:00+01:00' },
      { at: new Date('2024-03-01T09:30:00Z') },
      { at: '2024-03-01T08:59:59.999Z' },
    ])
    expect(ids(t, [c('eq', 'at', '2024-03-01T09:00:00Z')])).toEqual([1])
    expect(ids(t, [c('gt', 'at', new Date('2024-03-01T09:00:00Z'))])).toEqual([2])
    expect(ids(t, [c('lt', 'at', '2024-03-01T10:00+01:00[Europe/Paris]')])).toEqual([3])
    expect(() => ids(t, [c('gt', 'at', '2024-03-01T10:00:00')])).toThrow(
      /ISO-8601 date-time string with an offset/,
    )
  })

  test('range conditions never match a null field, and a null value matches nothing', () => {
    const t = tableOf([{ qty: 1 }, {}])
    expect(ids(t, [c('lt', 'qty', 100)])).toEqual([1])
    expect(ids(t, [c('ge', 'qty', null)])).toEqual([])
  })

  test('BOOLEAN takes eq, ne, in and notIn, not gt/ge/lt/le', () => {
    const t = tableOf([{ active: true }, { active: false }, {}])
    expect(ids(t, [c('eq', 'active', false)])).toEqual([2])
    expect(ids(t, [c('ne', 'active', false)])).toEqual([1])
    expect(ids(t, [c('in', 'active', [true, false])])).toEqual([1, 2])
    expect(() => ids(t, [c('gt', 'active', false)])).toThrow(
      /Item.active is a BOOLEAN field, which takes eq, ne, in, notIn, isNull and notNull only/,
    )
  })
})

describe('references, lists and files', () => {
  const t = tableOf([{ owner: { id: 7 } }, { owner: { id: 8, name: 'Bo' } }, {}])

  test('a DOMAIN_OBJECT condition compares by the referenced object id', () => {
    expect(ids(t, [c('eq', 'owner', { id: 8, name: 'anything' })])).toEqual([2])
    expect(ids(t, [c('ne', 'owner', { id: 8 })])).toEqual([1])
    expect(ids(t, [c('in', 'owner', [{ id: 7 }, { id: 9 }])])).toEqual([1])
  })

  test('a DOMAIN_OBJECT condition with a bare id is IllegalArgumentException saying to pass the object', () => {
    expect(() => ids(t, [c('eq', 'owner', 8)])).toThrow(/pass the Person object itself .*not its id/)
    expect(() => ids(t, [c('in', 'owner', [{ id: 7 }, 8])])).toThrow(
      /element 1.*pass the Person object itself/,
    )
    expect(() => ids(t, [c('eq', 'owner', { name: 'unsaved' })])).toThrow(/has no numeric id; save it first/)
  })

  test('DOMAIN_OBJECT_LIST and FILE take only isNull and notNull; isNull matches an empty list', () => {
    const u = tableOf([{ tags: [{ id: 1 }] }, { tags: [] }, {}, { file: file(1) }])
    expect(ids(u, [c('isNull', 'tags')])).toEqual([2, 3, 4])
    expect(ids(u, [c('notNull', 'tags')])).toEqual([1])
    expect(ids(u, [c('notNull', 'file')])).toEqual([4])
    expect(() => ids(u, [c('eq', 'tags', [{ id: 1 }])])).toThrow(
      /DOMAIN_OBJECT_LIST field, which takes only isNull and notNull/,
    )
    expect(() => ids(u, [c('in', 'file', [file(1)])])).toThrow(
      /FILE field, which takes only isNull and notNull/,
    )
  })

  test('isNull and notNull split every row', () => {
    expect(ids(t, [c('isNull', 'owner')])).toEqual([3])
    expect(ids(t, [c('notNull', 'owner')])).toEqual([1, 2])
  })
})

describe('combination', () => {
  const t = tableOf([{ qty: 1, active: true }, { qty: 2, active: true }, { qty: 1, active: false }, {}])

  test('AND: every condition must hold', () => {
    expect(ids(t, [c('eq', 'qty', 1), c('eq', 'active', true)])).toEqual([1])
  })

  test('OR: any condition may hold', () => {
    expect(ids(t, [c('eq', 'qty', 2), c('eq', 'active', false)], { and: false })).toEqual([2, 3])
    expect(ids(t, [c('eq', 'qty', null), c('in', 'qty', [])], { and: false })).toEqual([])
  })

  test('no conditions match everything, with AND and with OR', () => {
    expect(ids(t, [])).toEqual([1, 2, 3, 4])
    expect(ids(t, [], { and: false })).toEqual([1, 2, 3, 4])
  })
})

describe('ordering', () => {
  const t = tableOf([
    { name: 'b', qty: 2, active: true },
    { name: 'a', qty: 2, active: false },
    { name: 'c', qty: null },
    { name: 'a', qty: 1 },
    { name: 'b', qty: null },
  ])

  test('orders by the orderBy fields, most significant first', () => {
    expect(ids(t, [], { page: { orderBy: ['name', 'qty'] } })).toEqual([4, 2, 1, 5, 3])
    expect(ids(t, [], { page: { orderBy: ['qty', 'name'] } })).toEqual([4, 2, 1, 5, 3])
  })

  test('nulls sort last ascending and first descending', () => {
    expect(ids(t, [], { page: { orderBy: ['qty'] } })).toEqual([4, 1, 2, 3, 5])
    expect(ids(t, [], { page: { orderBy: ['qty'], asc: false } })).toEqual([3, 5, 1, 2, 4])
  })

  test('ties are broken by id ascending in both directions', () => {
    expect(ids(t, [], { page: { orderBy: ['name'], asc: false } })).toEqual([3, 1, 5, 2, 4])
  })

  test('without orderBy rows come in id order', () => {
    expect(ids(t, [c('notNull', 'name')], { page: {} })).toEqual([1, 2, 3, 4, 5])
    expect(ids(t, [], { page: { orderBy: ['id'], asc: false } })).toEqual([5, 4, 3, 2, 1])
  })

  test('BOOLEAN orders false first, DOMAIN_OBJECT by the referenced id', () => {
    expect(ids(t, [], { page: { orderBy: ['active'] } })).toEqual([2, 1, 3, 4, 5])
    const u = tableOf([{ owner: { id: 9 } }, { owner: { id: 3 } }])
    expect(ids(u, [], { page: { orderBy: ['owner'] } })).toEqual([2, 1])
  })

  test('an unknown orderBy field is IllegalArgumentException naming the fields that exist', () => {
    expect(() => ids(t, [], { page: { orderBy: ['nope'] } })).toThrow(
      /orderBy 'nope': Item has no such field; its fields are: id, name, qty/,
    )
    expect(() => ids(t, [], { page: { orderBy: ['tags'] } })).toThrow(
      /DOMAIN_OBJECT_LIST field, which has no order/,
    )
  })
})

describe('paging', () => {
  const t = tableOf(Array.from({ length: 10 }, (_, i) => ({ qty: i % 3 })))

  test('the offset is 0-based and the limit is the most rows', () => {
    expect(ids(t, [], { page: { offset: 0, limit: 3 } })).toEqual([1, 2, 3])
    expect(ids(t, [], { page: { offset: 8, limit: 5 } })).toEqual([9, 10])
    expect(ids(t, [], { page: { offset: 20, limit: 5 } })).toEqual([])
    expect(ids(t, [], { page: { offset: 2, limit: 0 } })).toEqual([])
  })

  test('totalCount counts every match, not only the page', () => {
    const result = t.select(
      { and: true, conditions: [c('eq', 'qty', 0)] },
      { offset: 1, limit: 2, orderBy: ['qty'], asc: true },
    )
    expect(result.rows.map((r) => r.id)).toEqual([4, 7])
    expect(result.totalCount).toBe(4)
  })

  test('a negative or fractional offset or limit is IllegalArgumentException', () => {
    expect(() => ids(t, [], { page: { offset: -1 } })).toThrow(
      /offset must be a non-negative integer \(0-based\), got the number -1/,
    )
    expect(() => ids(t, [], { page: { limit: -5 } })).toThrow(/limit must be a non-negative integer/)
    expect(() => ids(t, [], { page: { limit: 1.5 } })).toThrow(IllegalArgumentException)
  })
})

describe('validation', () => {
  const t = tableOf([{ qty: 1 }])

  test('an unknown field is IllegalArgumentException naming the fields that exist', () => {
    expect(() => ids(t, [c('eq', 'nope', 1)])).toThrow(
      /eq\('nope'\): Item has no such field; its fields are: id, name, qty, big/,
    )
    expect(() => ids(t, [c('eq', '__proto__', 1)])).toThrow(/Item has no such field/)
  })

  test('a condition value of the wrong type is IllegalArgumentException naming domain, field and expected type', () => {
    expect(() => ids(t, [c('eq', 'qty', '1')])).toThrow(
      /eq\('qty'\) on Item: Item.qty is a INTEGER field: it takes a number \(a finite number, or a bigint a number holds exactly: any within ±2\^53\), not the string "1"/,
    )
    // A bigint a number cannot hold: the message says which bigints it takes.
    expect(() => ids(t, [c('lt', 'big', 2n ** 63n - 1n)])).toThrow(
      /Item.big is a LONG field: it takes a number \(a finite number, or a bigint a number holds exactly: any within ±2\^53\), not the bigint 9223372036854775807n/,
    )
    expect(() => ids(t, [c('gt', 'price', 'abc')])).toThrow(/BIG_DECIMAL field: it takes a decimal string/)
    expect(() => ids(t, [c('eq', 'day', '2024-02-30')])).toThrow(/LOCAL_DATE field/)
    expect(() => ids(t, [c('eq', 'score', Number.NaN)])).toThrow(/a finite number/)
  })

  test('an unknown operator is IllegalArgumentException listing the operators', () => {
    expect(() => ids(t, [c('like', 'name', 'x')])).toThrow(
      /unknown operator the string "like"; use one of eq, ne, gt/,
    )
  })

  test('compileQuery validates every condition before anything runs', () => {
    expect(() =>
      compileQuery(item, { and: true, conditions: [c('eq', 'qty', 1), c('eq', 'qty', 'x')] }),
    ).toThrow(IllegalArgumentException)
  })
})
