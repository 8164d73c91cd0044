import { describe, expect, it } from 'vitest'
import { SHOP, count } from '../shop.js'
import { TRANSPORTS, platformError, startWire } from '../wire.js'

describe.each(TRANSPORTS)('token sources, in priority order (%s)', (transport) => {
  async function wireWithToken() {
    const wire = await startWire(SHOP, transport)
    return { wire, token: (await wire.login()).access_token }
  }

  it('1: the Authorization: Bearer header is read', async () => {
    const { wire, token } = await wireWithToken()
    expect(
      (await wire.json('GET', '/auth/userInfo', { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200)
  })

  it('2: a token in a form-encoded body does not work: 400 with errCode 1001 and an invalid-signature message, nothing written', async () => {
    const { wire, token } = await wireWithToken()
    const { status, body } = await wire.json('POST', '/data/Customer', {
      form: { access_token: token, name: 'Ann' },
    })
    expect(status).toBe(400)
    expect(body).toEqual(platformError(1001, 'IllegalArgument'))
    expect(body.errMsg).toContain('signature is invalid')
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })

  it('3: the access_token URL parameter is read', async () => {
    const { wire, token } = await wireWithToken()
    expect((await wire.json('GET', `/auth/userInfo?access_token=${token}`)).status).toBe(200)
  })

  it('4: the access_token cookie is read', async () => {
    const { wire, token } = await wireWithToken()
    expect(
      (await wire.json('GET', '/auth/userInfo', { headers: { cookie: `theme=dark; access_token=${token}` } }))
        .status,
    ).toBe(200)
  })

  it('the URL parameter comes before the cookie', async () => {
    const { wire, token } = await wireWithToken()
    expect(
      (
        await wire.json('GET', `/auth/userInfo?access_token=${token}`, {
          headers: { cookie: 'access_token=garbage' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await wire.json('GET', '/auth/userInfo?access_token=garbage', {
          headers: { cookie: `access_token=${token}` },
        })
      ).status,
    ).toBe(401)
  })

  it('when the Authorization header begins with Bearer, only the header is read', async () => {
    const { wire, token } = await wireWithToken()
    const badHeader = await wire.json('GET', `/auth/userInfo?access_token=${token}`, {
      headers: { authorization: 'Bearer garbage', cookie: `access_token=${token}` },
    })
    expect(badHeader).toEqual({ status: 401, body: platformError(1012, 'TokenInvalid') })
    const emptyBearer = await wire.json('GET', `/auth/userInfo?access_token=${token}`, {
      headers: { authorization: 'Bearer ' },
    })
    expect(emptyBearer).toEqual({ status: 401, body: platformError(1008, 'Unauthorized') })
  })

  it('a header of Bearer and the token without a space between is a token that cannot be parsed: 401 with errCode 1012', async () => {
    const { wire, token } = await wireWithToken()
    const { status, body } = await wire.json('GET', `/auth/userInfo?access_token=${token}`, {
      headers: { authorization: `Bearer${token}` },
    })
    expect({ status, body }).toEqual({ status: 401, body: platformError(1012, 'TokenInvalid') })
    expect(body.errMsg).toContain('Bearer, a space, then the token')
  })

  it('the removed user tokens (header X-MY-Token) are not a token source', async () => {
    const { wire, token } = await wireWithToken()
    const { status, body } = await wire.json('GET', '/auth/userInfo', { headers: { 'X-MY-Token': token } })
    expect(status).toBe(401)
    expect(body).toEqual(platformError(1008, 'Unauthorized'))
  })

  it('an Authorization header of another scheme is passed over for the other sources', async () => {
    const { wire, token } = await wireWithToken()
    const { status } = await wire.json('GET', `/auth/userInfo?access_token=${token}`, {
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    })
    expect(status).toBe(200)
  })

  it('for a non-GET form-encoded request only the body is read: the URL parameter and cookie are not checked', async () => {
    const { wire, token } = await wireWithToken()
    const login = await wire.json('POST', `/permissions/Customer/?access_token=${token}`, {
      form: { ids: '1' },
      headers: { cookie: `access_token=${token}` },
    })
    expect(login).toEqual({ status: 401, body: platformError(1008, 'Unauthorized') })
    const domain = await wire.json('POST', `/data/Customer?access_token=${token}`, { form: { name: 'Ann' } })
    expect(domain).toEqual({ status: 403, body: platformError(1004, 'NoPermission') })
    expect(count(wire.emulator.host, 'Customer')).toBe(0)
  })
})
