import { describe, expect, it } from 'vitest'
import { SimpleQuery } from '../../../src/index.js'
import { SHOP, seed } from '../shop.js'
import { platformError, startWire } from '../wire.js'

async function withDashboard() {
  const wire = await startWire({
    ...SHOP,
    logic: { openOrders: () => ({ value: SimpleQuery.of('Order').eq('status', 'OPEN').listAll().length }) },
  })
  const host = wire.emulator.host
  const [sales] = seed(host, 'Dashboard', [{ name: 'Sales', description: 'What sold' }, { name: 'Stock' }])
  const logic = host.runAs({ tenant: 'acme' }, () =>
    SimpleQuery.of('DynamicLogic').eq('name', 'openOrders').get(),
  )
  const [second, first] = seed(host, 'DashboardWidget', [
    { dashboard: sales, name: 'Open orders', widgetType: 'number', displaySequence: 2, logic },
    { dashboard: sales, name: 'Title', widgetType: 'text', displaySequence: 1 },
  ])
  seed(host, 'Order', [
    { number: 1, status: 'OPEN' },
    { number: 2, status: 'OPEN' },
    { number: 3, status: 'SHIPPED' },
  ])
  return {
    wire,
    sales: sales!,
    first: first!,
    second: second!,
    token: (await wire.login('clerk', 'clerk')).access_token,
  }
}

describe('dashboards', () => {
  it('GET /dashboard/list answers the dashboards of the tenant', async () => {
    const { wire, token, sales } = await withDashboard()
    expect(await wire.json('GET', '/dashboard/list', { token })).toEqual({
      status: 200,
      body: [
        { id: sales.id, name: 'Sales', description: 'What sold' },
        { id: expect.any(Number), name: 'Stock', description: null },
      ],
    })
  })

  it('GET /dashboard/meta/<id> answers the dashboard with its widgets in display order', async () => {
    const { wire, token, sales, first, second } = await withDashboard()
    const { body } = await wire.json('GET', `/dashboard/meta/${sales.id}`, { token })
    expect(body).toEqual({
      id: sales.id,
      name: 'Sales',
      description: 'What sold',
      widgets: [
        { id: first.id, name: 'Title', widgetType: 'text', displaySequence: 1 },
        { id: second.id, name: 'Open orders', widgetType: 'number', displaySequence: 2 },
      ],
    })
  })

  it("GET /dashboard/widget/data/<id> answers what the widget's logic returns", async () => {
    const { wire, token, second } = await withDashboard()
    expect(await wire.json('GET', `/dashboard/widget/data/${second.id}`, { token })).toEqual({
      status: 200,
      body: { value: 2 },
    })
  })

  it('require login, and answer 404 for a dashboard or widget the tenant does not have', async () => {
    const { wire, token, sales, first } = await withDashboard()
    expect(await wire.json('GET', '/dashboard/list')).toEqual({
      status: 401,
      body: platformError(1008, 'Unauthorized'),
    })
    const globex = (await wire.login('globex', 'globex')).access_token
    expect((await wire.json('GET', `/dashboard/meta/${sales.id}`, { token: globex })).status).toBe(404)
    expect((await wire.json('GET', '/dashboard/widget/data/987654', { token })).status).toBe(404)
    // A widget without logic cannot give data.
    expect((await wire.json('GET', `/dashboard/widget/data/${first.id}`, { token })).status).toBe(500)
  })
})
