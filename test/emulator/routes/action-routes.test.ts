import { describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import type { LogicRequest } from '../../../src/emulator/index.js'
import type { TestHost } from '../../../src/testing/index.js'
import { SHOP, all, seed } from '../shop.js'
import { platformError, startWire } from '../wire.js'

/** What an action's logic gets. */
interface ActionCall {
  objects: { id: number; name: string; stock: number }[]
  objectIds: number[]
  domain: string
  parameters: { stock?: number }
  user: { username: string }
}

/** Sets the stock of the action's objects to `parameters.stock` (0 by default), as the platform's logic answers. */
function setStock(request: LogicRequest) {
  const call = request as unknown as ActionCall
  for (const product of SimpleQuery.getByIds('Product', call.objectIds))
    DomainHelper.updateDomain({ ...product, stock: call.parameters.stock ?? 0 })
  return {
    execResult: `${call.objects.map((o) => o.name).join(', ')} set by ${call.user.username}`,
    ignored: true,
  }
}

/** Answers what it was given, without an execResult. */
function echo(request: LogicRequest) {
  const { objects, objectIds, domain, parameters } = request as unknown as ActionCall
  return { objects: objects.map((o) => o.name), objectIds, domain, parameters }
}

function never() {
  return false
}

function refuse(): never {
  throw new Error('Widgets cannot be cleared on Sundays')
}

/** The DomainClass record of an application domain, made when the emulator does not have it yet. */
function domainClass(host: TestHost, shortName: string): object {
  return host.runAs({ tenant: 'acme' }, () => {
    const found = SimpleQuery.of('DomainClass').eq('shortName', shortName).list(0, 1)[0]
    if (found !== undefined) return found
    const created = DomainHelper.buildDomain('DomainClass', { shortName })
    DomainHelper.createDomain(created)
    return created
  })
}

/** A DynamicAction tied to `domains`; returns its id. */
function action(
  host: TestHost,
  fields: { name: string; coreLogic: string; enableLogic?: string; mode?: string; active?: boolean },
  domains: readonly string[] = ['Product'],
): number {
  const classes = domains.map((domain) => domainClass(host, domain))
  return host.runAs({ tenant: 'acme' }, () => {
    const logic = (name: string) => SimpleQuery.of('DynamicLogic').eq('name', name).get()
    const record = DomainHelper.buildDomain('DynamicAction', {
      ...fields,
      coreLogic: logic(fields.coreLogic),
      enableLogic: fields.enableLogic === undefined ? null : logic(fields.enableLogic),
    }) as { id: number }
    DomainHelper.createDomain(record)
    classes.forEach((domainClass, index) =>
      DomainHelper.createDomain(
        DomainHelper.buildDomain('DynamicActionDomainClass', {
          dynamicAction: record,
          domainClass,
          displaySequence: index + 1,
        }),
      ),
    )
    return record.id
  })
}

async function shop() {
  const wire = await startWire({ ...SHOP, logic: { setStock, echo, never, refuse } })
  const products = seed(wire.emulator.host, 'Product', [
    { name: 'Widget', price: '1.00', stock: 5 },
    { name: 'Gadget', price: '2.00', stock: 7 },
  ])
  return {
    wire,
    products,
    ids: products.map((p) => p.id),
    admin: (await wire.login()).access_token,
    clerk: (await wire.login('clerk', 'clerk')).access_token,
  }
}

const stock = (wire: Awaited<ReturnType<typeof shop>>['wire']) =>
  all(wire.emulator.host, 'Product').map((p) => p['stock'])

describe('object actions', () => {
  it('POST /action/byName/<name> runs the core logic on the objects and answers the execResult of the map it returns', async () => {
    const { wire, ids, admin } = await shop()
    action(wire.emulator.host, { name: 'set-stock', coreLogic: 'setStock', mode: 'OBJECT_MULTIPLE' })
    const { status, body } = await wire.json('POST', '/action/byName/set-stock', {
      token: admin,
      json: { domain: 'Product', objectIds: ids, parameters: { stock: 3 } },
    })
    expect({ status, body }).toEqual({ status: 200, body: { execResult: 'Widget, Gadget set by admin' } })
    expect(stock(wire)).toEqual([3, 3])
  })

  it('the core logic gets { objects, objectIds, domain, parameters, user }, objects as /data renders them; a result without execResult is the execResult', async () => {
    const { wire, ids, admin } = await shop()
    action(wire.emulator.host, { name: 'echo', coreLogic: 'echo' })
    const { body } = await wire.json('POST', '/action/byName/echo', {
      token: admin,
      json: { domain: 'Product', objectIds: [ids[1]], parameters: { why: 'test' } },
    })
    expect(body).toEqual({
      execResult: {
        objects: ['Gadget'],
        objectIds: [ids[1]],
        domain: 'Product',
        parameters: { why: 'test' },
      },
    })
  })

  it('POST /action/byId/<id> runs the action of that id', async () => {
    const { wire, ids, admin } = await shop()
    const id = action(wire.emulator.host, { name: 'set-stock', coreLogic: 'setStock' })
    const { body } = await wire.json('POST', `/action/byId/${id}`, {
      token: admin,
      json: { domain: 'Product', objectIds: [ids[0]] },
    })
    expect(body).toEqual({ execResult: 'Widget set by admin' })
    expect(stock(wire)).toEqual([0, 7])
  })

  it('an action not tied to the domain answers 403/1004 and runs nothing', async () => {
    const { wire, admin } = await shop()
    const order = seed(wire.emulator.host, 'Order', [{ number: 1, status: 'OPEN' }])[0]!
    action(wire.emulator.host, { name: 'set-stock', coreLogic: 'setStock' }, ['Product'])
    expect(
      await wire.json('POST', '/action/byName/set-stock', {
        token: admin,
        json: { domain: 'Order', objectIds: [order.id] },
      }),
    ).toEqual({ status: 403, body: platformError(1004, 'NoPermission') })
  })

  it('an enableLogic that returns false answers 403/1004 and the core logic does not run', async () => {
    const { wire, ids, admin } = await shop()
    action(wire.emulator.host, { name: 'set-stock', coreLogic: 'setStock', enableLogic: 'never' })
    expect(
      await wire.json('POST', '/action/byName/set-stock', {
        token: admin,
        json: { domain: 'Product', objectIds: [ids[0]] },
      }),
    ).toEqual({ status: 403, body: platformError(1004, 'NoPermission') })
    expect(stock(wire)).toEqual([5, 7])
  })

  it('the number of object ids must fit the mode: 400/1001 saying the mode', async () => {
    const { wire, ids, admin } = await shop()
    for (const [mode, objectIds, status] of [
      ['OBJECT_SINGLE', [], 400],
      ['OBJECT_SINGLE', ids, 400],
      ['OBJECT_MULTIPLE', [], 400],
      ['OBJECT_SINGLE_MULTIPLE', ids, 200],
      ['CLASS_LEVEL', [ids[0]], 400],
      ['CLASS_LEVEL', [], 200],
    ] as const) {
      action(wire.emulator.host, { name: `echo-${mode}`, coreLogic: 'echo', mode })
      const { status: answered, body } = await wire.json('POST', `/action/byName/echo-${mode}`, {
        token: admin,
        json: { domain: 'Product', objectIds },
      })
      expect(answered, `${mode} ${objectIds.length}`).toBe(status)
      if (status === 400) {
        expect(body).toEqual(platformError(1001, 'IllegalArgument'))
        expect(body.errMsg).toContain(mode)
      }
    }
  })

  it('object ids that are no object of the domain answer 404/1005 and nothing runs', async () => {
    const { wire, ids, admin } = await shop()
    action(wire.emulator.host, { name: 'set-stock', coreLogic: 'setStock', mode: 'OBJECT_MULTIPLE' })
    const { status, body } = await wire.json('POST', '/action/byName/set-stock', {
      token: admin,
      json: { domain: 'Product', objectIds: [ids[0], 424242] },
    })
    expect({ status, body }).toEqual({ status: 404, body: platformError(1005, 'NotFound') })
    expect(body.errMsg).toContain('424242')
    expect(stock(wire)).toEqual([5, 7])
  })

  it('an inactive action is not run: 404/1005', async () => {
    const { wire, ids, admin } = await shop()
    action(wire.emulator.host, { name: 'set-stock', coreLogic: 'setStock', active: false })
    expect(
      (
        await wire.json('POST', '/action/byName/set-stock', {
          token: admin,
          json: { domain: 'Product', objectIds: [ids[0]] },
        })
      ).status,
    ).toBe(404)
  })

  it('a core logic that throws answers 500 with its message', async () => {
    const { wire, ids, admin } = await shop()
    action(wire.emulator.host, { name: 'refuse', coreLogic: 'refuse' })
    const { status, body } = await wire.json('POST', '/action/byName/refuse', {
      token: admin,
      json: { domain: 'Product', objectIds: [ids[0]] },
    })
    expect(status).toBe(500)
    expect(body.errMsg).toContain('Widgets cannot be cleared on Sundays')
  })

  it("are domain-checked: 403 with errCode 1004 without a token or without the domain's update role", async () => {
    const { wire, ids, clerk } = await shop()
    action(wire.emulator.host, { name: 'set-stock', coreLogic: 'setStock' })
    const json = { domain: 'Product', objectIds: [ids[0]] }
    expect(await wire.json('POST', '/action/byName/set-stock', { json })).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
    expect((await wire.json('POST', '/action/byName/set-stock', { token: clerk, json })).status).toBe(403)
    expect(stock(wire)).toEqual([5, 7])
  })

  it('a body without a domain, or with objectIds that are not ids, answers 400/1001', async () => {
    const { wire, admin } = await shop()
    action(wire.emulator.host, { name: 'echo', coreLogic: 'echo' })
    for (const json of [
      { objectIds: [1] },
      { domain: 'Product', objectIds: ['1'] },
      { domain: 'Product', parameters: [] },
    ]) {
      expect(
        await wire.json('POST', '/action/byName/echo', { token: admin, json }),
        JSON.stringify(json),
      ).toEqual({
        status: 400,
        body: platformError(1001, 'IllegalArgument'),
      })
    }
  })

  it('answer 404 with errCode 1005 for an action the tenant does not have', async () => {
    const { wire, admin } = await shop()
    const json = { domain: 'Product', objectIds: [] }
    expect(await wire.json('POST', '/action/byName/nothing', { token: admin, json })).toEqual({
      status: 404,
      body: platformError(1005, 'NotFound'),
    })
    expect((await wire.json('POST', '/action/byId/424242', { token: admin, json })).status).toBe(404)
  })

  it('a DynamicAction name is unique and its mode one of the four: a write breaking either is status error', async () => {
    const { wire, admin } = await shop()
    action(wire.emulator.host, { name: 'echo', coreLogic: 'echo' })
    for (const json of [{ name: 'echo' }, { name: 'other', mode: 'EVERYTHING' }]) {
      const created = await wire.json('POST', '/data/DynamicAction', { token: admin, json })
      expect(created.body.status, JSON.stringify(json)).toBe('error')
    }
  })
})
