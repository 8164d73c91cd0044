import { describe, expect, it } from 'vitest'
import {
  createClient,
  NoPermissionError,
  NotFoundError,
  PlatformError,
  UnauthorizedError,
  UserPasswordMismatchError,
  type TokenPair,
} from '../../src/client/index.js'
import { TICKETS, TRANSPORTS, loggedIn, startPlatform } from './platform.js'

describe.each(TRANSPORTS)('login, userInfo, refresh and logout (%s)', (transport) => {
  it('login answers the login response and keeps the pair, which onTokens gets', async () => {
    const platform = await startPlatform(transport)
    const seen: (TokenPair | null)[] = []
    const client = platform.client({ onTokens: (tokens) => seen.push(tokens) })

    const login = await client.login('admin', 'admin')

    expect(login).toMatchObject({ token_type: 'Bearer', expires_in: 3600, username: 'admin', id: 1 })
    expect(login.roles).toEqual(['ROLE_ADMIN', 'ROLE_DEVELOPER'])
    expect(client.tokens).toEqual({ accessToken: login.access_token, refreshToken: login.refresh_token })
    expect(seen).toEqual([client.tokens])
  })

  it('login sends the JSON body the platform takes and no token', async () => {
    const platform = await startPlatform(transport)
    await platform.client({ tokens: { accessToken: 'old', refreshToken: 'old' } }).login('admin', 'admin')
    const [request] = platform.sentTo('/api/auth/login')
    expect(request?.method).toBe('POST')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request?.body ?? '')).toEqual({ username: 'admin', password: 'admin' })
    expect(request?.headers['authorization']).toBeUndefined()
  })

  it('a failed login keeps no tokens: a wrong password is 1010, an unknown user 1005', async () => {
    const platform = await startPlatform(transport)
    const client = platform.client()
    await expect(client.login('admin', 'wrong')).rejects.toSatisfy(
      (error) => UserPasswordMismatchError.is(error) && error.status === 400 && error.errCode === 1010,
    )
    await expect(client.login('nobody', 'x')).rejects.toSatisfy(
      (error) => NotFoundError.is(error) && error.status === 404 && error.errCode === 1005,
    )
    expect(client.tokens).toBeNull()
  })

  it('an answer to login or refresh without both tokens is a PlatformError, and the pair stays as it was', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    const held = client.tokens
    platform.intercept((request) =>
      request.url.startsWith('/api/auth/') ? Response.json({ username: 'admin' }) : undefined,
    )
    for (const call of [() => client.login('admin', 'admin'), () => client.refresh()])
      await expect(call()).rejects.toSatisfy(
        (error) =>
          PlatformError.is(error) &&
          error.status === 200 &&
          /holds no access_token and refresh_token/.test(error.message),
      )
    expect(client.tokens).toBe(held)
  })

  it('userInfo answers the user and keeps the newly issued pair', async () => {
    const platform = await startPlatform(transport)
    const seen: (TokenPair | null)[] = []
    const client = platform.client({ onTokens: (tokens) => seen.push(tokens) })
    const login = await client.login('clerk', 'clerk')
    platform.advance(1) // a new issue time, so that the new tokens differ from the login's

    const info = await client.userInfo()

    expect(info).toMatchObject({ username: 'clerk', roles: ['ROLE_USER'], token_type: 'Bearer' })
    expect(info.access_token).not.toBe(login.access_token)
    expect(info.refresh_token).not.toBe(login.refresh_token)
    expect(client.tokens).toEqual({ accessToken: info.access_token, refreshToken: info.refresh_token })
    expect(seen).toHaveLength(2)
    expect(platform.sentTo('/api/auth/userInfo')[0]?.headers['authorization']).toBe(
      `Bearer ${login.access_token}`,
    )
  })

  it('userInfo without a token is 401 with errCode 1008', async () => {
    const platform = await startPlatform(transport)
    await expect(platform.client().userInfo()).rejects.toSatisfy(
      (error) => UnauthorizedError.is(error) && error.status === 401 && error.errCode === 1008,
    )
  })

  it('refresh sends the refresh token form-encoded, without a token header, and keeps the new access token', async () => {
    const platform = await startPlatform(transport)
    const seen: (TokenPair | null)[] = []
    const client = platform.client({ onTokens: (tokens) => seen.push(tokens) })
    const login = await client.login('admin', 'admin')
    platform.advance(1)

    const refreshed = await client.refresh()

    const [request] = platform.sentTo('/api/auth/access_token')
    expect(request?.method).toBe('POST')
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request?.body).toBe(`grant_type=refresh_token&refresh_token=${login.refresh_token}`)
    expect(request?.headers['authorization']).toBeUndefined()
    expect(refreshed.refresh_token).toBe(login.refresh_token)
    expect(refreshed.access_token).not.toBe(login.access_token)
    expect(client.tokens).toEqual({ accessToken: refreshed.access_token, refreshToken: login.refresh_token })
    expect(seen.at(-1)).toEqual(client.tokens)
  })

  it('refresh without tokens is a TypeError that says to log in, and sends nothing', async () => {
    const platform = await startPlatform(transport)
    await expect(platform.client().refresh()).rejects.toThrow(/holds no tokens; log in first/)
    expect(platform.sent).toEqual([])
  })

  it('logout forgets the tokens without calling the platform, whose logout always answers 403', async () => {
    const platform = await startPlatform(transport)
    const seen: (TokenPair | null)[] = []
    const client = platform.client({ onTokens: (tokens) => seen.push(tokens) })
    await client.login('admin', 'admin')

    await client.logout()

    expect(client.tokens).toBeNull()
    expect(seen.at(-1)).toBeNull()
    expect(platform.sentTo('/api/auth/logout')).toEqual([])
    // Without tokens a domain-checked endpoint answers 403/1004: the client really sends none.
    await expect(client.data('Ticket').list()).rejects.toSatisfy(
      (error) => NoPermissionError.is(error) && error.errCode === 1004,
    )
    expect(platform.sent.at(-1)?.headers['authorization']).toBeUndefined()
  })

  it('logout reports what onTokens throws as a rejection, as every other call does', async () => {
    const platform = await startPlatform(transport)
    const client = platform.client({
      onTokens: (tokens) => {
        if (tokens === null) throw new Error('the token store is gone')
      },
    })
    await client.login('admin', 'admin')
    let loggingOut: Promise<void> | undefined
    expect(() => (loggingOut = client.logout())).not.toThrow()
    await expect(loggingOut).rejects.toThrow('the token store is gone')
  })

  it('resumes a session from the tokens it is given', async () => {
    const platform = await startPlatform(transport)
    const login = await platform.client().login('admin', 'admin')
    const resumed = platform.client({
      tokens: { accessToken: login.access_token, refreshToken: login.refresh_token },
    })
    expect(await resumed.data('Ticket').list()).toEqual({ total: 0, data: [] })
  })
})

describe.each(TRANSPORTS)('tokens on the wire (%s)', (transport) => {
  it('go only in the Authorization: Bearer header, never in a URL or a body', async () => {
    const platform = await startPlatform(transport, {
      ...TICKETS,
      logic: { echo: (request) => request.body },
    })
    const client = await loggedIn(platform)
    const tokens = client.tokens!
    const tickets = client.data('Ticket')
    const created = await tickets.create({ title: 'a' })
    await tickets.list({ max: 5 })
    await tickets.get(created.id)
    await tickets.update(created.id, { title: 'b' })
    await client.search('Ticket', { conditions: [{ field: 'title', operator: 'eq', value: 'b' }] })
    await client.keywordSearch('Ticket', 'b')
    await client.canCreate('Ticket')
    await client.permissions('Ticket', [created.id])
    await tickets.delete(created.id)

    const authenticated = platform.sent.filter((request) => !request.url.startsWith('/api/auth/'))
    expect(authenticated).toHaveLength(9)
    for (const request of authenticated) {
      expect(request.headers['authorization']).toBe(`Bearer ${tokens.accessToken}`)
      expect(request.url).not.toContain(tokens.accessToken)
      expect(request.url).not.toContain('access_token')
      expect(request.body ?? '').not.toContain(tokens.accessToken)
    }
  })
})

describe.each(TRANSPORTS)('search, keywordSearch, permissions and canCreate (%s)', (transport) => {
  it('search sends the conditions in the body and the page in the query, and answers {total, data}', async () => {
    const platform = await startPlatform(transport)
    const [ann, bob] = platform.seed('Person', [{ name: 'Ann' }, { name: 'Bob' }])
    platform.seed('Ticket', [
      { title: 'a', priority: 1, assignee: { id: ann } },
      { title: 'b', priority: 5, assignee: { id: ann } },
      { title: 'c', priority: 9, assignee: { id: ann } },
      { title: 'd', priority: 7, assignee: { id: bob } },
    ])
    const client = await loggedIn(platform)

    const found = await client.search('Ticket', {
      conditions: [
        { field: 'assignee', operator: 'eq', value: { id: ann! } },
        { field: 'priority', operator: 'ge', value: 5 },
      ],
      orderBy: ['priority'],
      asc: false,
      max: 1,
      offset: 1,
    })

    expect(found.total).toBe(2)
    expect(found.data.map((ticket) => ticket['title'])).toEqual(['b'])
    const request = platform.sentTo('/api/search/Ticket')[0]!
    expect(request.url).toBe('/api/search/Ticket?max=1&offset=1')
    expect(JSON.parse(request.body!)).toEqual({
      conditions: [
        { field: 'assignee', operator: 'eq', value: { id: ann } },
        { field: 'priority', operator: 'ge', value: 5 },
      ],
      orderBy: ['priority'],
      asc: false,
    })
  })

  it('search with OR, and without conditions answers every object', async () => {
    const platform = await startPlatform(transport)
    platform.seed('Ticket', [{ title: 'a' }, { title: 'b' }, { title: 'c' }])
    const client = await loggedIn(platform)
    const either = await client.search('Ticket', {
      conditions: [
        { field: 'title', operator: 'eq', value: 'a' },
        { field: 'title', operator: 'eq', value: 'c' },
      ],
      and: false,
    })
    expect(either.data.map((ticket) => ticket['title'])).toEqual(['a', 'c'])
    expect((await client.search('Ticket')).total).toBe(3)
  })

  it('keywordSearch sends q in the query and answers the matches', async () => {
    const platform = await startPlatform(transport)
    platform.seed('Ticket', [{ title: 'Printer on fire' }, { title: 'Fire drill' }, { title: 'Coffee' }])
    const client = await loggedIn(platform)
    const found = await client.keywordSearch('Ticket', 'FIRE', { max: 1 })
    expect(found.total).toBe(2)
    expect(found.data.map((ticket) => ticket['title'])).toEqual(['Printer on fire'])
    expect(platform.sentTo('/api/search/keyword/Ticket')[0]?.url).toBe(
      '/api/search/keyword/Ticket?q=FIRE&max=1',
    )
  })

  it('permissions answers view, update and delete per id; canCreate the create permission', async () => {
    const platform = await startPlatform(transport, {
      ...TICKETS,
      domains: {
        ...TICKETS.domains,
        Locked: { fields: { name: 'STRING' }, roles: { create: ['ROLE_ADMIN'], delete: ['ROLE_ADMIN'] } },
      },
    })
    const [held] = platform.seed('Locked', [{ name: 'x' }])
    const admin = await loggedIn(platform)
    const clerk = await loggedIn(platform, 'clerk')

    expect(await clerk.permissions('Locked', [held!, 999])).toEqual({
      [held!]: { view: true, update: true, delete: false },
      999: { view: false, update: false, delete: false },
    })
    expect((await admin.permissions('Locked', [held!]))[held!]).toEqual({
      view: true,
      update: true,
      delete: true,
    })
    expect(await clerk.canCreate('Locked')).toBe(false)
    expect(await admin.canCreate('Locked')).toBe(true)
    expect(platform.sentTo(`/api/permissions/Locked/`)[0]?.body).toBe(JSON.stringify({ ids: [held, 999] }))
  })

  it('permissions and canCreate without a token are 401 with errCode 1008', async () => {
    const platform = await startPlatform(transport)
    const client = platform.client()
    await expect(client.canCreate('Ticket')).rejects.toSatisfy((error) => UnauthorizedError.is(error))
    await expect(client.permissions('Ticket', [1])).rejects.toSatisfy((error) => UnauthorizedError.is(error))
  })
})

describe('decimals', () => {
  it.each(TRANSPORTS)(
    'reads the listed BIG_DECIMAL fields as exact decimal strings, everything else as JSON numbers (%s)',
    async (transport) => {
      const platform = await startPlatform(transport)
      platform.seed('Ticket', [
        { title: 'a', price: '12.50', priority: 3 },
        { title: 'b', price: '12345678901234567890.125', priority: 4 },
      ])
      const exact = await loggedIn(platform, 'admin', { decimals: { Ticket: ['price'] } })
      const plain = await loggedIn(platform)

      const { data, total } = await exact.data('Ticket').list()
      expect(total).toBe(2)
      expect(data.map((ticket) => ticket['price'])).toEqual(['12.50', '12345678901234567890.125'])
      expect(data.map((ticket) => ticket['priority'])).toEqual([3, 4])
      expect((await exact.data('Ticket').get(data[0]!.id))['price']).toBe('12.50')
      expect((await exact.search('Ticket', { max: 1 })).data[0]?.['price']).toBe('12.50')
      // Without the option, JSON numbers: the scale is gone, and so are the digits past a double's.
      expect((await plain.data('Ticket').list()).data.map((ticket) => ticket['price'])).toEqual([
        12.5, 12345678901234567000,
      ])
      expect((await exact.data('Ticket').create({ title: 'c', price: '0.10' }))['price']).toBe('0.10')
    },
  )

  it('never touches a number inside a string, nor a field of that name elsewhere in the answer', async () => {
    const platform = await startPlatform('in-process', {
      domains: { Invoice: { fields: { total: 'BIG_DECIMAL', note: 'STRING' } } },
    })
    platform.seed('Invoice', [{ total: '7.00', note: 'was "total": 9.99 before' }])
    const client = await loggedIn(platform, 'admin', { decimals: { Invoice: ['total'] } })
    const page = await client.data('Invoice').list()
    // The list's own `total` (the count) stays a number.
    expect(page.total).toBe(1)
    expect(page.data[0]).toMatchObject({ total: '7.00', note: 'was "total": 9.99 before' })
  })
})

describe('createClient', () => {
  it('refuses a missing base URL and a fetch that is not a function, saying what it needs', () => {
    expect(() => createClient({} as never)).toThrow(TypeError)
    expect(() => createClient({ baseUrl: '' })).toThrow(/needs a baseUrl ending in \/api/)
    expect(() => createClient({ baseUrl: '/api', fetch: 'fetch' as never })).toThrow(
      /fetch, if given, a function/,
    )
  })

  it.each(['timeout', 'totalTimeout', 'retries', 'retryDelay'] as const)(
    'refuses a %s that is not a number of 0 or more',
    (name) => {
      for (const value of [-1, Number.NaN, '10' as never]) {
        expect(() => createClient({ baseUrl: '/api', [name]: value })).toThrow(RangeError)
      }
      expect(() => createClient({ baseUrl: '/api', [name]: 0 })).not.toThrow()
    },
  )

  it('takes the base URL with or without a trailing slash', async () => {
    const platform = await startPlatform()
    const client = createClient({ baseUrl: `${platform.baseUrl}/`, fetch: platform.fetch })
    await client.login('admin', 'admin')
    expect(platform.sent[0]?.url).toBe('/api/auth/login')
  })

  it('calls a given fetch without a receiver, as a browser fetch requires', async () => {
    const platform = await startPlatform()
    const receivers: unknown[] = []
    const client = createClient({
      baseUrl: platform.baseUrl,
      fetch: function (this: unknown, input, init) {
        receivers.push(this)
        return platform.fetch(input, init)
      },
    })
    await client.login('admin', 'admin')
    expect(receivers).toEqual([undefined])
  })
})
