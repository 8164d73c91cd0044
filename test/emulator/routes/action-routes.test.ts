import { describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import type { LogicRequest } from '../../../src/emulator/index.js'
import type { TestHost } from '../../../src/testing/index.js'
import { SHOP, all, seed } from '../shop.js'
import { manualClock, platformError, startWire } from '../wire.js'

/** Puts the products of `request.body.ids` out of stock. */
function clearStock(request: LogicRequest) {
  const { ids } = request.body as { ids: number[] }
  for (const product of SimpleQuery.getByIds('Product', ids))
    DomainHelper.updateDomain({ ...product, stock: 0 })
  return { cleared: ids.length }
}

function refuse(): never {
  throw new Error('Widgets cannot be cleared on Sundays')
}

function action(
  host: TestHost,
  name: string,
  logic: string,
  domain: string | null = 'Product',
  active = true,
): number {
  return host.runAs({ tenant: 'acme' }, () => {
    const record = DomainHelper.buildDomain('ObjectAction', {
      name,
      domain,
      active,
      logic: SimpleQuery.of('DynamicLogic').eq('name', logic).get(),
    }) as { id: number }
    DomainHelper.createDomain(record)
    return record.id
  })
}

async function shop() {
  const clock = manualClock()
  const wire = await startWire({ ...SHOP, now: clock.now, logic: { clearStock, refuse } })
  const products = seed(wire.emulator.host, 'Product', [
    { name: 'Widget', price: '1.00', stock: 5 },
    { name: 'Gadget', price: '2.00', stock: 7 },
  ])
  return {
    wire,
    clock,
    products,
    admin: (await wire.login()).access_token,
    clerk: (await wire.login('clerk', 'clerk')).access_token,
  }
}

describe('object actions', () => {
  it('POST /action/byName/<name> runs the logic with the JSON body and answers the mutation envelope with its result', async () => {
    const { wire, clock, products, admin } = await shop()
    action(wire.emulator.host, 'clear-stock', 'clearStock')
    const { status, body } = await wire.json('POST', '/action/byName/clear-stock', {
      token: admin,
      json: { ids: products.map((p) => p.id) },
    })
    expect(status).toBe(200)
    expect(body).toEqual({ status: 'success', message: '', data: { cleared: 2 }, date: clock.now() })
    expect(all(wire.emulator.host, 'Product').map((p) => p['stock'])).toEqual([0, 0])
  })

  it('POST /action/byName/<name> runs the active action of that name, also after an inactive one of the same name', async () => {
    const { wire, products, admin } = await shop()
    action(wire.emulator.host, 'clear-stock', 'refuse', 'Product', false)
    action(wire.emulator.host, 'clear-stock', 'clearStock')
    const { status, body } = await wire.json('POST', '/action/byName/clear-stock', {
      token: admin,
      json: { ids: [products[0]!.id] },
    })
    expect({ status, data: body.data }).toEqual({ status: 200, data: { cleared: 1 } })
  })

  it('POST /action/byId/<id> runs the action of that id', async () => {
    const { wire, products, admin } = await shop()
    const id = action(wire.emulator.host, 'clear-stock', 'clearStock')
    const { body } = await wire.json('POST', `/action/byId/${id}`, {
      token: admin,
      json: { ids: [products[0]!.id] },
    })
    expect(body.data).toEqual({ cleared: 1 })
    expect(all(wire.emulator.host, 'Product').map((p) => p['stock'])).toEqual([0, 7])
  })

  it('answers status error with the message when the logic throws', async () => {
    const { wire, admin } = await shop()
    action(wire.emulator.host, 'refuse', 'refuse')
    const { status, body } = await wire.json('POST', '/action/byName/refuse', { token: admin })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      status: 'error',
      message: expect.stringContaining('Widgets cannot be cleared on Sundays'),
      data: null,
    })
  })

  it("are domain-checked: 403 with errCode 1004 without a token or without the domain's update role", async () => {
    const { wire, products, clerk } = await shop()
    action(wire.emulator.host, 'clear-stock', 'clearStock')
    expect(
      await wire.json('POST', '/action/byName/clear-stock', { json: { ids: [products[0]!.id] } }),
    ).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
    expect(
      (
        await wire.json('POST', '/action/byName/clear-stock', {
          token: clerk,
          json: { ids: [products[0]!.id] },
        })
      ).status,
    ).toBe(403)
    expect(all(wire.emulator.host, 'Product').map((p) => p['stock'])).toEqual([5, 7])
  })

  it('answer 404 with errCode 1005 for an action the tenant does not have', async () => {
    const { wire, admin } = await shop()
    expect(await wire.json('POST', '/action/byName/nothing', { token: admin })).toEqual({
      status: 404,
      body: platformError(1005, 'NotFound'),
    })
    expect((await wire.json('POST', '/action/byId/424242', { token: admin })).status).toBe(404)
  })
})
