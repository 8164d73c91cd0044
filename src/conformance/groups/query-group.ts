import { expect, it } from 'vitest'
import type { DomainObject } from '../../model/domain-registry.js'
import { DynamicDomainEntity } from '../../api/dynamic-domain-entity.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { NonUniqueResultException } from '../../errors/non-unique-result-exception.js'
import { CUSTOMER, ITEM } from '../conformance-domains.js'
import type { GroupDefinition } from './group-definition.js'
import { byId, catchError, create, nameSet, names } from './test-helpers.js'

/** The suite's `Item` domain as a class, for the `Class` overloads (`of(Class, false)` is the only OR). */
class ItemEntity extends DynamicDomainEntity {
  static override readonly domainName = 'Item'
  declare name: string | null
  declare qty: number | null
  declare active: boolean | null
}

const q = (): SimpleQuery => SimpleQuery.of(ITEM)

/** `null` where the types ask for a value: plugin code passes it anyway, and these rules say what it gets. */
const NULL = null as never

/** SPEC §7.2: PostgreSQL's semantics for every condition, combination, ordering and paging. */
export const queryGroup: GroupDefinition = {
  group: 'query',
  title: 'query semantics (SPEC §7.2)',
  register({ start }) {
    const QTY = [{ name: 'a', qty: 1 }, { name: 'b', qty: 2 }, { name: 'c' }, { name: 'A', qty: 1 }]

    it('eq matches equal values, strings case-sensitively', () => {
      start()
      create(ITEM, QTY)
      expect(nameSet(q().eq('qty', 1).listAll())).toEqual(['A', 'a'])
      expect(nameSet(q().eq('name', 'a').listAll())).toEqual(['a'])
    })

    it('eq(field, null) matches nothing: isNull matches the null fields', () => {
      start()
      create(ITEM, QTY)
      expect(q().eq('qty', NULL).listAll()).toEqual([])
      expect(nameSet(q().isNull('qty').listAll())).toEqual(['c'])
      expect(nameSet(q().notNull('qty').listAll())).toEqual(['A', 'a', 'b'])
    })

    it('ne never matches a null field', () => {
      start()
      create(ITEM, QTY)
      expect(nameSet(q().ne('qty', 1).listAll())).toEqual(['b'])
    })

    it('ne(field, null) matches nothing', () => {
      start()
      create(ITEM, QTY)
      expect(q().ne('qty', NULL).listAll()).toEqual([])
    })

    it('in matches any listed value, and a null in the list matches nothing', () => {
      start()
      create(ITEM, QTY)
      expect(nameSet(q().in('qty', [2, 1]).listAll())).toEqual(['A', 'a', 'b'])
      expect(nameSet(q().in('qty', [2, NULL]).listAll())).toEqual(['b'])
    })

    it('in with an empty collection matches nothing; notIn with one matches everything', () => {
      start()
      create(ITEM, QTY)
      expect(q().in('qty', []).listAll()).toEqual([])
      expect(nameSet(q().notIn('qty', []).listAll())).toEqual(['A', 'a', 'b', 'c'])
    })

    it('notIn never matches a null field', () => {
      start()
      create(ITEM, QTY)
      expect(nameSet(q().notIn('qty', [1]).listAll())).toEqual(['b'])
    })

    it('a notIn list that holds null matches nothing', () => {
      start()
      create(ITEM, QTY)
      expect(q().notIn('qty', [1, NULL]).listAll()).toEqual([])
    })

    const TEXTS = ['Apple pie', 'apple', 'PINEAPPLE', '100% juice', 'a_b', 'axb', 'back\\slash', 'x'].map(
      (name) => ({
        name,
      }),
    )

    it('iLike matches the whole string, case-insensitively', () => {
      start()
      create(ITEM, TEXTS)
      expect(nameSet(q().iLike('name', 'APPLE').listAll())).toEqual(['apple'])
      expect(q().iLike('name', 'appl').listAll()).toEqual([])
    })

    it('iLike: % matches any run of characters (also none), _ exactly one', () => {
      start()
      create(ITEM, TEXTS)
      expect(nameSet(q().iLike('name', '%apple%').listAll())).toEqual(['Apple pie', 'PINEAPPLE', 'apple'])
      expect(nameSet(q().iLike('name', 'apple%').listAll())).toEqual(['Apple pie', 'apple'])
      expect(nameSet(q().iLike('name', 'a_b').listAll())).toEqual(['a_b', 'axb'])
      expect(q().iLike('name', 'a__b').listAll()).toEqual([])
    })

    it('iLike: \\ escapes %, _ and itself', () => {
      start()
      create(ITEM, TEXTS)
      expect(nameSet(q().iLike('name', 'a\\_b').listAll())).toEqual(['a_b'])
      expect(nameSet(q().iLike('name', '%\\%%').listAll())).toEqual(['100% juice'])
      expect(nameSet(q().iLike('name', 'back\\\\slash').listAll())).toEqual(['back\\slash'])
    })

    it('a domain name no domain has, a blank one included, is an IllegalArgumentException', () => {
      start()
      for (const name of ['NoSuchDomain', '  ']) {
        expect(IllegalArgumentException.is(catchError(() => SimpleQuery.of(name)))).toBe(true)
        expect(IllegalArgumentException.is(catchError(() => SimpleQuery.count(name)))).toBe(true)
        expect(IllegalArgumentException.is(catchError(() => SimpleQuery.getAll(name)))).toBe(true)
      }
    })

    it('iLike with a null pattern is an IllegalArgumentException', () => {
      start()
      create(ITEM, TEXTS)
      const error = catchError(() => q().iLike('name', NULL).listAll())
      expect(IllegalArgumentException.is(error)).toBe(true)
    })

    it('notILike never matches a null field', () => {
      start()
      create(ITEM, [{ name: 'apple' }, { name: 'pear' }, { qty: 1 }])
      expect(nameSet(q().notILike('name', '%APPLE%').listAll())).toEqual(['pear'])
    })

    it('gt, ge, lt and le compare numbers numerically (INTEGER, LONG, DOUBLE, BIG_DECIMAL)', () => {
      start()
      create(ITEM, [
        { name: 'nine', qty: 9, big: 9, score: 9.5, price: '9.5' },
        { name: 'ten', qty: 10, big: 2 ** 40, score: 10.25, price: '10.25' },
        { name: 'hundred', qty: 100, big: -3, score: -0.5, price: '100' },
      ])
      expect(nameSet(q().gt('qty', 9).listAll())).toEqual(['hundred', 'ten'])
      expect(nameSet(q().le('qty', 10).listAll())).toEqual(['nine', 'ten'])
      expect(nameSet(q().ge('big', 9).listAll())).toEqual(['nine', 'ten'])
      expect(nameSet(q().lt('score', 10).listAll())).toEqual(['hundred', 'nine'])
      expect(nameSet(q().gt('price', '9.9').listAll())).toEqual(['hundred', 'ten'])
      expect(nameSet(q().lt('price', '10.3').listAll())).toEqual(['nine', 'ten'])
    })

    it('gt, ge, lt and le compare strings by code point', () => {
      start()
      // U+1F600 is above U+FFFD by code point, but below it by UTF-16 code unit.
      create(ITEM, [{ name: '😀' }, { name: '\uFFFD' }, { name: 'z' }, { name: 'Z' }])
      expect(nameSet(q().gt('name', '\uFFFD').listAll())).toEqual(['😀'])
      expect(nameSet(q().lt('name', 'z').listAll())).toEqual(['Z'])
      expect(names(q().list(0, 10, ['name']))).toEqual(['Z', 'z', '\uFFFD', '😀'])
    })

    it('gt, ge, lt and le compare LOCAL_DATE by day and ZONED_DATETIME by instant', () => {
      start()
      create(ITEM, [
        { name: 'leap', day: '2024-02-29', at: '2024-03-01T10:00:00+01:00' },
        { name: 'eve', day: '2023-12-31', at: new Date('2024-03-01T09:30:00Z') },
        { name: 'march', day: '2024-03-01', at: new Date('2024-03-01T08:59:59.999Z') },
      ])
      expect(nameSet(q().gt('day', '2024-01-01').listAll())).toEqual(['leap', 'march'])
      expect(nameSet(q().le('day', '2024-02-29').listAll())).toEqual(['eve', 'leap'])
      expect(nameSet(q().eq('at', new Date('2024-03-01T09:00:00Z')).listAll())).toEqual(['leap'])
      expect(nameSet(q().gt('at', new Date('2024-03-01T09:00:00Z')).listAll())).toEqual(['eve'])
      expect(names(q().list(0, 10, ['at']))).toEqual(['march', 'leap', 'eve'])
    })

    it('gt, ge, lt and le never match a null field', () => {
      start()
      create(ITEM, [{ name: 'one', qty: 1 }, { name: 'none' }])
      expect(nameSet(q().lt('qty', 100).listAll())).toEqual(['one'])
      expect(nameSet(q().ge('qty', -100).listAll())).toEqual(['one'])
    })

    it('nulls sort last ascending and first descending, ties broken by id', () => {
      start()
      const [b2, a2, cNull, a1, bNull] = create(ITEM, [
        { name: 'b', qty: 2 },
        { name: 'a', qty: 2 },
        { name: 'c' },
        { name: 'a', qty: 1 },
        { name: 'b' },
      ]) as [DomainObject, DomainObject, DomainObject, DomainObject, DomainObject]
      const ids = (list: readonly DomainObject[]): number[] => list.map((o) => o.id)
      expect(ids(q().list(0, 10, ['qty']))).toEqual(ids([a1, ...byId(b2, a2), ...byId(cNull, bNull)]))
      expect(ids(q().list(0, 10, ['qty'], true))).toEqual(ids([a1, ...byId(b2, a2), ...byId(cNull, bNull)]))
      expect(ids(q().list(0, 10, ['qty'], false))).toEqual(ids([...byId(cNull, bNull), ...byId(b2, a2), a1]))
      expect(ids(q().list(0, 10, ['name'], false))).toEqual(ids([cNull, ...byId(b2, bNull), ...byId(a2, a1)]))
    })

    it('list orders by several fields, the first the most significant', () => {
      start()
      create(ITEM, [
        { name: 'b', qty: 2, price: '1' },
        { name: 'a', qty: 2, price: '2' },
        { name: 'c', price: '3' },
        { name: 'a', qty: 1, price: '4' },
        { name: 'b', price: '5' },
      ])
      const prices = (list: readonly DomainObject[]): number[] => list.map((o) => Number(o['price']))
      expect(prices(q().list(0, 10, ['name', 'qty']))).toEqual([4, 2, 1, 5, 3])
      expect(prices(q().list(0, 10, ['qty', 'name']))).toEqual([4, 2, 1, 5, 3])
    })

    it('list(offset, limit) takes a 0-based offset, and totalCount counts every match', () => {
      start()
      create(
        ITEM,
        Array.from({ length: 10 }, (_, i) => ({ name: `p${i}`, qty: i % 3 })),
      )
      const first = q().list(0, 3, ['name'])
      expect(names(first)).toEqual(['p0', 'p1', 'p2'])
      expect(first.totalCount).toBe(10)
      expect(names(q().list(8, 5, ['name']))).toEqual(['p8', 'p9'])
      const beyond = q().list(20, 5, ['name'])
      expect(beyond).toEqual([])
      expect(beyond.totalCount).toBe(10)
      // A limit of 0 returns no rows on the in-memory store (the contract's "most rows") and every row from the
      // offset on a PostgreSQL store (Hibernate's setMaxResults(0) is no limit): docs/semantics.md, rely on neither.
      const zero = q().list(2, 0, ['name'])
      expect([[], ['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']]).toContainEqual(names(zero))
      expect(zero.totalCount).toBe(10)
      const filtered = q().eq('qty', 0).list(1, 2, ['name'])
      expect(names(filtered)).toEqual(['p3', 'p6'])
      expect(filtered.totalCount).toBe(4)
      expect(q().eq('qty', 0).list(0, 100).totalCount).toBe(4)
    })

    it('a negative offset or limit is an IllegalArgumentException', () => {
      start()
      create(ITEM, QTY)
      expect(IllegalArgumentException.is(catchError(() => q().list(-1, 10)))).toBe(true)
      expect(IllegalArgumentException.is(catchError(() => q().list(0, -1)))).toBe(true)
    })

    it('get returns the single match, null for none, and NonUniqueResultException for several', () => {
      start()
      create(ITEM, QTY)
      expect(q().eq('name', 'b').get()).toMatchObject({ name: 'b', qty: 2 })
      expect(q().eq('name', 'zzz').get()).toBeNull()
      const error = catchError(() => q().eq('qty', 1).get())
      expect(NonUniqueResultException.is(error)).toBe(true)
    })

    it('a DOMAIN_OBJECT condition compares by the referenced object’s id', () => {
      start()
      const [ann, bob] = create(CUSTOMER, [{ name: 'Ann' }, { name: 'Bob' }]) as [DomainObject, DomainObject]
      create(ITEM, [{ name: 'of Ann', owner: ann }, { name: 'of Bob', owner: bob }, { name: 'of nobody' }])
      expect(nameSet(q().eq('owner', ann).listAll())).toEqual(['of Ann'])
      expect(
        nameSet(
          q()
            .eq('owner', { ...bob, name: 'renamed in memory only' })
            .listAll(),
        ),
      ).toEqual(['of Bob'])
      expect(
        nameSet(
          q()
            .eq('owner', SimpleQuery.getById(CUSTOMER, ann.id) as DomainObject)
            .listAll(),
        ),
      ).toEqual(['of Ann'])
      expect(nameSet(q().ne('owner', ann).listAll())).toEqual(['of Bob'])
      expect(nameSet(q().in('owner', [ann, bob]).listAll())).toEqual(['of Ann', 'of Bob'])
      expect(nameSet(q().isNull('owner').listAll())).toEqual(['of nobody'])
    })

    it('a DOMAIN_OBJECT condition with a bare id is an IllegalArgumentException that says to pass the object', () => {
      start()
      const [ann] = create(CUSTOMER, [{ name: 'Ann' }]) as [DomainObject]
      create(ITEM, [{ name: 'of Ann', owner: ann }])
      const error = catchError(() => q().eq('owner', ann.id).listAll())
      expect(IllegalArgumentException.is(error)).toBe(true)
      expect((error as Error).message).toMatch(/object/i)
    })

    const MIXED = [
      { name: 'a', qty: 1, active: true },
      { name: 'b', qty: 2, active: true },
      { name: 'c', qty: 1, active: false },
      { name: 'd' },
    ]

    it('conditions combine with AND', () => {
      start()
      create(ITEM, MIXED)
      expect(nameSet(q().eq('qty', 1).eq('active', true).listAll())).toEqual(['a'])
      expect(nameSet(SimpleQuery.of(ItemEntity).eq('qty', 1).eq('active', true).listAll())).toEqual(['a'])
      expect(nameSet(q().listAll())).toEqual(['a', 'b', 'c', 'd'])
    })

    it('of(Class, false) combines conditions with OR, each still three-valued', () => {
      start()
      create(ITEM, MIXED)
      const or = (): SimpleQuery<ItemEntity> => SimpleQuery.of(ItemEntity, false)
      expect(nameSet(or().eq('qty', 2).eq('active', false).listAll())).toEqual(['b', 'c'])
      expect(nameSet(or().ne('qty', 1).eq('name', 'a').listAll())).toEqual(['a', 'b'])
      expect(or().eq('qty', NULL).in('qty', []).listAll()).toEqual([])
      expect(nameSet(or().listAll())).toEqual(['a', 'b', 'c', 'd'])
    })

    it('addConditions adds conditions as the builder methods do', () => {
      start()
      create(ITEM, MIXED)
      const found = q()
        .addConditions([
          { operator: 'in', field: 'qty', value: [1, 2] },
          { operator: 'eq', field: 'active', value: true },
        ])
        .listAll()
      expect(nameSet(found)).toEqual(['a', 'b'])
    })

    it('getById returns the object or null; getByIds keeps the order of the ids and skips missing ones', () => {
      start()
      const [a, b, c] = create(ITEM, [{ name: 'a' }, { name: 'b' }, { name: 'c' }]) as [
        DomainObject,
        DomainObject,
        DomainObject,
      ]
      const missing = Math.max(a.id, b.id, c.id) + 1000
      expect(SimpleQuery.getById(ITEM, b.id)).toMatchObject({ id: b.id, name: 'b' })
      expect(SimpleQuery.getById(ItemEntity, c.id)).toMatchObject({ id: c.id, name: 'c' })
      expect(SimpleQuery.getById(ITEM, missing)).toBeNull()
      expect(names(SimpleQuery.getByIds(ITEM, [c.id, missing, a.id]))).toEqual(['c', 'a'])
      expect(SimpleQuery.getByIds(ITEM, [])).toEqual([])
    })

    it('getAll and count see every object of the domain', () => {
      start()
      expect(SimpleQuery.count(ITEM)).toBe(0)
      expect(SimpleQuery.getAll(ITEM)).toEqual([])
      create(ITEM, [{ name: 'a' }, { name: 'b' }, { name: 'c' }])
      create(CUSTOMER, [{ name: 'Ann' }])
      expect(SimpleQuery.count(ITEM)).toBe(3)
      expect(SimpleQuery.count(ItemEntity)).toBe(3)
      expect(nameSet(SimpleQuery.getAll(ITEM))).toEqual(['a', 'b', 'c'])
      expect(nameSet(SimpleQuery.getAll(ItemEntity))).toEqual(['a', 'b', 'c'])
    })
  },
}
