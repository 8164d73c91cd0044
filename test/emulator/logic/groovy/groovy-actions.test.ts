import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../../src/index.js'
import { FIRST_CALL_MS, GROOVY_MISSING, startGroovyApp, type GroovyApp } from './groovy-fixture.js'

const SLOW = 60_000

describe.skipIf(GROOVY_MISSING !== undefined)('Groovy actions and widgets (one JVM for this file)', () => {
  let app: GroovyApp
  let ids: number[]

  /**
   * A DynamicAction of the default tenant, tied to Product, whose core logic (and enable logic, when given) is a
   * Groovy logic named after the action.
   */
  const action = (name: string, code: string, enableCode?: string, mode = 'OBJECT_SINGLE_MULTIPLE'): void => {
    const coreLogic = app.logic(name, code)
    const enableLogic = enableCode === undefined ? null : app.logic(`${name}-enabled`, enableCode)
    app.asTenant(() => {
      const record = DomainHelper.buildDomain('DynamicAction', { name, mode, coreLogic, enableLogic })
      DomainHelper.createDomain(record)
      const domainClass = SimpleQuery.of('DomainClass').eq('shortName', 'Product').get()
      DomainHelper.createDomain(
        DomainHelper.buildDomain('DynamicActionDomainClass', {
          dynamicAction: record,
          domainClass,
          displaySequence: 1,
        }),
      )
    })
  }

  /** Runs an action by name on Products. */
  const run = (name: string, objectIds: readonly number[], parameters: Record<string, unknown> = {}) =>
    app.request('POST', `/action/byName/${name}`, { json: { domain: 'Product', objectIds, parameters } })

  /** The stock of each product, by id order. */
  const stock = (): unknown[] =>
    app.asTenant(() => SimpleQuery.of('Product').list(0, 100, ['id'])).map((p) => (p as any).stock)

  beforeAll(async () => {
    app = startGroovyApp({
      domains: {
        Supplier: { fields: { name: 'STRING' } },
        Product: {
          fields: {
            name: { type: 'STRING', required: true },
            stock: 'INTEGER',
            price: 'BIG_DECIMAL',
            supplier: { type: 'DOMAIN_OBJECT', domain: 'Supplier' },
          },
        },
        Tag: { fields: { name: 'STRING' } },
      },
      users: [{ username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] }],
      logicTimeoutMs: 10_000,
    })
    ids = app.asTenant(() => {
      const acme = DomainHelper.buildDomain('Supplier', { name: 'Acme' } as never)
      DomainHelper.createDomain(acme)
      return [
        { name: 'Widget', stock: 5, price: '1.50', supplier: acme },
        { name: 'Gadget', stock: 7, price: '2.25', supplier: acme },
      ].map((fields) => {
        const product = DomainHelper.buildDomain('Product', fields as never) as { id: number }
        DomainHelper.createDomain(product)
        return product.id
      })
    })
    // Warm the JVM once, so that each test below is timed as a warm call.
    app.service('warm', 'return 1')
    expect((await app.call('warm')).body).toBe(1)
  }, FIRST_CALL_MS)
  afterAll(() => app.emulator.close())

  it(
    'the core logic gets objects (of their domain class), objectIds, objectType, parameters and userContext; a map with execResult answers that value',
    async () => {
      action(
        'describe',
        `return [
          execResult: [
            names: objects*.name,
            classes: objects*.getClass()*.simpleName,
            prices: objects*.price.collect { it.getClass().simpleName + ' ' + it },
            suppliers: objects*.supplier*.name,
            ids: objectIds,
            type: objectType,
            why: parameters.why,
            who: userContext.username,
          ],
          ignored: true,
        ]`,
      )
      const { status, body } = await run('describe', ids, { why: 'audit' })
      expect({ status, body }).toEqual({
        status: 200,
        body: {
          execResult: {
            names: ['Widget', 'Gadget'],
            classes: ['Product', 'Product'],
            prices: ['BigDecimal 1.50', 'BigDecimal 2.25'],
            suppliers: ['Acme', 'Acme'],
            ids,
            type: 'Product',
            why: 'audit',
            who: 'admin',
          },
        },
      })
    },
    SLOW,
  )

  it(
    'a value that is no map with execResult is the execResult; save() on the objects writes them',
    async () => {
      action(
        'restock',
        `objects.each { it.stock = it.stock + (parameters.add as int); it.save() }
        return objects.size()`,
      )
      const before = stock() as number[]
      expect(await run('restock', ids, { add: 10 })).toEqual({ status: 200, body: { execResult: 2 } })
      expect(stock()).toEqual(before.map((count) => count + 10))
    },
    SLOW,
  )

  it(
    'an enableLogic that returns false answers 403/1004 and the core logic does not run; true lets it run',
    async () => {
      action(
        'clear',
        `objects.each { it.stock = 0; it.save() }; [execResult: 'cleared']`,
        `objects.every { it.stock < (parameters.limit as int) }`,
      )
      const before = stock()
      const refused = await run('clear', ids, { limit: 1 })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ errCode: 1004 })
      expect(refused.body.errMsg).toContain('enableLogic returned false')
      expect(stock()).toEqual(before)
      expect(await run('clear', ids, { limit: 1000 })).toEqual({
        status: 200,
        body: { execResult: 'cleared' },
      })
      expect(stock()).toEqual([0, 0])
    },
    SLOW,
  )

  it(
    'an action that writes through save() and then throws answers 500 with the message, and its writes are rolled back',
    async () => {
      action(
        'half-done',
        `objects.each { it.stock = 99; it.save() }
        new Tag(name: 'half-done').save()
        throw new CustomLogicInterruptException('the supplier is closed')`,
      )
      const before = stock()
      const { status, body } = await run('half-done', ids)
      expect(status).toBe(500)
      expect(body.errMsg).toContain('the supplier is closed')
      expect(stock()).toEqual(before)
      expect(app.asTenant(() => SimpleQuery.of('Tag').eq('name', 'half-done').listAll())).toEqual([])
    },
    SLOW,
  )

  it(
    "a dashboard widget's Groovy core logic gets widget, dashboard, params and userContext, and its value is the answer",
    async () => {
      const coreLogic = app.logic(
        'stock-widget',
        `[widget: widget.name, dashboard: dashboard.name, who: userContext.username,
          value: Product.countByStockGreaterThanEquals(params.min as int)]`,
      )
      const widget = app.asTenant(() => {
        const form = DomainHelper.buildDomain('DynamicForm', { name: 'stock', formType: 'DASHBOARD' })
        DomainHelper.createDomain(form)
        const record = DomainHelper.buildDomain('DynamicDashboardWidget', {
          name: 'in-stock',
          form,
          coreLogic,
        }) as { id: number }
        DomainHelper.createDomain(record)
        return record.id
      })
      const low = Math.min(...(stock() as number[]))
      const { status, body } = await app.request('GET', `/dashboard/widget/data/${widget}?min=${low + 1}`)
      expect({ status, body }).toEqual({
        status: 200,
        body: {
          widget: 'in-stock',
          dashboard: 'stock',
          who: 'admin',
          value: (stock() as number[]).filter((count) => count >= low + 1).length,
        },
      })
    },
    SLOW,
  )
})
