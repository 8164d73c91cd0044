import { describe, expect, it } from 'vitest'
import {
  AnonymousInvocationError,
  NoPermissionError,
  NotFoundError,
  PlatformError,
} from '../../src/client/index.js'
import type { EmulatorOptions, LogicRequest } from '../../src/emulator/index.js'
import { DomainHelper, SimpleQuery } from '../../src/index.js'
import { TICKETS, TRANSPORTS, loggedIn, startPlatform, type Platform } from './platform.js'

/** What the echo logic answers: the request as the logic saw it. */
function echo(request: LogicRequest) {
  return {
    method: request.method,
    path: request.path,
    params: request.params,
    body: request.body,
    user: request.user?.username ?? null,
  }
}

/** Closes the tickets the action runs on, answering as the platform's action logic does. */
function closeTickets(request: LogicRequest) {
  const { objectIds } = request as unknown as { objectIds: number[] }
  for (const ticket of SimpleQuery.getByIds('Ticket', objectIds))
    DomainHelper.updateDomain({ ...ticket, priority: 0 })
  return { execResult: { closed: objectIds.length } }
}

/** A DynamicAction of any mode tied to Ticket; returns its id. */
function ticketAction(platform: Platform, name: string, logic: string): number {
  return platform.emulator.host.runAs({}, () => {
    const domainClass =
      SimpleQuery.of('DomainClass').eq('shortName', 'Ticket').list(0, 1)[0] ??
      DomainHelper.buildDomain('DomainClass', { shortName: 'Ticket' })
    if ((domainClass as { id?: number }).id === undefined) DomainHelper.createDomain(domainClass)
    const action = DomainHelper.buildDomain('DynamicAction', {
      name,
      mode: 'OBJECT_SINGLE_MULTIPLE',
      coreLogic: SimpleQuery.of('DynamicLogic').eq('name', logic).get(),
    }) as { id: number }
    DomainHelper.createDomain(action)
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicActionDomainClass', { dynamicAction: action, domainClass }),
    )
    return action.id
  })
}

function refuse(): never {
  throw new Error('Tickets cannot be closed on Sundays')
}

const OPTIONS: EmulatorOptions = {
  ...TICKETS,
  logic: { echo, closeTickets, refuse, nothing: () => undefined },
}

/** Creates a record of a platform domain whose `logic` is the DynamicLogic of that name; returns its id. */
function record(platform: Platform, domain: string, fields: Record<string, unknown>, logic: string): number {
  return platform.emulator.host.runAs({}, () => {
    const created = DomainHelper.buildDomain(domain, {
      active: true,
      ...fields,
      logic: SimpleQuery.of('DynamicLogic').eq('name', logic).get(),
    }) as { id: number }
    DomainHelper.createDomain(created)
    return created.id
  })
}

describe.each(TRANSPORTS)('service (%s)', (transport) => {
  it('calls GET without a body and POST with one, with the query, and answers what the logic returned', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'DynamicServiceProvider', { name: 'echo' }, 'echo')
    const client = await loggedIn(platform)

    expect(await client.service('echo', { query: { since: '2025-01-01', page: 2, all: true } })).toEqual({
      method: 'GET',
      path: '/service/echo',
      params: { since: '2025-01-01', page: '2', all: 'true' },
      body: null,
      user: 'admin',
    })
    expect(await client.service('echo', { body: { note: 'hi' } })).toMatchObject({
      method: 'POST',
      body: { note: 'hi' },
    })
    expect(await client.service('echo', { method: 'put', body: [1, 2] })).toMatchObject({
      method: 'PUT',
      body: [1, 2],
    })
    expect(await client.service('echo', { method: 'DELETE' })).toMatchObject({ method: 'DELETE' })
  })

  it('sends a URLSearchParams body form-encoded', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'DynamicServiceProvider', { name: 'echo' }, 'echo')
    const client = await loggedIn(platform)
    expect(await client.service('echo', { body: new URLSearchParams({ a: '1', b: 'two' }) })).toMatchObject({
      method: 'POST',
      body: { a: '1', b: 'two' },
    })
    expect(platform.sentTo('/api/service/echo')[0]?.headers['content-type']).toBe(
      'application/x-www-form-urlencoded',
    )
  })

  it('encodes the service name into the path', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'DynamicServiceProvider', { name: 'customer summary/v2' }, 'echo')
    const client = await loggedIn(platform)
    // The emulator found the service by its decoded name; its logic sees the path as it was sent.
    expect(await client.service('customer summary/v2')).toMatchObject({
      path: '/service/customer%20summary%2Fv2',
    })
    expect(platform.sent.at(-1)?.url).toBe('/api/service/customer%20summary%2Fv2')
  })

  it('answers undefined for an empty answer', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'DynamicServiceProvider', { name: 'nothing' }, 'nothing')
    expect(await (await loggedIn(platform)).service('nothing')).toBeUndefined()
  })

  it('an anonymous call to a service without enableAnonymous is an AnonymousInvocationError, though answered HTTP 500', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'DynamicServiceProvider', { name: 'echo' }, 'echo')
    const error = await platform
      .client()
      .service('echo')
      .catch((caught: unknown) => caught)
    expect(AnonymousInvocationError.is(error)).toBe(true)
    expect(error).toMatchObject({ status: 500, errCode: 11004, body: { errorCode: 11004 } })
    expect((error as Error).message).toMatch(
      /HTTP 500 with errCode 11004: Anonymous invocation .* Log in first, or set enableAnonymous on the service\.$/,
    )
  })

  it('an anonymous call to a service with enableAnonymous runs', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'DynamicServiceProvider', { name: 'echo', enableAnonymous: true }, 'echo')
    expect(await platform.client().service('echo')).toMatchObject({ user: null })
  })

  it('a service that does not exist is a NotFoundError in the service dialect', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    const error = await (await loggedIn(platform)).service('missing').catch((caught: unknown) => caught)
    expect(NotFoundError.is(error)).toBe(true)
    expect(error).toMatchObject({
      status: 404,
      errCode: 1005,
      errMsg: expect.stringMatching(/no active dynamic service/),
    })
  })

  it('refuses a body on GET or HEAD before sending anything', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    const client = await loggedIn(platform)
    const before = platform.sent.length
    await expect(client.service('echo', { method: 'GET', body: { a: 1 } })).rejects.toThrow(
      /GET \/service\/echo cannot carry a body: use query, or POST\./,
    )
    await expect(client.webhook('hook', { method: 'get', body: 'x' })).rejects.toThrow(
      /GET \/webhook\/hook cannot carry a body/,
    )
    expect(platform.sent.length).toBe(before)
  })

  it('refuses a method that is not an HTTP method name before sending anything, saying what it got', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    const client = platform.client()
    await expect(client.service('echo', { method: '' })).rejects.toThrow(
      /^\/service\/echo: method must be an HTTP method name such as 'GET' or 'POST', got ""\.$/,
    )
    await expect(client.service('echo', { method: 'GET /x' })).rejects.toThrow(/got "GET \/x"\.$/)
    await expect(client.webhook('hook', { method: 1 } as never)).rejects.toThrow(
      /^\/webhook\/hook: .* got number\.$/,
    )
    expect(platform.sent).toEqual([])
  })

  it('refuses a webhook method other than GET or POST before sending anything, as its types do', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    const client = platform.client()
    for (const method of ['PUT', 'head', 'DELETE']) {
      await expect(client.webhook('hook', { method } as never)).rejects.toThrow(
        new RegExp(`^${method.toUpperCase()} /webhook/hook: the platform serves only GET and POST there`),
      )
    }
    expect(platform.sent).toEqual([])
  })
})

describe.each(TRANSPORTS)('webhook (%s)', (transport) => {
  it('calls GET and POST /webhook/<url> without login, each path segment encoded', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'Webhook', { name: 'settled', url: 'payments/settled now' }, 'echo')
    const client = platform.client()
    expect(await client.webhook('/payments/settled now', { body: { amount: 12 } })).toEqual({
      method: 'POST',
      path: '/webhook/payments/settled%20now',
      params: {},
      body: { amount: 12 },
      user: null,
    })
    expect(await client.webhook('payments/settled now', { query: { ref: 'x' } })).toMatchObject({
      method: 'GET',
      params: { ref: 'x' },
    })
    expect(platform.sent.map((request) => request.url)).toEqual([
      '/api/webhook/payments/settled%20now',
      '/api/webhook/payments/settled%20now?ref=x',
    ])
  })

  it('runs as the logged-in user when the client holds a token', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    record(platform, 'Webhook', { name: 'hook', url: 'hook' }, 'echo')
    expect(await (await loggedIn(platform, 'clerk')).webhook('hook')).toMatchObject({ user: 'clerk' })
  })
})

describe.each(TRANSPORTS)('a service or webhook call that a gateway fails (%s)', (transport) => {
  it('is sent once, even a GET: its logic ran, and would run again', async () => {
    let runs = 0
    const platform = await startPlatform(transport, {
      ...OPTIONS,
      logic: { ...OPTIONS.logic, count: () => ++runs },
    })
    record(platform, 'DynamicServiceProvider', { name: 'count' }, 'count')
    record(platform, 'Webhook', { name: 'count', url: 'count' }, 'count')
    const client = await loggedIn(platform)
    // The platform runs the logic, then the gateway in front of it gives up on the answer.
    platform.intercept(async ({ method, url, headers, body }) => {
      await platform.emulator.fetch(`http://localhost${url}`, { method, headers, body: body ?? null })
      return new Response('gateway timeout', { status: 504 })
    })

    for (const call of [() => client.service('count'), () => client.webhook('count')])
      await expect(call()).rejects.toSatisfy((error) => PlatformError.is(error) && error.status === 504)

    expect(runs).toBe(2)
    expect(platform.sent.slice(1).map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/service/count',
      'GET /api/webhook/count',
    ])
  })
})

describe.each(TRANSPORTS)('action (%s)', (transport) => {
  it('byName and byId send { domain, objectIds, parameters } and answer the execResult', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    const ids = platform.seed('Ticket', [
      { title: 'a', priority: 3 },
      { title: 'b', priority: 4 },
    ])
    const actionId = ticketAction(platform, 'close', 'closeTickets')
    const client = await loggedIn(platform)

    expect(await client.action.byName('close', { domain: 'Ticket', objectIds: [ids[0]] })).toEqual({
      closed: 1,
    })
    expect(
      await client.action.byId<{ closed: number }>(actionId, { domain: 'Ticket', objectIds: ids }),
    ).toEqual({ closed: 2 })
    expect((await client.data('Ticket').list()).data.map((ticket) => ticket['priority'])).toEqual([0, 0])
    expect(
      platform.sent.filter((request) => request.url.startsWith('/api/action/')).map((r) => r.url),
    ).toEqual(['/api/action/byName/close', `/api/action/byId/${actionId}`])
  })

  it('a logic that throws is a PlatformError (500) with its message', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    const [id] = platform.seed('Ticket', [{ title: 'a', priority: 3 }])
    ticketAction(platform, 'refuse', 'refuse')
    const error = await (
      await loggedIn(platform)
    ).action
      .byName('refuse', { domain: 'Ticket', objectIds: [id] })
      .catch((caught: unknown) => caught)
    expect(PlatformError.is(error)).toBe(true)
    expect((error as PlatformError).status).toBe(500)
    expect((error as PlatformError).errMsg).toMatch(/Tickets cannot be closed on Sundays/)
  })

  it('needs a token: without one it is a NoPermissionError; an unknown action is a NotFoundError', async () => {
    const platform = await startPlatform(transport, OPTIONS)
    ticketAction(platform, 'close', 'closeTickets')
    await expect(
      platform.client().action.byName('close', { domain: 'Ticket', objectIds: [] }),
    ).rejects.toSatisfy((error) => NoPermissionError.is(error))
    await expect(
      (await loggedIn(platform)).action.byName('missing', { domain: 'Ticket', objectIds: [] }),
    ).rejects.toSatisfy((error) => NotFoundError.is(error))
  })
})
