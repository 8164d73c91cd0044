import { describe, expect, it } from 'vitest'
import { SHOP, all, count, seed } from '../shop.js'
import { countingStore } from '../counting-store.js'
import { TRANSPORTS, manualClock, platformError, startWire, type Wire } from '../wire.js'

async function shop(
  transport: (typeof TRANSPORTS)[number] = 'in-process',
  extra = {},
): Promise<Wire & { admin: string; clerk: string }> {
  const wire = await startWire({ ...SHOP, ...extra }, transport)
  return {
    ...wire,
    admin: (await wire.login()).access_token,
    clerk: (await wire.login('clerk', 'clerk')).access_token,
  }
}

describe.each(TRANSPORTS)('GET /data/<domain> (%s)', (transport) => {
  it('answers {total, data, formHookDataList}: the first 10 objects by id when max is not given', async () => {
    const wire = await shop(transport)
    const customers = seed(
      wire.emulator.host,
      'Customer',
      Array.from({ length: 25 }, (_, i) => ({ name: `c${i}` })),
    )
    const { status, body } = await wire.json('GET', '/data/Customer', { token: wire.admin })

    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['total', 'data', 'formHookDataList'])
    expect(body.total).toBe(25)
    expect(body.formHookDataList).toEqual([])
    expect(body.data.map((c: { id: number }) => c.id)).toEqual(customers.slice(0, 10).map((c) => c.id))
    expect(body.data[0]).toEqual({ id: customers[0]!.id, name: 'c0', email: null, vip: null })
  })

  it('max and offset page the list', async () => {
    const wire = await shop(transport)
    const customers = seed(
      wire.emulator.host,
      'Customer',
      Array.from({ length: 25 }, (_, i) => ({ name: `c${i}` })),
    )
    const { body } = await wire.json('GET', '/data/Customer?max=5&offset=20', { token: wire.admin })
    expect(body.total).toBe(25)
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(customers.slice(20).map((c) => c.name))
    expect((await wire.json('GET', '/data/Customer?max=0', { token: wire.admin })).body).toMatchObject({
      total: 25,
      data: [],
    })
  })
})

describe('GET /data/<domain>', () => {
  it('serves a max above 500 as 500', async () => {
    const wire = await shop()
    seed(
      wire.emulator.host,
      'Tag',
      Array.from({ length: 503 }, (_, i) => ({ name: `t${i}` })),
    )
    const { body } = await wire.json('GET', '/data/Tag?max=1000', { token: wire.admin })
    expect(body.total).toBe(503)
    expect(body.data).toHaveLength(500)
  })

  it('answers 400 with errCode 1001 for a max or offset that is not a whole number', async () => {
    const wire = await shop()
    for (const query of ['max=ten', 'max=-1', 'offset=1.5', 'offset=-3']) {
      const { status, body } = await wire.json('GET', `/data/Customer?${query}`, { token: wire.admin })
      expect(status, query).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
  })

  it('writes object-type fields as {"id": n} and BIG_DECIMAL values as numbers that keep their scale', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    const [tag] = seed(wire.emulator.host, 'Tag', [{ name: 'rush' }])
    seed(wire.emulator.host, 'Order', [
      { number: 1, status: 'OPEN', total: '12.50', customer: ann, tags: [tag], placedOn: '2025-03-01' },
    ])
    const response = await wire.send('GET', '/data/Order', { token: wire.admin })
    const text = await response.text()

    expect(text).toContain('"total":12.50')
    expect(JSON.parse(text).data[0]).toEqual({
      id: expect.any(Number),
      number: 1,
      status: 'OPEN',
      total: 12.5,
      customer: { id: ann!.id },
      tags: [{ id: tag!.id }],
      placedOn: '2025-03-01',
      receipt: null,
    })
  })

  it('writes ZONED_DATETIME values as ISO-8601 in UTC with milliseconds, and LOCAL_DATE values as YYYY-MM-DD', async () => {
    const wire = await shop('in-process', {
      domains: { Meeting: { fields: { startsAt: 'ZONED_DATETIME', day: 'LOCAL_DATE' } } },
    })
    const created = await wire.json('POST', '/data/Meeting', {
      token: wire.admin,
      json: { startsAt: '2025-03-01T10:30:00+01:00', day: '2025-03-01' },
    })
    const written = { startsAt: '2025-03-01T09:30:00.000Z', day: '2025-03-01' }
    expect(created.body.data).toEqual({ id: expect.any(Number), ...written })
    const listed = await wire.json('GET', '/data/Meeting', { token: wire.admin })
    expect(listed.body.data).toEqual([created.body.data])
  })
})

describe('GET /data/<domain>/<id>', () => {
  it('answers {data, formHookData}', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann', vip: true }])
    const { status, body } = await wire.json('GET', `/data/Customer/${ann!.id}`, { token: wire.admin })
    expect(status).toBe(200)
    expect(body).toEqual({ data: { id: ann!.id, name: 'Ann', email: null, vip: true }, formHookData: {} })
  })

  it('answers 404 with errCode 1005 for an id the domain does not hold, an object of another domain included', async () => {
    const wire = await shop()
    const [tag] = seed(wire.emulator.host, 'Tag', [{ name: 'x' }])
    for (const id of [999, tag!.id]) {
      const { status, body } = await wire.json('GET', `/data/Customer/${id}`, { token: wire.admin })
      expect(status).toBe(404)
      expect(body).toEqual(platformError(1005, 'NotFound'))
    }
  })

  it('answers 400 for an id that is not a whole number', async () => {
    const wire = await shop()
    const { status, body } = await wire.json('GET', '/data/Customer/abc', { token: wire.admin })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
  })
})

describe('POST /data/<domain>', () => {
  it('creates the object and answers the mutation envelope: status success, an empty message, the object, the date', async () => {
    const clock = manualClock()
    const wire = await shop('in-process', { now: clock.now })
    const { status, body } = await wire.json('POST', '/data/Customer', {
      token: wire.admin,
      json: { name: 'Ann', vip: false },
    })

    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['status', 'message', 'data', 'date'])
    expect(body).toEqual({
      status: 'success',
      message: '',
      data: { id: expect.any(Number), name: 'Ann', email: null, vip: false },
      date: clock.now(),
    })
    expect(all(wire.emulator.host, 'Customer')).toEqual([body.data])
  })

  it('takes object-type fields as {"id": n}', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    const [a, b] = seed(wire.emulator.host, 'Tag', [{ name: 'a' }, { name: 'b' }])
    const { body } = await wire.json('POST', '/data/Order', {
      token: wire.admin,
      json: {
        number: 7,
        status: 'OPEN',
        total: '9.90',
        customer: { id: ann!.id },
        tags: [{ id: a!.id }, { id: b!.id }],
      },
    })
    expect(body.status).toBe('success')
    expect(body.data).toMatchObject({
      customer: { id: ann!.id },
      tags: [{ id: a!.id }, { id: b!.id }],
      total: 9.9,
    })
    const [stored] = all(wire.emulator.host, 'Order')
    expect((stored!['customer'] as { name: string }).name).toBe('Ann')
    expect(stored!['total']).toBe('9.90')
  })

  it('a validation failure is HTTP 200 with status error and the validation message, and nothing is written', async () => {
    const wire = await shop()
    const [other] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }], 'globex')
    for (const json of [
      { status: 'OPEN' },
      { number: 'seven', status: 'OPEN' },
      { number: 1, status: 'OPEN', colour: 'red' },
      { number: 1, status: 'OPEN', customer: 5 },
      { number: 1, status: 'OPEN', customer: { id: other!.id } },
    ]) {
      const { status, body } = await wire.json('POST', '/data/Order', { token: wire.admin, json })
      expect(status, JSON.stringify(json)).toBe(200)
      expect(body).toEqual({
        status: 'error',
        message: expect.stringContaining('Validation of Order failed'),
        data: null,
        date: expect.any(Number),
      })
    }
    expect(count(wire.emulator.host, 'Order')).toBe(0)
  })

  it('an object-type or FILE field sent as a bare value is a validation failure saying what to send on the wire', async () => {
    const wire = await shop()
    const expectations: [Record<string, unknown>, string][] = [
      [{ customer: 5 }, 'Order.customer is an object-type field: send it as {"id": <id>}, not 5'],
      [{ tags: [1, 2] }, 'Order.tags is a list of objects: send it as [{"id": <id>}, ...], not [1,2]'],
      [
        { receipt: 'r.pdf' },
        'Order.receipt is a FILE field: send, as it is, the value POST /api/attachment/upload',
      ],
    ]
    for (const [fields, wording] of expectations) {
      const { status, body } = await wire.json('POST', '/data/Order', {
        token: wire.admin,
        json: { number: 1, status: 'OPEN', ...fields },
      })
      expect(status).toBe(200)
      expect(body).toMatchObject({ status: 'error', message: expect.stringContaining(wording) })
      expect(body.message).not.toMatch(/SimpleQuery|StorageUtils|DomainHelper/)
    }
    const [a] = seed(wire.emulator.host, 'Order', [{ number: 1, status: 'OPEN' }])
    const batch = await wire.json('PUT', '/data/Order/batch', {
      token: wire.admin,
      json: [{ id: a!.id, customer: 5 }],
    })
    expect(batch.body.errMsg).toContain('send it as {"id": <id>}, not 5')
    expect(count(wire.emulator.host, 'Order')).toBe(1)
  })

  it('ignores an id in the body: the platform gives the id', async () => {
    const wire = await shop()
    const { body } = await wire.json('POST', '/data/Tag', {
      token: wire.admin,
      json: { id: 424242, name: 'x' },
    })
    expect(body.status).toBe('success')
    expect(body.data.id).not.toBe(424242)
  })
})

describe('PUT /data/<domain>/<id>', () => {
  it('changes only the fields in the body and answers the mutation envelope with the object', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann', email: 'ann@x', vip: false }])
    const { status, body } = await wire.json('PUT', `/data/Customer/${ann!.id}`, {
      token: wire.admin,
      json: { id: ann!.id, vip: true },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      status: 'success',
      message: '',
      data: { id: ann!.id, name: 'Ann', email: 'ann@x', vip: true },
    })
    expect(all(wire.emulator.host, 'Customer')).toEqual([
      { id: ann!.id, name: 'Ann', email: 'ann@x', vip: true },
    ])
  })

  it('a validation failure is HTTP 200 with status error and the message, and nothing is written', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann', vip: false }])
    const { status, body } = await wire.json('PUT', `/data/Customer/${ann!.id}`, {
      token: wire.admin,
      json: { id: ann!.id, vip: true, name: null },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      status: 'error',
      message: expect.stringContaining('Customer.name is required'),
      data: null,
    })
    expect(all(wire.emulator.host, 'Customer')).toEqual([
      { id: ann!.id, name: 'Ann', email: null, vip: false },
    ])
  })

  it('refuses a required text field sent empty, as a form sends it: HTTP 200 with status error', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann', vip: false }])
    for (const [method, path] of [
      ['POST', '/data/Customer'],
      ['PUT', `/data/Customer/${ann!.id}`],
    ] as const) {
      const json = method === 'PUT' ? { id: ann!.id, name: '' } : { name: '' }
      const { status, body } = await wire.json(method, path, { token: wire.admin, json })
      expect(status, method).toBe(200)
      expect(body, method).toMatchObject({
        status: 'error',
        message: expect.stringContaining(
          'Customer.name is required (a STRING field): give it a value, not an empty string',
        ),
        data: null,
      })
    }
    expect(all(wire.emulator.host, 'Customer')).toEqual([
      { id: ann!.id, name: 'Ann', email: null, vip: false },
    ])
  })

  it('answers 400 and writes nothing when the body names another id than the path', async () => {
    const wire = await shop()
    const [ann, bob] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }, { name: 'Bob' }])
    const { status, body } = await wire.json('PUT', `/data/Customer/${ann!.id}`, {
      token: wire.admin,
      json: { id: bob!.id, name: 'Eve' },
    })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    expect(body.errMsg).toContain(`the body's field id ${bob!.id} is not the id of the path, ${ann!.id}`)
    expect(all(wire.emulator.host, 'Customer').map((c) => c['name'])).toEqual(['Ann', 'Bob'])
  })

  it('answers 400 naming the field id and writes nothing when the body has no id, as the document requires it', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    for (const json of [{ name: 'Eve' }, { id: null, name: 'Eve' }]) {
      const { status, body } = await wire.json('PUT', `/data/Customer/${ann!.id}`, {
        token: wire.admin,
        json,
      })
      expect(status).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
      expect(body.errMsg).toContain('the body has no field id')
    }
    expect(all(wire.emulator.host, 'Customer').map((c) => c['name'])).toEqual(['Ann'])
  })

  it('takes the id as a string of the same digits, as the platform binds it', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    const { status, body } = await wire.json('PUT', `/data/Customer/${ann!.id}`, {
      token: wire.admin,
      json: { id: String(ann!.id), name: 'Eve' },
    })
    expect(status).toBe(200)
    expect(body.status).toBe('success')
    expect(all(wire.emulator.host, 'Customer').map((c) => c['name'])).toEqual(['Eve'])
  })

  it('answers 404 for an object the tenant does not hold', async () => {
    const wire = await shop()
    const [theirs] = seed(wire.emulator.host, 'Customer', [{ name: 'Globex Ann' }], 'globex')
    const { status } = await wire.json('PUT', `/data/Customer/${theirs!.id}`, {
      token: wire.admin,
      json: { id: theirs!.id, name: 'Mine now' },
    })
    expect(status).toBe(404)
    expect(all(wire.emulator.host, 'Customer', 'globex').map((c) => c['name'])).toEqual(['Globex Ann'])
  })
})

describe('PUT /data/<domain>/batch', () => {
  it('updates every object and answers them', async () => {
    const wire = await shop()
    const [a, b] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }, { name: 'Bob' }])
    const { status, body } = await wire.json('PUT', '/data/Customer/batch', {
      token: wire.admin,
      json: [
        { id: a!.id, vip: true },
        { id: b!.id, email: 'bob@x' },
      ],
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      status: 'success',
      data: [
        { id: a!.id, name: 'Ann', vip: true },
        { id: b!.id, name: 'Bob', email: 'bob@x' },
      ],
    })
  })

  it('is all or nothing: one invalid record answers an error response and nothing is written', async () => {
    const wire = await shop()
    const [a, b] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }, { name: 'Bob' }])
    for (const json of [
      [
        { id: a!.id, vip: true },
        { id: b!.id, name: null },
      ],
      [
        { id: a!.id, vip: true },
        { id: 99999, vip: true },
      ],
      [{ id: a!.id, vip: true }, { vip: true }],
    ]) {
      const { status, body } = await wire.json('PUT', '/data/Customer/batch', { token: wire.admin, json })
      expect(status, JSON.stringify(json)).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
      expect(body.errMsg).toContain('nothing was written')
    }
    expect(all(wire.emulator.host, 'Customer')).toEqual([
      { id: a!.id, name: 'Ann', email: null, vip: null },
      { id: b!.id, name: 'Bob', email: null, vip: null },
    ])
  })
})

describe('/data/<domain>/batch by another method than PUT', () => {
  it('answers 400 with errCode 1001 saying that batch takes PUT only', async () => {
    const wire = await shop()
    for (const method of ['GET', 'POST', 'DELETE']) {
      const { status, body } = await wire.json(method, '/data/Customer/batch', {
        token: wire.admin,
        ...(method === 'POST' ? { json: [] } : {}),
      })
      expect(status, method).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
      expect(body.errMsg).toContain('/data/Customer/batch takes PUT only')
    }
    expect((await wire.json('GET', '/data/Customer/batch')).status).toBe(403)
  })
})

describe('DELETE /data/<domain>/<id>', () => {
  it('deletes the object and answers the mutation envelope with it', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    const { status, body } = await wire.json('DELETE', `/data/Customer/${ann!.id}`, { token: wire.admin })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'success', message: '', data: { id: ann!.id, name: 'Ann' } })
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })

  it('answers status error and deletes nothing while another object references it', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    seed(wire.emulator.host, 'Order', [{ number: 1, status: 'OPEN', customer: ann }])
    const { status, body } = await wire.json('DELETE', `/data/Customer/${ann!.id}`, { token: wire.admin })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      status: 'error',
      message: expect.stringContaining('references it'),
      data: null,
    })
    expect(count(wire.emulator.host, 'Customer')).toBe(1)
  })
})

describe('PATCH /data/<domain>/<id>', () => {
  it('answers 403: the route exists but has no implementation', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    const { status, body } = await wire.json('PATCH', `/data/Customer/${ann!.id}`, {
      token: wire.admin,
      json: { name: 'Eve' },
    })
    expect(status).toBe(403)
    expect(body).toEqual(platformError(1004, 'NoPermission'))
    expect(all(wire.emulator.host, 'Customer')[0]!['name']).toBe('Ann')
  })
})

describe('access to /data', () => {
  it('answers 403 with errCode 1004 when no token is sent, for every method', async () => {
    const wire = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    for (const [method, path, json] of [
      ['GET', '/data/Customer', undefined],
      ['GET', `/data/Customer/${ann!.id}`, undefined],
      ['POST', '/data/Customer', { name: 'Eve' }],
      ['PUT', `/data/Customer/${ann!.id}`, { name: 'Eve' }],
      ['PUT', '/data/Customer/batch', [{ id: ann!.id, name: 'Eve' }]],
      ['DELETE', `/data/Customer/${ann!.id}`, undefined],
    ] as const) {
      const { status, body } = await wire.json(method, path, json === undefined ? {} : { json })
      expect(status, `${method} ${path}`).toBe(403)
      expect(body).toEqual(platformError(1004, 'NoPermission'))
    }
    expect(all(wire.emulator.host, 'Customer')).toEqual([
      { id: ann!.id, name: 'Ann', email: null, vip: null },
    ])
  })

  it('holds the role requirements configured on the domain, per operation: 403 with errCode 1004', async () => {
    const wire = await shop()
    const [widget] = seed(wire.emulator.host, 'Product', [{ name: 'Widget', price: '1.00' }])
    expect((await wire.json('GET', '/data/Product', { token: wire.clerk })).status).toBe(200)
    for (const [method, path, json] of [
      ['POST', '/data/Product', { name: 'Gadget', price: '2.00' }],
      ['PUT', `/data/Product/${widget!.id}`, { stock: 5 }],
      ['DELETE', `/data/Product/${widget!.id}`, undefined],
    ] as const) {
      const { status, body } = await wire.json(method, path, {
        token: wire.clerk,
        ...(json === undefined ? {} : { json }),
      })
      expect(status, `${method} ${path}`).toBe(403)
      expect(body).toEqual(platformError(1004, 'NoPermission'))
    }
    expect(all(wire.emulator.host, 'Product')).toEqual([
      { id: widget!.id, name: 'Widget', price: '1.00', stock: null },
    ])
    expect(
      (
        await wire.json('PUT', `/data/Product/${widget!.id}`, {
          token: wire.admin,
          json: { id: widget!.id, stock: 5 },
        })
      ).body.status,
    ).toBe('success')
  })

  it('an empty role list closes the operation to everyone', async () => {
    const wire = await shop()
    const [tag] = seed(wire.emulator.host, 'Tag', [{ name: 'x' }])
    const { status } = await wire.json('DELETE', `/data/Tag/${tag!.id}`, { token: wire.admin })
    expect(status).toBe(403)
    expect(count(wire.emulator.host, 'Tag')).toBe(1)
  })

  it("confines every user to their tenant: another tenant's objects are neither listed nor reachable", async () => {
    const wire = await shop()
    seed(wire.emulator.host, 'Customer', [{ name: 'Acme Ann' }], 'acme')
    const [globexBob] = seed(wire.emulator.host, 'Customer', [{ name: 'Globex Bob' }], 'globex')
    const globex = (await wire.login('globex', 'globex')).access_token

    expect(
      (await wire.json('GET', '/data/Customer', { token: wire.admin })).body.data.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(['Acme Ann'])
    expect(
      (await wire.json('GET', '/data/Customer', { token: globex })).body.data.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(['Globex Bob'])
    expect((await wire.json('GET', `/data/Customer/${globexBob!.id}`, { token: wire.admin })).status).toBe(
      404,
    )
    expect((await wire.json('DELETE', `/data/Customer/${globexBob!.id}`, { token: wire.admin })).status).toBe(
      404,
    )
    await wire.json('POST', '/data/Customer', { token: globex, json: { name: 'Globex Cy' } })
    expect(count(wire.emulator.host, 'Customer', 'acme')).toBe(1)
    expect(count(wire.emulator.host, 'Customer', 'globex')).toBe(2)
  })

  it('answers 404 with errCode 1005 for a domain that does not exist', async () => {
    const wire = await shop()
    const { status, body } = await wire.json('GET', '/data/Nothing', { token: wire.admin })
    expect(status).toBe(404)
    expect(body).toEqual(platformError(1005, 'NotFound'))
  })

  it('serves the platform domains to administrators and developers only', async () => {
    const wire = await shop()
    const engines = await wire.json('GET', '/data/DynamicLogicEngine', { token: wire.admin })
    expect(engines.body.total).toBe(7)
    expect(
      (await wire.json('GET', '/data/DynamicLogicType', { token: wire.admin })).body.total,
    ).toBeGreaterThan(0)
    expect((await wire.json('GET', '/data/DynamicLogicEngine', { token: wire.clerk })).status).toBe(403)
  })

  it('lets each of ROLE_ADMIN and ROLE_DEVELOPER alone read and write the platform domains; ROLE_USER neither', async () => {
    const wire = await shop('in-process', {
      users: [
        ...SHOP.users!,
        { username: 'dev', password: 'dev', roles: ['ROLE_DEVELOPER'] },
        { username: 'boss', password: 'boss', roles: ['ROLE_ADMIN'] },
      ],
    })
    const engines = await wire.json('GET', '/data/DynamicLogicEngine?max=100', { token: wire.admin })
    const javaScript = engines.body.data.find((e: { name: string }) => e.name === 'JAVASCRIPT_CODE')
    for (const username of ['dev', 'boss', 'clerk']) {
      const token = (await wire.login(username, username)).access_token
      const created = await wire.json('POST', '/data/DynamicLogic', {
        token,
        json: { name: `by ${username}`, dynamicLogicEngine: { id: javaScript.id }, code: 'return 1' },
      })
      const read = await wire.json('GET', '/data/DynamicLogic', { token })
      expect([created.status, created.body.status ?? null, read.status], username).toEqual(
        username === 'clerk' ? [403, null, 403] : [200, 'success', 200],
      )
    }
    expect(
      all(wire.emulator.host, 'DynamicLogic')
        .map((logic) => logic['name'])
        .filter((name) => String(name).startsWith('by ')),
    ).toEqual(['by dev', 'by boss'])
  })
})

describe('a BIG_DECIMAL sent as a JSON number', () => {
  const json = { 'content-type': 'application/json' }

  it('that a double cannot hold exactly is refused like a LONG beyond ±2^53, saying to send it as a string; nothing is written', async () => {
    const wire = await shop()
    const [product] = seed(wire.emulator.host, 'Product', [{ name: 'Pen', price: '1.50' }])
    const calls: [string, string, string][] = [
      ['POST', '/data/Product', '{"name": "Ink", "price": 12345678901234567890.12}'],
      ['PUT', `/data/Product/${product!.id}`, `{"id": ${product!.id}, "price": 12345678901234567890.12}`],
      ['POST', '/data/Product', '{"name": "Ink", "price": 0.12345678901234567890}'],
      ['POST', '/data/Product', '{"name": "Ink", "price": 1e-400}'],
    ]
    for (const [method, path, body] of calls) {
      const answer = await wire.json(method, path, { token: wire.admin, body, headers: json })
      expect(answer.status, body).toBe(200)
      expect(answer.body, body).toEqual({
        status: 'error',
        message: expect.any(String),
        data: null,
        date: expect.any(Number),
      })
      expect(answer.body.message).toMatch(
        /^Validation of Product failed with 1 error; nothing was written:\n {2}- price: Product\.price is a BIG_DECIMAL field: the JSON number \S+ has more significant digits than a double keeps .*; send it as a string, "\S+", to keep every digit$/,
      )
    }
    const batch = await wire.json('PUT', '/data/Product/batch', {
      token: wire.admin,
      body: `[{"id": ${product!.id}, "price": 12345678901234567890.12}]`,
      headers: json,
    })
    expect(batch.status).toBe(400)
    expect(batch.body.errMsg).toContain('send it as a string, "12345678901234567890.12"')
    expect(all(wire.emulator.host, 'Product')).toEqual([
      { id: product!.id, name: 'Pen', price: '1.50', stock: null },
    ])
  })

  it('that a double holds exactly is taken, and a string keeps every digit', async () => {
    const wire = await shop()
    for (const body of [
      '{"name": "A", "price": 12.5}',
      '{"name": "B", "price": 1234567890.12345}',
      '{"name": "C", "price": 9007199254740993e-16}',
      '{"name": "D", "price": 123456789012345.67}',
      '{"name": "E", "price": "12345678901234567890.12"}',
    ]) {
      const answer = await wire.json('POST', '/data/Product', { token: wire.admin, body, headers: json })
      expect(answer.body.status, `${body}: ${answer.body.message}`).toBe('success')
    }
    expect(all(wire.emulator.host, 'Product').map((p) => p['price'])).toEqual([
      '12.5',
      '1234567890.12345',
      '0.9007199254740993',
      '123456789012345.67',
      '12345678901234567890.12',
    ])
  })
})

describe('a write to a domain without object hooks', () => {
  it('reads its object only for what it answers: nothing is rendered for hooks that are not there', async () => {
    const reads = new Map<string, number>()
    const wire = await startWire({
      domains: { Tag: { fields: { name: 'STRING' } } },
      store: countingStore(reads),
    })
    const token = (await wire.login()).access_token
    // The first write reads the (absent) hooks; they are kept from then on.
    await wire.json('POST', '/data/Tag', { token, json: { name: 'first' } })
    const tagReads: number[] = []
    const write = async (method: string, path: string, json?: object) => {
      reads.clear()
      const { body } = await wire.json(method, path, { token, ...(json === undefined ? {} : { json }) })
      expect(body.status, `${method} ${path}`).toBe('success')
      tagReads.push(reads.get('Tag') ?? 0)
      return body.data as { id: number }
    }
    const { id } = await write('POST', '/data/Tag', { name: 'created' })
    await write('PUT', `/data/Tag/${id}`, { id, name: 'renamed' })
    await write('DELETE', `/data/Tag/${id}`)
    // A create reads the object it answers; an update the stored object, what it checks and the object it
    // answers; a delete the object and what it checks. Reading it again for AFTER_* hooks would add one.
    expect(tagReads).toEqual([1, 3, 2])
  })
})
