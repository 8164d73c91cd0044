import { describe, expect, it, vi } from 'vitest'
import {
  DynamicDomainEntity,
  IllegalArgumentException,
  IllegalStateException,
  SimpleQuery,
} from '../../src/index.js'
import type { PageRequest, QueryRuntime, QuerySpec } from '../../src/runtime-contract/index.js'
import { bindTinyRuntime, TINY_HOST, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

class Invoice extends DynamicDomainEntity {
  static override readonly domainName = 'BillingInvoice'
  declare status: string
  declare total: number
}

const ann = { id: 7, name: 'Ann' }
const orders = [
  { id: 1, status: 'OPEN' as const, total: 10, customer: ann },
  { id: 2, status: 'OPEN' as const, total: 20, customer: null },
]

/** A query facet that resolves names to themselves (classes to their domainName) and records what it got. */
function bindQueryHost(overrides: Partial<QueryRuntime> = {}) {
  const query = {
    resolveDomain: vi.fn((target: string | (abstract new () => unknown)) =>
      typeof target === 'string' ? target : ((target as { domainName?: string }).domainName ?? target.name),
    ),
    list: vi.fn((_spec: QuerySpec, _page: PageRequest) => ({ items: orders, totalCount: 42 })),
    listAll: vi.fn((_spec: QuerySpec) => orders),
    get: vi.fn((_spec: QuerySpec): unknown => orders[0]),
    getById: vi.fn((): unknown => orders[1]),
    getByIds: vi.fn(() => orders),
    getAll: vi.fn(() => orders),
    count: vi.fn(() => 2),
  }
  bindTinyRuntime({ query: { ...query, ...overrides } })
  return query
}

/** What the host received for the last list call. */
function lastList(query: ReturnType<typeof bindQueryHost>): [QuerySpec, PageRequest] {
  const call = query.list.mock.lastCall
  if (call === undefined) throw new Error('list was not called')
  return call
}

describe('SimpleQuery.of', () => {
  it('resolves a domain name with the host, and conditions combine with AND', () => {
    const query = bindQueryHost()
    SimpleQuery.of('Order').listAll()
    expect(query.resolveDomain).toHaveBeenCalledWith('Order')
    expect(query.listAll).toHaveBeenCalledWith({
      target: 'Order',
      domain: 'Order',
      and: true,
      conditions: [],
    })
  })

  it('resolves a class with the host and hands it over as the target', () => {
    const query = bindQueryHost()
    SimpleQuery.of(Invoice).listAll()
    expect(query.resolveDomain).toHaveBeenCalledWith(Invoice)
    expect(query.listAll.mock.lastCall?.[0]).toMatchObject({
      target: Invoice,
      domain: 'BillingInvoice',
      and: true,
    })
  })

  it('of(Class, false) combines conditions with OR', () => {
    const query = bindQueryHost()
    SimpleQuery.of(Invoice, false).eq('status', 'DRAFT').gt('total', 1000).listAll()
    expect(query.listAll.mock.lastCall?.[0]).toMatchObject({ domain: 'BillingInvoice', and: false })
  })

  it('passes on the error of a host that does not know the domain', () => {
    bindQueryHost({
      resolveDomain: () => {
        throw new IllegalArgumentException("Unknown domain 'Nope'.")
      },
    })
    expect(() => SimpleQuery.of('Nope')).toThrow("Unknown domain 'Nope'.")
  })

  it('rejects an empty name, a boolean with a name, and a non-boolean with a class, before asking the host', () => {
    const query = bindQueryHost()
    expect(() => SimpleQuery.of('')).toThrow(
      /SimpleQuery\.of\(domainName\) expects domainName as a non-empty string, got an empty string/,
    )
    expect(() => SimpleQuery.of(42 as never)).toThrow(
      /SimpleQuery\.of\(domainName\) expects domainName as a non-empty string, got number 42/,
    )
    expect(() => (SimpleQuery.of as (name: string, and: boolean) => unknown)('Order', false)).toThrow(
      /takes only the domain name.*SimpleQuery\.of\(Class, false\)/,
    )
    expect(() => SimpleQuery.of(Invoice, 'or' as never)).toThrow(/expects and as a boolean, got string "or"/)
    expect(query.resolveDomain).not.toHaveBeenCalled()
  })

  it('leaves a name of white space to the host, which knows which names are domains', () => {
    const query = bindQueryHost()
    SimpleQuery.of('  ')
    expect(query.resolveDomain).toHaveBeenCalledWith('  ')
  })
})

describe('condition methods', () => {
  it('record each condition in order and return the same query, so statements and chains agree', () => {
    const query = bindQueryHost()
    const chained = SimpleQuery.of('Order').eq('status', 'OPEN').gt('total', 5).isNull('customer')
    expect(chained.eq('id', 1)).toBe(chained)

    const q = SimpleQuery.of('Order')
    q.eq('status', 'OPEN')
    q.gt('total', 5)
    q.isNull('customer')
    q.eq('id', 1)

    chained.listAll()
    q.listAll()
    const [first, second] = query.listAll.mock.calls.map(([spec]) => spec)
    expect(second).toEqual(first)
    expect(first?.conditions).toEqual([
      { operator: 'eq', field: 'status', value: 'OPEN' },
      { operator: 'gt', field: 'total', value: 5 },
      { operator: 'isNull', field: 'customer' },
      { operator: 'eq', field: 'id', value: 1 },
    ])
  })

  it('record every operator with its value as given', () => {
    const query = bindQueryHost()
    const when = new Date('2024-01-01T00:00:00Z')
    SimpleQuery.of('Thing')
      .eq('a', 1)
      .ne('b', 'x')
      .gt('c', 2)
      .ge('d', when)
      .lt('e', 3)
      .le('f', '2024-12-31')
      .iLike('g', '%smith%')
      .notILike('h', 'test\\_%')
      .in('i', [1, 2])
      .notIn('j', new Set(['y', 'z']))
      .isNull('k')
      .notNull('l')
      .eq('customer', ann)
      .listAll()
    expect(query.listAll.mock.lastCall?.[0].conditions).toEqual([
      { operator: 'eq', field: 'a', value: 1 },
      { operator: 'ne', field: 'b', value: 'x' },
      { operator: 'gt', field: 'c', value: 2 },
      { operator: 'ge', field: 'd', value: when },
      { operator: 'lt', field: 'e', value: 3 },
      { operator: 'le', field: 'f', value: '2024-12-31' },
      { operator: 'iLike', field: 'g', value: '%smith%' },
      { operator: 'notILike', field: 'h', value: 'test\\_%' },
      { operator: 'in', field: 'i', value: [1, 2] },
      { operator: 'notIn', field: 'j', value: ['y', 'z'] },
      { operator: 'isNull', field: 'k' },
      { operator: 'notNull', field: 'l' },
      { operator: 'eq', field: 'customer', value: ann },
    ])
  })

  it('hand the referenced object of a DOMAIN_OBJECT condition to the host as is', () => {
    const query = bindQueryHost()
    SimpleQuery.of('Order').eq('customer', ann).listAll()
    expect(query.listAll.mock.lastCall?.[0].conditions[0]?.['value' as never]).toBe(ann)
  })

  it('pass null through to the host, which matches nothing with it (SQL)', () => {
    const query = bindQueryHost()
    SimpleQuery.of('Thing')
      .eq('a', null as never)
      .notIn('b', [1, null] as never)
      .listAll()
    expect(query.listAll.mock.lastCall?.[0].conditions).toEqual([
      { operator: 'eq', field: 'a', value: null },
      { operator: 'notIn', field: 'b', value: [1, null] },
    ])
  })

  it('copy in/notIn collections, so a later change to the caller’s array does not change the query', () => {
    const query = bindQueryHost()
    const statuses = ['OPEN']
    const q = SimpleQuery.of('Thing').in('status', statuses)
    statuses.push('CLOSED')
    q.listAll()
    expect(query.listAll.mock.lastCall?.[0].conditions).toEqual([
      { operator: 'in', field: 'status', value: ['OPEN'] },
    ])
  })

  it('reject a blank or non-string field', () => {
    bindQueryHost()
    const q = SimpleQuery.of('Thing')
    expect(() => q.eq('', 1)).toThrow(IllegalArgumentException)
    expect(() => q.isNull(' ')).toThrow(
      /SimpleQuery\.isNull\(field, \.\.\.\) expects field as a non-empty string/,
    )
    expect(() => q.in(7 as never, [1])).toThrow(/got number 7/)
  })

  it('reject undefined as a value and point to isNull', () => {
    bindQueryHost()
    expect(() => SimpleQuery.of('Thing').eq('closedAt', undefined as never)).toThrow(
      /SimpleQuery\.eq\('closedAt', value\) got undefined.*isNull\('closedAt'\)/,
    )
    expect(() => SimpleQuery.of('Thing').in('a', [1, undefined] as never)).toThrow(/undefined at values\[1\]/)
  })

  it('reject a null or non-string iLike pattern', () => {
    bindQueryHost()
    expect(() => SimpleQuery.of('Thing').iLike('name', null as never)).toThrow(IllegalArgumentException)
    expect(() => SimpleQuery.of('Thing').notILike('name', null as never)).toThrow(
      /notILike\('name', pattern\) expects the pattern as a string.*got null.*A null pattern is not allowed/,
    )
    expect(() => SimpleQuery.of('Thing').iLike('name', 5 as never)).toThrow(/got number 5/)
  })

  it('require a collection for in and notIn, and say how to pass one value', () => {
    bindQueryHost()
    expect(() => SimpleQuery.of('Thing').in('status', 'OPEN' as never)).toThrow(
      /in\('status', values\) expects values as a collection.*got string "OPEN".*\[value\].*use eq/,
    )
    expect(() => SimpleQuery.of('Thing').notIn('status', null as never)).toThrow(IllegalArgumentException)
    expect(() => SimpleQuery.of('Thing').notIn('status', 'X' as never)).toThrow(/use ne/)
  })

  it('add nothing when one condition is rejected', () => {
    const query = bindQueryHost()
    const q = SimpleQuery.of('Thing').eq('a', 1)
    expect(() => q.iLike('b', null as never)).toThrow(IllegalArgumentException)
    q.listAll()
    expect(query.listAll.mock.lastCall?.[0].conditions).toEqual([{ operator: 'eq', field: 'a', value: 1 }])
  })
})

describe('addConditions', () => {
  it('adds each condition as its method would, after the ones already there', () => {
    const query = bindQueryHost()
    SimpleQuery.of('Thing')
      .eq('a', 1)
      .addConditions([
        { operator: 'iLike', field: 'name', value: 'a%' },
        { operator: 'in', field: 'status', value: new Set(['OPEN']) as never },
        { operator: 'isNull', field: 'closedAt', value: 'ignored' } as never,
      ])
      .listAll()
    expect(query.listAll.mock.lastCall?.[0].conditions).toEqual([
      { operator: 'eq', field: 'a', value: 1 },
      { operator: 'iLike', field: 'name', value: 'a%' },
      { operator: 'in', field: 'status', value: ['OPEN'] },
      { operator: 'isNull', field: 'closedAt' },
    ])
  })

  it('adds none when one is malformed, and names it', () => {
    const query = bindQueryHost()
    const q = SimpleQuery.of('Thing')
    const bad = [
      { operator: 'eq', field: 'a', value: 1 },
      { operator: 'between', field: 'b', value: [1, 2] },
    ]
    expect(() => q.addConditions(bad as never)).toThrow(
      /addConditions\(conditions\): condition 1 has operator string "between"; use one of eq, ne, gt, ge, lt, le, iLike/,
    )
    expect(() => q.addConditions([{ operator: 'iLike', field: 'a', value: null }] as never)).toThrow(
      /condition 0 \(iLike 'a'\)/,
    )
    expect(() => q.addConditions([{ operator: 'eq', field: '' }] as never)).toThrow(
      /condition 0 expects field/,
    )
    expect(() => q.addConditions([{ operator: 'eq', field: 'a' }] as never)).toThrow(/got undefined/)
    expect(() => q.addConditions([null] as never)).toThrow(/condition 0 must be an object/)
    expect(() => q.addConditions('eq a 1' as never)).toThrow(/expects conditions as a collection/)
    q.listAll()
    expect(query.listAll.mock.lastCall?.[0].conditions).toEqual([])
  })
})

describe('list', () => {
  it('hands the host a frozen snapshot of the query and a page request with defaults', () => {
    const query = bindQueryHost()
    SimpleQuery.of('Order').eq('status', 'OPEN').list(20, 10)
    const [spec, page] = lastList(query)
    expect(spec).toEqual({
      target: 'Order',
      domain: 'Order',
      and: true,
      conditions: [{ operator: 'eq', field: 'status', value: 'OPEN' }],
    })
    expect(Object.isFrozen(spec)).toBe(true)
    expect(Object.isFrozen(spec.conditions)).toBe(true)
    expect(Object.isFrozen(spec.conditions[0])).toBe(true)
    expect(page).toEqual({ offset: 20, limit: 10, orderBy: [], asc: true })
    expect(Object.isFrozen(page)).toBe(true)
  })

  it('passes the order and the direction', () => {
    const query = bindQueryHost()
    SimpleQuery.of('Order').list(0, 5, ['total', 'id'])
    expect(lastList(query)[1]).toEqual({ offset: 0, limit: 5, orderBy: ['total', 'id'], asc: true })
    SimpleQuery.of('Order').list(0, 5, ['total'], false)
    expect(lastList(query)[1]).toEqual({ offset: 0, limit: 5, orderBy: ['total'], asc: false })
  })

  it('does not let conditions added later change a query the host already has', () => {
    const query = bindQueryHost()
    const q = SimpleQuery.of('Order').eq('status', 'OPEN')
    q.list(0, 10)
    q.gt('total', 5)
    expect(lastList(query)[0].conditions).toHaveLength(1)
  })

  it('returns a PaginationQueryResult: the page as an array, with the total count', () => {
    bindQueryHost()
    const page = SimpleQuery.of('Order').list(0, 2)
    expect(Array.isArray(page)).toBe(true)
    expect(page).toEqual(orders)
    expect(page).toStrictEqual(orders)
    expect(page.totalCount).toBe(42)
    expect(page.length).toBe(2)
    expect(Object.keys(page)).toEqual(['0', '1'])
    expect([...page]).toEqual(orders)
    expect(JSON.stringify(page)).toBe(JSON.stringify(orders))
  })

  it('returns a fresh array whose derived arrays are plain', () => {
    bindQueryHost()
    const page = SimpleQuery.of('Order').list(0, 2)
    expect(page).not.toBe(orders)
    const totals = page.map((o) => o.total)
    expect(totals).toEqual([10, 20])
    expect('totalCount' in totals).toBe(false)
    expect('totalCount' in page.filter(() => true)).toBe(false)
    expect(() => {
      ;(page as { totalCount: number }).totalCount = 1
    }).toThrow(TypeError)
  })

  it('rejects negative or non-integer paging, a bad order or direction, and does not call the host', () => {
    const query = bindQueryHost()
    const q = SimpleQuery.of('Order')
    expect(() => q.list(-1, 10)).toThrow(
      /SimpleQuery\.list\(offset, limit, orderBy, asc\) expects offset as a Java int from 0 to 2147483647 \(offset is 0-based\), got number -1/,
    )
    expect(() => q.list(0, -5)).toThrow(/limit as a Java int from 0 to 2147483647/)
    expect(() => q.list(1e300, 10), 'a number past Java int names the bound').toThrow(
      /offset as a Java int from 0 to 2147483647 \(offset is 0-based\), got number 1e\+300\.$/,
    )
    expect(() => q.list(0, 2 ** 31), 'a limit past Java int points to listAll').toThrow(
      /limit as a Java int from 0 to 2147483647.*To read every match, call listAll\(\)/,
    )
    expect(() => q.list(0.5, 10)).toThrow(IllegalArgumentException)
    expect(() => q.list(0, Number.NaN)).toThrow(IllegalArgumentException)
    expect(() => q.list('0' as never, 10)).toThrow(/got string "0"/)
    expect(() => q.list(0, 10, 'total' as never)).toThrow(/orderBy as a collection.*\['total'\]/)
    expect(() => q.list(0, 10, [''] as never)).toThrow(/orderBy\[0\]/)
    expect(() => q.list(0, 10, ['total'], 'desc' as never)).toThrow(/asc as a boolean/)
    expect(query.list).not.toHaveBeenCalled()
  })

  it('reports a host that returns an invalid page', () => {
    bindQueryHost({ list: () => ({ items: [], totalCount: -1 }) })
    const error = (() => {
      try {
        SimpleQuery.of('Order').list(0, 10)
      } catch (caught) {
        return caught
      }
    })()
    expect(IllegalStateException.is(error)).toBe(true)
    expect((error as Error).message).toContain(`Runtime '${TINY_HOST}' returned an invalid page`)
  })
})

describe('get and listAll', () => {
  it('get returns the host’s single match', () => {
    const query = bindQueryHost()
    expect(SimpleQuery.of('Order').eq('id', 1).get()).toBe(orders[0])
    expect(query.get.mock.lastCall?.[0].conditions).toEqual([{ operator: 'eq', field: 'id', value: 1 }])
  })

  it('get returns null when the host finds none', () => {
    bindQueryHost({ get: () => null })
    expect(SimpleQuery.of('Order').get()).toBeNull()
    bindQueryHost({ get: () => undefined })
    expect(SimpleQuery.of('Order').get()).toBeNull()
  })

  it('passes on the host’s NonUniqueResultException-style error', () => {
    bindQueryHost({
      get: () => {
        throw new Error('query did not return a unique result: 2')
      },
    })
    expect(() => SimpleQuery.of('Order').get()).toThrow('unique result')
  })

  it('listAll returns a fresh array of the host’s matches', () => {
    bindQueryHost()
    const all = SimpleQuery.of('Order').listAll()
    expect(all).toEqual(orders)
    expect(all).not.toBe(orders)
  })
})

describe('the statics by name and by class', () => {
  it('getById hands the host the name or the class and the id, and returns the object or null', () => {
    const query = bindQueryHost()
    expect(SimpleQuery.getById('Order', 2)).toBe(orders[1])
    expect(query.getById).toHaveBeenLastCalledWith('Order', 2)
    SimpleQuery.getById(Invoice, 3)
    expect(query.getById).toHaveBeenLastCalledWith(Invoice, 3)
    bindQueryHost({ getById: () => undefined })
    expect(SimpleQuery.getById('Order', 99)).toBeNull()
  })

  it('getByIds hands the host a frozen copy of the ids', () => {
    const query = bindQueryHost()
    const ids = [1, 2]
    expect(SimpleQuery.getByIds('Order', ids)).toEqual(orders)
    const [target, given] = query.getByIds.mock.lastCall as unknown as [string, readonly number[]]
    expect(target).toBe('Order')
    expect(given).toEqual([1, 2])
    expect(given).not.toBe(ids)
    expect(Object.isFrozen(given)).toBe(true)
    SimpleQuery.getByIds(Invoice, [5])
    expect(query.getByIds).toHaveBeenLastCalledWith(Invoice, [5])
  })

  it('getAll and count by name and by class', () => {
    const query = bindQueryHost()
    expect(SimpleQuery.getAll('Order')).toEqual(orders)
    expect(query.getAll).toHaveBeenLastCalledWith('Order')
    expect(SimpleQuery.getAll(Invoice)).toEqual(orders)
    expect(query.getAll).toHaveBeenLastCalledWith(Invoice)
    expect(SimpleQuery.count('Order')).toBe(2)
    expect(query.count).toHaveBeenLastCalledWith('Order')
    expect(SimpleQuery.count(Invoice)).toBe(2)
    expect(query.count).toHaveBeenLastCalledWith(Invoice)
  })

  it('reject a bad name, class or id before calling the host', () => {
    const query = bindQueryHost()
    expect(() => SimpleQuery.getById('', 1)).toThrow(
      /getById\(domain, id\) expects the domain name \(or a class\)/,
    )
    expect(() => SimpleQuery.getById('Order', 1.5)).toThrow(/expects id as an integer id, got number 1\.5/)
    expect(() => SimpleQuery.getById('Order', '1' as never)).toThrow(/got string "1"/)
    expect(() => SimpleQuery.getByIds('Order', [1, 'x'] as never)).toThrow(/ids\[1\] as an integer id/)
    expect(() => SimpleQuery.getByIds('Order', 1 as never)).toThrow(/ids as a collection/)
    expect(() => SimpleQuery.getAll(null as never)).toThrow(IllegalArgumentException)
    expect(() => SimpleQuery.count({} as never)).toThrow(/got an object/)
    expect(query.getById).not.toHaveBeenCalled()
    expect(query.getByIds).not.toHaveBeenCalled()
    expect(query.getAll).not.toHaveBeenCalled()
    expect(query.count).not.toHaveBeenCalled()
  })
})
