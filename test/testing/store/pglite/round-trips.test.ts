import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { DomainHelper, QueryHelper, SimpleQuery } from '../../../../src/index.js'
import { createTestHost, pgliteStore, type TestHost } from '../../../../src/testing/index.js'
import { pgliteRoundTrips } from '../../../../src/testing/store/pglite/pglite-store.js'

// What a call costs on PGlite is its round trips into the engine (issue 26: 35 per test were 79% of its time).
// These counts hold the batching: a change that adds one shows here.

const store = await pgliteStore()
afterAll(() => store.close())

const hosts: TestHost[] = []
afterEach(() => {
  for (const host of hosts.splice(0)) host.uninstall()
})

const DOMAINS = {
  TripCustomer: { fields: { name: { type: 'STRING', required: true }, vip: 'BOOLEAN' } },
  TripOrder: {
    fields: {
      number: { type: 'INTEGER', required: true },
      customer: { type: 'DOMAIN_OBJECT', domain: 'TripCustomer' },
      status: 'STRING',
    },
  },
} as const

function install(name: string): TestHost {
  const host = createTestHost({ name, domains: DOMAINS, store }).install()
  hosts.push(host)
  return host
}

/** The round trips `fn` makes. */
function tripsOf(fn: () => void): number {
  const before = pgliteRoundTrips(store) as number
  fn()
  return (pgliteRoundTrips(store) as number) - before
}

describe('round trips into PGlite', () => {
  it('a typical test: none to open the host or to uninstall it, none for ids, one per create with the check of its references', () => {
    // The first host to open its data creates the schema; the counts are those of every later one.
    install('schema')
    expect(SimpleQuery.count('TripOrder')).toBe(0)
    ;(hosts.pop() as TestHost).uninstall()
    let customer: object = {}
    const trips = {
      // The host's data opens at its first call: its BEGIN, after the last host's rollback, heads that call.
      install: tripsOf(() => void install('typical')),
      firstCreate: tripsOf(() => {
        customer = DomainHelper.buildDomain('TripCustomer', { name: 'Ann', vip: true })
        DomainHelper.createDomain(customer)
      }),
      // Each inserts its row only if the customer it references exists; the host gives ids itself.
      creates: [1, 2, 3, 4, 5, 6, 7, 8].map((number) =>
        tripsOf(() =>
          DomainHelper.createDomain(
            DomainHelper.buildDomain('TripOrder', { number, customer, status: 'OPEN' }),
          ),
        ),
      ),
      update: tripsOf(() => DomainHelper.updateDomain({ ...customer, vip: false })),
      count: tripsOf(() => expect(SimpleQuery.count('TripOrder')).toBe(8)),
      page: tripsOf(() =>
        expect(SimpleQuery.of('TripOrder').eq('status', 'OPEN').list(0, 5, ['number']).totalCount).toBe(8),
      ),
      uninstall: tripsOf(() => (hosts.pop() as TestHost).uninstall()),
    }
    expect(trips).toEqual({
      install: 0,
      firstCreate: 1,
      creates: [1, 1, 1, 1, 1, 1, 1, 1],
      update: 2,
      count: 1,
      // The page, then the customer its orders reference.
      page: 2,
      uninstall: 0,
    })
    // The rollback deferred from the uninstall, and the next host's BEGIN, head its first call: its data is gone.
    install('next')
    expect(tripsOf(() => expect(SimpleQuery.count('TripOrder')).toBe(0))).toBe(1)
  })

  it('a batch of 100 creates takes no round trip for its ids, and ids go on from there', () => {
    install('batch')
    const customer = DomainHelper.buildDomain('TripCustomer', { name: 'Ann' })
    const trips = tripsOf(() =>
      DomainHelper.batchCreate(
        'TripCustomer',
        Array.from({ length: 100 }, (_, n) => DomainHelper.buildDomain('TripCustomer', { name: `c${n}` })),
      ),
    )
    // 100 writes and the batch's own transaction (begun at the head of the host's first call, and committed).
    expect(trips).toBe(100 + 2)
    DomainHelper.createDomain(customer)
    expect((customer as { id: number }).id).toBe(101)
  })

  it('native SQL after ids were taken ahead gets the next one, as if each id had been its own nextval', () => {
    install('native')
    DomainHelper.createDomain(DomainHelper.buildDomain('TripCustomer', { name: 'Ann' }))
    DomainHelper.createDomain(DomainHelper.buildDomain('TripCustomer', { name: 'Bob' }))
    const [row] = QueryHelper.withSql((sql) =>
      sql.rows("insert into trip_customer (tenant_id, name) values ('default', 'Cy') returning id"),
    )
    expect(Number(row?.['id'])).toBe(3)
    const next = DomainHelper.buildDomain('TripCustomer', { name: 'Di' })
    DomainHelper.createDomain(next)
    expect((next as { id: number }).id).toBe(4)
    expect(SimpleQuery.getAll('TripCustomer').map((c) => c['name'])).toEqual(['Ann', 'Bob', 'Cy', 'Di'])
  })

  it('native SQL before any create gets id 1, whatever ids the last host took, and the facades go on after it', () => {
    install('taken')
    for (const name of ['Ann', 'Bob', 'Cy'])
      DomainHelper.createDomain(DomainHelper.buildDomain('TripCustomer', { name }))
    ;(hosts.pop() as TestHost).uninstall()
    install('native-first')
    const [row] = QueryHelper.withSql((sql) =>
      sql.rows("insert into trip_customer (tenant_id, name) values ('default', 'Di') returning id"),
    )
    expect(Number(row?.['id'])).toBe(1)
    const next = DomainHelper.buildDomain('TripCustomer', { name: 'Ed' })
    DomainHelper.createDomain(next)
    expect((next as { id: number }).id).toBe(2)
  })
})
