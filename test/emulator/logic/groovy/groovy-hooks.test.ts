import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../../src/index.js'
import {
  FIRST_CALL_MS,
  GROOVY_MISSING,
  captureGroovyLog,
  startGroovyApp,
  type GroovyApp,
} from './groovy-fixture.js'

const SLOW = 60_000

describe.skipIf(GROOVY_MISSING !== undefined)('Groovy object hooks (one JVM for this file)', () => {
  let app: GroovyApp
  let log: string[]

  /** A DynamicObjectHook of the default tenant running a Groovy logic of the hook's name. */
  const hook = (name: string, domain: string, hookType: string, code: string): void => {
    const coreLogic = app.logic(name, code)
    app.asTenant(() => {
      const objectType = SimpleQuery.of('DomainClass').eq('shortName', domain).get()
      DomainHelper.createDomain(
        DomainHelper.buildDomain('DynamicObjectHook', { name, hookType, objectType, coreLogic }),
      )
    })
  }

  /** The objects of a domain in the default tenant whose `field` is `value`. */
  const stored = (domain: string, field: string, value: unknown): Record<string, any>[] =>
    app.asTenant(() =>
      SimpleQuery.of(domain)
        .eq(field, value as never)
        .listAll(),
    ) as Record<string, any>[]

  /** Creates an object in the default tenant, hooks aside, and returns it with its id. */
  const create = (domain: string, fields: Record<string, unknown>): Record<string, any> =>
    app.asTenant(() => {
      const object = DomainHelper.buildDomain(domain, fields as never) as Record<string, any>
      DomainHelper.createDomain(object)
      return object
    })

  beforeAll(async () => {
    log = captureGroovyLog()
    app = startGroovyApp({
      domains: {
        Customer: { fields: { name: { type: 'STRING', required: true }, city: 'STRING', note: 'STRING' } },
        Order: {
          fields: {
            status: { type: 'STRING', required: true },
            total: 'BIG_DECIMAL',
            customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
          },
        },
        Tag: { fields: { name: 'STRING' } },
      },
      users: [{ username: 'admin', password: 'admin', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] }],
      logicTimeoutMs: 10_000,
    })
    // Warm the JVM once, so that each test below is timed as a warm call.
    app.service('warm', 'return 1')
    expect((await app.call('warm')).body).toBe(1)
  }, FIRST_CALL_MS)
  afterEach(() =>
    // Each test's hooks end with it: every write of a domain runs every hook of the domain.
    app.asTenant(() => {
      for (const record of SimpleQuery.of('DynamicObjectHook').listAll()) DomainHelper.deleteDomain(record)
    }),
  )
  afterAll(() => app.emulator.close())

  it(
    'a BEFORE_CREATE hook sees object, hookType, objectType, userContext and log, and what it sets on object is written',
    async () => {
      hook(
        'stamp',
        'Customer',
        'BEFORE_CREATE',
        `log("stamping \${object.name}")
        object.city = object.city?.toUpperCase()
        object.note = "\${hookType} of \${objectType} by \${userContext.username} (\${userContext.roles.join(',')}), " +
          "\${object.getClass().simpleName} \${object.id == null ? 'without' : 'with'} id"`,
      )
      const { status, body } = await app.request('POST', '/data/Customer', {
        json: { name: 'Ann', city: 'oslo' },
      })
      expect(status).toBe(200)
      const note = 'BEFORE_CREATE of Customer by admin (ROLE_ADMIN,ROLE_DEVELOPER), Customer without id'
      expect(body).toMatchObject({ status: 'success', data: { name: 'Ann', city: 'OSLO', note } })
      expect(stored('Customer', 'name', 'Ann')).toMatchObject([{ id: body.data.id, city: 'OSLO', note }])
      expect(log).toContainEqual(
        expect.stringMatching(
          /^\[groovy\] INFO DynamicLogic 'stamp' of DynamicObjectHook 'stamp' .*: stamping Ann$/,
        ),
      )
    },
    SLOW,
  )

  it(
    'a BEFORE_CREATE hook that throws CustomLogicInterruptException refuses the write: HTTP 200, status error with its message; nothing is written',
    async () => {
      hook(
        'no-bob',
        'Customer',
        'BEFORE_CREATE',
        `new Tag(name: "saw \${object.name}").save()
        if (object.name == 'Bob') throw new CustomLogicInterruptException("\${object.name} may not be a customer")`,
      )
      const refused = await app.request('POST', '/data/Customer', { json: { name: 'Bob' } })
      expect(refused.status).toBe(200)
      expect(refused.body).toMatchObject({
        status: 'error',
        message: 'Bob may not be a customer',
        data: null,
      })
      // Neither the refused object nor the hook's own write is kept.
      expect(stored('Customer', 'name', 'Bob')).toEqual([])
      expect(stored('Tag', 'name', 'saw Bob')).toEqual([])
      // The same hook lets another through, with its own write.
      const allowed = await app.request('POST', '/data/Customer', { json: { name: 'Bea' } })
      expect(allowed.body).toMatchObject({ status: 'success', data: { name: 'Bea' } })
      expect(stored('Tag', 'name', 'saw Bea')).toHaveLength(1)
    },
    SLOW,
  )

  it(
    'a BEFORE_CREATE hook sees a reference as an object of its domain, its fields loaded',
    async () => {
      const cleo = create('Customer', { name: 'Cleo', city: 'Rome' })
      hook(
        'ship-to',
        'Order',
        'BEFORE_CREATE',
        `object.status = "\${object.status} to \${object.customer.city} for \${object.customer.name}"`,
      )
      const { body } = await app.request('POST', '/data/Order', {
        json: { status: 'OPEN', total: 5, customer: { id: cleo['id'] } },
      })
      expect(body).toMatchObject({ status: 'success', data: { status: 'OPEN to Rome for Cleo' } })
      expect(stored('Order', 'status', 'OPEN to Rome for Cleo')).toMatchObject([
        { customer: { id: cleo['id'] } },
      ])
    },
    SLOW,
  )

  it(
    'a BEFORE_UPDATE hook gets the stored object with the changes applied, and what it changes is written',
    async () => {
      const dora = create('Customer', { name: 'Dora', city: 'Lyon' })
      hook(
        'keep-city',
        'Customer',
        'BEFORE_UPDATE',
        `object.note = "\${hookType}: \${object.name} of \${object.city}"
        object.city = object.city.toUpperCase()`,
      )
      const { body } = await app.request('PUT', `/data/Customer/${dora['id']}`, {
        json: { id: dora['id'], name: 'Dorothea' },
      })
      expect(body).toMatchObject({
        status: 'success',
        data: { name: 'Dorothea', city: 'LYON', note: 'BEFORE_UPDATE: Dorothea of Lyon' },
      })
      expect(stored('Customer', 'name', 'Dorothea')).toMatchObject([
        { id: dora['id'], city: 'LYON', note: 'BEFORE_UPDATE: Dorothea of Lyon' },
      ])
    },
    SLOW,
  )

  it(
    'an AFTER_CREATE hook sees the new id; when it throws, the write and its own writes are undone and the answer is the error',
    async () => {
      hook(
        'after-check',
        'Customer',
        'AFTER_CREATE',
        `new Tag(name: "created \${object.name} as \${object.id}").save()
        if (object.name == 'Eve') throw new IllegalStateException("\${object.name} got id \${object.id}, and is undone")`,
      )
      const kept = await app.request('POST', '/data/Customer', { json: { name: 'Emma' } })
      expect(kept.body).toMatchObject({ status: 'success', data: { name: 'Emma' } })
      expect(stored('Tag', 'name', `created Emma as ${kept.body.data.id}`)).toHaveLength(1)
      const undone = await app.request('POST', '/data/Customer', { json: { name: 'Eve' } })
      expect(undone.status).toBe(200)
      expect(undone.body.status).toBe('error')
      expect(undone.body.message).toMatch(/^Eve got id \d+, and is undone \(script line 2\)$/)
      expect(stored('Customer', 'name', 'Eve')).toEqual([])
      expect(app.asTenant(() => SimpleQuery.of('Tag').iLike('name', 'created Eve%').listAll())).toEqual([])
    },
    SLOW,
  )

  it(
    'an AFTER_UPDATE hook that throws undoes the update',
    async () => {
      const finn = create('Customer', { name: 'Finn', city: 'Oslo' })
      hook(
        'after-update',
        'Customer',
        'AFTER_UPDATE',
        `if (object.city == 'Nowhere') throw new CustomLogicInterruptException("\${object.name} cannot move to \${object.city}")`,
      )
      const { body } = await app.request('PUT', `/data/Customer/${finn['id']}`, {
        json: { id: finn['id'], city: 'Nowhere' },
      })
      expect(body).toMatchObject({ status: 'error', message: 'Finn cannot move to Nowhere' })
      expect(stored('Customer', 'name', 'Finn')).toMatchObject([{ city: 'Oslo' }])
    },
    SLOW,
  )

  it(
    'a BEFORE_DELETE hook that refuses keeps the object',
    async () => {
      const gus = create('Customer', { name: 'Gus', city: 'Kiel' })
      hook(
        'keep',
        'Customer',
        'BEFORE_DELETE',
        `throw new CustomLogicInterruptException("\${object.name} stays")`,
      )
      const { status, body } = await app.request('DELETE', `/data/Customer/${gus['id']}`)
      expect({ status, body }).toMatchObject({ status: 200, body: { status: 'error', message: 'Gus stays' } })
      expect(stored('Customer', 'name', 'Gus')).toHaveLength(1)
    },
    SLOW,
  )

  it(
    'a batch whose Groovy hook refuses one object fails as a whole: nothing written, the hooks’ writes neither',
    async () => {
      const hal = create('Customer', { name: 'Hal', city: 'Bonn' })
      const ida = create('Customer', { name: 'Ida', city: 'Bonn' })
      hook(
        'picky',
        'Customer',
        'BEFORE_UPDATE',
        `new Tag(name: "batch saw \${object.name}").save()
        if (object.city == 'Mars') throw new CustomLogicInterruptException("\${object.name} cannot live on Mars")`,
      )
      const { status, body } = await app.request('PUT', '/data/Customer/batch', {
        json: [
          { id: hal['id'], city: 'Kiel' },
          { id: ida['id'], city: 'Mars' },
        ],
      })
      expect(status).toBe(400)
      expect(body.errMsg).toContain('[1]: Ida cannot live on Mars')
      expect(stored('Customer', 'city', 'Bonn').map((customer) => customer['name'])).toEqual(['Hal', 'Ida'])
      expect(app.asTenant(() => SimpleQuery.of('Tag').iLike('name', 'batch saw%').listAll())).toEqual([])
      // Without the refused object the batch goes through, each object through the hook.
      const ok = await app.request('PUT', '/data/Customer/batch', { json: [{ id: hal['id'], city: 'Kiel' }] })
      expect(ok.body).toMatchObject({ status: 'success', data: [{ name: 'Hal', city: 'Kiel' }] })
      expect(stored('Tag', 'name', 'batch saw Hal')).toHaveLength(1)
    },
    SLOW,
  )
})
