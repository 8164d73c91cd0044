import { describe, expect, it } from 'vitest'
import {
  IllegalArgumentError,
  NoPermissionError,
  NotFoundError,
  PlatformValidationError,
} from '../../src/client/index.js'
import { TRANSPORTS, loggedIn, startPlatform } from './platform.js'

describe.each(TRANSPORTS)('data(domain) (%s)', (transport) => {
  it('list answers {total, data} without the envelope, paged by max and offset', async () => {
    const platform = await startPlatform(transport)
    const ids = platform.seed(
      'Ticket',
      Array.from({ length: 25 }, (_, i) => ({ title: `t${i}` })),
    )
    const tickets = (await loggedIn(platform)).data('Ticket')

    const first = await tickets.list()
    expect(first.total).toBe(25)
    expect(first.data.map((ticket) => ticket.id)).toEqual(ids.slice(0, 10))
    expect(Object.keys(first)).toEqual(['total', 'data'])
    const page = await tickets.list({ max: 5, offset: 20 })
    expect(page.data.map((ticket) => ticket.id)).toEqual(ids.slice(20))
    expect(platform.sent.at(-1)?.url).toBe('/api/data/Ticket?max=5&offset=20')
  })

  it('list refuses a max above 500, which the platform would serve as 500, before sending anything', async () => {
    const platform = await startPlatform(transport)
    const tickets = (await loggedIn(platform)).data('Ticket')
    const before = platform.sent.length
    await expect(tickets.list({ max: 501 })).rejects.toThrow(RangeError)
    await expect(tickets.list({ max: 501 })).rejects.toThrow(/max 501: a page holds 0 to 500 objects/)
    expect(platform.sent.length).toBe(before)
    expect((await tickets.list({ max: 500 })).data).toEqual([])
  })

  it('create and update refuse a body JSON cannot hold with a rejection that says what to send, and send nothing', async () => {
    const platform = await startPlatform(transport)
    const tickets = (await loggedIn(platform)).data('Ticket')
    const circular: Record<string, unknown> = { title: 'a' }
    circular['self'] = circular
    const before = platform.sent.length
    const calls = [
      () => tickets.create({ title: 'a', priority: 10n } as never),
      () => tickets.create(circular as never),
      () => tickets.update(1, { priority: 10n } as never),
    ]
    for (const call of calls) {
      let returned: Promise<unknown> | undefined
      // A rejection, as every other failure of a call is, not a throw at the call.
      expect(() => (returned = call())).not.toThrow()
      await expect(returned).rejects.toThrow(TypeError)
      await expect(call()).rejects.toThrow(
        /^(POST|PUT) http:\/\/\S+\/api\/data\/Ticket(\/1)?: the body is not JSON \(TypeError: .+\): send plain data without cycles, a bigint as a string\.$/s,
      )
    }
    expect(platform.sent.length).toBe(before)
  })

  it('search and keywordSearch refuse a max above 500 as list does, before sending anything', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    const before = platform.sent.length
    await expect(client.search('Ticket', { max: 501 })).rejects.toThrow(
      /max 501: a page holds 0 to 500 objects/,
    )
    await expect(client.keywordSearch('Ticket', 'a', { max: 1000 })).rejects.toThrow(RangeError)
    expect(platform.sent.length).toBe(before)
  })

  it('get answers the object, references as {id}, BIG_DECIMAL as a number, dates as ISO strings', async () => {
    const platform = await startPlatform(transport)
    const [ann] = platform.seed('Person', [{ name: 'Ann' }])
    const [id] = platform.seed('Ticket', [
      { title: 'a', price: '12.50', assignee: { id: ann }, openedAt: '2025-03-01T09:30:00Z' },
    ])
    const ticket = await (await loggedIn(platform)).data('Ticket').get(id!)
    expect(ticket).toEqual({
      id,
      title: 'a',
      priority: null,
      price: 12.5,
      assignee: { id: ann },
      openedAt: '2025-03-01T09:30:00.000Z',
    })
  })

  it('get of an id the domain does not hold is a NotFoundError', async () => {
    const platform = await startPlatform(transport)
    const tickets = (await loggedIn(platform)).data('Ticket')
    await expect(tickets.get(404)).rejects.toSatisfy(
      (error) => NotFoundError.is(error) && error.status === 404 && error.errCode === 1005,
    )
  })

  it('create answers the created object, which the platform gave an id', async () => {
    const platform = await startPlatform(transport)
    const [ann] = platform.seed('Person', [{ name: 'Ann' }])
    const tickets = (await loggedIn(platform)).data('Ticket')

    const created = await tickets.create({ title: 'new', priority: 2, assignee: { id: ann } })

    expect(created).toMatchObject({ title: 'new', priority: 2, assignee: { id: ann } })
    expect(await tickets.get(created.id)).toEqual(created)
    expect(JSON.parse(platform.sentTo('/api/data/Ticket').find((r) => r.method === 'POST')!.body!)).toEqual({
      title: 'new',
      priority: 2,
      assignee: { id: ann },
    })
  })

  it('create that fails validation is a PlatformValidationError with the message, though the platform answered HTTP 200', async () => {
    const platform = await startPlatform(transport)
    const tickets = (await loggedIn(platform)).data('Ticket')

    const error = await tickets.create({ priority: 1 }).catch((caught: unknown) => caught)

    expect(PlatformValidationError.is(error)).toBe(true)
    const validation = error as PlatformValidationError
    expect(validation.status).toBe(200)
    expect(validation.errCode).toBeUndefined()
    expect(validation.errMsg).toMatch(/title is required/)
    expect(validation.message).toMatch(
      /^POST http:\/\/.+\/api\/data\/Ticket was answered HTTP 200: .*title is required.* Nothing was written\.$/s,
    )
    expect(validation.body).toMatchObject({ status: 'error', data: null })
    expect((await tickets.list()).total).toBe(0)
  })

  it('update sends the id and only the fields to change, and answers the updated object', async () => {
    const platform = await startPlatform(transport)
    const [id] = platform.seed('Ticket', [{ title: 'a', priority: 1 }])
    const tickets = (await loggedIn(platform)).data('Ticket')

    const updated = await tickets.update(id!, { priority: 3 })

    expect(updated).toMatchObject({ id, title: 'a', priority: 3 })
    const request = platform.sentTo(`/api/data/Ticket/${id}`).at(-1)!
    expect(request.method).toBe('PUT')
    expect(JSON.parse(request.body!)).toEqual({ priority: 3, id })
  })

  it('update that fails validation is a PlatformValidationError, and nothing is written', async () => {
    const platform = await startPlatform(transport)
    const [id] = platform.seed('Ticket', [{ title: 'a' }])
    const tickets = (await loggedIn(platform)).data('Ticket')
    await expect(tickets.update(id!, { title: null })).rejects.toSatisfy((error) =>
      PlatformValidationError.is(error),
    )
    expect((await tickets.get(id!))['title']).toBe('a')
  })

  it('delete resolves once the object is gone; without the role it is a NoPermissionError', async () => {
    const platform = await startPlatform(transport)
    const [first, second] = platform.seed('Ticket', [{ title: 'a' }, { title: 'b' }])
    const admin = (await loggedIn(platform)).data('Ticket')
    const clerk = (await loggedIn(platform, 'clerk')).data('Ticket')

    await expect(admin.delete(first!)).resolves.toBeUndefined()
    await expect(admin.get(first!)).rejects.toSatisfy((error) => NotFoundError.is(error))
    await expect(clerk.delete(second!)).rejects.toSatisfy(
      (error) => NoPermissionError.is(error) && error.status === 403 && error.errCode === 1004,
    )
    expect((await admin.list()).total).toBe(1)
  })

  it('delete of a referenced object is a PlatformValidationError, and nothing is deleted', async () => {
    const platform = await startPlatform(transport)
    const [ann] = platform.seed('Person', [{ name: 'Ann' }])
    platform.seed('Ticket', [{ title: 'a', assignee: { id: ann } }])
    const people = (await loggedIn(platform)).data('Person')
    await expect(people.delete(ann!)).rejects.toSatisfy((error) => PlatformValidationError.is(error))
    expect((await people.list()).total).toBe(1)
  })

  it('batchUpdate updates every object and answers them; one invalid record writes nothing', async () => {
    const platform = await startPlatform(transport)
    const [a, b] = platform.seed('Ticket', [
      { title: 'a', priority: 1 },
      { title: 'b', priority: 1 },
    ])
    const tickets = (await loggedIn(platform)).data('Ticket')

    const updated = await tickets.batchUpdate([
      { id: a!, priority: 2 },
      { id: b!, priority: 3 },
    ])
    expect(updated.map((ticket) => [ticket.id, ticket['priority']])).toEqual([
      [a, 2],
      [b, 3],
    ])

    const error = await tickets
      .batchUpdate([
        { id: a!, priority: 9 },
        { id: b!, title: null },
      ])
      .catch((caught: unknown) => caught)
    expect(IllegalArgumentError.is(error)).toBe(true)
    expect((error as IllegalArgumentError).errMsg).toMatch(/nothing was written[\s\S]*\[1\]: /)
    expect((await tickets.get(a!))['priority']).toBe(2)
  })

  it('all() yields 1,201 objects exactly once each, in pages of 500', async () => {
    const platform = await startPlatform(transport)
    const ids = platform.seed(
      'Ticket',
      Array.from({ length: 1201 }, (_, i) => ({ title: `t${i}` })),
    )
    const tickets = (await loggedIn(platform)).data('Ticket')

    const seen: number[] = []
    for await (const ticket of tickets.all()) seen.push(ticket.id)

    expect(seen).toEqual(ids)
    expect(new Set(seen).size).toBe(1201)
    expect(platform.sentTo('/api/data/Ticket').map((request) => request.url)).toEqual([
      '/api/data/Ticket?max=500&offset=0',
      '/api/data/Ticket?max=500&offset=500',
      '/api/data/Ticket?max=500&offset=1000',
    ])
  })

  it('all({ pageSize }) pages by the size asked, and stops at an empty domain after one request', async () => {
    const platform = await startPlatform(transport)
    const ids = platform.seed(
      'Ticket',
      Array.from({ length: 7 }, (_, i) => ({ title: `t${i}` })),
    )
    const client = await loggedIn(platform)
    const seen: number[] = []
    for await (const ticket of client.data('Ticket').all({ pageSize: 3 })) seen.push(ticket.id)
    expect(seen).toEqual(ids)
    expect(platform.sentTo('/api/data/Ticket')).toHaveLength(3)

    const none: unknown[] = []
    for await (const person of client.data('Person').all()) none.push(person)
    expect(none).toEqual([])
    expect(platform.sentTo('/api/data/Person')).toHaveLength(1)
  })

  it('all() refuses a pageSize above 500 (or below 1) at once, before sending anything', async () => {
    const platform = await startPlatform(transport)
    const tickets = (await loggedIn(platform)).data('Ticket')
    const before = platform.sent.length
    expect(() => tickets.all({ pageSize: 501 })).toThrow(RangeError)
    expect(() => tickets.all({ pageSize: 1000 })).toThrow(/pageSize 1000: a page holds 1 to 500 objects/)
    expect(() => tickets.all({ pageSize: 0 })).toThrow(RangeError)
    expect(platform.sent.length).toBe(before)
  })

  it('encodes the domain and the id into the path', async () => {
    const platform = await startPlatform(transport)
    const client = await loggedIn(platform)
    await expect(client.data('No/Such?Domain').list()).rejects.toSatisfy((error) => NotFoundError.is(error))
    expect(platform.sent.at(-1)?.url).toBe('/api/data/No%2FSuch%3FDomain')
  })
})
