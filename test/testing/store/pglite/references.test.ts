import { afterAll, describe, expect, it } from 'vitest'
import { DomainHelper, QueryHelper, SimpleQuery, ValidationException } from '../../../../src/index.js'
import {
  createTestHost,
  memoryStore,
  pgliteStore,
  type Store,
  type TestHost,
} from '../../../../src/testing/index.js'
import { pgliteRoundTrips } from '../../../../src/testing/store/pglite/pglite-store.js'

// PGlite checks a new row's references with its insert (one round trip, not one more per reference): where one
// is missing, what a test sees must be what it sees on the in-memory store, which checks each first.

const pglite = await pgliteStore()
afterAll(() => pglite.close())

const DOMAINS = {
  RefCustomer: { fields: { name: { type: 'STRING', required: true } } },
  RefOrder: {
    fields: {
      number: { type: 'INTEGER', required: true },
      customer: { type: 'DOMAIN_OBJECT', domain: 'RefCustomer' },
      referrer: { type: 'DOMAIN_OBJECT', domain: 'RefCustomer' },
    },
  },
  // A table with a list field: its join rows are statements of their own, so PGlite reads the references first.
  RefBundle: { fields: { members: { type: 'DOMAIN_OBJECT_LIST', domain: 'RefCustomer' } } },
} as const

type Row = Record<string, unknown> & { id?: number }

/** Runs `test` on a fresh host of `store`, in tenant `a` (with `b` beside it), and returns what it returned. */
function onHost<T>(store: Store, test: (host: TestHost) => T): T {
  const host = createTestHost({ domains: DOMAINS, store, tenants: ['a', 'b'] }).install()
  try {
    return host.runAs({ tenant: 'a' }, () => test(host))
  } finally {
    host.uninstall()
  }
}

/** The same test on both stores: what it returned on PGlite, which must equal what it returned in memory. */
function onBoth<T>(test: (host: TestHost) => T): T {
  const inMemory = onHost(memoryStore(), test)
  const onPglite = onHost(pglite, test)
  expect(onPglite).toEqual(inMemory)
  return onPglite
}

function create(domain: keyof typeof DOMAINS, values: Row): Row {
  const row = DomainHelper.buildDomain(domain, values) as Row
  DomainHelper.createDomain(row)
  return row
}

/** The error a create throws: its class, and each field error's field, code and message. */
function refusal(domain: keyof typeof DOMAINS, values: Row): unknown {
  try {
    create(domain, values)
  } catch (error) {
    if (!ValidationException.is(error)) throw error
    return {
      message: error.message,
      errors: error.errors.map(({ field, code, message }) => ({ field, code, message })),
    }
  }
  throw new Error('the create was not refused')
}

/** A customer that existed: created, then deleted. */
function deletedCustomer(): Row {
  const gone = create('RefCustomer', { name: 'Gone' })
  DomainHelper.deleteDomain(gone)
  return gone
}

describe('a create whose reference is missing, on PGlite as in memory', () => {
  it('is a ValidationException naming the field; nothing is written and the next create gets the id', () => {
    const seen = onBoth(() => {
      const gone = deletedCustomer()
      const ann = create('RefCustomer', { name: 'Ann' })
      return {
        refused: refusal('RefOrder', { number: 1, customer: gone }),
        // The second reference is the missing one.
        second: refusal('RefOrder', { number: 2, customer: ann, referrer: gone }),
        next: create('RefOrder', { number: 3, customer: ann, referrer: ann }).id,
        orders: SimpleQuery.count('RefOrder'),
      }
    })
    expect(seen.next).toBe(3)
    expect(seen.orders).toBe(1)
  })

  it('lists the missing reference with the request’s other errors, in field order', () => {
    onBoth(() => refusal('RefOrder', { number: 'one', customer: deletedCustomer(), colour: 'red' }))
  })

  it('refuses a reference to another tenant’s row', () => {
    const seen = onBoth((host) => {
      const theirs = host.runAs({ tenant: 'b' }, () => create('RefCustomer', { name: 'Theirs' }))
      return { theirs: theirs.id, refused: refusal('RefOrder', { number: 1, customer: { id: theirs.id } }) }
    })
    expect(seen.refused).toMatchObject({ errors: [{ field: 'customer', code: 'invalidReference' }] })
  })

  it('inside a transaction: the transaction goes on, and commits what it wrote before and after', () => {
    onBoth(() => {
      const refused = QueryHelper.withTransaction(() => {
        const ann = create('RefCustomer', { name: 'Ann' })
        const error = refusal('RefOrder', { number: 1, customer: deletedCustomer() })
        create('RefOrder', { number: 2, customer: ann })
        return error
      })
      return { refused, orders: SimpleQuery.count('RefOrder'), customers: SimpleQuery.count('RefCustomer') }
    })
  })

  it('in a list field, each element is checked', () => {
    onBoth(() => {
      const ann = create('RefCustomer', { name: 'Ann' })
      return {
        refused: refusal('RefBundle', { members: [ann, deletedCustomer()] }),
        next: create('RefBundle', { members: [ann] }).id,
        bundles: SimpleQuery.count('RefBundle'),
      }
    })
  })
})

describe('round trips of a create that references rows on PGlite', () => {
  it('one for the insert that checks them; the check is made again, reference by reference, only when one is missing', () => {
    onHost(pglite, () => {
      const ann = create('RefCustomer', { name: 'Ann' })
      const gone = deletedCustomer()
      const trips = (fn: () => unknown): number => {
        const before = pgliteRoundTrips(pglite) as number
        fn()
        return (pgliteRoundTrips(pglite) as number) - before
      }
      expect(trips(() => create('RefOrder', { number: 1, customer: ann, referrer: ann }))).toBe(1)
      expect(trips(() => refusal('RefOrder', { number: 2, customer: ann, referrer: gone }))).toBe(3)
      // A table with a list field reads each reference first.
      expect(trips(() => create('RefBundle', { members: [ann, ann] }))).toBe(3)
    })
  })
})
