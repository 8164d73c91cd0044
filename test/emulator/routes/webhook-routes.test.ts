import { describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import type { LogicRequest } from '../../../src/emulator/index.js'
import type { TestHost } from '../../../src/testing/index.js'
import { SHOP, all, count } from '../shop.js'
import { platformError, startWire } from '../wire.js'

function received(request: LogicRequest) {
  DomainHelper.createDomain(DomainHelper.buildDomain('Tag', { name: `${request.method} ${request.path}` }))
  return { ok: true, user: request.user?.username ?? null, body: request.body }
}

function webhook(host: TestHost, url: string, active = true, tenant = 'acme'): void {
  host.runAs({ tenant }, () => {
    const logic = SimpleQuery.of('DynamicLogic').eq('name', 'received').get()
    DomainHelper.createDomain(DomainHelper.buildDomain('Webhook', { name: url, url, active, logic }))
  })
}

describe('webhooks', () => {
  it('GET and POST /webhook/<url> run the logic without login, in the default tenant; the logic sees the path without /api', async () => {
    const wire = await startWire({ ...SHOP, defaultTenant: 'acme', logic: { received } })
    webhook(wire.emulator.host, 'payments/settled')
    const posted = await wire.json('POST', '/webhook/payments/settled', { json: { amount: 12 } })
    expect(posted).toEqual({ status: 200, body: { ok: true, user: null, body: { amount: 12 } } })
    expect((await wire.json('GET', '/webhook/payments/settled')).status).toBe(200)
    expect(all(wire.emulator.host, 'Tag').map((t) => t['name'])).toEqual([
      'POST /webhook/payments/settled',
      'GET /webhook/payments/settled',
    ])
  })

  it("run as the caller in the caller's tenant when a token is sent", async () => {
    const wire = await startWire({ ...SHOP, logic: { received } })
    webhook(wire.emulator.host, '/hook', true, 'globex')
    const globex = (await wire.login('globex', 'globex')).access_token
    expect((await wire.json('POST', '/webhook/hook', { token: globex })).body.user).toBe('globex')
    expect(count(wire.emulator.host, 'Tag', 'globex')).toBe(1)
  })

  it('answer 404 with errCode 1005 for a url no active webhook has; other methods answer 405', async () => {
    const wire = await startWire({ ...SHOP, defaultTenant: 'acme', logic: { received } })
    webhook(wire.emulator.host, 'paused', false)
    for (const url of ['paused', 'missing']) {
      expect(await wire.json('POST', `/webhook/${url}`)).toEqual({
        status: 404,
        body: platformError(1005, 'NotFound'),
      })
    }
    expect((await wire.json('PUT', '/webhook/paused')).status).toBe(405)
    expect(count(wire.emulator.host, 'Tag')).toBe(0)
  })
})
