import { describe, expect, it } from 'vitest'
import { SHOP, seed } from '../shop.js'
import { platformError, startWire } from '../wire.js'

describe('GET /permissions/<domain>/create', () => {
  it("answers {create} from the domain's role requirements", async () => {
    const wire = await startWire(SHOP)
    const admin = (await wire.login()).access_token
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    expect(await wire.json('GET', '/permissions/Product/create', { token: admin })).toEqual({
      status: 200,
      body: { create: true },
    })
    expect(await wire.json('GET', '/permissions/Product/create', { token: clerk })).toEqual({
      status: 200,
      body: { create: false },
    })
    expect(await wire.json('GET', '/permissions/Customer/create', { token: clerk })).toEqual({
      status: 200,
      body: { create: true },
    })
  })

  it('requires login: 401 with errCode 1008 without a token', async () => {
    const wire = await startWire(SHOP)
    expect(await wire.json('GET', '/permissions/Product/create')).toEqual({
      status: 401,
      body: platformError(1008, 'Unauthorized'),
    })
  })
})

describe('POST /permissions/<domain>/', () => {
  it('answers view, update and delete per requested id; ids the tenant does not hold get false', async () => {
    const wire = await startWire(SHOP)
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    const [order] = seed(wire.emulator.host, 'Order', [{ number: 1, status: 'OPEN' }])
    const [theirs] = seed(wire.emulator.host, 'Order', [{ number: 2, status: 'OPEN' }], 'globex')
    const { status, body } = await wire.json('POST', '/permissions/Order/', {
      token: clerk,
      json: { ids: [order!.id, theirs!.id, 987654] },
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      [order!.id]: { view: true, update: true, delete: false },
      [theirs!.id]: { view: false, update: false, delete: false },
      987654: { view: false, update: false, delete: false },
    })
  })

  it('answers the same without the trailing slash', async () => {
    const wire = await startWire(SHOP)
    const admin = (await wire.login()).access_token
    const [order] = seed(wire.emulator.host, 'Order', [{ number: 1, status: 'OPEN' }])
    const { body } = await wire.json('POST', '/permissions/Order', {
      token: admin,
      json: { ids: [order!.id] },
    })
    expect(body).toEqual({ [order!.id]: { view: true, update: true, delete: true } })
  })

  it('requires login and a body {ids: [...]}', async () => {
    const wire = await startWire(SHOP)
    const admin = (await wire.login()).access_token
    expect(await wire.json('POST', '/permissions/Order/', { json: { ids: [1] } })).toEqual({
      status: 401,
      body: platformError(1008, 'Unauthorized'),
    })
    for (const json of [{}, { ids: '1' }, { ids: [1.5] }, [1]]) {
      expect(
        await wire.json('POST', '/permissions/Order/', { token: admin, json }),
        JSON.stringify(json),
      ).toEqual({
        status: 400,
        body: platformError(1001, 'IllegalArgument'),
      })
    }
  })
})
