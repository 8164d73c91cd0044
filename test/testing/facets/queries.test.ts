import { describe, expect, test } from 'vitest'
import {
  DomainHelper,
  DynamicDomainEntity,
  NonUniqueResultException,
  SimpleQuery,
  type DomainObject,
} from '../../../src/index.js'
import { DynamicRpcClientService, VendorRpcService } from '../../../src/v1/index.js'
import { installHost } from '../hosts.js'

function seedPurchases(): DomainObject[] {
  const ann = DomainHelper.buildDomain('Client', { name: 'Ann' })
  const bob = DomainHelper.buildDomain('Client', { name: 'Bob' })
  DomainHelper.batchCreate('Client', [ann, bob])
  return DomainHelper.batchCreate('Purchase', [
    { number: 'P-1', status: 'OPEN', total: '10', customer: ann },
    { number: 'P-2', status: 'CLOSED', total: '250', customer: bob },
    { number: 'P-3', status: 'OPEN', total: '99.5', customer: bob },
    { number: 'P-4', status: 'OPEN', total: null, customer: null },
  ])
}

const numbers = (rows: readonly DomainObject[]): unknown[] => rows.map((r) => r['number'])

describe('SimpleQuery through the reference host', () => {
  test('list pages with a 0-based offset and carries the count of all matches', () => {
    installHost()
    seedPurchases()
    const page = SimpleQuery.of('Purchase').eq('status', 'OPEN').list(1, 1)
    expect(numbers(page)).toEqual(['P-3'])
    expect(page.totalCount).toBe(3)
  })

  test('list orders by fields, nulls last ascending and first descending', () => {
    installHost()
    seedPurchases()
    expect(numbers(SimpleQuery.of('Purchase').list(0, 10, ['total']))).toEqual(['P-1', 'P-3', 'P-2', 'P-4'])
    expect(numbers(SimpleQuery.of('Purchase').list(0, 10, ['total'], false))).toEqual([
      'P-4',
      'P-2',
      'P-3',
      'P-1',
    ])
  })

  test('get returns the single match, null for none, and throws NonUniqueResultException for several', () => {
    installHost()
    seedPurchases()
    expect(SimpleQuery.of('Purchase').eq('number', 'P-2').get()?.['status']).toBe('CLOSED')
    expect(SimpleQuery.of('Purchase').eq('number', 'P-9').get()).toBeNull()
    expect(() => SimpleQuery.of('Purchase').eq('status', 'OPEN').get()).toThrow(NonUniqueResultException)
  })

  test('a DOMAIN_OBJECT condition takes the referenced object', () => {
    installHost()
    seedPurchases()
    const bob = SimpleQuery.of('Client').eq('name', 'Bob').get() as DomainObject
    expect(numbers(SimpleQuery.of('Purchase').eq('customer', bob).listAll())).toEqual(['P-2', 'P-3'])
    expect(numbers(SimpleQuery.of('Purchase').ne('customer', bob).listAll())).toEqual(['P-1'])
  })

  test('of(Class, false) combines conditions with OR', () => {
    installHost()
    seedPurchases()
    class Purchase extends DynamicDomainEntity {
      declare number: string
      declare status: string
      declare total: string | null
    }
    const found = SimpleQuery.of(Purchase, false).eq('status', 'CLOSED').isNull('total').listAll()
    expect(found.map((p) => p.number)).toEqual(['P-2', 'P-4'])
  })

  test('getByIds keeps the order of the ids and skips missing ones; getAll and count see every object', () => {
    installHost()
    const [p1, , p3] = seedPurchases()
    expect(numbers(SimpleQuery.getByIds('Purchase', [p3?.id as number, 999_999, p1?.id as number]))).toEqual([
      'P-3',
      'P-1',
    ])
    expect(SimpleQuery.getAll('Purchase')).toHaveLength(4)
    expect(SimpleQuery.count('Purchase')).toBe(4)
  })
})

describe('dynamic RPC through the reference host', () => {
  class Totals extends VendorRpcService {
    static override readonly serviceName = 'totals'
    openCount(): number {
      return SimpleQuery.of('Purchase').eq('status', 'OPEN').listAll().length
    }
  }

  test('invokes a method of a VendorRpcService registered as a bean', () => {
    installHost({ beans: [new Totals()], libraryLine: '1.0.0' })
    seedPurchases()
    expect(DynamicRpcClientService.invoke('totals', 'openCount')).toBe(3)
    expect(DynamicRpcClientService.getClient<{ openCount(): number }>('totals').openCount()).toBe(3)
  })

  test('an unknown service or method is refused, naming what is registered', () => {
    installHost({ beans: [new Totals()], libraryLine: '1.0.0' })
    expect(() => DynamicRpcClientService.invoke('nope', 'openCount')).toThrow(
      /No RPC service 'nope'.*registered: totals/,
    )
    expect(() => DynamicRpcClientService.invoke('totals', 'drop')).toThrow(/no method 'drop'.*openCount/)
  })
})
