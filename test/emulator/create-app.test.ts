import { describe, expect, it } from 'vitest'
import { SHOP, count } from './shop.js'
import { TRANSPORTS, platformError, startWire } from './wire.js'

describe.each(TRANSPORTS)('the backend’s view (%s)', (transport) => {
  it('serves every route without /api too, as the backend behind the proxy answers it', async () => {
    const wire = await startWire(SHOP, transport)
    const root = wire.baseUrl.replace(/\/api$/, '')
    const direct = (path: string, init?: RequestInit) => {
      const request = new Request(`${root}${path}`, init)
      return transport === 'http' ? fetch(request) : wire.emulator.fetch(request)
    }
    const login = await direct('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    })
    expect(login.status).toBe(200)
    const { access_token } = (await login.json()) as { access_token: string }
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }
    const created = await direct('/data/Customer', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Ann' }),
    })
    expect(await created.json()).toMatchObject({ status: 'success', data: { name: 'Ann' } })
    expect(count(wire.emulator.host, 'Customer')).toBe(1)
    // The same object under /api: one API, two views of it.
    const viaApi = await wire.json('GET', '/data/Customer', { token: access_token })
    expect(viaApi.body.total).toBe(1)
    const noLogin = await direct('/data/Customer')
    expect(noLogin.status).toBe(403)
    expect(await noLogin.json()).toEqual(platformError(1004, 'NoPermission'))
    const unknown = await direct('/nothing/here')
    expect(unknown.status).toBe(501)
  })

  it('answers every route group the same with and without /api', async () => {
    const wire = await startWire(SHOP, transport)
    const root = wire.baseUrl.replace(/\/api$/, '')
    const { access_token } = await wire.login()
    const calls: [string, string][] = [
      ['GET', '/auth/userInfo'],
      ['GET', '/data/Customer'],
      ['POST', '/search/Customer'],
      ['GET', '/permissions/Customer/create'],
      ['GET', '/service/none'],
      ['GET', '/webhook/none'],
      ['POST', '/action/byName/none'],
      ['GET', '/attachment/direct/none.txt'],
      ['GET', '/attachment/download/1'],
      ['GET', '/dashboard/list'],
      ['GET', '/config/system'],
      ['GET', '/openapi.json'],
    ]
    for (const [method, path] of calls) {
      const answers = await Promise.all(
        [wire.baseUrl, root].map(async (base) => {
          const request = new Request(`${base}${path}`, {
            method,
            headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
            ...(method === 'POST' ? { body: '{"conditions": []}' } : {}),
          })
          const response = await (transport === 'http' ? fetch(request) : wire.emulator.fetch(request))
          // The status and the platform's error code: a body may hold a fresh token or the path it was called at.
          const body = (await response.json()) as { errCode?: number; errorCode?: number }
          return [response.status, body.errCode ?? body.errorCode ?? null] as const
        }),
      )
      expect(answers[0]![0], `${method} /api${path}`).not.toBe(501)
      expect(answers[1], `${method} ${path}`).toEqual(answers[0])
    }
  })

  it('GET /actuator/health answers 200 {"status":"UP"} without login, with or without /api', async () => {
    const wire = await startWire(SHOP, transport)
    const root = wire.baseUrl.replace(/\/api$/, '')
    for (const url of [`${root}/actuator/health`, `${wire.baseUrl}/actuator/health`]) {
      const request = new Request(url)
      const response = await (transport === 'http' ? fetch(request) : wire.emulator.fetch(request))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'UP' })
    }
  })
})
