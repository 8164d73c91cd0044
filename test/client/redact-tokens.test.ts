import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  createClient,
  PlatformConnectionError,
  PlatformError,
  TokenExpiredError,
} from '../../src/client/index.js'
import type { LogicRequest } from '../../src/emulator/index.js'
import { DomainHelper, SimpleQuery } from '../../src/index.js'
import { TICKETS, TRANSPORTS, loggedIn, startPlatform, type Platform } from './platform.js'

/** Every way an error gets written down: its own JSON, a log line, the inspector, its stack and cause. */
function serialised(error: unknown): string[] {
  const value = error as Error & { toJSON(): unknown }
  return [
    JSON.stringify(error),
    JSON.stringify(value.toJSON()),
    String(error),
    value.message,
    value.stack ?? '',
    inspect(error, { depth: null, showHidden: true }),
    inspect(value.cause, { depth: null, showHidden: true }),
  ]
}

/**
 * Asserts that no serialised form of the error holds any of the tokens, and, where the answer held one, that
 * `[token]` stands in for it.
 */
function expectNoToken(error: unknown, tokens: readonly string[], redacted = true): void {
  expect(error).toBeInstanceOf(Error)
  const forms = serialised(error)
  for (const form of forms) for (const token of tokens) expect(form).not.toContain(token)
  // Also no piece of one: each token's signature part alone.
  for (const form of forms) for (const token of tokens) expect(form).not.toContain(token.split('.').at(-1))
  if (redacted) expect(forms.join('\n')).toContain('[token]')
}

/** A service whose logic fails with the whole request in its message: headers and URL parameters included. */
function leaky(request: LogicRequest): never {
  throw new Error(`could not handle ${JSON.stringify({ headers: request.headers, params: request.params })}`)
}

function service(platform: Platform, name: string, logic: string): void {
  platform.emulator.host.runAs({}, () =>
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicServiceProvider', {
        name,
        active: true,
        logic: SimpleQuery.of('DynamicLogic').eq('name', logic).get(),
      }),
    ),
  )
}

describe.each(TRANSPORTS)('no error carries a token (%s)', (transport) => {
  it('a 1006 answer that quotes the tokens, to a request with a Bearer header and an access_token URL parameter', async () => {
    const platform = await startPlatform(transport, { ...TICKETS, logic: { leaky } })
    service(platform, 'leaky', 'leaky')
    const client = await loggedIn(platform)
    const urlToken = (await platform.client().login('clerk', 'clerk')).access_token
    const held = client.tokens!
    // The answer quotes every token it could have seen, in every form a server might write one.
    platform.intercept((request) =>
      request.url.startsWith('/api/service/')
        ? Response.json(
            {
              success: false,
              errCode: 1006,
              errMsg: `ErrorCode: 1006, ErrorMsg: TokenExpired, ${request.headers['authorization']} and ${request.url} have expired`,
              access_token: held.accessToken,
              refreshToken: held.refreshToken,
              seen: [{ header: request.headers['authorization'] }, `access_token=${urlToken}&x=1`],
            },
            { status: 401 },
          )
        : undefined,
    )

    const error = await client
      .service('leaky', { query: { access_token: urlToken } })
      .catch((caught: unknown) => caught)

    expect(TokenExpiredError.is(error)).toBe(true)
    const sent = platform.sentTo('/api/service/leaky')
    expect(sent[0]?.url).toContain(`access_token=${urlToken}`)
    expect(sent[0]?.headers['authorization']).toBe(`Bearer ${held.accessToken}`)
    const refreshed = client.tokens!
    expectNoToken(error, [held.accessToken, held.refreshToken, refreshed.accessToken, urlToken])
    expect((error as TokenExpiredError).request).toBe(`GET ${platform.baseUrl}/service/leaky`)
    expect((error as TokenExpiredError).errMsg).toBe(
      `ErrorCode: 1006, ErrorMsg: TokenExpired, Bearer [token] and /api/service/leaky?access_token=[token] have expired`,
    )
    expect((error as TokenExpiredError).body).toMatchObject({
      access_token: '[token]',
      refreshToken: '[token]',
      seen: [{ header: 'Bearer [token]' }, 'access_token=[token]&x=1'],
    })
  })

  it('an error answer that spells the tokens with \\u escapes, in values and keys: redacted once decoded', async () => {
    const platform = await startPlatform(transport, TICKETS)
    const client = await loggedIn(platform)
    const held = client.tokens!
    const escaped = (text: string): string =>
      [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    const stranger = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtYWxsb3J5In0.c2lnbmF0dXJlLW9mLW1hbGxvcnk'
    const text =
      `{"success": false, "errCode": 1004, "errMsg": "no: ${escaped(held.accessToken)}",` +
      ` "held": ["${escaped(held.refreshToken)}"], "${escaped(held.accessToken)}": 1,` +
      ` "stranger": "\\u0065${stranger.slice(1)}", "header": "Bearer ${escaped('opaque-secret-value')}"}`
    platform.intercept(
      () => new Response(text, { status: 403, headers: { 'content-type': 'application/json' } }),
    )
    const error = await client
      .data('Ticket')
      .list()
      .catch((caught: unknown) => caught)

    expect(PlatformError.is(error)).toBe(true)
    expectNoToken(error, [held.accessToken, held.refreshToken, stranger, 'opaque-secret-value'])
    expect((error as PlatformError).errMsg).toBe('no: [token]')
    expect((error as PlatformError).body).toEqual({
      success: false,
      errCode: 1004,
      errMsg: 'no: [token]',
      held: ['[token]'],
      '[token]': 1,
      stranger: '[token]',
      header: 'Bearer [token]',
    })
  })

  it('a failed refresh, the refresh token in its form body, for a call with a URL token', async () => {
    const platform = await startPlatform(transport, {
      ...TICKETS,
      logic: { leaky },
      settings: { 'security.jwt.expiration': 60, 'security.jwt.refreshExpiration': 120 },
    })
    service(platform, 'leaky', 'leaky')
    const client = await loggedIn(platform)
    const held = client.tokens!
    platform.advance(200)
    const error = await client
      .service('leaky', { query: { access_token: held.accessToken } })
      .catch((caught: unknown) => caught)
    expect(TokenExpiredError.is(error)).toBe(true)
    // The refresh's own answer holds no token: there was nothing to replace.
    expectNoToken(error, [held.accessToken, held.refreshToken], false)
  })

  it("a service's error that quotes the request's headers and URL parameters", async () => {
    const platform = await startPlatform(transport, { ...TICKETS, logic: { leaky } })
    service(platform, 'leaky', 'leaky')
    const client = await loggedIn(platform)
    const held = client.tokens!
    const error = await client
      .service('leaky', { query: { access_token: held.refreshToken, q: 'x' } })
      .catch((caught: unknown) => caught)
    expect(PlatformError.is(error)).toBe(true)
    expect((error as PlatformError).errMsg).toMatch(/"authorization":"Bearer \[token\]"/)
    expectNoToken(error, [held.accessToken, held.refreshToken])
  })

  it('an answer that is not JSON, quoted in part, a held token where the quote ends', async () => {
    const platform = await startPlatform(transport)
    const held = { accessToken: `opaque-access-${'k'.repeat(40)}`, refreshToken: 'opaque-refresh-token' }
    const client = platform.client({ tokens: held })
    // The quote is cut after 200 characters: the token starts 20 before that point.
    const page = `${'.'.repeat(180)}${held.accessToken} is not welcome here`
    platform.intercept(() => new Response(page, { status: 200, headers: { 'content-type': 'text/html' } }))
    const error = await client
      .data('Ticket')
      .get(1)
      .catch((caught: unknown) => caught)
    expect(PlatformError.is(error)).toBe(true)
    expect((error as PlatformError).errMsg).toMatch(
      /^The answer is not the platform's JSON \(does baseUrl end in \/api\?\): \.+\[token\]/,
    )
    // Not even the piece of it that the cut would leave.
    expectNoToken(error, [held.accessToken.slice(0, 20)])
  })

  it('a network failure whose message holds the URL with its token', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    const held = client.tokens!
    platform.intercept((request) =>
      Promise.reject(
        new TypeError(`Failed to fetch ${request.url}`, {
          cause: new Error(`reset by ${request.headers['authorization']}`),
        }),
      ),
    )
    const error = await client
      .service('any', { query: { access_token: held.accessToken } })
      .catch((caught: unknown) => caught)
    expect(PlatformConnectionError.is(error)).toBe(true)
    expect((error as Error).message).toMatch(/access_token=\[token\]: reset by Bearer \[token\]/)
    expectNoToken(error, [held.accessToken])
  })
})

it('a URL the global fetch cannot parse, a token in its query', async () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg'
  const client = createClient({ baseUrl: 'http://127.0.0.1:not-a-port/api', retries: 0 })
  const error = await client
    .service('any', { query: { access_token: token } })
    .catch((caught: unknown) => caught)
  expect(PlatformConnectionError.is(error)).toBe(true)
  expect((error as Error).message).toMatch(/access_token=\[token\]/)
  expectNoToken(error, [token])
})

it('a refused refresh that quotes its refresh token, after a logout during it: opaque tokens too', async () => {
  const held = { accessToken: 'opaqueAccess123', refreshToken: 'opaqueRefresh456' }
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    if (!url.endsWith('/auth/access_token'))
      return Response.json({ success: false, errCode: 1006, errMsg: 'expired' }, { status: 401 })
    await client.logout()
    return Response.json(
      { success: false, errMsg: `${new URLSearchParams(String(init.body)).get('refresh_token')} refused` },
      { status: 400 },
    )
  }
  const client = createClient({ baseUrl: 'http://localhost/api', fetch, tokens: held })
  const error = await client
    .data('Ticket')
    .list()
    .catch((caught: unknown) => caught)
  expect(PlatformError.is(error)).toBe(true)
  expect(client.tokens).toBeNull()
  expectNoToken(error, [held.accessToken, held.refreshToken])
})
