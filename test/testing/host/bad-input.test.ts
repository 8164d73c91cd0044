import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  AsyncHelper,
  BeanContainer,
  DomainHelper,
  DomainObjectRenderType,
  IllegalArgumentException,
  MessageHelper,
  QueryHelper,
  SimpleQuery,
  StorageUtils,
  VendorApiError,
  type DomainObject,
} from '../../../src/index.js'
import { SeedDataException, createTestHost } from '../../../src/testing/index.js'
import { SHOP, installHost, refused } from '../hosts.js'

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
})

function seedAnn(): DomainObject {
  const ann = DomainHelper.buildDomain('Client', { name: 'Ann' })
  DomainHelper.createDomain(ann)
  return ann
}

/** What the store holds, to compare before and after a refused call. */
const snapshot = (): unknown => [
  SimpleQuery.getAll('Client'),
  SimpleQuery.getAll('Purchase'),
  SimpleQuery.getAll('Label'),
]

describe('prototype-polluting requests', () => {
  const bodies = [
    ['__proto__', () => JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>],
    [
      'constructor.prototype',
      () => JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}') as Record<string, unknown>,
    ],
  ] as const

  test.each(bodies)(
    'a %s key is refused by buildDomain, createDomain, updateDomain and batchCreate, and nothing is written',
    (_, body) => {
      installHost()
      const ann = seedAnn()
      const before = snapshot()
      expect(refused(() => DomainHelper.buildDomain('Client', { name: 'Bob', ...body() }))).toMatch(
        /prototype/,
      )
      const draft = DomainHelper.buildDomain('Client', { name: 'Bob' })
      // As a JSON body merged by defining its keys: the key becomes an own property.
      for (const [key, value] of Object.entries(body())) {
        Object.defineProperty(draft, key, { value, enumerable: true, writable: true, configurable: true })
      }
      expect(refused(() => DomainHelper.createDomain(draft))).toMatch(/prototype/)
      expect(refused(() => DomainHelper.updateDomain({ ...ann, name: 'Changed', ...body() }))).toMatch(
        /prototype/,
      )
      expect(
        refused(() => DomainHelper.batchCreate('Client', [{ name: 'Cy' }, { name: 'Dee', ...body() }])),
      ).toMatch(/prototype/)
      expect(snapshot()).toEqual(before)
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
      expect((Object.prototype as Record<string, unknown>)['polluted']).toBeUndefined()
    },
  )

  test('a polluting seed header or seed row is refused, and nothing is imported', () => {
    const host = installHost()
    expect(() => host.importSeedCsv('Client', '__proto__,name\nx,Ann\n')).toThrow(SeedDataException)
    expect(() => host.importSeedCsv('Client', 'constructor.prototype,name\nx,Ann\n')).toThrow(
      SeedDataException,
    )
    expect(() =>
      createTestHost({
        domains: SHOP,
        seed: { Client: [JSON.parse('{"name": "Ann", "__proto__": {"polluted": 1}}')] },
      }),
    ).toThrow(SeedDataException)
    expect(SimpleQuery.count('Client')).toBe(0)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  test('a polluting condition is refused by the query', () => {
    installHost()
    expect(() =>
      SimpleQuery.of('Client')
        .addConditions(JSON.parse('[{"operator": "eq", "field": "__proto__", "value": {"polluted": 1}}]'))
        .listAll(),
    ).toThrow(IllegalArgumentException)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})

describe('SimpleQuery', () => {
  test('an unknown domain names the known ones', () => {
    installHost()
    expect(refused(() => SimpleQuery.of('Nope'))).toContain('Known domains: Client, Purchase, Label')
    expect(refused(() => SimpleQuery.count('Nope'))).toContain('Nope')
    expect(refused(() => SimpleQuery.getById('Nope', 1))).toContain('Nope')
  })

  test('an unknown domain is named plainly, with the member that was called', () => {
    installHost()
    expect(refused(() => SimpleQuery.of('Nope'))).toMatch(
      /^SimpleQuery\.of: there is no domain named 'Nope'\./,
    )
    expect(refused(() => SimpleQuery.count('Nope'))).toMatch(
      /^SimpleQuery\.count: there is no domain named 'Nope'\./,
    )
    expect(refused(() => SimpleQuery.getAll('Nope'))).toMatch(/^SimpleQuery\.getAll: /)
    expect(refused(() => SimpleQuery.getByIds('Nope', [1]))).toMatch(/^SimpleQuery\.getByIds: /)
  })

  test('a blank domain name, which the facades pass on, is refused as blank', () => {
    installHost()
    const blank =
      /: a domain name must not be blank, got the string " {2}"; pass a domain's short name\. Known domains: /
    expect(refused(() => SimpleQuery.of('  '))).toMatch(blank)
    expect(refused(() => SimpleQuery.count('  '))).toMatch(blank)
    expect(refused(() => SimpleQuery.getById('  ', 1))).toMatch(blank)
    expect(refused(() => DomainHelper.buildDomain('  '))).toMatch(blank)
    expect(refused(() => DomainHelper.batchCreate('  ', [{}]))).toMatch(blank)
  })

  test('an unknown field, a wrong value type or a bare id for a reference is refused', () => {
    installHost()
    seedAnn()
    refused(() => SimpleQuery.of('Client').eq('colour', 'red').listAll())
    refused(() => SimpleQuery.of('Purchase').eq('quantity', 'many').listAll())
    expect(refused(() => SimpleQuery.of('Purchase').eq('customer', 1).listAll())).toMatch(/object/)
  })

  test('a reference condition given an object of another domain is refused', () => {
    installHost()
    const ann = seedAnn()
    const label = DomainHelper.buildDomain('Label', { name: 'red' })
    DomainHelper.createDomain(label)
    expect(refused(() => SimpleQuery.of('Purchase').eq('customer', label).listAll())).toMatch(
      /Purchase\.customer references Client, but the object given is a Label/,
    )
    expect(
      refused(() =>
        SimpleQuery.of('Purchase')
          .in('customer', [ann, { ...label }])
          .listAll(),
      ),
    ).toMatch(/object given is a Label/)
    expect(SimpleQuery.of('Purchase').eq('customer', ann).listAll()).toEqual([])
  })

  test('negative paging is refused', () => {
    installHost()
    refused(() => SimpleQuery.of('Client').list(-1, 10))
    refused(() => SimpleQuery.of('Client').list(0, -5))
  })

  test('wrong argument types are refused', () => {
    installHost()
    refused(() => SimpleQuery.of(42 as never))
    refused(() => SimpleQuery.getById('Client', '1' as never))
    refused(() => SimpleQuery.getByIds('Client', 'all' as never))
  })
})

describe('DomainHelper', () => {
  test('wrong argument types and unknown domains are refused, and nothing is written', () => {
    installHost()
    seedAnn()
    const before = snapshot()
    refused(() => DomainHelper.buildDomain('Nope'))
    refused(() => DomainHelper.buildDomain('Client', 'Ann' as never))
    refused(() => DomainHelper.createDomain('Ann' as never))
    refused(() => DomainHelper.createDomain(null as never))
    refused(() => DomainHelper.updateDomain([] as never))
    refused(() => DomainHelper.deleteDomain({ id: 999_999 }))
    refused(() => DomainHelper.batchCreate('Client', 'Ann' as never))
    refused(() => DomainHelper.batchCreate('Client', [{ name: 'Bob' }, 'Cy' as never]))
    refused(() => DomainHelper.render(SimpleQuery.getAll('Client')[0] as object, 'EVERYTHING' as never))
    expect(snapshot()).toEqual(before)
  })

  test('an update of a spread copy whose id does not exist says so, and writes nothing', () => {
    installHost()
    const ann = seedAnn()
    const before = snapshot()
    const message = refused(() => DomainHelper.updateDomain({ ...ann, id: 999_999, name: 'Bob' }))
    expect(message).toContain('no object with id 999999 exists')
    expect(snapshot()).toEqual(before)
  })

  test('render of an object with a wrong value is refused', () => {
    installHost()
    const draft = DomainHelper.buildDomain('Client', { name: 5 as never })
    refused(() => DomainHelper.render(draft, DomainObjectRenderType.ALL_COLUMNS))
  })
})

describe('the other facades', () => {
  test('StorageUtils refuses empty names and content that is not bytes or text', () => {
    installHost()
    refused(() => StorageUtils.createStorageFileDomain('', 'text/plain', 'x'))
    refused(() => StorageUtils.createStorageFileDomain('a.txt', '', 'x'))
    refused(() => StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 42 as never))
  })

  test('BeanContainer refuses what is not a class', () => {
    installHost()
    refused(() => BeanContainer.getBean('Mailer' as never))
    refused(() => BeanContainer.getBeansOfType({} as never))
  })

  test('AsyncHelper refuses a bad period or task, and schedules nothing', async () => {
    const host = installHost()
    refused(() => AsyncHelper.scheduleAtFixRate(-1, () => undefined))
    refused(() => AsyncHelper.scheduleAtFixRate(1.5, () => undefined))
    refused(() => AsyncHelper.scheduleAtFixRate(10, 'run' as never))
    refused(() => AsyncHelper.task(42 as never))
    await host.whenIdle()
    expect(host.errors).toEqual([])
  })

  test('QueryHelper refuses a closure that is not a function', () => {
    installHost()
    refused(() => QueryHelper.withTransaction('commit' as never))
    refused(() => QueryHelper.withSession(undefined as never))
  })

  test('MessageHelper.pushMessage refuses a message without a recipient, and records nothing', () => {
    const host = installHost()
    const pushMessage = (MessageHelper as unknown as { pushMessage(n: unknown): void }).pushMessage
    refused(() => pushMessage({ content: 'hi', toUserName: 'ann' }))
    refused(() =>
      pushMessage(JSON.parse('{"__proto__": {"toUser": {"id": 1, "username": "x"}}, "content": "hi"}')),
    )
    expect(host.pushedMessages).toEqual([])
  })

  test('host methods refuse bad input with typed errors too', () => {
    const host = installHost()
    expect(() => host.runAs('acme' as never, () => 1)).toThrow(VendorApiError)
    expect(() => host.runAs({ user: { name: 'ann' } as never }, () => 1)).toThrow(IllegalArgumentException)
    expect(() => host.runAs({ plugin: 'not-loaded' }, () => 1)).toThrow(IllegalArgumentException)
    expect(() => host.importSeedCsv('Nope', 'name\nx\n')).toThrow(IllegalArgumentException)
    expect(() => host.loadPlugin({} as never)).toThrow(IllegalArgumentException)
    expect(() => host.unloadPlugin('nope')).toThrow(IllegalArgumentException)
    expect(() => host.readStoredFile('files/0')).toThrow(IllegalArgumentException)
  })
})
