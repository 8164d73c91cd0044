import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  QueryHelper,
  SimpleQuery,
} from '../../src/index.js'
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js'
import { pgliteStore, type Store } from '../../src/testing/index.js'

const TAGS = { Tag: { fields: { name: 'STRING' } } } as const

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function newStore(): Promise<Store> {
  const store = await pgliteStore()
  cleanups.push(() => store.close())
  return store
}

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tv-persist-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function login(emulator: Emulator, username = 'admin', password = 'admin'): Promise<string> {
  const answer = await emulator.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return ((await answer.json()) as { access_token: string }).access_token
}

async function call(
  emulator: Emulator,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const answer = await emulator.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return answer.json()
}

/** The object a create answered, in its `{status, message, data}` envelope. */
async function created(
  emulator: Emulator,
  token: string,
  domain: string,
  body: unknown,
): Promise<{ id: number }> {
  const answer = (await call(emulator, token, 'POST', `/data/${domain}`, body)) as { data?: { id: number } }
  expect(answer).toMatchObject({ status: 'success' })
  return answer.data as { id: number }
}

/** What a fresh start seeds, counted: so that a second start on the same data can be seen to seed nothing twice. */
function seededCounts(emulator: Emulator): Record<string, number> {
  return emulator.host.runAs({}, () =>
    Object.fromEntries(
      [
        'User',
        'Role',
        'Group',
        'UserGroup',
        'DynamicLogicEngine',
        'DynamicLogicType',
        'DynamicLogic',
        'DomainClass',
        'DomainClassField',
        'DynamicConfig',
      ].map((domain) => [domain, SimpleQuery.count(domain)]),
    ),
  )
}

describe('createEmulator({ store })', () => {
  it('keeps its data in the store: what REST writes, dynamic logic reads back with withSql', async () => {
    const store = await newStore()
    await using emulator = createEmulator({
      domains: TAGS,
      logic: {
        tagRows: () => QueryHelper.withSql((sql) => sql.rows('select name, tenant_id from tag order by id')),
      },
      store,
    })
    emulator.host.runAs({}, () => {
      const logic = SimpleQuery.of('DynamicLogic').eq('name', 'tagRows').get()
      DomainHelper.createDomain(
        DomainHelper.buildDomain('DynamicServiceProvider', {
          name: 'tag-rows',
          active: true,
          enableAnonymous: true,
          logic,
        }),
      )
    })
    const token = await login(emulator)
    expect(await created(emulator, token, 'Tag', { name: 'red' })).toMatchObject({ name: 'red' })
    const rows = await emulator.fetch('/api/service/tag-rows')
    expect(rows.status).toBe(200)
    expect(await rows.json()).toEqual([{ name: 'red', tenant_id: 'default' }])
  })

  it('keeps the data for the next emulator on the store (SPEC §15.2), and its start seeds nothing twice', async () => {
    const store = await newStore()
    const options: EmulatorOptions = {
      domains: TAGS,
      users: [{ username: 'ann', password: 'ann-password', roles: ['ROLE_ADMIN'] }],
      settings: { 'app.title': 'Tags' },
      store,
    }
    const first = createEmulator(options)
    const token = await login(first, 'ann', 'ann-password')
    const red = await created(first, token, 'Tag', { name: 'red' })
    const seeded = seededCounts(first)
    await first.close()

    await using second = createEmulator({
      ...options,
      users: [{ username: 'ann', password: 'changed', roles: ['ROLE_ADMIN'] }],
    })
    expect(seededCounts(second)).toEqual(seeded)
    // The options' users are the options': a changed password is the one that logs in.
    expect(await login(second, 'ann', 'ann-password')).toBeUndefined()
    const again = await login(second, 'ann', 'changed')
    expect(await call(second, again, 'GET', `/data/Tag/${red.id}`)).toMatchObject({ data: { name: 'red' } })
    const blue = await created(second, again, 'Tag', { name: 'blue' })
    expect(blue.id).toBeGreaterThan(red.id)
  })
})

describe('createEmulator({ persist })', () => {
  it('keeps data, stored files and tokens across a restart, with the secret in the directory', async () => {
    const dir = newDir()
    const options: EmulatorOptions = {
      domains: { Receipt: { fields: { name: 'STRING', scan: 'FILE' } } },
      persist: dir,
    }
    const first = createEmulator(options)
    await first.ready
    const token = await login(first)
    const form = new FormData()
    form.set('file', new File(['paid in full'], 'receipt.txt', { type: 'text/plain' }))
    const stored = (await (
      await first.fetch('/api/attachment/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { id: number }
    const receipt = await created(first, token, 'Receipt', { name: 'march', scan: stored })
    await first.close()

    const secretFile = join(dir, 'jwt-secret')
    expect(statSync(secretFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(secretFile, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/)

    await using second = createEmulator(options)
    // The token of the first start still works: the secret was kept.
    expect(await call(second, token, 'GET', `/data/Receipt/${receipt.id}`)).toMatchObject({
      data: { name: 'march', scan: { id: stored.id } },
    })
    const download = await second.fetch(`/api/attachment/download/${stored.id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(await download.text()).toBe('paid in full')
  })

  it('answers fetch once the database is open, and host only after ready', async () => {
    await using emulator = createEmulator({ domains: TAGS, persist: newDir() })
    const early = (() => {
      try {
        return emulator.host
      } catch (error) {
        return error
      }
    })()
    // Either it opened already (a fast machine) or it says to wait.
    if (early instanceof Error) expect(early.message).toMatch(/await emulator\.ready/)
    expect((await emulator.fetch('/actuator/health')).status).toBe(200)
    await emulator.ready
    expect(emulator.host.runAs({}, () => SimpleQuery.count('Tag'))).toBe(0)
  })

  it('refuses persist with store, and a directory kept for other domains, saying what to do', async () => {
    const store = await newStore()
    expect(() => createEmulator({ persist: newDir(), store })).toThrow(IllegalArgumentException)
    expect(() => createEmulator({ persist: newDir(), store })).toThrow(/persist and store were both given/)

    const dir = newDir()
    const first = createEmulator({ domains: TAGS, persist: dir })
    await first.ready
    await first.close()
    const changed = createEmulator({
      domains: { Tag: { fields: { name: 'STRING', colour: 'STRING' } } },
      persist: dir,
    })
    await expect(changed.ready).rejects.toThrow(IllegalStateException)
    await expect(changed.ready).rejects.toThrow(/made for other domains.*vendor-api export/s)
    await expect(changed.fetch('/actuator/health')).rejects.toThrow(/made for other domains/)
    expect(() => changed.host).toThrow(/did not start/)
    await changed.close()
  })
})
