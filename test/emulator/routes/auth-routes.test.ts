import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { TRANSPORTS, manualClock, platformError, startWire } from '../wire.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'
const settings = { 'security.jwt.secret': SECRET }

describe.each(TRANSPORTS)('authentication (%s)', (transport) => {
  it('login answers 200 with the login response, its fields in the documented order', async () => {
    const wire = await startWire({}, transport)
    const response = await wire.send('POST', '/auth/login', {
      json: { username: 'admin', password: 'admin' },
    })
    const body = (await response.json()) as Record<string, unknown>

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(Object.keys(body)).toEqual([
      'access_token',
      'refresh_token',
      'token_type',
      'expires_in',
      'username',
      'roles',
      'id',
      'name',
      'avatar',
      'extInfo',
    ])
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      username: 'admin',
      roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'],
      id: 1,
      name: 'admin',
      avatar: null,
      extInfo: null,
    })
    expect(body['access_token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(body['refresh_token']).not.toBe(body['access_token'])
  })

  it('expires_in is the setting security.jwt.expiration', async () => {
    const wire = await startWire({ settings: { 'security.jwt.expiration': '600' } }, transport)
    expect((await wire.login()).expires_in).toBe(600)
  })

  it('a wrong password at login answers 400 with errCode 1010 UserPasswordMismatch', async () => {
    const wire = await startWire({}, transport)
    const { status, body } = await wire.json('POST', '/auth/login', {
      json: { username: 'admin', password: 'nope' },
    })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1010, 'UserPasswordMismatch'))
  })

  it('a user who does not exist at login answers 404 with errCode 1005 NotFound', async () => {
    const wire = await startWire({}, transport)
    const { status, body } = await wire.json('POST', '/auth/login', {
      json: { username: 'ghost', password: 'x' },
    })
    expect(status).toBe(404)
    expect(body).toEqual(platformError(1005, 'NotFound'))
  })

  it('login takes a JSON body of username and password; anything else is 400 IllegalArgument', async () => {
    const wire = await startWire({}, transport)
    for (const call of [
      { form: { username: 'admin', password: 'admin' } },
      { json: { username: 'admin' } },
      { json: ['admin', 'admin'] },
      { body: '{"username":', headers: { 'content-type': 'application/json' } },
    ]) {
      const { status, body } = await wire.json('POST', '/auth/login', call)
      expect(status, JSON.stringify(call)).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
  })

  it('an endpoint that requires login answers 401 with errCode 1008 when no token is sent', async () => {
    const wire = await startWire({}, transport)
    const { status, body } = await wire.json('GET', '/auth/userInfo')
    expect(status).toBe(401)
    expect(body).toEqual(platformError(1008, 'Unauthorized'))
  })

  it('GET /auth/userInfo returns the current user and a newly issued token pair', async () => {
    const wire = await startWire({}, transport)
    const login = await wire.login()
    const { status, body } = await wire.json('GET', '/auth/userInfo', { token: login.access_token })

    expect(status).toBe(200)
    expect(body).toMatchObject({
      username: 'admin',
      id: 1,
      name: 'admin',
      roles: login.roles,
      token_type: 'Bearer',
    })
    expect(body.access_token).not.toBe(login.access_token)
    expect(body.refresh_token).not.toBe(login.refresh_token)
    expect((await wire.json('GET', '/auth/userInfo', { token: body.access_token })).status).toBe(200)
  })

  it('login, refresh and userInfo answers carry Cache-Control: no-store and Pragma: no-cache (RFC 6749 §5.1)', async () => {
    const wire = await startWire({}, transport)
    const login = await wire.send('POST', '/auth/login', { json: { username: 'admin', password: 'admin' } })
    const { access_token, refresh_token } = (await login.clone().json()) as Record<string, string>
    const refresh = await wire.send('POST', '/auth/access_token', {
      form: { grant_type: 'refresh_token', refresh_token: refresh_token as string },
    })
    const userInfo = await wire.send('GET', '/auth/userInfo', { token: access_token as string })
    for (const [name, response] of Object.entries({ login, refresh, userInfo })) {
      expect(response.status, name).toBe(200)
      expect(response.headers.get('cache-control'), name).toBe('no-store')
      expect(response.headers.get('pragma'), name).toBe('no-cache')
    }
  })

  it('logout always answers 403: it does not work', async () => {
    const wire = await startWire({}, transport)
    const login = await wire.login()
    for (const call of [{ token: login.access_token }, {}]) {
      const { status, body } = await wire.json('POST', '/auth/logout', call)
      expect(status).toBe(403)
      expect(body).toEqual(platformError(1004, 'NoPermission'))
    }
    // The token still works after the "logout".
    expect((await wire.json('GET', '/auth/userInfo', { token: login.access_token })).status).toBe(200)
  })
})

describe('refresh', () => {
  it('refresh through a form body answers a login response whose refresh_token echoes the one sent', async () => {
    const wire = await startWire()
    const login = await wire.login()
    const { status, body } = await wire.json('POST', '/auth/access_token', {
      form: { grant_type: 'refresh_token', refresh_token: login.refresh_token },
    })

    expect(status).toBe(200)
    expect(body).toMatchObject({
      refresh_token: login.refresh_token,
      token_type: 'Bearer',
      expires_in: 3600,
      username: 'admin',
    })
    expect(body.access_token).not.toBe(login.access_token)
    expect((await wire.json('GET', '/auth/userInfo', { token: body.access_token })).status).toBe(200)
  })

  it('refresh takes any valid token the emulator signed, an access token too', async () => {
    const wire = await startWire()
    const login = await wire.login()
    const { status, body } = await wire.json('POST', '/auth/access_token', {
      form: { grant_type: 'refresh_token', refresh_token: login.access_token },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ refresh_token: login.access_token, username: 'admin' })
    expect((await wire.json('GET', '/auth/userInfo', { token: body.access_token })).status).toBe(200)
  })

  it('refresh with a JSON body answers 400', async () => {
    const wire = await startWire()
    const login = await wire.login()
    const { status, body } = await wire.json('POST', '/auth/access_token', {
      json: { grant_type: 'refresh_token', refresh_token: login.refresh_token },
    })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
  })

  it('refresh needs grant_type refresh_token and a refresh_token', async () => {
    const wire = await startWire()
    const login = await wire.login()
    for (const form of [
      { refresh_token: login.refresh_token },
      { grant_type: 'password', refresh_token: login.refresh_token },
      { grant_type: 'refresh_token' },
    ]) {
      const { status, body } = await wire.json('POST', '/auth/access_token', { form })
      expect(status, JSON.stringify(form)).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
  })

  it('the refresh token has no expiry by default and still refreshes years later', async () => {
    const clock = manualClock()
    const wire = await startWire({ now: clock.now })
    const login = await wire.login()
    clock.advance(10 * 365 * 24 * 3600)

    const refreshed = await wire.json('POST', '/auth/access_token', {
      form: { grant_type: 'refresh_token', refresh_token: login.refresh_token },
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).toBe(login.refresh_token)
  })

  it('the refresh token is also accepted as an access token on endpoints', async () => {
    const clock = manualClock()
    const wire = await startWire({ now: clock.now })
    const login = await wire.login()
    clock.advance(7200) // the access token has expired; the refresh token has not
    expect((await wire.json('GET', '/auth/userInfo', { token: login.access_token })).status).toBe(401)
    const { status, body } = await wire.json('GET', '/auth/userInfo', { token: login.refresh_token })
    expect(status).toBe(200)
    expect(body.username).toBe('admin')
  })

  it('the refresh token expires after security.jwt.refreshExpiration when it is set: 401 with errCode 1006', async () => {
    const clock = manualClock()
    const wire = await startWire({ now: clock.now, settings: { 'security.jwt.refreshExpiration': 86400 } })
    const login = await wire.login()
    clock.advance(86400)
    const { status, body } = await wire.json('POST', '/auth/access_token', {
      form: { grant_type: 'refresh_token', refresh_token: login.refresh_token },
    })
    expect(status).toBe(401)
    expect(body).toEqual(platformError(1006, 'TokenExpired'))
  })

  it('GET /auth/userInfo issues a refresh token that never expires, even where refresh tokens are set to expire', async () => {
    const clock = manualClock()
    const wire = await startWire({ now: clock.now, settings: { 'security.jwt.refreshExpiration': 60 } })
    const login = await wire.login()
    const info = await wire.json('GET', '/auth/userInfo', { token: login.access_token })
    clock.advance(10 * 365 * 24 * 3600)

    expect((await wire.json('GET', '/auth/userInfo', { token: login.refresh_token })).status).toBe(401)
    const renewed = await wire.json('GET', '/auth/userInfo', { token: info.body.refresh_token })
    expect(renewed.status).toBe(200)
  })
})

describe('token verification', () => {
  it('an access token lives 3600 seconds by default', async () => {
    const clock = manualClock()
    const wire = await startWire({ now: clock.now })
    const login = await wire.login()
    clock.advance(3599)
    expect((await wire.json('GET', '/auth/userInfo', { token: login.access_token })).status).toBe(200)
    clock.advance(1)
    expect((await wire.json('GET', '/auth/userInfo', { token: login.access_token })).body.errCode).toBe(1006)
  })

  it('an access token expires after security.jwt.expiration: 401 with errCode 1006 TokenExpired', async () => {
    const clock = manualClock()
    const wire = await startWire({ now: clock.now, settings: { 'security.jwt.expiration': 60 } })
    const login = await wire.login()
    clock.advance(59)
    expect((await wire.json('GET', '/auth/userInfo', { token: login.access_token })).status).toBe(200)
    clock.advance(1)
    const { status, body } = await wire.json('GET', '/auth/userInfo', { token: login.access_token })
    expect(status).toBe(401)
    expect(body).toEqual(platformError(1006, 'TokenExpired'))
  })

  it('a token that cannot be parsed answers 401 with errCode 1012 TokenInvalid', async () => {
    const wire = await startWire()
    for (const token of ['not-a-token', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.sig']) {
      const { status, body } = await wire.json('GET', '/auth/userInfo', { token })
      expect(status, token).toBe(401)
      expect(body).toEqual(platformError(1012, 'TokenInvalid'))
    }
  })

  it('an unsigned token (alg none, in any case) cannot be parsed: 401 with errCode 1012', async () => {
    const wire = await startWire()
    const unsigned = new UnsecuredJWT({}).setSubject('admin').setIssuedAt().encode()
    const [, payload] = unsigned.split('.')
    const withAlg = (alg: string) =>
      `${Buffer.from(JSON.stringify({ alg })).toString('base64url')}.${payload}.`
    for (const token of [unsigned, withAlg('None'), withAlg('NONE')]) {
      const { status, body } = await wire.json('GET', '/auth/userInfo', { token })
      expect(status, token).toBe(401)
      expect(body).toEqual(platformError(1012, 'TokenInvalid'))
    }
  })

  it('a token whose signature is wrong answers 400 with errCode 1001 IllegalArgument', async () => {
    const wire = await startWire({ settings })
    const login = await wire.login()
    const [header, payload] = login.access_token.split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', iat: 1, exp: 9999999999 })).toString(
      'base64url',
    )
    for (const token of [
      `${header}.${forgedPayload}.${login.access_token.split('.')[2]}`,
      `${header}.${payload}.${'A'.repeat(43)}`,
      await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('admin')
        .sign(new TextEncoder().encode('another-secret')),
    ]) {
      const { status, body } = await wire.json('GET', '/auth/userInfo', { token })
      expect(status).toBe(400)
      expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    }
  })

  it('a token signed with another algorithm is refused, even with the right secret: 400 with errCode 1001', async () => {
    const wire = await startWire({ settings })
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('admin')
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET))
    const { status, body } = await wire.json('GET', '/auth/userInfo', { token })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
  })

  it('tokens are invalidated only by changing security.jwt.secret and restarting', async () => {
    const first = await startWire({ settings })
    const login = await first.login()
    await first.emulator.close()

    const sameSecret = await startWire({ settings })
    expect((await sameSecret.json('GET', '/auth/userInfo', { token: login.access_token })).status).toBe(200)
    await sameSecret.emulator.close()

    const newSecret = await startWire({ settings: { 'security.jwt.secret': `${SECRET}-rotated` } })
    const { status, body } = await newSecret.json('GET', '/auth/userInfo', { token: login.access_token })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
  })
})

describe('token claims', () => {
  it('an access token holds sub, iat, exp and jti; a refresh token has no exp unless refreshExpiration is set', async () => {
    const clock = manualClock()
    const wire = await startWire({ now: clock.now })
    const login = await wire.login()
    const access = decodeJwt(login.access_token)
    const refresh = decodeJwt(login.refresh_token)
    expect(Object.keys(access).sort()).toEqual(['exp', 'iat', 'jti', 'sub'])
    expect(access).toMatchObject({ sub: 'admin', iat: clock.now() / 1000, exp: clock.now() / 1000 + 3600 })
    expect(Object.keys(refresh).sort()).toEqual(['iat', 'jti', 'sub'])
    expect(refresh.jti).not.toBe(access.jti)
  })

  it('roles are read from the user at each request: a role change applies to tokens already issued', async () => {
    const wire = await startWire({
      domains: { Note: { fields: { text: 'STRING' }, roles: { create: ['ROLE_ADMIN'] } } },
      users: [{ username: 'ann', password: 'ann', roles: ['ROLE_USER'] }],
    })
    const { access_token: token } = await wire.login('ann', 'ann')
    expect((await wire.json('POST', '/data/Note', { token, json: { text: 'a' } })).status).toBe(403)
    wire.emulator.updateUser('ann', { roles: ['ROLE_ADMIN'] })
    expect((await wire.json('POST', '/data/Note', { token, json: { text: 'a' } })).body.status).toBe(
      'success',
    )
    expect((await wire.json('GET', '/auth/userInfo', { token })).body.roles).toEqual(['ROLE_ADMIN'])
  })
})

describe('platform risks, reproduced', () => {
  it('login and token use do not check whether an account is disabled', async () => {
    const wire = await startWire({
      users: [
        { username: 'admin', password: 'admin', roles: ['ROLE_ADMIN'] },
        { username: 'gone', password: 'pw', roles: ['ROLE_USER'], enabled: false },
      ],
    })
    const disabled = await wire.login('gone', 'pw')
    expect(disabled.username).toBe('gone')

    const admin = await wire.login()
    wire.emulator.updateUser('admin', { enabled: false })
    expect((await wire.json('GET', '/auth/userInfo', { token: admin.access_token })).status).toBe(200)
    expect(
      (await wire.json('POST', '/auth/login', { json: { username: 'admin', password: 'admin' } })).status,
    ).toBe(200)
  })

  it('changing a password does not invalidate issued tokens', async () => {
    const wire = await startWire()
    const before = await wire.login()
    wire.emulator.updateUser('admin', { password: 'changed' })

    expect((await wire.json('GET', '/auth/userInfo', { token: before.access_token })).status).toBe(200)
    const refreshed = await wire.json('POST', '/auth/access_token', {
      form: { grant_type: 'refresh_token', refresh_token: before.refresh_token },
    })
    expect(refreshed.status).toBe(200)
    expect(
      (await wire.json('POST', '/auth/login', { json: { username: 'admin', password: 'admin' } })).status,
    ).toBe(400)
    expect((await wire.login('admin', 'changed')).username).toBe('admin')
  })

  it('a URL token is not single-use: GET /auth/userInfo issues a new pair from it as often as it is opened', async () => {
    const wire = await startWire()
    const login = await wire.login()
    const path = `/auth/userInfo?access_token=${login.access_token}`
    const first = await wire.json('GET', path)
    const second = await wire.json('GET', path)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(first.body.refresh_token).not.toBe(second.body.refresh_token)
  })
})
