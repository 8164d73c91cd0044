import { describe, expect, it } from 'vitest'
import { SimpleQuery } from '../../../src/index.js'
import type { LogicRequest } from '../../../src/emulator/index.js'
import { SHOP, seed } from '../shop.js'
import { platformError, startWire } from '../wire.js'

/** What a widget's logic gets. */
interface WidgetCall {
  widget: { name: string }
  dashboard: { name: string }
  params: Record<string, string>
  user: { username: string }
}

async function withDashboard() {
  const wire = await startWire({
    ...SHOP,
    logic: {
      openOrders: (request: LogicRequest) => {
        const call = request as unknown as WidgetCall
        return {
          value: SimpleQuery.of('Order')
            .eq('status', (call.params['status'] ?? 'OPEN') as 'OPEN')
            .listAll().length,
          widget: call.widget.name,
          dashboard: call.dashboard.name,
          user: call.user.username,
        }
      },
      adminsOnly: (request: LogicRequest) => (request as unknown as WidgetCall).user.username === 'admin',
    },
  })
  const host = wire.emulator.host
  const [sales, stock, admin] = seed(host, 'DynamicForm', [
    { name: 'sales', label: 'Sales', formType: 'DASHBOARD', enableRoles: '' },
    { name: 'stock', label: 'Stock', formType: 'DASHBOARD', enableRoles: 'ROLE_ADMIN, ROLE_USER' },
    { name: 'payroll', label: 'Payroll', formType: 'DASHBOARD', enableRoles: 'ROLE_ADMIN' },
    { name: 'order-form', label: 'Order', formType: 'FORM' },
  ])
  const logic = (name: string) =>
    host.runAs({ tenant: 'acme' }, () => SimpleQuery.of('DynamicLogic').eq('name', name).get())
  const [second, first, guarded, secret] = seed(host, 'DynamicDashboardWidget', [
    {
      form: sales,
      name: 'open',
      label: 'Open orders',
      type: 'number',
      displaySequence: 2,
      coreLogic: logic('openOrders'),
    },
    { form: sales, name: 'title', label: 'Title', type: 'text', displaySequence: 1, options: '{"size":2}' },
    {
      form: sales,
      name: 'guarded',
      type: 'number',
      displaySequence: 3,
      coreLogic: logic('openOrders'),
      enableLogic: logic('adminsOnly'),
    },
    { form: admin, name: 'salaries', type: 'number', coreLogic: logic('openOrders') },
  ])
  seed(host, 'Order', [
    { number: 1, status: 'OPEN' },
    { number: 2, status: 'OPEN' },
    { number: 3, status: 'SHIPPED' },
  ])
  return {
    wire,
    sales: sales!,
    stock: stock!,
    admin: admin!,
    first: first!,
    second: second!,
    guarded: guarded!,
    secret: secret!,
    token: (await wire.login('clerk', 'clerk')).access_token,
  }
}

describe('dashboards', () => {
  it('GET /dashboard/list answers the DASHBOARD forms whose enableRoles meet the caller’s roles (empty: every caller)', async () => {
    const { wire, token, sales, stock, admin } = await withDashboard()
    expect(await wire.json('GET', '/dashboard/list', { token })).toEqual({
      status: 200,
      body: [
        { id: sales.id, name: 'sales', label: 'Sales' },
        { id: stock.id, name: 'stock', label: 'Stock' },
      ],
    })
    const adminToken = (await wire.login()).access_token
    expect(
      (await wire.json('GET', '/dashboard/list', { token: adminToken })).body.map(
        (d: { id: number }) => d.id,
      ),
    ).toEqual([sales.id, stock.id, admin.id])
  })

  it('GET /dashboard/meta/<id> answers the dashboard with its widgets in display order', async () => {
    const { wire, token, sales, first, second, guarded } = await withDashboard()
    const { body } = await wire.json('GET', `/dashboard/meta/${sales.id}`, { token })
    expect(body).toEqual({
      id: sales.id,
      name: 'sales',
      label: 'Sales',
      widgets: [
        {
          id: first.id,
          name: 'title',
          label: 'Title',
          type: 'text',
          displaySequence: 1,
          options: '{"size":2}',
        },
        {
          id: second.id,
          name: 'open',
          label: 'Open orders',
          type: 'number',
          displaySequence: 2,
          options: null,
        },
        { id: guarded.id, name: 'guarded', label: null, type: 'number', displaySequence: 3, options: null },
      ],
    })
  })

  it('a dashboard the caller’s roles do not meet: meta and widget data answer 403/1004; a form that is no dashboard: 404', async () => {
    const { wire, token, admin, secret } = await withDashboard()
    expect(await wire.json('GET', `/dashboard/meta/${admin.id}`, { token })).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
    expect(await wire.json('GET', `/dashboard/widget/data/${secret.id}`, { token })).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
    expect((await wire.json('GET', `/dashboard/meta/${admin.id + 1}`, { token })).status).toBe(404)
  })

  it("GET /dashboard/widget/data/<id> runs the widget's core logic with { widget, dashboard, params, user }", async () => {
    const { wire, token, second } = await withDashboard()
    expect(await wire.json('GET', `/dashboard/widget/data/${second.id}`, { token })).toEqual({
      status: 200,
      body: { value: 2, widget: 'open', dashboard: 'sales', user: 'clerk' },
    })
    expect(
      (await wire.json('GET', `/dashboard/widget/data/${second.id}?status=SHIPPED`, { token })).body.value,
    ).toBe(1)
  })

  it('a widget whose enableLogic returns false answers 403/1004', async () => {
    const { wire, token, guarded } = await withDashboard()
    expect(await wire.json('GET', `/dashboard/widget/data/${guarded.id}`, { token })).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
    const adminToken = (await wire.login()).access_token
    expect(
      (await wire.json('GET', `/dashboard/widget/data/${guarded.id}`, { token: adminToken })).status,
    ).toBe(200)
  })

  it('a DynamicForm name cannot be changed after creation: a PUT that changes it is a validation failure; its label can change', async () => {
    const { wire, sales } = await withDashboard()
    const admin = (await wire.login()).access_token
    const renamed = await wire.json('PUT', `/data/DynamicForm/${sales.id}`, {
      token: admin,
      json: { id: sales.id, name: 'revenue' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ status: 'error', data: null })
    expect(renamed.body.message).toContain('DynamicForm.name cannot be changed after creation')
    const relabelled = await wire.json('PUT', `/data/DynamicForm/${sales.id}`, {
      token: admin,
      json: { id: sales.id, name: 'sales', label: 'Revenue' },
    })
    expect(relabelled.body).toMatchObject({ status: 'success', data: { name: 'sales', label: 'Revenue' } })
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
