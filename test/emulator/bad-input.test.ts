import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../src/index.js'
import { SHOP, all, count, seed } from './shop.js'
import { TRANSPORTS, platformError, startWire } from './wire.js'

const SECRET = 'bad-input-secret-bad-input-secret-0123456'
const json = (text: string) => ({ body: text, headers: { 'content-type': 'application/json' } })
/** `{"name":"\xFF\xFE"}`: two bytes that are no UTF-8 character. */
const NOT_UTF8 = new Uint8Array([...Buffer.from('{"name":"'), 0xff, 0xfe, ...Buffer.from('"}')])

describe.each(TRANSPORTS)('bad input gets the platform error and writes nothing (%s)', (transport) => {
  async function shop(extra = {}) {
    const wire = await startWire(
      { ...SHOP, settings: { 'security.jwt.secret': SECRET }, ...extra },
      transport,
    )
    return { wire, token: (await wire.login()).access_token }
  }

  it('malformed JSON: 400 with errCode 1001', async () => {
    const { wire, token } = await shop()
    for (const text of ['{"name": "Ann"', '{name: "Ann"}', "{'name':'Ann'}", '', 'null', '"Ann"']) {
      const { status, body } = await wire.json('POST', '/data/Customer', { token, ...json(text) })
      expect(status, text).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })

  it('a JSON body that is not UTF-8: 400 with errCode 1001', async () => {
    const { wire, token } = await shop()
    const { status, body } = await wire.json('POST', '/data/Customer', {
      token,
      body: NOT_UTF8,
      headers: { 'content-type': 'application/json' },
    })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    expect(body.errMsg).toContain(
      'the JSON body of POST /api/data/Customer is not UTF-8 text; nothing was written.',
    )
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })

  it('a body that is not JSON where JSON is taken: 400 with errCode 1001', async () => {
    const { wire, token } = await shop()
    for (const [type, text] of [
      ['text/plain', '{"name":"Ann"}'],
      ['application/xml', '<name>Ann</name>'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--x--',
      ],
      ['', '{"name":"Ann"}'],
    ] as const) {
      const { status, body } = await wire.json('POST', '/data/Customer', {
        token,
        body: text,
        headers: type === '' ? {} : { 'content-type': type },
      })
      expect(status, type).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })

  it('a body above the size limit: 413 with errCode 1001', async () => {
    const { wire, token } = await shop({ maxBodyBytes: 1024 })
    const { status, body } = await wire.json('POST', '/data/Customer', {
      token,
      json: { name: 'x'.repeat(2000) },
    })
    expect(status).toBe(413)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    expect(body.errMsg).toContain('larger than 1024 bytes')
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })

  it('a streamed body without a length is cut off at the size limit: 413', async () => {
    const { wire, token } = await shop({ maxBodyBytes: 1024 })
    const chunk = new TextEncoder().encode(`{"name":"${'y'.repeat(600)}`)
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++
        if (sent > 100) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const response = await wire.send('POST', '/data/Customer', {
      token,
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    })
    expect(response.status).toBe(413)
    // In-process the emulator stops pulling the stream; over HTTP the socket buffers what the client sends.
    if (transport === 'in-process') expect(sent).toBeLessThan(100)
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })

  it('__proto__ and constructor keys anywhere in a body: 400, nothing written, no prototype touched', async () => {
    const { wire, token } = await shop()
    const [ann] = seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    for (const [method, path, text] of [
      ['POST', '/data/Customer', '{"name":"Eve","__proto__":{"polluted":true}}'],
      ['POST', '/data/Customer', '{"name":"Eve","constructor":{"prototype":{"polluted":true}}}'],
      ['PUT', `/data/Customer/${ann!.id}`, '{"name":"Eve","__proto__":{"polluted":true}}'],
      ['PUT', '/data/Customer/batch', `[{"id":${ann!.id},"name":"Eve","__proto__":{"polluted":true}}]`],
      [
        'POST',
        '/data/Order',
        '{"number":1,"status":"OPEN","customer":{"id":1,"__proto__":{"polluted":true}}}',
      ],
      [
        'POST',
        '/search/Customer',
        '{"conditions":[{"field":"name","operator":"eq","value":"Ann","__proto__":{"polluted":true}}]}',
      ],
      ['POST', '/auth/login', '{"username":"admin","password":"admin","__proto__":{"polluted":true}}'],
    ] as const) {
      const { status, body } = await wire.json(method, path, { token, ...json(text) })
      expect(status, `${method} ${path}`).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(all(wire.emulator.host, 'Customer')).toEqual([
      { id: ann!.id, name: 'Ann', email: null, vip: null },
    ])
    expect(count(wire.emulator.host, 'Order')).toBe(0)
  })

  it('__proto__ and constructor keys in the query or a form body: 400', async () => {
    const { wire, token } = await shop()
    for (const path of [
      '/data/Customer?__proto__[polluted]=1',
      '/data/Customer?constructor=1',
      '/auth/userInfo?__proto__=x',
    ]) {
      const { status, body } = await wire.json('GET', path, { token })
      expect(status, path).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
    const form = await wire.json('POST', '/auth/access_token', {
      body: '__proto__=x&grant_type=refresh_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(400)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('__proto__, constructor and prototype as any segment of a bracket or dot path: 400, in a query, a form or a JSON key', async () => {
    const { wire, token } = await shop()
    for (const path of [
      '/data/Customer?a[__proto__][polluted]=1',
      '/data/Customer?a.constructor.prototype.polluted=1',
      '/data/Customer?a%5Bprototype%5D=1',
    ]) {
      const { status, body } = await wire.json('GET', path, { token })
      expect(status, path).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
    const form = await wire.json('POST', '/auth/access_token', {
      body: 'a[__proto__][polluted]=1&grant_type=refresh_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form).toEqual({ status: 400, body: platformError(1001, 'IllegalArgument') })
    const key = await wire.json('POST', '/search/Customer', {
      token,
      ...json('{"conditions":[],"a[__proto__][polluted]":1}'),
    })
    expect(key).toEqual({ status: 400, body: platformError(1001, 'IllegalArgument') })
    expect(key.body.errMsg).toContain('$.a[__proto__][polluted]')
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('names of Object.prototype that pollute nothing, such as toString, are ordinary names', async () => {
    const { wire, token } = await shop()
    seed(wire.emulator.host, 'Customer', [{ name: 'Ann' }])
    const listed = await wire.json('GET', '/data/Customer?toString=1&valueOf=2&hasOwnProperty=3', { token })
    expect(listed.status).toBe(200)
    expect(listed.body.total).toBe(1)
    const searched = await wire.json('POST', '/search/keyword/Customer?q=ann&toString=1', { token })
    expect(searched.body.total).toBe(1)
  })

  it('JSON nested deeper than 1000 levels: 400 with errCode 1001, nothing written', async () => {
    const { wire, token } = await shop()
    for (const text of [
      `{"name":"Ann","note":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      `{"name":"Ann","note":${'{"a":'.repeat(1001)}1${'}'.repeat(1001)}}`,
    ]) {
      const { status, body } = await wire.json('POST', '/data/Customer', { token, ...json(text) })
      expect(status).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
      expect(body.errMsg).toContain('deeper than 1000 levels')
    }
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
    // The limit counts the body's own object: 1000 levels in all pass, 1001 do not.
    const nested = (levels: number) => json(`{"ids":[],"x":${'['.repeat(levels)}${']'.repeat(levels)}}`)
    expect((await wire.json('POST', '/permissions/Customer', { token, ...nested(999) })).status).toBe(200)
    expect((await wire.json('POST', '/permissions/Customer', { token, ...nested(1000) })).status).toBe(400)
  })

  it('an unknown domain: 404 with errCode 1005, on every generic endpoint', async () => {
    const { wire, token } = await shop()
    for (const [method, path] of [
      ['GET', '/data/Nope'],
      ['GET', '/data/Nope/1'],
      ['POST', '/data/Nope'],
      ['PUT', '/data/Nope/1'],
      ['DELETE', '/data/Nope/1'],
      ['POST', '/search/Nope'],
      ['POST', '/search/keyword/Nope'],
      ['GET', '/permissions/Nope/create'],
      ['GET', '/data/__proto__'],
      ['GET', '/data/constructor'],
    ] as const) {
      const { status, body } = await wire.json(method, path, {
        token,
        ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
      })
      expect(status, `${method} ${path}`).toBe(404)
      expect(body).toEqual(platformError(1005, 'NotFound'))
    }
    // The token is checked first: without one, a domain-checked endpoint answers 403 even for an unknown domain.
    expect(await wire.json('GET', '/data/Nope')).toEqual({
      status: 403,
      body: platformError(1004, 'NoPermission'),
    })
  })

  it('forged, unsigned and other-algorithm tokens: the token error, nothing written', async () => {
    const { wire, token } = await shop()
    const key = new TextEncoder().encode(SECRET)
    const [header, payload] = token.split('.')
    const cases: [string, number, number][] = [
      [`${header}.${payload}.${'B'.repeat(43)}`, 400, 1001],
      [
        await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('admin')
          .sign(new TextEncoder().encode('guessed')),
        400,
        1001,
      ],
      [await new SignJWT({}).setProtectedHeader({ alg: 'HS384' }).setSubject('admin').sign(key), 400, 1001],
      [new UnsecuredJWT({}).setSubject('admin').encode(), 401, 1012],
      [`${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`, 401, 1012],
      [await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('mallory').sign(key), 401, 1012],
    ]
    for (const [forged, status, errCode] of cases) {
      const answer = await wire.json('POST', '/data/Customer', { token: forged, json: { name: 'Mallory' } })
      expect(answer.status, forged).toBe(status)
      expect(answer.body.errCode).toBe(errCode)
    }
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })
})

describe('routes the emulator does not serve', () => {
  it('answer 501 with a body naming the route', async () => {
    const wire = await startWire()
    for (const [method, path] of [
      ['GET', '/api/reports/list'],
      ['POST', '/api/auth/nowhere'],
      ['GET', '/legacy/'],
    ] as const) {
      const response = await wire.emulator.fetch(`http://localhost${path}`, { method })
      const body = (await response.json()) as { errMsg: string }
      expect(response.status, path).toBe(501)
      expect(response.headers.get('allow'), path).toBeNull()
      expect(body).toEqual(platformError(501, 'NotImplemented'))
      expect(body.errMsg).toContain(`${method} ${path} is not served`)
    }
  })
})

describe('a path the emulator serves, called with a method it does not', () => {
  it('answers 405 with an Allow header listing the methods the path takes, and runs nothing', async () => {
    const wire = await startWire(SHOP)
    for (const [method, path, allow] of [
      ['GET', '/api/auth/login', 'POST, OPTIONS'],
      ['DELETE', '/api/auth/userInfo', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/data/Customer/7', 'GET, HEAD, PUT, DELETE, PATCH, OPTIONS'],
      ['PATCH', '/api/data/Customer', 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', '/api/search/Customer', 'POST, OPTIONS'],
    ] as const) {
      const response = await wire.emulator.fetch(`http://localhost${path}`, { method })
      const body = (await response.json()) as { errMsg: string }
      expect(response.status, `${method} ${path}`).toBe(405)
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow)
      expect(body).toEqual(platformError(405, 'MethodNotAllowed'))
      expect(body.errMsg).toContain(`${method} is not a method of ${path}: it takes ${allow}`)
    }
  })

  it("PATCH on an object keeps the platform's 403, and OPTIONS answers 204 with Allow", async () => {
    const wire = await startWire(SHOP)
    const { access_token } = await wire.login()
    const patch = await wire.json('PATCH', '/data/Customer/1', { token: access_token, json: { name: 'Eve' } })
    expect(patch.status).toBe(403)
    expect(patch.body).toEqual(platformError(1004, 'NoPermission'))
    const options = await wire.emulator.fetch('http://localhost/api/auth/login', { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('allow')).toBe('POST, OPTIONS')
  })
})

describe('requests of many distinct names', () => {
  /** `k0=&k1=&...`: as many distinct names as asked, about 8 bytes each. */
  const manyNames = (count: number) => Array.from({ length: count }, (_, i) => `k${i}=`).join('&')

  // The 10 s timeouts guard against the quadratic parse that took a minute; they time nothing.
  it('an anonymous form body of 100,000 distinct fields is refused 403 with errCode 1004, nothing written', async () => {
    const wire = await startWire(SHOP)
    const { status, body } = await wire.json('POST', '/data/Customer', {
      body: manyNames(100_000),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(status).toBe(403)
    expect(body).toEqual(platformError(1004, 'NoPermission'))
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  }, 10_000)

  it('a query of 100,000 distinct parameters reaches the logic, the first value of each', async () => {
    const wire = await startWire({
      ...SHOP,
      defaultTenant: 'acme',
      logic: { size: (r) => ({ names: Object.keys(r.params).length, k0: r.params['k0'] }) },
    })
    wire.emulator.host.runAs({ tenant: 'acme' }, () => {
      const logic = SimpleQuery.of('DynamicLogic').eq('name', 'size').get()
      DomainHelper.createDomain(
        DomainHelper.buildDomain('DynamicServiceProvider', {
          name: 'size',
          active: true,
          enableAnonymous: true,
          logic,
        }),
      )
    })
    const { status, body } = await wire.json('GET', `/service/size?${manyNames(100_000)}&k0=again`)
    expect({ status, body }).toEqual({ status: 200, body: { names: 100_000, k0: '' } })
  }, 10_000)
})
