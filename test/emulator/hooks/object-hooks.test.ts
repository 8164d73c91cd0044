import { describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import type { EmulatorOptions, HookRequest, LogicFunction } from '../../../src/emulator/index.js'
import type { TestHost } from '../../../src/testing/index.js'
import { SHOP, all, count, seed } from '../shop.js'
import { TRANSPORTS, startWire } from '../wire.js'

/** Creates a DynamicObjectHook in a tenant, on a domain, running the logic option's function of that name. */
function hook(
  host: TestHost,
  fields: { name: string; domain: string; hookType: string; logic: string; active?: boolean },
  tenant = 'acme',
): void {
  host.runAs({ tenant }, () => {
    const objectType = SimpleQuery.of('DomainClass').eq('shortName', fields.domain).get()
    const coreLogic = SimpleQuery.of('DynamicLogic').eq('name', fields.logic).get()
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicObjectHook', {
        name: fields.name,
        hookType: fields.hookType,
        objectType,
        coreLogic,
        ...(fields.active === undefined ? {} : { active: fields.active }),
      }),
    )
  })
}

/** A hook's logic as a function of the logic option: it receives the hook's request. */
function asHook(fn: (request: HookRequest) => unknown): LogicFunction {
  return (request) => fn(request as unknown as HookRequest)
}

/** What the hooks saw, in order. */
function hooked(logic: NonNullable<EmulatorOptions['logic']> = {}) {
  const seen: HookRequest[] = []
  const record = asHook((request) => {
    seen.push(structuredClone(request))
  })
  return { seen, logic: { record, ...logic } }
}

async function withHooks(
  logic: NonNullable<EmulatorOptions['logic']>,
  transport: (typeof TRANSPORTS)[number] = 'in-process',
) {
  const wire = await startWire({ ...SHOP, logic }, transport)
  return { wire, host: wire.emulator.host, admin: (await wire.login()).access_token }
}

const refuse = asHook((request) => {
  // A hook's own write: undone with the refused write.
  DomainHelper.createDomain(DomainHelper.buildDomain('Tag', { name: `by ${request.hookType}` }))
  throw new Error(`${request.domain} ${String(request.object['name'])} is not welcome`)
})

describe('the application model as platform records', () => {
  it('every application domain has its DomainClass and a DomainClassField per field, in every tenant', async () => {
    const { wire, host, admin } = await withHooks({})
    const classes = await wire.json('GET', '/data/DomainClass?max=100', { token: admin })
    expect(classes.body.data.map((record: { shortName: string }) => record.shortName)).toEqual([
      'Customer',
      'Product',
      'Order',
      'Tag',
    ])
    const order = classes.body.data[2]
    const fields = await wire.json('GET', '/data/DomainClassField?max=100', { token: admin })
    const orderFields = fields.body.data.filter(
      (field: { domainClass: { id: number } }) => field.domainClass.id === order.id,
    )
    expect(
      orderFields.map((field: { name: string; dataType: string }) => [field.name, field.dataType]),
    ).toEqual([
      ['number', 'INTEGER'],
      ['status', 'STRING'],
      ['total', 'BIG_DECIMAL'],
      ['customer', 'DOMAIN_OBJECT'],
      ['tags', 'DOMAIN_OBJECT_LIST'],
      ['placedOn', 'LOCAL_DATE'],
      ['receipt', 'FILE'],
    ])
    expect(orderFields[0]).toMatchObject({ nullable: false, editable: true, referenceDomain: null })
    expect(orderFields[3]).toMatchObject({
      nullable: true,
      referenceDomain: { id: classes.body.data[0].id },
    })
    expect(all(host, 'DomainClass', 'globex').map((record) => record['shortName'])).toEqual([
      'Customer',
      'Product',
      'Order',
      'Tag',
    ])
  })

  it('are read-only over REST, as the model is fixed at start: a write answers 403/1004', async () => {
    const { wire, host, admin } = await withHooks({})
    const created = await wire.json('POST', '/data/DomainClass', {
      token: admin,
      json: { shortName: 'Invoice' },
    })
    expect(created.status).toBe(403)
    expect(created.body).toMatchObject({ errCode: 1004 })
    expect(count(host, 'DomainClass')).toBe(4)
  })
})

describe.each(TRANSPORTS)('object hooks (%s)', (transport) => {
  it('a BEFORE_CREATE hook runs as the caller in the caller’s tenant and gets { hookType, domain, object, user }', async () => {
    const { seen, logic } = hooked()
    const { wire, host } = await withHooks(logic, transport)
    hook(host, { name: 'see', domain: 'Customer', hookType: 'BEFORE_CREATE', logic: 'record' }, 'globex')
    const login = await wire.login('globex', 'globex')
    const globex = login.access_token
    const { body } = await wire.json('POST', '/data/Customer', {
      token: globex,
      json: { name: 'Ann', vip: true },
    })
    expect(body.status).toBe('success')
    expect(seen).toEqual([
      {
        hookType: 'BEFORE_CREATE',
        domain: 'Customer',
        object: { name: 'Ann', vip: true },
        user: { id: login.id, username: 'globex', name: 'globex', roles: ['ROLE_ADMIN'], tenant: 'globex' },
      },
    ])
    // Only globex's hooks run for globex's writes.
    await wire.json('POST', '/data/Customer', {
      token: (await wire.login()).access_token,
      json: { name: 'Bob' },
    })
    expect(seen).toHaveLength(1)
  })

  it('a BEFORE_CREATE hook that throws refuses the write: HTTP 200, status error with the thrown message; nothing is written', async () => {
    const { wire, host, admin } = await withHooks({ refuse }, transport)
    hook(host, { name: 'no', domain: 'Customer', hookType: 'BEFORE_CREATE', logic: 'refuse' })
    const { status, body } = await wire.json('POST', '/data/Customer', {
      token: admin,
      json: { name: 'Ann' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'error', message: 'Customer Ann is not welcome', data: null })
    expect([count(host, 'Customer'), count(host, 'Tag')]).toEqual([0, 0])
  })

  it('a BEFORE_CREATE hook that changes the object changes what is written', async () => {
    const { wire, host, admin } = await withHooks(
      {
        shout: asHook((request) => {
          request.object['name'] = String(request.object['name']).toUpperCase()
          request.object['vip'] = true
        }),
      },
      transport,
    )
    hook(host, { name: 'shout', domain: 'Customer', hookType: 'BEFORE_CREATE', logic: 'shout' })
    const { body } = await wire.json('POST', '/data/Customer', { token: admin, json: { name: 'Ann' } })
    expect(body).toMatchObject({ status: 'success', data: { name: 'ANN', vip: true } })
    expect(all(host, 'Customer')).toMatchObject([{ name: 'ANN', vip: true }])
  })

  it('an AFTER_CREATE hook gets the object with its id; when it throws, the write is undone and the answer is the error', async () => {
    const { seen, logic } = hooked({ refuse })
    const { wire, host, admin } = await withHooks(logic, transport)
    hook(host, { name: 'see', domain: 'Customer', hookType: 'AFTER_CREATE', logic: 'record' })
    const created = await wire.json('POST', '/data/Customer', { token: admin, json: { name: 'Ann' } })
    expect(seen[0]).toMatchObject({
      hookType: 'AFTER_CREATE',
      object: { id: created.body.data.id, name: 'Ann' },
    })
    hook(host, { name: 'no', domain: 'Customer', hookType: 'AFTER_CREATE', logic: 'refuse' })
    const { status, body } = await wire.json('POST', '/data/Customer', {
      token: admin,
      json: { name: 'Bob' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'error', message: 'Customer Bob is not welcome' })
    expect(all(host, 'Customer').map((customer) => customer['name'])).toEqual(['Ann'])
    expect(count(host, 'Tag')).toBe(0)
  })

  it('a BEFORE_UPDATE hook gets the stored object with the changes applied, and may change what is written', async () => {
    const { seen, logic } = hooked({
      stamp: asHook((request) => {
        request.object['email'] = `${String(request.object['name']).toLowerCase()}@example.com`
      }),
    })
    const { wire, host, admin } = await withHooks(logic, transport)
    const [ann] = seed(host, 'Customer', [{ name: 'Ann', vip: false }])
    hook(host, { name: 'see', domain: 'Customer', hookType: 'BEFORE_UPDATE', logic: 'record' })
    hook(host, { name: 'stamp', domain: 'Customer', hookType: 'BEFORE_UPDATE', logic: 'stamp' })
    const { body } = await wire.json('PUT', `/data/Customer/${ann!.id}`, {
      token: admin,
      json: { id: ann!.id, name: 'Anna' },
    })
    expect(seen[0]).toMatchObject({ object: { id: ann!.id, name: 'Anna', vip: false } })
    expect(body).toMatchObject({
      status: 'success',
      data: { name: 'Anna', email: 'anna@example.com', vip: false },
    })
  })

  it('an AFTER_UPDATE hook that throws undoes the update', async () => {
    const { wire, host, admin } = await withHooks({ refuse }, transport)
    const [ann] = seed(host, 'Customer', [{ name: 'Ann' }])
    hook(host, { name: 'no', domain: 'Customer', hookType: 'AFTER_UPDATE', logic: 'refuse' })
    const { body } = await wire.json('PUT', `/data/Customer/${ann!.id}`, {
      token: admin,
      json: { id: ann!.id, name: 'Anna' },
    })
    expect(body).toMatchObject({ status: 'error', message: 'Customer Anna is not welcome' })
    expect(all(host, 'Customer')).toMatchObject([{ name: 'Ann' }])
    expect(count(host, 'Tag')).toBe(0)
  })

  it('a batch whose hook fails on the 2nd object fails as a whole: nothing written, the hooks’ writes neither', async () => {
    const { wire, host, admin } = await withHooks(
      {
        picky: asHook((request) => {
          DomainHelper.createDomain(
            DomainHelper.buildDomain('Tag', { name: `saw ${String(request.object['name'])}` }),
          )
          if (request.object['name'] === 'Bobby') throw new Error('no Bobby here')
        }),
      },
      transport,
    )
    const [ann, bob] = seed(host, 'Customer', [{ name: 'Ann' }, { name: 'Bob' }])
    hook(host, { name: 'picky', domain: 'Customer', hookType: 'BEFORE_UPDATE', logic: 'picky' })
    const { status, body } = await wire.json('PUT', '/data/Customer/batch', {
      token: admin,
      json: [
        { id: ann!.id, name: 'Anna' },
        { id: bob!.id, name: 'Bobby' },
      ],
    })
    expect(status).toBe(400)
    expect(body.errMsg).toContain('[1]: no Bobby here')
    expect(all(host, 'Customer').map((customer) => customer['name'])).toEqual(['Ann', 'Bob'])
    expect(count(host, 'Tag')).toBe(0)
    // Without the failing object the batch goes through, each object through its hook.
    const ok = await wire.json('PUT', '/data/Customer/batch', {
      token: admin,
      json: [{ id: ann!.id, name: 'Anna' }],
    })
    expect(ok.body).toMatchObject({ status: 'success', data: [{ name: 'Anna' }] })
    expect(all(host, 'Tag').map((tag) => tag['name'])).toEqual(['saw Anna'])
  })

  it('an AFTER_UPDATE hook that throws in a batch undoes the whole batch', async () => {
    const { wire, host, admin } = await withHooks(
      {
        late: asHook((request) => {
          if (request.object['name'] === 'Bobby') throw new Error('too late for Bobby')
        }),
      },
      transport,
    )
    const [ann, bob] = seed(host, 'Customer', [{ name: 'Ann' }, { name: 'Bob' }])
    hook(host, { name: 'late', domain: 'Customer', hookType: 'AFTER_UPDATE', logic: 'late' })
    const { status, body } = await wire.json('PUT', '/data/Customer/batch', {
      token: admin,
      json: [
        { id: ann!.id, name: 'Anna' },
        { id: bob!.id, name: 'Bobby' },
      ],
    })
    expect(status).toBe(400)
    expect(body.errMsg).toContain('[1]: too late for Bobby')
    expect(all(host, 'Customer').map((customer) => customer['name'])).toEqual(['Ann', 'Bob'])
  })

  it('a BEFORE_DELETE hook that throws refuses the delete; an AFTER_DELETE hook that throws undoes it', async () => {
    const { wire, host, admin } = await withHooks({ refuse }, transport)
    const [ann, bob] = seed(host, 'Customer', [{ name: 'Ann' }, { name: 'Bob' }])
    hook(host, { name: 'keep', domain: 'Customer', hookType: 'BEFORE_DELETE', logic: 'refuse' })
    const refused = await wire.json('DELETE', `/data/Customer/${ann!.id}`, { token: admin })
    expect(refused.body).toMatchObject({ status: 'error', message: 'Customer Ann is not welcome' })
    host.runAs({ tenant: 'acme' }, () => {
      const keep = SimpleQuery.of('DynamicObjectHook').eq('name', 'keep').get() as Record<string, unknown>
      keep['hookType'] = 'AFTER_DELETE'
      DomainHelper.updateDomain(keep)
    })
    const undone = await wire.json('DELETE', `/data/Customer/${bob!.id}`, { token: admin })
    expect(undone.body).toMatchObject({ status: 'error', message: 'Customer Bob is not welcome' })
    expect(all(host, 'Customer').map((customer) => customer['name'])).toEqual(['Ann', 'Bob'])
    expect(count(host, 'Tag')).toBe(0)
  })

  it('an UPDATE_DELETE hook is selectable and never runs; an inactive hook does not run', async () => {
    const { wire, host, admin } = await withHooks({ refuse }, transport)
    hook(host, { name: 'legacy', domain: 'Customer', hookType: 'UPDATE_DELETE', logic: 'refuse' })
    hook(host, { name: 'off', domain: 'Customer', hookType: 'BEFORE_CREATE', logic: 'refuse', active: false })
    const created = await wire.json('POST', '/data/Customer', { token: admin, json: { name: 'Ann' } })
    expect(created.body.status).toBe('success')
    const id = created.body.data.id
    expect(
      (await wire.json('PUT', `/data/Customer/${id}`, { token: admin, json: { id, name: 'Anna' } })).body
        .status,
    ).toBe('success')
    expect((await wire.json('DELETE', `/data/Customer/${id}`, { token: admin })).body.status).toBe('success')
    expect(count(host, 'Tag')).toBe(0)
  })
})

describe('object hooks made over REST', () => {
  it('a JAVASCRIPT_CODE hook created over REST runs on the domain named by its DomainClass', async () => {
    const { wire, host, admin } = await withHooks({})
    const get = async (domain: string, field: string, value: string) =>
      (await wire.json('GET', `/data/${domain}?max=100`, { token: admin })).body.data.find(
        (record: Record<string, unknown>) => record[field] === value,
      )
    const logic = await wire.json('POST', '/data/DynamicLogic', {
      token: admin,
      json: {
        name: 'no-empty-email',
        dynamicLogicEngine: { id: (await get('DynamicLogicEngine', 'name', 'JAVASCRIPT_CODE')).id },
        logicType: { id: (await get('DynamicLogicType', 'name', 'OBJECT_DYNAMIC_HOOK')).id },
        code: "if (!request.object.email) throw new Error(request.user.username + ': a customer needs an email')",
      },
    })
    const created = await wire.json('POST', '/data/DynamicObjectHook', {
      token: admin,
      json: {
        name: 'email required',
        objectType: { id: (await get('DomainClass', 'shortName', 'Customer')).id },
        hookType: 'BEFORE_CREATE',
        coreLogic: { id: logic.body.data.id },
      },
    })
    expect(created.body).toMatchObject({ status: 'success', data: { active: true } })
    const refused = await wire.json('POST', '/data/Customer', { token: admin, json: { name: 'Ann' } })
    expect(refused.body).toMatchObject({ status: 'error', message: 'admin: a customer needs an email' })
    const accepted = await wire.json('POST', '/data/Customer', {
      token: admin,
      json: { name: 'Ann', email: 'ann@example.com' },
    })
    expect(accepted.body.status).toBe('success')
    // Another domain's writes do not run it.
    expect((await wire.json('POST', '/data/Tag', { token: admin, json: { name: 'x' } })).body.status).toBe(
      'success',
    )
    expect(count(host, 'Customer')).toBe(1)
  })

  it('a hook type outside the platform’s list is a validation failure', async () => {
    const { wire, host, admin } = await withHooks({ refuse })
    const objectType = (await wire.json('GET', '/data/DomainClass', { token: admin })).body.data[0]
    const coreLogic = all(host, 'DynamicLogic')[0]!
    const { body } = await wire.json('POST', '/data/DynamicObjectHook', {
      token: admin,
      json: {
        name: 'odd',
        objectType: { id: objectType.id },
        hookType: 'ACCESS',
        coreLogic: { id: coreLogic['id'] },
      },
    })
    expect(body).toMatchObject({
      status: 'error',
      message: expect.stringContaining('DynamicObjectHook.hookType takes one of BEFORE_CREATE, AFTER_CREATE'),
    })
    expect(count(host, 'DynamicObjectHook')).toBe(0)
  })
})
