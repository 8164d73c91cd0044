import { describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import type { EmulatorOptions, LogicRequest } from '../../../src/emulator/index.js'
import type { TestHost } from '../../../src/testing/index.js'
import { SHOP, all, count, seed } from '../shop.js'
import { TRANSPORTS, manualClock, platformError, startWire } from '../wire.js'

/** What the echo logic answers: the request as the logic saw it, and where it ran. */
function echo(request: LogicRequest) {
  return { ...request, customers: SimpleQuery.count('Customer') }
}

/** Creates a DynamicServiceProvider in a tenant for a logic of that name. */
function service(
  host: TestHost,
  fields: {
    name: string
    logic: string
    active?: boolean | null
    enableAnonymous?: boolean | null
    enableLog?: boolean
  },
  tenant = 'acme',
): void {
  host.runAs({ tenant }, () => {
    const logic = SimpleQuery.of('DynamicLogic').eq('name', fields.logic).get()
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicServiceProvider', { active: true, ...fields, logic }),
    )
  })
}

async function withServices(extra: EmulatorOptions = {}) {
  const wire = await startWire({ ...SHOP, defaultTenant: 'acme', logic: { echo }, ...extra })
  return { wire, host: wire.emulator.host, admin: (await wire.login()).access_token }
}

describe.each(TRANSPORTS)('dynamic services (%s)', (transport) => {
  it('run the logic as the caller, and answer what it returns as JSON', async () => {
    const wire = await startWire({ ...SHOP, logic: { echo } }, transport)
    const host = wire.emulator.host
    service(host, { name: 'echo', logic: 'echo' }, 'globex')
    seed(host, 'Customer', [{ name: 'Globex Ann' }, { name: 'Globex Bob' }], 'globex')
    const globex = (await wire.login('globex', 'globex')).access_token
    const { status, body } = await wire.json('POST', '/service/echo?since=2025-01-01&tag=a&tag=b', {
      token: globex,
      json: { note: 'hi' },
      headers: { 'X-Request-Id': 'r-1' },
    })

    expect(status).toBe(200)
    expect(body).toMatchObject({
      method: 'POST',
      path: '/service/echo',
      params: { since: '2025-01-01', tag: 'a' },
      body: { note: 'hi' },
      user: {
        id: expect.any(Number),
        username: 'globex',
        name: 'globex',
        roles: ['ROLE_ADMIN'],
        tenant: 'globex',
      },
      customers: 2,
    })
    expect(body.headers['x-request-id']).toBe('r-1')
  })

  it('an anonymous call to a service whose enableAnonymous is false or unset answers 500 with {msg, errorCode: 11004}', async () => {
    const wire = await startWire({ ...SHOP, defaultTenant: 'acme', logic: { echo } }, transport)
    service(wire.emulator.host, { name: 'closed', logic: 'echo', enableAnonymous: false })
    service(wire.emulator.host, { name: 'unset', logic: 'echo', enableAnonymous: null })
    for (const name of ['closed', 'unset']) {
      const response = await wire.send('GET', `/service/${name}`)
      const body = (await response.json()) as Record<string, unknown>
      expect(response.status).toBe(500)
      expect(Object.keys(body)).toEqual(['msg', 'errorCode'])
      expect(body).toEqual({ msg: expect.stringContaining('Anonymous invocation'), errorCode: 11004 })
    }
  })

  it('a logic that never settles answers 500 in the service dialect after logicTimeoutMs, naming the logic', async () => {
    const wire = await startWire(
      { ...SHOP, logicTimeoutMs: 50, logic: { stuck: () => new Promise(() => {}) } },
      transport,
    )
    service(wire.emulator.host, { name: 'stuck', logic: 'stuck' })
    const admin = (await wire.login()).access_token
    expect(await wire.json('GET', '/service/stuck', { token: admin })).toEqual({
      status: 500,
      body: {
        msg: expect.stringMatching(
          /^DynamicLogic 'stuck' of DynamicServiceProvider 'stuck' did not settle within 50 ms \(logicTimeoutMs\)/,
        ),
        errorCode: 500,
      },
    })
  }, 10_000)
})

describe('dynamic services', () => {
  it('with enableAnonymous true accept an anonymous call, which runs in the default tenant with no user', async () => {
    const { wire, host } = await withServices()
    service(host, { name: 'open', logic: 'echo', enableAnonymous: true })
    seed(host, 'Customer', [{ name: 'Ann' }])
    const { status, body } = await wire.json('GET', '/service/open')
    expect(status).toBe(200)
    expect(body).toMatchObject({ user: null, customers: 1 })
  })

  it('are created active and with enableAnonymous false when the request leaves them out, as the platform defaults them', async () => {
    const { wire, admin } = await withServices()
    const logic = (await wire.json('GET', '/data/DynamicLogic?max=100', { token: admin })).body.data.find(
      (record: { name: string }) => record.name === 'echo',
    )
    const created = await wire.json('POST', '/data/DynamicServiceProvider', {
      token: admin,
      json: { name: 'fresh', logic: { id: logic.id } },
    })
    expect(created.status).toBe(200)
    const { body } = await wire.json('GET', `/data/DynamicServiceProvider/${created.body.data.id}`, {
      token: admin,
    })
    expect(body.data).toMatchObject({ name: 'fresh', active: true, enableAnonymous: false, enableLog: null })
    expect((await wire.json('GET', '/service/fresh', { token: admin })).status).toBe(200)
    const anonymous = await wire.json('GET', '/service/fresh')
    expect(anonymous.body).toMatchObject({ errorCode: 11004 })
  })

  it('need a logic: a provider created without one is a validation failure, and nothing is written', async () => {
    const { wire, host, admin } = await withServices()
    const { status, body } = await wire.json('POST', '/data/DynamicServiceProvider', {
      token: admin,
      json: { name: 'empty' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'error', message: expect.stringContaining('logic') })
    expect(count(host, 'DynamicServiceProvider')).toBe(0)
  })

  it('have a name unique in a tenant and not changeable: a duplicate or a rename is a validation failure, also in a batch', async () => {
    const { wire, host, admin } = await withServices()
    service(host, { name: 'summary', logic: 'echo' })
    service(host, { name: 'summary', logic: 'echo' }, 'globex')
    const logicId = all(host, 'DynamicLogic').find((record) => record['name'] === 'echo')!['id']
    const duplicate = await wire.json('POST', '/data/DynamicServiceProvider', {
      token: admin,
      json: { name: 'summary', logic: { id: logicId } },
    })
    expect(duplicate).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'error',
        message: expect.stringContaining('DynamicServiceProvider.name must be unique in a tenant'),
      }),
    })
    const id = all(host, 'DynamicServiceProvider')[0]!['id'] as number
    const renamed = await wire.json('PUT', `/data/DynamicServiceProvider/${id}`, {
      token: admin,
      json: { id, name: 'report' },
    })
    expect(renamed.body).toMatchObject({
      status: 'error',
      message: expect.stringContaining('DynamicServiceProvider.name cannot be changed after creation'),
    })
    const batch = await wire.json('PUT', '/data/DynamicServiceProvider/batch', {
      token: admin,
      json: [
        { id, enableLog: true },
        { id, name: 'report' },
      ],
    })
    expect(batch.status).toBe(400)
    expect(batch.body.errMsg).toContain('DynamicServiceProvider.name cannot be changed after creation')
    // Nothing written: the name, and the first object's change, as they were.
    expect(all(host, 'DynamicServiceProvider')).toMatchObject([{ name: 'summary', enableLog: null }])
    // The same name with the other fields changed is no rename.
    const kept = await wire.json('PUT', `/data/DynamicServiceProvider/${id}`, {
      token: admin,
      json: { id, name: 'summary', enableLog: true },
    })
    expect(kept.body.status).toBe('success')
  })

  it('are named URL-encoded in the path', async () => {
    const { wire, host, admin } = await withServices()
    service(host, { name: 'order summary', logic: 'echo' })
    const { status, body } = await wire.json('GET', '/service/order%20summary', { token: admin })
    expect(status).toBe(200)
    expect(body.path).toBe('/service/order%20summary')
  })

  it('answer any method, and pass form fields and text bodies to the logic', async () => {
    const { wire, host, admin } = await withServices()
    service(host, { name: 'echo', logic: 'echo' })
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      expect((await wire.json(method, '/service/echo', { token: admin })).body.method).toBe(method)
    }
    const text = await wire.json('PUT', '/service/echo', {
      token: admin,
      body: 'plain words',
      headers: { 'content-type': 'text/plain' },
    })
    expect(text.body.body).toBe('plain words')
    const form = await wire.json('POST', '/service/echo?access_token=' + admin, {
      form: { a: '1', b: 'two' },
    })
    // A form-encoded POST is read for its token only from the body (URL token ignored): anonymous, refused.
    expect(form).toEqual({ status: 500, body: { msg: expect.any(String), errorCode: 11004 } })
    service(host, { name: 'open', logic: 'echo', enableAnonymous: true })
    expect((await wire.json('POST', '/service/open', { form: { a: '1', b: 'two' } })).body.body).toEqual({
      a: '1',
      b: 'two',
    })
  })

  it("pass a browser's FormData as its fields, a file's as its text, and refuse a malformed one", async () => {
    const { wire, host } = await withServices()
    service(host, { name: 'open', logic: 'echo', enableAnonymous: true })
    const data = new FormData()
    data.append('a', '1')
    data.append('a', 'ignored, as a second value of a URL-encoded field is')
    data.append('note', new Blob(['Zoë wrote this'], { type: 'text/plain' }), 'note.txt')
    const form = await wire.json('POST', '/service/open', { body: data })
    expect(form).toEqual({
      status: 200,
      body: expect.objectContaining({ body: { a: '1', note: 'Zoë wrote this' } }),
    })
    const malformed = await wire.json('POST', '/service/open', {
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(malformed).toEqual({
      status: 400,
      body: {
        msg: expect.stringContaining('the multipart body of POST /api/service/open is malformed'),
        errorCode: 1001,
      },
    })
    const reserved = new FormData()
    reserved.append('__proto__', 'x')
    expect(await wire.json('POST', '/service/open', { body: reserved })).toEqual({
      status: 400,
      body: { msg: expect.stringContaining('could reach the prototype'), errorCode: 1001 },
    })
  })

  it('answer 200 with an empty body when the logic returns nothing', async () => {
    const { wire, admin } = await withServices({ logic: { nothing: () => undefined } })
    service(wire.emulator.host, { name: 'nothing', logic: 'nothing' })
    const response = await wire.send('POST', '/service/nothing', { token: admin })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('answer 404 with {msg, errorCode: 1005} when no active service has the name', async () => {
    const { wire, host, admin } = await withServices()
    service(host, { name: 'paused', logic: 'echo', active: false })
    service(host, { name: 'unset', logic: 'echo', active: null })
    for (const name of ['paused', 'unset', 'missing']) {
      expect(await wire.json('GET', `/service/${name}`, { token: admin })).toEqual({
        status: 404,
        body: { msg: expect.stringContaining(name), errorCode: 1005 },
      })
    }
  })

  it('answer a malformed, not UTF-8 or too large body in the service dialect: 400 or 413 with errorCode 1001', async () => {
    const { wire, host, admin } = await withServices({ maxBodyBytes: 1024 })
    service(host, { name: 'echo', logic: 'echo' })
    const malformed = await wire.json('POST', '/service/echo', {
      token: admin,
      body: '{"note":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed).toEqual({
      status: 400,
      body: { msg: expect.stringContaining('is malformed'), errorCode: 1001 },
    })
    // `{"note":"\xFF\xFE"}`: two bytes that are no UTF-8 character.
    const notUtf8 = await wire.json('POST', '/service/echo', {
      token: admin,
      body: new Uint8Array([...Buffer.from('{"note":"'), 0xff, 0xfe, ...Buffer.from('"}')]),
      headers: { 'content-type': 'application/json' },
    })
    expect(notUtf8).toEqual({
      status: 400,
      body: { msg: expect.stringContaining('is not UTF-8 text; nothing was written'), errorCode: 1001 },
    })
    const large = await wire.json('POST', '/service/echo', { token: admin, json: { note: 'x'.repeat(2000) } })
    expect(large).toEqual({
      status: 413,
      body: { msg: expect.stringContaining('larger than 1024'), errorCode: 1001 },
    })
  })

  it('refuse a token that does not verify before anything runs, with the common error body', async () => {
    const { wire, host } = await withServices()
    service(host, { name: 'open', logic: 'echo', enableAnonymous: true, enableLog: true })
    expect(await wire.json('GET', '/service/open', { token: 'garbage' })).toEqual({
      status: 401,
      body: platformError(1012, 'TokenInvalid'),
    })
    expect(count(host, 'DynamicServiceExecRecord')).toBe(0)
  })
})

describe('service execution records', () => {
  it('with enableLog on, each call writes the parameters as a JSON object (a URL token included), the caller, the times, SUCCESS and the answer', async () => {
    const clock = manualClock()
    const { wire, host, admin } = await withServices({ now: clock.now })
    service(host, { name: 'logged', logic: 'echo', enableLog: true, enableAnonymous: true })
    await wire.json('GET', `/service/logged?access_token=${admin}&x=1&x=2&y=%20z`)
    await wire.json('GET', '/service/logged?q=anonymous')

    const records = all(host, 'DynamicServiceExecRecord')
    expect(records).toHaveLength(2)
    // The query parameters as a JSON object, decoded: every value of a repeated name, the token as sent.
    expect(JSON.parse(records[0]!['execParams'] as string)).toEqual({
      access_token: admin,
      x: ['1', '2'],
      y: ' z',
    })
    expect(records[0]).toMatchObject({
      authentication: 'admin',
      startTime: new Date(clock.now()),
      finishTime: new Date(clock.now()),
      provider: { name: 'logged' },
      status: 'SUCCESS',
    })
    expect(JSON.parse(records[0]!['execResult'] as string)).toMatchObject({
      path: '/service/logged',
      customers: 0,
    })
    expect(records[1]).toMatchObject({ authentication: 'Anonymous', execParams: '{"q":"anonymous"}' })
  })

  it('are written once past the enableAnonymous check: a call whose logic throws is recorded FAILED with the error', async () => {
    const { wire, host, admin } = await withServices({
      logic: {
        broken: () => {
          throw new Error('no stock')
        },
      },
    })
    service(host, { name: 'broken', logic: 'broken', enableLog: true })
    expect((await wire.json('GET', '/service/broken?sku=W1', { token: admin })).status).toBe(500)
    // An anonymous call refused by enableAnonymous gets no further: it is not recorded.
    expect((await wire.json('GET', '/service/broken?sku=W2')).body.errorCode).toBe(11004)
    expect(all(host, 'DynamicServiceExecRecord')).toMatchObject([
      {
        execParams: '{"sku":"W1"}',
        authentication: 'admin',
        provider: { name: 'broken' },
        status: 'FAILED',
        execResult: "DynamicLogic 'broken' of DynamicServiceProvider 'broken' threw Error: no stock",
      },
    ])
  })

  it('with enableLog off, no record is written', async () => {
    const { wire, host, admin } = await withServices()
    service(host, { name: 'quiet', logic: 'echo', enableLog: false })
    await wire.json('GET', '/service/quiet?q=1', { token: admin })
    expect(count(host, 'DynamicServiceExecRecord')).toBe(0)
  })
})

describe('dynamic logic', () => {
  async function createOverRest(
    wire: Awaited<ReturnType<typeof withServices>>['wire'],
    admin: string,
    name: string,
    engine: string,
    code: string,
  ) {
    const engines = await wire.json('GET', '/data/DynamicLogicEngine', { token: admin })
    const engineId = engines.body.data.find((e: { name: string }) => e.name === engine).id
    const logic = await wire.json('POST', '/data/DynamicLogic', {
      token: admin,
      json: { name, dynamicLogicEngine: { id: engineId }, code },
    })
    expect(logic.body.status).toBe('success')
    const created = await wire.json('POST', '/data/DynamicServiceProvider', {
      token: admin,
      json: { name, active: true, logic: { id: logic.body.data.id } },
    })
    expect(created.body.status).toBe('success')
  }

  it('in the JAVASCRIPT_CODE engine, created over REST, runs its code as the body of an async function of request with the facades in scope; it may await', async () => {
    const { wire, host, admin } = await withServices()
    seed(host, 'Customer', [{ name: 'Ann' }])
    await createOverRest(
      wire,
      admin,
      'count-js',
      'JAVASCRIPT_CODE',
      `const total = SimpleQuery.count('Customer')
       await new Promise((resolve) => setTimeout(resolve, 1))
       DomainHelper.createDomain(DomainHelper.buildDomain('Customer', { name: request.params.name }))
       return { total, by: request.user.username, after: SimpleQuery.count('Customer') }`,
    )
    const { status, body } = await wire.json('GET', '/service/count-js?name=Bob', { token: admin })
    expect(status).toBe(200)
    expect(body).toEqual({ total: 1, by: 'admin', after: 2 })
    expect(all(host, 'Customer').map((c) => c['name'])).toEqual(['Ann', 'Bob'])
  })

  it("in the JAVASCRIPT_CODE engine writes in the caller's tenant, also after an await", async () => {
    const { wire, host } = await withServices()
    const globex = (await wire.login('globex', 'globex')).access_token
    await createOverRest(
      wire,
      globex,
      'add',
      'JAVASCRIPT_CODE',
      `await new Promise((resolve) => setTimeout(resolve, 1))
       DomainHelper.createDomain(DomainHelper.buildDomain('Tag', { name: 'x' }))`,
    )
    expect((await wire.json('POST', '/service/add', { token: globex })).status).toBe(200)
    expect([count(host, 'Tag', 'acme'), count(host, 'Tag', 'globex')]).toEqual([0, 1])
  })

  it('that throws answers 500 in the service dialect, naming the logic and the error', async () => {
    const { wire, host, admin } = await withServices({
      logic: {
        broken: () => {
          throw new RangeError('no stock')
        },
      },
    })
    service(host, { name: 'broken', logic: 'broken' })
    expect(await wire.json('GET', '/service/broken', { token: admin })).toEqual({
      status: 500,
      body: {
        msg: "DynamicLogic 'broken' of DynamicServiceProvider 'broken' threw RangeError: no stock",
        errorCode: 500,
      },
    })
  })

  it('in JAVASCRIPT_CODE that does not compile answers 500 saying so', async () => {
    const { wire, admin } = await withServices()
    await createOverRest(wire, admin, 'typo', 'JAVASCRIPT_CODE', 'return {')
    const { status, body } = await wire.json('GET', '/service/typo', { token: admin })
    expect(status).toBe(500)
    expect(body.msg).toMatch(/DynamicLogic 'typo' \(JAVASCRIPT_CODE\) does not compile/)
  })

  it('in Groovy, with the engine turned off (groovy: false), answers 501 naming the engine', async () => {
    const { wire, admin } = await withServices({ groovy: false })
    await createOverRest(wire, admin, 'legacy', 'GROOVY_CODE', 'return [ok: true]')
    const { status, body } = await wire.json('GET', '/service/legacy', { token: admin })
    expect(status).toBe(501)
    expect(body).toEqual({
      msg: expect.stringContaining(
        'written for the GROOVY_CODE engine, which this emulator runs with its option groovy: false',
      ),
      errorCode: 501,
    })
  })

  it('in OS_COMMAND, RENDER_LINK, LLM_ENGINE or JASPER_REPORT answers 501 naming the engine and the engines the emulator runs, by their names', async () => {
    const { wire, admin } = await withServices()
    for (const engine of ['OS_COMMAND', 'RENDER_LINK', 'LLM_ENGINE', 'JASPER_REPORT']) {
      const name = engine.toLowerCase()
      await createOverRest(wire, admin, name, engine, 'ls -l')
      const { status, body } = await wire.json('GET', `/service/${name}`, { token: admin })
      expect(status).toBe(501)
      expect(body.errorCode).toBe(501)
      expect(body.msg).toContain(`DynamicLogic '${name}' is written for the ${engine} engine`)
      for (const runs of ['JAVASCRIPT_CODE', 'TYPESCRIPT_FUNCTION', 'GROOVY_CODE']) {
        expect(body.msg).toContain(runs)
      }
    }
  })

  it('in TYPESCRIPT_FUNCTION without a function of its name answers 500 saying what to pass', async () => {
    const { wire, admin } = await withServices()
    await createOverRest(wire, admin, 'ghost', 'TYPESCRIPT_FUNCTION', '')
    const { body } = await wire.json('GET', '/service/ghost', { token: admin })
    expect(body.msg).toContain('createEmulator({ logic: { "ghost": (request) => ... } })')
  })

  it('whose result holds objects that refer to each other answers 500 saying to return plain data', async () => {
    const cyclic = () => {
      const a: Record<string, unknown> = { name: 'a' }
      a['self'] = a
      return a
    }
    const { wire, host, admin } = await withServices({ logic: { cyclic } })
    service(host, { name: 'cyclic', logic: 'cyclic' })
    const { status, body } = await wire.json('GET', '/service/cyclic', { token: admin })
    expect(status).toBe(500)
    expect(body).toEqual({
      msg: expect.stringContaining('refers back to an object that holds it (a cycle)'),
      errorCode: 500,
    })
  })
})
