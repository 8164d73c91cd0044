import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainHelper } from '../../../../src/index.js'
import { FIRST_CALL_MS, GROOVY_MISSING, startGroovyApp, type GroovyApp } from './groovy-fixture.js'

/**
 * Scripts in the style of the platform's Groovy logic (maps returned, log(...), finders, closures, GStrings, safe
 * navigation, the library's facades), each run as a service with the query `?status=OPEN&limit=2`, and the answer
 * it must give over the seeded shop: customers Ann (Oslo, VIP) and Bob (Bergen); orders 1 OPEN 12.50 (Ann),
 * 2 OPEN 40.00 (Bob), 3 CLOSED 7.25 (Ann).
 */
const CORPUS: readonly { readonly name: string; readonly code: string; readonly answer: unknown }[] = [
  {
    name: 'echo-user',
    code: 'return [userName: user.username, roles: user.roles.sort(), protocol: protocol]',
    answer: { userName: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'], protocol: 'HTTP' },
  },
  {
    name: 'gstring-params',
    code: 'def status = params.status ?: "ALL"\nreturn [message: "Listing ${status} orders, at most ${params.limit as int}"]',
    answer: { message: 'Listing OPEN orders, at most 2' },
  },
  {
    name: 'count-by-status',
    code: 'def n = Order.countByStatus(params.status)\nlog("counted ${n}")\nreturn [status: params.status, count: n]',
    answer: { status: 'OPEN', count: 2 },
  },
  {
    name: 'closure-sum',
    code: 'def orders = Order.findAllByStatus(params.status)\nreturn [sum: orders.sum { it.total }, max: orders.max { it.total }?.total]',
    answer: { sum: 52.5, max: 40 },
  },
  {
    name: 'collect-names',
    code: 'Order.list().collect { it.customer?.name }.unique().sort()',
    answer: ['Ann', 'Bob'],
  },
  {
    name: 'safe-navigation',
    code: 'def missing = Customer.findByName("Nobody")\nreturn [city: missing?.city, fallback: missing?.city ?: "unknown"]',
    answer: { city: null, fallback: 'unknown' },
  },
  {
    name: 'group-by',
    code: 'Order.list().groupBy { it.status }.collectEntries { k, v -> [k, v.size()] }',
    answer: { OPEN: 2, CLOSED: 1 },
  },
  {
    name: 'find-all-filter',
    code: 'Order.list().findAll { it.total > 10 }.collect { [id: it.id, total: it.total] }.size()',
    answer: 2,
  },
  {
    name: 'each-with-index',
    code: 'def lines = []\nCustomer.list(sort: "name").eachWithIndex { c, i -> lines << "${i + 1}. ${c.name}" }\nreturn [lines: lines]',
    answer: { lines: ['1. Ann', '2. Bob'] },
  },
  {
    name: 'finder-and',
    code: 'def ann = Customer.findByNameAndCity("Ann", "Oslo")\nreturn [vip: ann?.vip, orders: Order.countByCustomer(ann)]',
    answer: { vip: true, orders: 2 },
  },
  {
    name: 'simple-query',
    code: 'import tech.vendor.api.SimpleQuery\nSimpleQuery.of("Order").eq("status", params.status).gt("total", 20).listAll().collect { it.total }',
    answer: [40],
  },
  {
    name: 'simple-query-page',
    code: 'def page = SimpleQuery.of(Order).list(0, params.limit as int, ["total"], false)\n[totals: page*.total, totalCount: page.totalCount]',
    answer: { totals: [40, 12.5], totalCount: 3 },
  },
  {
    name: 'ternary-and-elvis',
    code: 'def big = Order.findAllByTotalGreaterThanEquals(40)\nreturn [label: big ? "has big orders" : "none", first: big[0]?.customer?.name ?: "-"]',
    answer: { label: 'has big orders', first: 'Bob' },
  },
  {
    name: 'switch-statement',
    code: 'def describe = { s -> switch (s) { case "OPEN": return "to do"; case "CLOSED": return "done"; default: return "?" } }\nOrder.list().collect { describe(it.status) }',
    answer: ['to do', 'to do', 'done'],
  },
  {
    name: 'inject-fold',
    code: 'Order.list().inject(0.0) { acc, o -> acc + o.total }',
    answer: 59.75,
  },
  {
    name: 'string-methods',
    code: 'Customer.list()*.name.collect { it.toUpperCase().padRight(5, ".") }.join("|")',
    answer: 'ANN..|BOB..',
  },
  {
    name: 'date-handling',
    code: 'def o = Order.get(Order.findByStatus("CLOSED").id)\nreturn [placed: o.placedAt, year: o.placedAt.format("yyyy", TimeZone.getTimeZone("UTC")), isDate: o.placedAt instanceof Date]',
    answer: { placed: '2024-05-01T10:00:00Z', year: '2024', isDate: true },
  },
  {
    name: 'create-and-return',
    code: 'def c = new Customer(name: "Cleo", city: "Rome", vip: false)\nc.save(flush: true)\nreturn [created: c.id != null, count: Customer.count()]',
    answer: { created: true, count: 3 },
  },
  {
    name: 'update-status',
    code: 'def o = Order.findByStatusAndTotal("OPEN", 12.50)\no.status = "PAID"\no.save()\nreturn [now: Order.get(o.id).status, open: Order.countByStatus("OPEN")]',
    answer: { now: 'PAID', open: 1 },
  },
  {
    name: 'validation-caught',
    code: 'try { new Order(total: 5).save(); return "saved" } catch (grails.validation.ValidationException e) { log.warn("refused: {}", e.message); return [refused: true] }',
    answer: { refused: true },
  },
  {
    name: 'interrupt-guard',
    code: 'if (!params.status) throw new CustomLogicInterruptException("status is required")\nreturn [ok: true]',
    answer: { ok: true },
  },
  {
    name: 'ranges-and-spread',
    code: 'def ids = Order.list()*.id\n[ids: ids.size(), firstTwo: (0..1).collect { ids[it] != null }, vipNames: Customer.findAllByVip(true)*.name]',
    answer: { ids: 3, firstTwo: [true, true], vipNames: ['Ann'] },
  },
]

describe.skipIf(GROOVY_MISSING !== undefined)(
  'a corpus of scripts in the platform style, each run as a service',
  () => {
    let app: GroovyApp

    beforeAll(() => {
      app = startGroovyApp({
        domains: {
          Customer: { fields: { name: { type: 'STRING', required: true }, city: 'STRING', vip: 'BOOLEAN' } },
          Order: {
            fields: {
              status: { type: 'STRING', required: true },
              total: 'BIG_DECIMAL',
              placedAt: 'ZONED_DATETIME',
              customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
            },
          },
        },
      })
      app.asTenant(() => {
        const build = (domain: string, properties: Record<string, unknown>): object => {
          const object = DomainHelper.buildDomain(domain, properties as never) as object
          DomainHelper.createDomain(object)
          return object
        }
        const ann = build('Customer', { name: 'Ann', city: 'Oslo', vip: true })
        const bob = build('Customer', { name: 'Bob', city: 'Bergen', vip: false })
        const placedAt = new Date('2024-05-01T10:00:00Z')
        build('Order', { status: 'OPEN', total: '12.50', customer: ann, placedAt })
        build('Order', { status: 'OPEN', total: '40.00', customer: bob, placedAt })
        build('Order', { status: 'CLOSED', total: '7.25', customer: ann, placedAt })
      })
      for (const script of CORPUS) app.service(script.name, script.code)
    })
    afterAll(() => app.emulator.close())

    it(`holds ${CORPUS.length} scripts, at least twenty`, () => {
      expect(CORPUS.length).toBeGreaterThanOrEqual(20)
    })

    it(
      'each script answers what it must, in order (later scripts see earlier writes)',
      async () => {
        const answers: Record<string, unknown> = {}
        const expected: Record<string, unknown> = {}
        for (const script of CORPUS) {
          const answer = await app.call(script.name, { query: { status: 'OPEN', limit: '2' } })
          answers[script.name] =
            answer.status === 200 ? answer.body : { status: answer.status, ...answer.body }
          expected[script.name] = script.answer
        }
        expect(answers).toEqual(expected)
      },
      FIRST_CALL_MS,
    )
  },
)
