import { describe, expectTypeOf, it } from 'vitest'
import {
  createClient,
  NotFoundError,
  PlatformConnectionError,
  PlatformError,
  type DataApi,
  type FetchFunction,
  type ListResult,
  type LoginResponse,
  type ObjectPermissions,
  type PlatformClient,
  type TokenPair,
  type WireObject,
} from '../../src/client/index.js'
import type { Emulator } from '../../src/emulator/index.js'
import type { DomainObject, DomainRegistry, StorageFieldValue } from '../../src/index.js'

// This file's own domains, so that the augmentation does not collide with other type tests.
declare module '../../src/index.js' {
  interface DomainRegistry {
    ClientTicket: {
      id: number
      title: string
      status: 'OPEN' | 'CLOSED'
      priority: number | null
      price: string | null
      assignee: DomainRegistry['ClientPerson'] | null
      watchers: DomainRegistry['ClientPerson'][]
      openedAt: Date | null
      attachment: StorageFieldValue | null
    }
    ClientPerson: { id: number; name: string }
  }
}

type Ticket = DomainRegistry['ClientTicket']

/** A ClientTicket as the REST API carries it. */
interface WireTicket {
  id: number
  title: string
  status: 'OPEN' | 'CLOSED'
  priority: number | null
  price: string | null
  assignee: { readonly id: number } | null
  watchers: { readonly id: number }[]
  openedAt: string | null
  attachment: StorageFieldValue | null
}

declare const client: PlatformClient
const tickets = client.data('ClientTicket')

describe('data(domain) of a declared domain', () => {
  it('is typed by DomainRegistry, with objects as the wire carries them', async () => {
    expectTypeOf(tickets).toEqualTypeOf<DataApi<Ticket>>()
    expectTypeOf(tickets).not.toBeAny()
    expectTypeOf<WireObject<Ticket>>().toEqualTypeOf<WireTicket>()
    expectTypeOf(await tickets.get(1)).toEqualTypeOf<WireObject<Ticket>>()
    expectTypeOf((await tickets.get(1)).assignee).toEqualTypeOf<{ readonly id: number } | null>()
    expectTypeOf((await tickets.get(1)).openedAt).toEqualTypeOf<string | null>()
    expectTypeOf(await tickets.list({ max: 20, offset: 40 })).toEqualTypeOf<ListResult<Ticket>>()
    expectTypeOf((await tickets.list()).data).toEqualTypeOf<WireObject<Ticket>[]>()
    expectTypeOf(await tickets.create({ title: 'a' })).toEqualTypeOf<WireObject<Ticket>>()
    expectTypeOf(await tickets.update(1, { status: 'CLOSED' })).toEqualTypeOf<WireObject<Ticket>>()
    expectTypeOf(await tickets.batchUpdate([{ id: 1, status: 'CLOSED' }])).toEqualTypeOf<
      WireObject<Ticket>[]
    >()
    expectTypeOf(await tickets.delete(1)).toEqualTypeOf<void>()
    expectTypeOf(tickets.all({ pageSize: 100 })).toEqualTypeOf<AsyncIterableIterator<WireObject<Ticket>>>()
  })

  it('takes the fields to write: references as {id}, date-times as a Date or a string, no id', () => {
    tickets.create({
      title: 'a',
      status: 'OPEN',
      assignee: { id: 7 },
      watchers: [{ id: 7 }, { id: 8 }],
      openedAt: new Date(),
      price: '12.50',
    })
    tickets.update(1, { openedAt: '2025-03-01T09:00:00Z', assignee: null })
    tickets.batchUpdate([{ id: 1, priority: 2 }])
  })

  it('catches the mistakes', () => {
    // @ts-expect-error -- 'colour' is not a field of ClientTicket
    tickets.create({ colour: 'red' })
    // @ts-expect-error -- status is 'OPEN' | 'CLOSED'
    tickets.update(1, { status: 'PENDING' })
    // @ts-expect-error -- a reference is written as {id}, not a bare id
    tickets.create({ assignee: 7 })
    // @ts-expect-error -- the platform gives the id; an update takes it from the path
    tickets.update(1, { id: 2 })
    // @ts-expect-error -- an id is a number
    tickets.get('1')
    // @ts-expect-error -- every object of a batch update names its id
    tickets.batchUpdate([{ status: 'CLOSED' }])
    // @ts-expect-error -- max is a number
    tickets.list({ max: '10' })
  })

  it('does not let a result be read as something else', async () => {
    const ticket = await tickets.get(1)
    // @ts-expect-error -- priority is a number or null
    const priority: string = ticket.priority
    // @ts-expect-error -- the wire carries a reference as {id}: the referenced name is not there
    const name: string = ticket.assignee!.name
    void priority
    void name
  })
})

describe('search and keywordSearch of a declared domain', () => {
  it('take typed conditions, a reference as {id}, and answer typed pages', async () => {
    const found = await client.search('ClientTicket', {
      conditions: [
        { field: 'status', operator: 'eq', value: 'OPEN' },
        { field: 'assignee', operator: 'eq', value: { id: 7 } },
        { field: 'priority', operator: 'ge', value: 3 },
        { field: 'title', operator: 'iLike', value: '%printer%' },
        { field: 'status', operator: 'in', value: ['OPEN', 'CLOSED'] },
        { field: 'openedAt', operator: 'isNull' },
      ],
      and: false,
      orderBy: ['priority', 'title'],
      asc: false,
      max: 50,
    })
    expectTypeOf(found).toEqualTypeOf<ListResult<Ticket>>()
    expectTypeOf(await client.keywordSearch('ClientTicket', 'printer', { max: 10 })).toEqualTypeOf<
      ListResult<Ticket>
    >()
  })

  it('catch the mistakes', () => {
    // @ts-expect-error -- 'colour' is not a field of ClientTicket
    client.search('ClientTicket', { conditions: [{ field: 'colour', operator: 'eq', value: 'red' }] })
    // @ts-expect-error -- status is 'OPEN' | 'CLOSED'
    client.search('ClientTicket', { conditions: [{ field: 'status', operator: 'eq', value: 'PENDING' }] })
    // @ts-expect-error -- iLike takes a text field
    client.search('ClientTicket', { conditions: [{ field: 'priority', operator: 'iLike', value: '%1%' }] })
    // @ts-expect-error -- a reference is compared as {id}
    client.search('ClientTicket', { conditions: [{ field: 'assignee', operator: 'eq', value: 7 }] })
    // @ts-expect-error -- orderBy names fields
    client.search('ClientTicket', { orderBy: ['colour'] })
    // @ts-expect-error -- the keyword is a string
    client.keywordSearch('ClientTicket', 42)
  })
})

describe('a domain DomainRegistry does not declare', () => {
  it('works loosely typed, as in Java', async () => {
    const anything = client.data('NotDeclaredAnywhere')
    expectTypeOf(anything).toEqualTypeOf<DataApi<DomainObject>>()
    expectTypeOf(await anything.get(1)).toEqualTypeOf<DomainObject>()
    await anything.create({ whatever: 1, nested: { id: 2 } })
    await anything.update(1, { anything: 'goes' })
    await client.search('NotDeclaredAnywhere', { conditions: [{ field: 'x', operator: 'gt', value: 1 }] })
    expectTypeOf((await client.keywordSearch('NotDeclaredAnywhere', 'x')).data).toEqualTypeOf<
      DomainObject[]
    >()
  })
})

describe('the rest of the client', () => {
  it('types tokens, permissions, services, webhooks and actions', async () => {
    expectTypeOf(client.tokens).toEqualTypeOf<TokenPair | null>()
    expectTypeOf(await client.login('admin', 'admin')).toEqualTypeOf<LoginResponse>()
    expectTypeOf(await client.userInfo()).toEqualTypeOf<LoginResponse>()
    expectTypeOf(await client.refresh()).toEqualTypeOf<LoginResponse>()
    expectTypeOf(await client.logout()).toEqualTypeOf<void>()
    expectTypeOf(await client.canCreate('ClientTicket')).toEqualTypeOf<boolean>()
    expectTypeOf(await client.permissions('ClientTicket', [1, 2])).toEqualTypeOf<
      Readonly<Record<string, ObjectPermissions>>
    >()
    expectTypeOf(await client.service('summary')).toEqualTypeOf<unknown>()
    expectTypeOf(await client.service<{ orders: number }>('summary', { query: { a: 1 } })).toEqualTypeOf<{
      orders: number
    }>()
    expectTypeOf(
      await client.webhook<string>('hook', { method: 'POST', body: { a: 1 } }),
    ).toEqualTypeOf<string>()
    expectTypeOf(await client.action.byName<{ closed: number }>('close', { ids: [1] })).toEqualTypeOf<{
      closed: number
    }>()
    expectTypeOf(await client.action.byId(3)).toEqualTypeOf<unknown>()
  })

  it('catches the mistakes', () => {
    // @ts-expect-error -- ids are numbers
    client.permissions('ClientTicket', ['1'])
    // @ts-expect-error -- query values are strings, numbers or booleans
    client.service('summary', { query: { nested: { a: 1 } } })
    // @ts-expect-error -- login takes a username and a password
    client.login('admin')
    // @ts-expect-error -- the platform serves webhooks on GET and POST only
    void client.webhook('hook', { method: 'PUT' })
    void client.webhook('hook', { method: 'get', query: { ref: 'x' } })
    // A service takes any method.
    void client.service('summary', { method: 'PATCH', body: { a: 1 } })
  })
})

describe('createClient', () => {
  it('takes the global fetch, the emulator fetch, and checked decimal fields', () => {
    const emulator = {} as Emulator
    expectTypeOf(fetch).toMatchTypeOf<FetchFunction>()
    expectTypeOf(emulator.fetch).toMatchTypeOf<FetchFunction>()
    createClient({
      baseUrl: '/api',
      fetch: emulator.fetch,
      decimals: { ClientTicket: ['price'], Other: ['total'] },
    })
    createClient({ baseUrl: '/api', onTokens: (tokens) => tokens?.accessToken, timeout: 5_000, retries: 0 })
  })

  it('catches the mistakes', () => {
    // @ts-expect-error -- baseUrl is required
    createClient({})
    // @ts-expect-error -- 'colour' is not a field of ClientTicket
    createClient({ baseUrl: '/api', decimals: { ClientTicket: ['colour'] } })
    // @ts-expect-error -- priority is a number field: a decimal field is declared as a string
    createClient({ baseUrl: '/api', decimals: { ClientTicket: ['priority'] } })
    // @ts-expect-error -- tokens carry both tokens
    createClient({ baseUrl: '/api', tokens: { accessToken: 'a' } })
  })
})

describe('the error guards', () => {
  it('narrow what was caught', () => {
    const caught: unknown = undefined
    if (NotFoundError.is(caught)) {
      expectTypeOf(caught).toEqualTypeOf<NotFoundError>()
      expectTypeOf(caught.errCode).toEqualTypeOf<number | undefined>()
      expectTypeOf(caught.name).toEqualTypeOf<'NotFoundError'>()
    }
    if (PlatformError.is(caught)) expectTypeOf(caught.status).toEqualTypeOf<number>()
    if (PlatformConnectionError.is(caught)) expectTypeOf(caught.reason).toEqualTypeOf<'network' | 'timeout'>()
  })
})
