import { describe, expect, it } from 'vitest'
import { SHOP } from '../shop.js'
import { platformError, startWire } from '../wire.js'

describe('GET /api/_emulator/requests (emulator-only)', () => {
  it('lists the requests answered, newest first, with status, user, and the errCode or status:error', async () => {
    const wire = await startWire(SHOP)
    const admin = (await wire.login()).access_token
    await wire.json('GET', '/data/Customer?max=2', { token: admin })
    await wire.json('GET', '/data/Customer/999', { token: admin })
    await wire.json('POST', '/data/Customer', { token: admin, json: { email: 'no name' } })
    await wire.json('GET', '/auth/userInfo')
    const { status, body } = await wire.json('GET', '/_emulator/requests', { token: admin })
    expect(status).toBe(200)
    expect(body.requests.map((r: any) => [r.method, r.path, r.status, r.user, r.errCode])).toEqual([
      ['GET', '/api/auth/userInfo', 401, null, 1008],
      ['POST', '/api/data/Customer', 200, 'admin', 'status:error'],
      ['GET', '/api/data/Customer/999', 404, 'admin', 1005],
      ['GET', '/api/data/Customer?max=2', 200, 'admin', undefined],
      ['POST', '/api/auth/login', 200, 'admin', undefined],
    ])
    for (const request of body.requests) {
      expect(Number.isNaN(Date.parse(request.time))).toBe(false)
      expect(request.durationMs).toBeGreaterThanOrEqual(0)
    }
  })

  it('never shows a token or password sent in the query', async () => {
    const wire = await startWire(SHOP)
    const admin = (await wire.login()).access_token
    await wire.json('GET', `/data/Customer?access_token=${admin}&max=1`)
    const { body } = await wire.json('GET', '/_emulator/requests', { token: admin })
    expect(body.requests[0].path).toBe('/api/data/Customer?access_token=***&max=1')
    expect(JSON.stringify(body)).not.toContain(admin)
  })

  it('keeps the last 200 requests, and not its own reads', async () => {
    const wire = await startWire(SHOP)
    const admin = (await wire.login()).access_token
    for (let n = 0; n < 205; n++) await wire.send('GET', `/config/n${n}`, { token: admin })
    await wire.json('GET', '/_emulator/requests', { token: admin })
    const { body } = await wire.json('GET', '/_emulator/requests', { token: admin })
    expect(body.requests).toHaveLength(200)
    expect(body.requests[0].path).toBe('/api/config/n204')
    expect(body.requests[199].path).toBe('/api/config/n5')
  })

  it('is for ROLE_ADMIN and ROLE_DEVELOPER: 401 without a token, 403 for another user', async () => {
    const wire = await startWire(SHOP)
    const clerk = (await wire.login('clerk', 'clerk')).access_token
    expect(await wire.json('GET', '/_emulator/requests')).toEqual({
      status: 401,
      body: platformError(1008, 'Unauthorized'),
    })
    const refused = await wire.json('GET', '/_emulator/requests', { token: clerk })
    expect(refused).toEqual({ status: 403, body: platformError(1004, 'NoPermission') })
    expect(refused.body.errMsg).toContain('ROLE_ADMIN and ROLE_DEVELOPER')
  })
})

describe('the console page', () => {
  it('is served at / and /api/ as HTML, without login, under a Content Security Policy that allows only its own script', async () => {
    const wire = await startWire(SHOP)
    for (const path of ['http://localhost/', 'http://localhost/api/', 'http://localhost/api']) {
      const response = await wire.emulator.fetch(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/)
      expect(csp).toContain("connect-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      const html = await response.text()
      expect(html).toContain('<title>Platform emulator console</title>')
      expect(html).toContain('fetch(API + path')
    }
  })
})
