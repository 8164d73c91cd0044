// The README's emulator test, as a frontend or plugin author would write it.
import { expect, test } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'

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
  const { readFile } = await import('node:fs/promises')
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8')
  const code = (await readFile(new URL(import.meta.url), 'utf8')).split('\n')
  // Every line of the test appears in the README, in the same order.
  const body = code.slice(
    code.indexOf("test('a clerk may not delete orders', async () => {"),
    code.indexOf("test('the README shows this example', async () => {"),
  )
  let at = 0
  for (const line of body.filter((l) => l.trim() !== '')) {
    const found = readme.indexOf(line, at)
    expect(found, `README line: ${line}`).toBeGreaterThanOrEqual(0)
    at = found + line.length
  }
})
