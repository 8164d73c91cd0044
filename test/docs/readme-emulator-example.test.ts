// The README's emulator test, as a frontend or plugin author would write it.
import { expect, test } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { expectPageShows } from './expect-page-shows.js'

test('a clerk may not delete orders', async () => {
  await using emulator = createEmulator({
    domains: { Order: { fields: { status: 'STRING' }, roles: { delete: ['ROLE_ADMIN'] } } },
    users: [{ username: 'clerk', password: 'pw', roles: ['ROLE_USER'] }],
  })
  const login = await emulator.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'clerk', password: 'pw' }),
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const answer = await emulator.fetch('/api/data/Order/1', {
    method: 'DELETE',
    headers: { authorization: `Bearer ${access_token}` },
  })
  expect(answer.status).toBe(403)
})

test('the README shows this example', async () => {
  await expectPageShows(
    '../../README.md',
    import.meta.url,
    "test('a clerk may not delete orders', async () => {",
    "test('the README shows this example', async () => {",
  )
})
