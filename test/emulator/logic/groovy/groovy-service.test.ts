import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../../src/index.js'
import {
  FIRST_CALL_MS,
  GROOVY_MISSING,
  captureGroovyLog,
  startGroovyApp,
  type GroovyApp,
} from './groovy-fixture.js'

const SLOW = 60_000

/** Builds an object of a domain named at run time (the test's domains are not in the typed registry). */
const build = (domain: string, properties: Record<string, unknown>): object =>
  DomainHelper.buildDomain(domain, properties as never) as object

describe.skipIf(GROOVY_MISSING !== undefined)('Groovy logic on a real Groovy (one JVM for this file)', () => {
  let app: GroovyApp
  let log: string[]

  beforeAll(async () => {
    log = captureGroovyLog()
    app = startGroovyApp({
      domains: {
        Customer: { fields: { name: { type: 'STRING', required: true }, city: 'STRING' } },
        Order: {
          fields: {
            status: { type: 'STRING', required: true },
            total: 'BIG_DECIMAL',
            placedAt: 'ZONED_DATETIME',
            customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
          },
        },
      },
      tenants: ['default', 'other'],
      users: [
        { username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] },
        { username: 'olga', password: 'olga', roles: ['ROLE_ADMIN'], tenant: 'other' },
      ],
      logicTimeoutMs: 4_000,
    })
    for (const tenant of ['default', 'other']) {
      app.asTenant(() => {
        const ann = build('Customer', { name: tenant === 'default' ? 'Ann' : 'Otto', city: 'Oslo' })
        DomainHelper.createDomain(ann)
        const bob = build('Customer', { name: 'Bob', city: 'Bergen' })
        DomainHelper.createDomain(bob)
        for (const [status, total, customer] of [
          ['OPEN', '12.50', ann],
          ['OPEN', '40.00', bob],
          ['CLOSED', '7.25', ann],
        ] as const) {
          DomainHelper.createDomain(
            build('Order', { status, total, customer, placedAt: new Date('2024-05-01T10:00:00Z') }),
          )
        }
      }, tenant)
    }
    // Warm the JVM once, so that each test below is timed as a warm call.
    app.service('warm', 'return 1')
    expect((await app.call('warm')).body).toBe(1)
  }, FIRST_CALL_MS)
  afterAll(() => app.emulator.close())

  it(
    "gets user, params and protocol, and its map becomes the JSON answer (the sample's echo service)",
    async () => {
      app.service('echo', 'return [userName: user.name, params: params, protocol: protocol]')
      const answer = await app.call('echo', { query: { a: '1', b: 'x y' } })
      expect(answer).toEqual({
        status: 200,
        body: { userName: 'admin', params: { a: '1', b: 'x y' }, protocol: 'HTTP' },
      })
    },
    SLOW,
  )

  it(
    'returns lists, numbers, booleans, null, GStrings, decimals and dates as JSON (dates as ISO text)',
    async () => {
      app.service(
        'values',
        `def n = 3
      return [list: [1, 'two', true, null], text: "n is \${n}", decimal: 12.50, date: new Date(0), nested: [a: [b: 1L]]]`,
      )
      expect((await app.call('values')).body).toEqual({
        list: [1, 'two', true, null],
        text: 'n is 3',
        decimal: 12.5,
        date: '1970-01-01T00:00:00Z',
        nested: { a: { b: 1 } },
      })
    },
    SLOW,
  )

  it(
    "log(...) and log.info(...) write to the emulator's log, naming the logic",
    async () => {
      app.service(
        'logs',
        `log('plain line'); log.info('order {} of {}', 7, 'Ann'); println 'printed'; return null`,
      )
      expect(await app.call('logs')).toEqual({ status: 200, body: null })
      const lines = log.filter((line) => line.startsWith('[groovy]'))
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/INFO DynamicLogic 'logs' of .*: plain line$/),
          expect.stringMatching(/: order 7 of Ann$/),
          expect.stringMatching(/: printed$/),
        ]),
      )
    },
    SLOW,
  )

  it(
    'the GORM statics of a domain class: get, getAll, count, list(max:, offset:), findBy, findAllBy, And, countBy',
    async () => {
      app.service(
        'finders',
        `def ann = Customer.findByName('Ann')
      return [
        get: Order.get(Order.findByStatus('CLOSED').id).status,
        all: Order.getAll().size(),
        count: Order.count(),
        page: Order.list(max: 2, offset: 1).collect { it.total },
        open: Order.findAllByStatus('OPEN').size(),
        annOpen: Order.findByStatusAndCustomer('OPEN', ann)?.total,
        bigOnes: Order.countByTotalGreaterThan(10),
        nobody: Customer.findByName('Zed'),
        sorted: Order.findAllByStatus('OPEN', [sort: 'total', order: 'desc']).collect { it.total },
        city: Order.findByStatus('CLOSED').customer.city,
      ]`,
      )
      expect((await app.call('finders')).body).toEqual({
        get: 'CLOSED',
        all: 3,
        count: 3,
        page: [40, 7.25],
        open: 2,
        annOpen: 12.5,
        bigOnes: 2,
        nobody: null,
        sorted: [40, 12.5],
        city: 'Oslo',
      })
    },
    SLOW,
  )

  it(
    'a finder of a field the domain does not have is a MissingMethodException in the script (500)',
    async () => {
      app.service('bad-finder', 'Order.findByColour("red")')
      const answer = await app.call('bad-finder')
      expect(answer.status).toBe(500)
      expect(answer.body.msg).toContain('groovy.lang.MissingMethodException')
    },
    SLOW,
  )

  it(
    "a case-sensitive Like finder says to use Ilike, as the library's patterns ignore case; SimpleQuery has no like",
    async () => {
      app.service('like', "Customer.findAllByNameLike('A%')")
      const like = await app.call('like')
      expect(like.status).toBe(500)
      expect(like.body.msg).toContain('a case-sensitive like of name has no counterpart')
      expect(like.body.msg).toContain('use Ilike (findBy<Field>Ilike) or SimpleQuery.iLike')
      app.service('simple-like', "SimpleQuery.of('Customer').like('name', 'A%')")
      expect((await app.call('simple-like')).body.msg).toContain('groovy.lang.MissingMethodException')
      app.service('ilike', "Customer.findAllByNameIlike('a%')*.name")
      expect((await app.call('ilike')).body).toEqual(['Ann'])
    },
    SLOW,
  )

  it(
    'save() creates, property assignment and save(flush: true) update, delete() deletes, as the caller in its tenant',
    async () => {
      app.service(
        'write',
        `def c = new Customer(name: params.name, city: 'Rome').save()
      def o = new Order(status: 'NEW', total: 3.5, customer: c)
      o.save(flush: true)
      o.status = 'PAID'
      o.save()
      def gone = new Customer(name: 'Temp').save()
      gone.delete()
      return [id: o.id, status: Order.get(o.id).status, customer: Order.get(o.id).customer.name, temp: Customer.findByName('Temp')]`,
      )
      const answer = await app.call('write', { query: { name: 'Cleo' } })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ status: 'PAID', customer: 'Cleo', temp: null })
      const stored = app.asTenant(() => SimpleQuery.getById('Order', answer.body.id)) as Record<
        string,
        any
      > | null
      expect(stored?.['status']).toBe('PAID')
      expect(
        app.asTenant(() => SimpleQuery.of('Customer').eq('name', 'Cleo').listAll(), 'other'),
      ).toHaveLength(0)
    },
    SLOW,
  )

  it(
    'the library facades under their Java names: SimpleQuery, DomainHelper, QueryHelper, AsyncHelper, StorageUtils',
    async () => {
      app.service(
        'facades',
        `import tech.vendor.api.SimpleQuery
      import tech.vendor.api.DomainHelper
      def open = SimpleQuery.of('Order').eq('status', 'OPEN').listAll()
      def page = SimpleQuery.of(Order).list(0, 2, ['total'], false)
      def built = DomainHelper.buildDomain('Customer', [name: 'Dora'])
      DomainHelper.createDomain(built)
      def inTx = QueryHelper.withTransaction { status -> Customer.count() }
      def ran = false
      AsyncHelper.task { ran = true }
      def file = StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'hello')
      return [open: open.size(), page: page.collect { it.total }, total: page.totalCount, dora: built.id != null,
              byId: SimpleQuery.getById('Customer', built.id).name, inTx: inTx, ran: ran, file: file.fileName,
              rendered: DomainHelper.render(built).name, orders: Order.count()]`,
      )
      const answer = await app.call('facades')
      expect(answer.body.total).toBe(answer.body.orders)
      expect(answer.body).toMatchObject({
        open: 2,
        page: [40, 12.5],
        dora: true,
        byId: 'Dora',
        ran: true,
        file: 'a.txt',
        rendered: 'Dora',
      })
      expect(answer.body.inTx).toBeGreaterThanOrEqual(3)
    },
    SLOW,
  )

  it(
    'a write that fails validation throws grails.validation.ValidationException in the script; nothing is written',
    async () => {
      app.service(
        'invalid',
        `try {
        new Order(total: 1).save()
        return [caught: false]
      } catch (grails.validation.ValidationException e) {
        return [caught: true, message: e.message, count: Order.countByTotal(1)]
      }`,
      )
      const answer = await app.call('invalid')
      expect(answer.body).toMatchObject({ caught: true, count: 0 })
      expect(answer.body.message).toContain('status')
    },
    SLOW,
  )

  it(
    "runs in the caller's tenant: the same script sees each tenant's own objects",
    async () => {
      app.service('first-customer', 'Customer.list(max: 1)[0].name')
      app.service('first-customer', 'Customer.list(max: 1)[0].name', { tenant: 'other' })
      expect((await app.call('first-customer')).body).toBe('Ann')
      expect((await app.call('first-customer', { token: await app.token('olga', 'olga') })).body).toBe('Otto')
    },
    SLOW,
  )

  it(
    'CustomLogicInterruptException refuses with its message; CustomLogicWarningException succeeds with a warning',
    async () => {
      app.service('refuse', `throw new tech.vendor.exception.CustomLogicInterruptException('not today')`)
      const refused = await app.call('refuse')
      expect(refused.status).toBe(500)
      expect(refused.body.msg).toContain('not today')
      app.service('warn', `throw new CustomLogicWarningException('done, with care')`)
      expect(await app.call('warn')).toEqual({ status: 200, body: { warning: 'done, with care' } })
    },
    SLOW,
  )

  it(
    'a script that throws after a write answers 500 and its write is rolled back; one that succeeds keeps it',
    async () => {
      app.service(
        'write-then-throw',
        `new Customer(name: 'Ghost').save()\nthrow new IllegalStateException('changed my mind')`,
      )
      const answer = await app.call('write-then-throw')
      expect(answer.status).toBe(500)
      expect(answer.body.msg).toContain('java.lang.IllegalStateException: changed my mind')
      expect(app.asTenant(() => SimpleQuery.of('Customer').eq('name', 'Ghost').listAll())).toHaveLength(0)
      app.service('write-and-keep', `new Customer(name: 'Kept').save(); 'ok'`)
      expect((await app.call('write-and-keep')).body).toBe('ok')
      expect(app.asTenant(() => SimpleQuery.of('Customer').eq('name', 'Kept').listAll())).toHaveLength(1)
    },
    SLOW,
  )

  it(
    "a script that imports one of the platform's internal classes does not compile, and the 500 names the class",
    async () => {
      app.service('internal', 'import tech.muyan.security.UserService\nreturn 1')
      const answer = await app.call('internal')
      expect(answer.status).toBe(500)
      expect(answer.body.msg).toMatch(
        /does not compile: unable to resolve class tech\.muyan\.security\.UserService/,
      )
    },
    SLOW,
  )

  it(
    "a script that does not compile answers 500 with the compiler's message, line and column",
    async () => {
      app.service('broken', 'def x = 1\nreturn [a: ')
      const answer = await app.call('broken')
      expect(answer.status).toBe(500)
      expect(answer.body.msg).toMatch(/does not compile: .+ at line 2, column \d+/)
    },
    SLOW,
  )

  it(
    'a runtime exception answers 500 with its class, message and script line; the next call works',
    async () => {
      app.service('npe', 'def a = 1\ndef b = null\nreturn b.size() + a')
      const answer = await app.call('npe')
      expect(answer.status).toBe(500)
      expect(answer.body.msg).toContain('java.lang.NullPointerException')
      expect(answer.body.msg).toContain('(script line 3)')
      expect((await app.call('echo')).status).toBe(200)
    },
    SLOW,
  )

  it(
    'a script past logicTimeoutMs is stopped and answers 500; the JVM serves the next call',
    async () => {
      app.service('spin', 'while (true) { }')
      const answer = await app.call('spin')
      expect(answer.status).toBe(500)
      expect(answer.body.msg).toMatch(/did not finish within 4000 ms \(logicTimeoutMs\) and was stopped/)
      expect((await app.call('values')).status).toBe(200)
    },
    SLOW,
  )

  it(
    'a changed code is compiled again; an unchanged one runs as compiled',
    async () => {
      app.service('version', 'return "v1"')
      expect((await app.call('version')).body).toBe('v1')
      app.service('version', 'return "v2"')
      expect((await app.call('version')).body).toBe('v2')
    },
    SLOW,
  )

  it(
    'the platform beans are out of reach: BeanContainer.getBean says so',
    async () => {
      app.service('bean', `BeanContainer.getBean('userService')`)
      const answer = await app.call('bean')
      expect(answer.status).toBe(500)
      expect(answer.body.msg).toContain("the platform's beans are not in the emulator")
    },
    SLOW,
  )
})
