import { expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import { SHOP } from '../shop.js'
import { startWire } from '../wire.js'

it('a request waits while another awaits in its work on the host, and then answers what that one left', async () => {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let entered!: () => void
  const inside = new Promise<void>((resolve) => (entered = resolve))
  const wire = await startWire({
    ...SHOP,
    defaultTenant: 'acme',
    logic: {
      slow: async () => {
        DomainHelper.createDomain(DomainHelper.buildDomain('Customer', { name: 'written while held' }))
        entered()
        await released
        return { done: true }
      },
    },
  })
  wire.emulator.host.runAs({ tenant: 'acme' }, () => {
    const logic = SimpleQuery.of('DynamicLogic').eq('name', 'slow').get()
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicServiceProvider', { name: 'slow', active: true, logic }),
    )
  })
  const { access_token: token } = await wire.login()
  const order: string[] = []

  const service = wire.json('POST', '/service/slow', { token }).then((answer) => {
    order.push('service')
    return answer
  })
  await inside
  const list = wire.json('GET', '/data/Customer', { token }).then((answer) => {
    order.push('list')
    return answer
  })
  // Let the list run if nothing held it: several turns of the event loop.
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0))
  expect(order).toEqual([])

  release()
  const [served, listed] = await Promise.all([service, list])
  expect(order).toEqual(['service', 'list'])
  expect(served.body).toEqual({ done: true })
  expect(listed.body.data.map((customer: { name: string }) => customer.name)).toEqual(['written while held'])
})
