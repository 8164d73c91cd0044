import { describe, expect, it } from 'vitest'
import { DomainHelper } from '../../../src/index.js'
import { SHOP, seed } from '../shop.js'
import { platformError, startWire } from '../wire.js'

async function shopWithOrders() {
  const wire = await startWire(SHOP)
  const admin = (await wire.login()).access_token
  const clerk = (await wire.login('clerk', 'clerk')).access_token
  const [ann, bob] = seed(wire.emulator.host, 'Customer', [
    { name: 'Ann Archer', email: 'ann@example.com' },
    { name: 'Bob 100% Baker', email: 'BOB@EXAMPLE.COM' },
  ])
  seed(wire.emulator.host, 'Order', [
    { number: 1, status: 'OPEN', total: '10.00', customer: ann },
    { number: 2, status: 'SHIPPED', total: '250.00', customer: ann },
    { number: 3, status: 'OPEN', total: '99.50', customer: bob },
    { number: 4, status: 'CANCELLED', total: null, customer: bob },
  ])
  return { wire, admin, clerk, ann: ann!, bob: bob! }
}

const numbers = (body: { data: { number: number }[] }): number[] => body.data.map((o) => o.number)

describe('POST /search/<domain>', () => {
  it('answers the list response of the objects that meet every condition', async () => {
    const { wire, admin } = await shopWithOrders()
    const { status, body } = await wire.json('POST', '/search/Order', {
      token: admin,
      json: {
        conditions: [
          { field: 'status', operator: 'eq', value: 'OPEN' },
          { field: 'total', operator: 'gt', value: '50' },
        ],
      },
    })
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['total', 'data', 'formHookDataList'])
    expect(numbers(body)).toEqual([3])
    expect(body.data[0].total).toBe(99.5)
  })

  it('combines the conditions with OR when and is false, and orders by orderBy', async () => {
    const { wire, admin } = await shopWithOrders()
    const { body } = await wire.json('POST', '/search/Order', {
      token: admin,
      json: {
        and: false,
        conditions: [
          { field: 'status', operator: 'eq', value: 'SHIPPED' },
          { field: 'status', operator: 'eq', value: 'CANCELLED' },
        ],
        orderBy: ['number'],
        asc: false,
      },
    })
    expect(numbers(body)).toEqual([4, 2])
  })

  it('takes a reference condition value as {"id": n}, pages with offset and max, and counts all matches', async () => {
    const { wire, admin, bob } = await shopWithOrders()
    const { body } = await wire.json('POST', '/search/Order?max=1&offset=1', {
      token: admin,
      json: { conditions: [{ field: 'customer', operator: 'eq', value: { id: bob.id } }] },
    })
    expect(body.total).toBe(2)
    expect(numbers(body)).toEqual([4])
  })

  it('without a body answers every object', async () => {
    const { wire, admin } = await shopWithOrders()
    const { body } = await wire.json('POST', '/search/Order', { token: admin })
    expect(body.total).toBe(4)
  })

  it('answers 400 with the reason for a condition the library refuses, or a malformed body', async () => {
    const { wire, admin } = await shopWithOrders()
    for (const json of [
      { conditions: [{ field: 'colour', operator: 'eq', value: 'red' }] },
      { conditions: [{ field: 'status', operator: 'like', value: 'O%' }] },
      { conditions: [{ field: 'status', operator: 'in', value: 'OPEN' }] },
      { conditions: {} },
      { conditions: [], where: 'status = 1' },
      [{ field: 'status', operator: 'eq', value: 'OPEN' }],
    ]) {
      const { status, body } = await wire.json('POST', '/search/Order', { token: admin, json })
      expect(status, JSON.stringify(json)).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
  })

  it("holds the domain's read requirement and the missing-token rule", async () => {
    const wire = await startWire({
      ...SHOP,
      domains: { ...SHOP.domains, Secret: { fields: { code: 'STRING' }, roles: { read: ['ROLE_ADMIN'] } } },
    })
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    expect(await wire.json('POST', '/search/Secret', { token: clerk })).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
    expect(await wire.json('POST', '/search/Order')).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
    expect((await wire.json('POST', '/search/Nothing', { token: clerk })).status).toBe(404)
  })
})

describe('POST /search/keyword/<domain>', () => {
  it('matches q case-insensitively anywhere in any STRING field', async () => {
    const { wire, clerk } = await shopWithOrders()
    const byName = await wire.json('POST', '/search/keyword/Customer?q=archer', { token: clerk })
    expect(byName.body.data.map((c: { name: string }) => c.name)).toEqual(['Ann Archer'])
    const byEmail = await wire.json('POST', '/search/keyword/Customer?q=example.COM', { token: clerk })
    expect(byEmail.body.total).toBe(2)
  })

  it('takes % and _ in q literally', async () => {
    const { wire, clerk } = await shopWithOrders()
    expect(
      (await wire.json('POST', '/search/keyword/Customer?q=100%25', { token: clerk })).body.data.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(['Bob 100% Baker'])
    expect((await wire.json('POST', '/search/keyword/Customer?q=_', { token: clerk })).body.total).toBe(0)
  })

  it('answers every object for an empty q, paged by max and offset', async () => {
    const { wire, clerk } = await shopWithOrders()
    const { body } = await wire.json('POST', '/search/keyword/Order?max=3', { token: clerk })
    expect(body.total).toBe(4)
    expect(body.data).toHaveLength(3)
    const rest = await wire.json('POST', '/search/keyword/Order?max=3&offset=3', { token: clerk })
    expect(rest.body.total).toBe(4)
    expect(rest.body.data.map((o: { id: number }) => o.id)).toEqual([body.data[2].id + 1])
  })
})

describe('the work one search can cause is bounded (OWASP API4)', () => {
  it('a 14 KB keyword over a 1 MB text, and a 31 KB iLike pattern over a 128 KB text, answer without holding the server', async () => {
    const wire = await startWire({ domains: { Note: { fields: { body: 'STRING' } } } })
    const { access_token: token } = await wire.login()
    const keyword = 'ab'.repeat(7 * 1024)
    wire.emulator.host.runAs({}, () => {
      for (const body of ['a'.repeat(1024 * 1024), `x${keyword}x`])
        DomainHelper.createDomain(DomainHelper.buildDomain('Note', { body }))
    })
    const found = await wire.json('POST', `/search/keyword/Note?q=${keyword}`, { token })
    expect([found.status, found.body.total]).toEqual([200, 1])
    const infix = await wire.json('POST', '/search/Note', {
      token,
      json: { conditions: [{ field: 'body', operator: 'iLike', value: `%${'a'.repeat(31 * 1024)}b%` }] },
    })
    expect([infix.status, infix.body.total]).toEqual([200, 0])
  })

  it('a pattern whose run holding _ would cost more than the bound is refused with 400/1001 saying what to do', async () => {
    const wire = await startWire({ domains: { Note: { fields: { body: 'STRING' } } } })
    const { access_token: token } = await wire.login()
    wire.emulator.host.runAs({}, () =>
      DomainHelper.createDomain(DomainHelper.buildDomain('Note', { body: 'a'.repeat(128 * 1024) })),
    )
    const { status, body } = await wire.json('POST', '/search/Note', {
      token,
      json: { conditions: [{ field: 'body', operator: 'iLike', value: `%${'a_'.repeat(8 * 1024)}b%` }] },
    })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    expect(body.errMsg).toContain('shorten it, or split it with %')
  })
})
