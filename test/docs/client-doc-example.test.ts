// The quick start of docs/client.md (also in the README), as a frontend or script author would write it.
import { expect, test } from 'vitest'
import { createClient, PlatformValidationError } from '@tech-vendor/api/client'
import { createEmulator } from '@tech-vendor/api/emulator'
import { expectPageShows } from './expect-page-shows.js'

test('a clerk files a ticket, and one without a title is refused', async () => {
  await using emulator = createEmulator({
    domains: { Ticket: { fields: { title: { type: 'STRING', required: true }, priority: 'INTEGER' } } },
    users: [{ username: 'clerk', password: 'pw', roles: ['ROLE_USER'] }],
  })
  const client = createClient({ baseUrl: '/api', fetch: emulator.fetch })
  await client.login('clerk', 'pw')

  const tickets = client.data('Ticket')
  const filed = await tickets.create({ title: 'Printer on fire', priority: 1 })
  expect(await tickets.get(filed.id)).toEqual(filed)
  // The platform answers a validation failure with HTTP 200; the client throws.
  await expect(tickets.create({ priority: 2 })).rejects.toThrow(PlatformValidationError)
  expect((await tickets.list()).total).toBe(1)
})

test('docs/client.md and the README show this example', async () => {
  for (const page of ['../../docs/client.md', '../../README.md'])
    await expectPageShows(
      page,
      import.meta.url,
      "test('a clerk files a ticket, and one without a title is refused', async () => {",
      "test('docs/client.md and the README show this example', async () => {",
    )
})
