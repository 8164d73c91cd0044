import { getEventListeners } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  AnonymousInvocationError,
  createClient,
  PlatformConnectionError,
  PlatformError,
} from '../../src/client/index.js'
import { DomainHelper, SimpleQuery } from '../../src/index.js'
import { TICKETS, TRANSPORTS, loggedIn, startPlatform } from './platform.js'

/** A plain answer of a status, as a proxy or gateway in front of the platform would give it. */
const answer = (status: number, headers: Record<string, string> = {}): Response =>
  new Response(`status ${status}`, { status, headers })

/** Fails the first `times` attempts at a URL with `failure`, then lets the request through. */
const failFirst =
  (times: number, failure: () => Response | Promise<Response>) =>
  (_request: unknown, attempt: number): Response | Promise<Response> | undefined =>
    attempt <= times ? failure() : undefined

afterEach(() => {
  vi.useRealTimers()
})

describe.each(TRANSPORTS)('retries (%s)', (transport) => {
  it.each([502, 503, 504])('retry a GET answered %i, up to `retries` times', async (status) => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept(failFirst(2, () => answer(status)))
    expect(await client.data('Ticket').list()).toEqual({ total: 0, data: [] })
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(3)
  })

  it('retry a GET answered 429 with Retry-After, and not one answered 429 without it', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept(failFirst(2, () => answer(429, { 'retry-after': '0' })))
    expect(await client.data('Ticket').list()).toEqual({ total: 0, data: [] })
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(3)

    platform.intercept(() => answer(429))
    await expect(client.canCreate('Ticket')).rejects.toSatisfy(
      (error) => PlatformError.is(error) && error.status === 429,
    )
    expect(platform.sentTo('/api/permissions/Ticket/create')).toHaveLength(1)
  })

  it('give up after `retries` retries with the last answer as a PlatformError', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform, 'admin', { retries: 3 })
    platform.intercept(() => answer(503))
    const error = await client
      .data('Ticket')
      .list()
      .catch((caught: unknown) => caught)
    expect(PlatformError.is(error)).toBe(true)
    expect(error).toMatchObject({ status: 503, errCode: undefined, errMsg: 'status 503' })
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(4)
  })

  it('never retry PUT or DELETE: a gateway failure does not say whether the write ran', async () => {
    const platform = await startPlatform(transport)
    const [id] = platform.seed('Ticket', [{ title: 'a' }])
    const tickets = (await loggedIn(platform)).data('Ticket')
    // The platform runs each write, then the gateway in front of it gives up on the answer, once.
    platform.intercept(async (request, attempt) => {
      if (attempt > 1) return undefined
      const { method, url, headers, body } = request
      await platform.emulator.fetch(`http://localhost${url}`, { method, headers, body: body ?? null })
      return answer(504)
    })
    await expect(tickets.update(id!, { title: 'b' })).rejects.toSatisfy(
      (error) => PlatformError.is(error) && error.status === 504,
    )
    // Sent again, the DELETE that ran would be answered 404: a NotFoundError for an object it deleted.
    await expect(tickets.delete(id!)).rejects.toSatisfy(
      (error) => PlatformError.is(error) && error.status === 504,
    )
    expect(platform.sentTo(`/api/data/Ticket/${id}`).map((request) => request.method)).toEqual([
      'PUT',
      'DELETE',
    ])
  })

  it('never retry a POST', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept(() => answer(503))
    await expect(client.data('Ticket').create({ title: 'a' })).rejects.toSatisfy(
      (error) => PlatformError.is(error) && error.status === 503,
    )
    await expect(client.search('Ticket')).rejects.toSatisfy((error) => PlatformError.is(error))
    platform.intercept(() => Promise.reject(new TypeError('fetch failed')))
    await expect(client.action.byName('anything')).rejects.toSatisfy((error) =>
      PlatformConnectionError.is(error),
    )
    expect(platform.sent.slice(1).map((request) => request.method)).toEqual(['POST', 'POST', 'POST'])
  })

  it('never retry a 500', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept(() => answer(500))
    await expect(client.data('Ticket').list()).rejects.toSatisfy(
      (error) => PlatformError.is(error) && error.status === 500,
    )
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
  })

  it('never retry 11004, the anonymous-service refusal answered as HTTP 500', async () => {
    const platform = await startPlatform(transport, { ...TICKETS, logic: { hello: () => 'hi' } })
    platform.emulator.host.runAs({}, () =>
      DomainHelper.createDomain(
        DomainHelper.buildDomain('DynamicServiceProvider', {
          name: 'hello',
          active: true,
          logic: SimpleQuery.of('DynamicLogic').eq('name', 'hello').get(),
        }),
      ),
    )
    const error = await platform
      .client()
      .service('hello')
      .catch((caught: unknown) => caught)
    expect(AnonymousInvocationError.is(error)).toBe(true)
    expect(error).toMatchObject({ status: 500, errCode: 11004 })
    expect(platform.sentTo('/api/service/hello')).toHaveLength(1)
  })

  it('retry a GET that met a network failure, and end in a PlatformConnectionError when it persists', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    platform.intercept(failFirst(2, () => Promise.reject(new TypeError('fetch failed'))))
    expect((await client.data('Ticket').list()).total).toBe(0)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(3)

    platform.intercept(() =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNRESET') })),
    )
    const error = await client.canCreate('Ticket').catch((caught: unknown) => caught)
    expect(PlatformConnectionError.is(error)).toBe(true)
    expect(error).toMatchObject({ reason: 'network' })
    expect((error as Error).message).toMatch(/got no answer: fetch failed: ECONNRESET \(attempt 3\)/)
    expect(platform.sentTo('/api/permissions/Ticket/create')).toHaveLength(3)
  })

  it('retry a GET whose attempt timed out, even where fetch ignores its signal', async () => {
    const platform = await startPlatform(transport)
    // Long enough for the login and the second attempt on a loaded machine: the first attempt waits it out.
    const client = await loggedIn(platform, 'admin', { timeout: 1_000 })
    platform.intercept(failFirst(1, () => new Promise<Response>(() => undefined)))
    expect((await client.data('Ticket').list()).total).toBe(0)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2)
  })

  it('do nothing more once `retries` is 0', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform, 'admin', { retries: 0 })
    platform.intercept(() => answer(502))
    await expect(client.data('Ticket').list()).rejects.toSatisfy((error) => PlatformError.is(error))
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
  })
})

describe('Retry-After', () => {
  it('waits as long as a 429 answer asks, in seconds, instead of retryDelay', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform, 'admin', { retryDelay: 1, totalTimeout: 600_000 })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    platform.intercept(failFirst(1, () => answer(429, { 'retry-after': '120' })))

    const listing = client.data('Ticket').list()
    await vi.advanceTimersByTimeAsync(119_000)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect((await listing).total).toBe(0)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2)
  })

  it('takes an HTTP date too, on a 503', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform, 'admin', { retryDelay: 1, totalTimeout: 600_000 })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const at = new Date(Date.now() + 30_000).toUTCString()
    platform.intercept(failFirst(1, () => answer(503, { 'retry-after': at })))

    const listing = client.data('Ticket').list()
    await vi.advanceTimersByTimeAsync(25_000)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(5_000)
    expect((await listing).total).toBe(0)
  })

  it('waits a Retry-After longer than one timer holds (24.8 days) when totalTimeout is Infinity', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform, 'admin', { retryDelay: 1, totalTimeout: Infinity })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const thirtyDays = 30 * 24 * 3600
    platform.intercept(failFirst(1, () => answer(503, { 'retry-after': String(thirtyDays) })))

    const listing = client.data('Ticket').list()
    await vi.advanceTimersByTimeAsync(thirtyDays * 1000 - 1)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect((await listing).total).toBe(0)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2)
  })

  it('gives up at once when the wait would pass the total timeout, with the 429 as the error', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform, 'admin', { totalTimeout: 60_000 })
    platform.intercept(() => answer(429, { 'retry-after': '3600' }))
    await expect(client.data('Ticket').list()).rejects.toSatisfy(
      (error) => PlatformError.is(error) && error.status === 429,
    )
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
  })

  it('backs off by retryDelay, doubled for each retry, without one', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform, 'admin', { retryDelay: 1_000 })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    platform.intercept(failFirst(2, () => answer(503)))

    const listing = client.data('Ticket').list()
    await vi.advanceTimersByTimeAsync(999)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect((await listing).total).toBe(0)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(3)
  })
})

describe("the caller's signal", () => {
  it('cancels a call: it rejects with the signal reason, and nothing is retried', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform)
    platform.intercept(() => new Promise<Response>(() => undefined))
    const controller = new AbortController()
    const listing = client.data('Ticket').list({ signal: controller.signal })
    await vi.waitFor(() => expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1))
    const reason = new Error('the user left the page')
    controller.abort(reason)
    await expect(listing).rejects.toBe(reason)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
  })

  it('cancels the wait between retries', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform, 'admin', { retryDelay: 60_000, totalTimeout: Infinity })
    platform.intercept(() => answer(503))
    const controller = new AbortController()
    const listing = client.data('Ticket').list({ signal: controller.signal })
    await vi.waitFor(() => expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1))
    controller.abort()
    await expect(listing).rejects.toMatchObject({ name: 'AbortError' })
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(1)
  })

  it('an aborted signal sends nothing', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform)
    await expect(client.data('Ticket').get(1, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(platform.sentTo('/api/data/Ticket/1')).toEqual([])
  })

  it('leaves no timer and no listener behind once a call settles, however it ends', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform, 'admin', { timeout: 1_000, retryDelay: 100 })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const controller = new AbortController()
    const { signal } = controller
    // A 503, then an attempt whose fetch never settles (it times out), then the answer.
    platform.intercept((_request, attempt) =>
      attempt === 1 ? answer(503) : attempt === 2 ? new Promise<Response>(() => undefined) : undefined,
    )
    const listing = client.data('Ticket').list({ signal })
    await vi.advanceTimersByTimeAsync(1_400)
    expect((await listing).total).toBe(0)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(3)
    // A call cancelled in the wait between retries.
    platform.intercept(() => answer(503))
    const cancelled = client.data('Ticket').get(1, { signal })
    await vi.waitFor(() => expect(platform.sentTo('/api/data/Ticket/1')).toHaveLength(1))
    controller.abort()
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' })

    expect(vi.getTimerCount()).toBe(0)
    expect(getEventListeners(signal, 'abort')).toEqual([])
  })

  it('stops the wait for a shared refresh, not the refresh', async () => {
    const platform = await startPlatform()
    const client = await loggedIn(platform)
    platform.advance(3601)
    let release: () => void = () => undefined
    platform.intercept((request) =>
      request.url === '/api/auth/access_token'
        ? new Promise<undefined>((resolve) => (release = () => resolve(undefined)))
        : undefined,
    )
    const controller = new AbortController()
    const cancelled = client.data('Ticket').list({ signal: controller.signal })
    const waiting = client.data('Ticket').list()
    await vi.waitFor(() => expect(platform.sentTo('/api/auth/access_token')).toHaveLength(1))
    controller.abort()
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' })
    release()
    expect((await waiting).total).toBe(0)
  })
})

describe('timeouts over a real port', () => {
  const servers: Server[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  /** A server on 127.0.0.1 that counts requests and answers none of them (or only their headers). */
  async function silentServer(headersOnly = false): Promise<{ baseUrl: string; requests: () => number }> {
    let requests = 0
    const sockets = new Set<Socket>()
    const server = createServer((_request, response) => {
      requests++
      if (headersOnly) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('{"total": ')
      }
    })
    server.on('connection', (socket) => sockets.add(socket))
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
      requests: () => requests,
    }
  }

  it('a GET that gets no answer is tried 1 + `retries` times within `timeout` each, then a timeout error', async () => {
    const silent = await silentServer()
    const client = createClient({ baseUrl: silent.baseUrl, timeout: 100, retryDelay: 1, retries: 2 })
    const error = await client
      .data('Ticket')
      .list()
      .catch((caught: unknown) => caught)
    expect(PlatformConnectionError.is(error)).toBe(true)
    expect(error).toMatchObject({ reason: 'timeout', request: `GET ${silent.baseUrl}/data/Ticket` })
    expect((error as Error).message).toMatch(/within 100 ms, the per-attempt timeout \(attempt 3\)/)
    expect(silent.requests()).toBe(3)
  })

  it('an answer whose body never ends times out too', async () => {
    const silent = await silentServer(true)
    const client = createClient({ baseUrl: silent.baseUrl, timeout: 100, retries: 0 })
    await expect(client.data('Ticket').list()).rejects.toSatisfy(
      (error) => PlatformConnectionError.is(error) && error.reason === 'timeout',
    )
    expect(silent.requests()).toBe(1)
  })

  it('the total timeout ends the call, retries included', async () => {
    const silent = await silentServer()
    const client = createClient({ baseUrl: silent.baseUrl, timeout: 60_000, totalTimeout: 100 })
    const error = await client
      .data('Ticket')
      .list()
      .catch((caught: unknown) => caught)
    expect(PlatformConnectionError.is(error)).toBe(true)
    expect((error as Error).message).toMatch(/within 100 ms, the totalTimeout/)
    expect(silent.requests()).toBe(1)
  })

  it('a port nothing listens on is a network error after 1 + `retries` attempts', async () => {
    const platform = await startPlatform('http')
    const closed = await silentServer()
    const servedBy = servers.pop()!
    await new Promise((resolve) => servedBy.close(resolve))
    const client = createClient({ baseUrl: closed.baseUrl, fetch: platform.fetch, retryDelay: 1 })
    const error = await client
      .data('Ticket')
      .list()
      .catch((caught: unknown) => caught)
    expect(PlatformConnectionError.is(error)).toBe(true)
    expect(error).toMatchObject({ reason: 'network' })
    expect((error as Error).message).toMatch(/ECONNREFUSED/)
    expect(platform.sent).toHaveLength(3)
  })
})
