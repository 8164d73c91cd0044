import { describe, expect, it, vi } from 'vitest'
import {
  IllegalArgumentError,
  PlatformConnectionError,
  TokenExpiredError,
  TokenInvalidError,
  type TokenPair,
} from '../../src/client/index.js'
import { TICKETS, TRANSPORTS, loggedIn, startPlatform } from './platform.js'

/** Settings under which refresh tokens expire too: access after 60 s, refresh after 120 s. */
const EXPIRING = {
  ...TICKETS,
  settings: { 'security.jwt.expiration': 60, 'security.jwt.refreshExpiration': 120 },
}

describe.each(TRANSPORTS)('an expired access token (%s)', (transport) => {
  it('is met with one form-encoded refresh and one more try, and onTokens gets the new pair', async () => {
    const platform = await startPlatform(transport)
    const seen: (TokenPair | null)[] = []
    const client = await loggedIn(platform, 'admin', { onTokens: (tokens) => seen.push(tokens) })
    const expired = client.tokens!
    platform.seed('Ticket', [{ title: 'a' }])
    platform.advance(3601)

    const page = await client.data('Ticket').list()

    expect(page.total).toBe(1)
    expect(platform.sent.slice(1).map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/data/Ticket',
      'POST /api/auth/access_token',
      'GET /api/data/Ticket',
    ])
    const [first, refresh, retry] = platform.sent.slice(1)
    expect(first?.headers['authorization']).toBe(`Bearer ${expired.accessToken}`)
    expect(refresh?.body).toBe(`grant_type=refresh_token&refresh_token=${expired.refreshToken}`)
    expect(retry?.headers['authorization']).toBe(`Bearer ${client.tokens!.accessToken}`)
    expect(client.tokens).toEqual({
      accessToken: expect.not.stringMatching(expired.accessToken),
      refreshToken: expired.refreshToken,
    })
    expect(seen).toEqual([expired, client.tokens])
  })

  it('is refreshed once for 50 concurrent requests: exactly one refresh call, and all 50 succeed', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.seed('Ticket', [{ title: 'a' }])
    platform.advance(3601)

    const pages = await Promise.all(Array.from({ length: 50 }, () => client.data('Ticket').list()))

    expect(pages.map((page) => page.total)).toEqual(Array(50).fill(1))
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1)
    // Each request went out twice: with the expired token, then with the refreshed one.
    const lists = platform.sentTo('/api/data/Ticket')
    expect(lists).toHaveLength(100)
    expect(new Set(lists.map((request) => request.headers['authorization'])).size).toBe(2)
  })

  it('that cannot be refreshed is one error for every waiting request, from exactly one refresh call', async () => {
    const platform = await startPlatform(transport, EXPIRING)
    const client = await loggedIn(platform)
    platform.advance(200) // past both lifetimes

    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => client.data('Ticket').list()))

    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1)
    const reasons = outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason : outcome))
    expect(new Set(reasons).size).toBe(1)
    const [error] = reasons
    expect(TokenExpiredError.is(error)).toBe(true)
    expect((error as TokenExpiredError).request).toBe(`POST ${platform.baseUrl}/auth/access_token`)
    expect((error as TokenExpiredError).message).toMatch(/A refresh did not help: log in again\.$/)
    // The requests were not sent again after the refresh failed.
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(50)
  })

  it('a request sent while the refresh of its token is under way takes its outcome when answered after it', async () => {
    const platform = await startPlatform(transport, EXPIRING)
    const client = await loggedIn(platform)
    platform.advance(200) // past both lifetimes: the refresh is refused
    let second: Promise<unknown> | undefined
    const first = client.data('Ticket').list()
    platform.intercept(async (request, attempt) => {
      if (request.url === '/api/auth/access_token') {
        // The second request goes out with the expired token while the refresh is under way...
        await new Promise((resolve) => setTimeout(resolve, 0))
        second = client.data('Ticket').list()
        await vi.waitFor(() => expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2))
      } else if (attempt === 2) {
        // ... and is answered 1006 once the refresh has failed.
        await first.catch(() => undefined)
      }
      return undefined
    })

    const error = await first.catch((caught: unknown) => caught)
    expect(TokenExpiredError.is(error)).toBe(true)
    await expect(second).rejects.toBe(error)
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2)
  })

  it('whose refresh cannot reach the platform is one connection error for every waiting request', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.advance(3601)
    platform.intercept((request) =>
      request.url === '/api/auth/access_token' ? Promise.reject(new TypeError('fetch failed')) : undefined,
    )

    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => client.data('Ticket').list()))

    const reasons = new Set(
      outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason : 'ok')),
    )
    expect(reasons.size).toBe(1)
    const [error] = reasons
    expect(PlatformConnectionError.is(error)).toBe(true)
    // A refresh is a POST: never retried.
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1)
  })

  it('is refreshed again on a later call once an earlier refresh failed', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.advance(3601)
    platform.intercept((request) =>
      request.url === '/api/auth/access_token' ? new Response('', { status: 503 }) : undefined,
    )
    await expect(client.data('Ticket').list()).rejects.toSatisfy((error) => !TokenExpiredError.is(error))
    platform.intercept(undefined)

    expect((await client.data('Ticket').list()).total).toBe(0)
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(2)
  })

  it('a request sent after the refresh uses the new token and makes no second refresh', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.advance(3601)
    await client.data('Ticket').list()
    platform.advance(10)
    await Promise.all([client.data('Ticket').list(), client.canCreate('Ticket')])
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1)
  })

  it('is refreshed again when the refreshed token expires in turn', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.advance(3601)
    await client.data('Ticket').list()
    platform.advance(3601)
    await client.data('Ticket').list()
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(2)
  })

  it('an explicit refresh() while a refresh is under way joins it', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.advance(3601)
    const [page, refreshed] = await Promise.all([client.data('Ticket').list(), client.refresh()])
    expect(page.total).toBe(0)
    expect(refreshed.access_token).toBe(client.tokens?.accessToken)
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1)
  })

  it('a logout during the refresh wins: the refreshed pair is not kept', async () => {
    const platform = await startPlatform(transport)
    const seen: (TokenPair | null)[] = []
    const client = await loggedIn(platform, 'admin', { onTokens: (tokens) => seen.push(tokens) })
    platform.advance(3601)
    platform.intercept((request) => {
      if (request.url === '/api/auth/access_token') void client.logout()
      return undefined
    })
    await expect(client.data('Ticket').list()).rejects.toSatisfy((error) => !TokenExpiredError.is(error))
    expect(client.tokens).toBeNull()
    expect(seen.at(-1)).toBeNull()
  })
})

describe.each(TRANSPORTS)('only 1006 is refreshed (%s)', (transport) => {
  it('a token that cannot be parsed (1012) is a TokenInvalidError, with no refresh', async () => {
    const platform = await startPlatform(transport)
    const client = platform.client({ tokens: { accessToken: 'garbage', refreshToken: 'garbage' } })
    await expect(client.data('Ticket').list()).rejects.toSatisfy(
      (error) => TokenInvalidError.is(error) && error.status === 401 && error.errCode === 1012,
    )
    expect(platform.sentTo('/api/auth/access_token')).toEqual([])
  })

  it('a token with a wrong signature (1001) is an IllegalArgumentError, with no refresh', async () => {
    const platform = await startPlatform(transport)
    const { access_token, refresh_token } = await platform.client().login('admin', 'admin')
    const forged = `${access_token.slice(0, access_token.lastIndexOf('.'))}.${'A'.repeat(43)}`
    const client = platform.client({ tokens: { accessToken: forged, refreshToken: refresh_token } })
    await expect(client.data('Ticket').list()).rejects.toSatisfy(
      (error) => IllegalArgumentError.is(error) && error.status === 400 && error.errCode === 1001,
    )
    expect(platform.sentTo('/api/auth/access_token')).toEqual([])
  })

  it('a 401 with another code is not refreshed, nor is a 1006 in a successful answer', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept(() =>
      Response.json(
        { success: false, errCode: 1008, errMsg: 'ErrorCode: 1008, ErrorMsg: Unauthorized' },
        { status: 401 },
      ),
    )
    await expect(client.data('Ticket').list()).rejects.toSatisfy((error) => !TokenExpiredError.is(error))
    platform.intercept(() => Response.json({ total: 0, data: [], errCode: 1006 }))
    await expect(client.data('Ticket').list()).resolves.toEqual({ total: 0, data: [] })
    expect(platform.sentTo('/api/auth/access_token')).toEqual([])
  })

  it('a 1006 that comes back after the refresh is a TokenExpiredError: one refresh, one more try, no loop', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept((request) =>
      request.url.startsWith('/api/data/')
        ? Response.json(
            { success: false, errCode: 1006, errMsg: 'ErrorCode: 1006, ErrorMsg: TokenExpired, expired' },
            { status: 401 },
          )
        : undefined,
    )
    await expect(client.data('Ticket').list()).rejects.toSatisfy(
      (error) => TokenExpiredError.is(error) && error.request === `GET ${platform.baseUrl}/data/Ticket`,
    )
    expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2)
  })

  it('a POST that met 1006 is sent once more after the refresh: nothing ran the first time', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.advance(3601)
    const created = await client.data('Ticket').create({ title: 'once' })
    expect(platform.sentTo('/api/data/Ticket').map((request) => request.method)).toEqual(['POST', 'POST'])
    expect((await client.data('Ticket').list()).data).toEqual([created])
  })
})
