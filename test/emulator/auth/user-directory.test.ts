import { afterEach, describe, expect, it } from 'vitest'
import { DomainHelper, QueryHelper, SimpleQuery } from '../../../src/index.js'
import { UserDirectory } from '../../../src/emulator/auth/user-directory.js'
import { WriteWatch } from '../../../src/emulator/platform/write-watch.js'
import { SEED_DOMAINS as SEED_SHAPES, USER_DOMAINS } from '../../../src/emulator/seed/seed-domains.js'
import { createTestHost, memoryStore, pgliteStore } from '../../../src/testing/index.js'
import { countingStore } from '../counting-store.js'
import { startWire } from '../wire.js'

/** The reads of each domain that the store answered (`get`, `select` and `count` calls). */
const reads = new Map<string, number>()
const readsOfUsers = (): number => USER_DOMAINS.reduce((sum, domain) => sum + (reads.get(domain) ?? 0), 0)

afterEach(() => reads.clear())

const ROLE_READ = {
  domains: { Note: { fields: { text: 'STRING' }, roles: { read: ['ROLE_READER'] } } },
  users: [
    { username: 'admin', password: 'admin', roles: ['ROLE_ADMIN'] },
    { username: 'ann', password: 'ann-password', roles: ['ROLE_READER'] },
  ],
} as const

describe('the emulator reads a user once until the user domains are written', () => {
  it('a logged-in user’s requests read none of the user domains after the first', async () => {
    const wire = await startWire({ ...ROLE_READ, store: countingStore(reads) })
    const { access_token: token } = await wire.login('ann', 'ann-password')
    expect((await wire.json('GET', '/data/Note', { token })).status).toBe(200)
    reads.clear()
    for (let i = 0; i < 20; i++) expect((await wire.json('GET', '/data/Note', { token })).status).toBe(200)
    expect(readsOfUsers()).toBe(0)
    expect(reads.get('Note')).toBe(20)
  })

  it('a REST write to a user’s groups takes effect at the user’s next request', async () => {
    const wire = await startWire(ROLE_READ)
    const ann = (await wire.login('ann', 'ann-password')).access_token
    const admin = (await wire.login('admin', 'admin')).access_token
    expect((await wire.json('GET', '/data/Note', { token: ann })).status).toBe(200)
    const links = await wire.json('GET', '/data/UserGroup?max=500', { token: admin })
    const annId = (await wire.json('GET', '/auth/userInfo', { token: ann })).body.id as number
    for (const link of links.body.data as { id: number; user: { id: number } }[]) {
      if (link.user.id !== annId) continue
      const removed = await wire.json('DELETE', `/data/UserGroup/${link.id}`, { token: admin })
      expect(removed.body.status).toBe('success')
    }
    expect((await wire.json('GET', '/data/Note', { token: ann })).status).toBe(403)
  })

  it('emulator.updateUser takes effect at the user’s next request', async () => {
    const wire = await startWire(ROLE_READ)
    const ann = (await wire.login('ann', 'ann-password')).access_token
    expect((await wire.json('GET', '/data/Note', { token: ann })).status).toBe(200)
    wire.emulator.updateUser('ann', { roles: [] })
    expect((await wire.json('GET', '/data/Note', { token: ann })).status).toBe(403)
    wire.emulator.updateUser('ann', { roles: ['ROLE_READER'] })
    expect((await wire.json('GET', '/data/Note', { token: ann })).status).toBe(200)
  })

  it('a write through emulator.host takes effect at the next login', async () => {
    const wire = await startWire(ROLE_READ)
    expect(
      (await wire.json('POST', '/auth/login', { json: { username: 'bob', password: 'b' } })).status,
    ).toBe(404)
    wire.emulator.host.runAs({}, () =>
      DomainHelper.createDomain(DomainHelper.buildDomain('User', { username: 'bob', password: 'b' })),
    )
    expect(
      (await wire.json('POST', '/auth/login', { json: { username: 'bob', password: 'b' } })).status,
    ).toBe(200)
  })
})

describe('UserDirectory', () => {
  const host = () => {
    const created = createTestHost({
      domains: { ...Object.fromEntries(USER_DOMAINS.map((d) => [d, SEED_SHAPES[d]!])) },
      store: countingStore(reads),
    }).install()
    UserDirectory.addUsers(created, [{ username: 'ann', password: 'a', roles: ['ROLE_A'] }], 'default')
    return created
  }

  it('with { cache: false } reads the user domains at every call', () => {
    using installed = host()
    const users = new UserDirectory(installed, ['default'], new WriteWatch([]), { cache: false })
    reads.clear()
    expect(users.caller('ann')?.roles).toEqual(['ROLE_A'])
    const once = readsOfUsers()
    expect(once).toBeGreaterThan(0)
    for (let i = 0; i < 3; i++) expect(users.caller('ann')?.roles).toEqual(['ROLE_A'])
    expect(readsOfUsers()).toBe(4 * once)
  })

  it('by default reads them once while nothing is written', () => {
    using installed = host()
    const users = new UserDirectory(installed, ['default'], new WriteWatch([]))
    reads.clear()
    expect(users.caller('ann')?.roles).toEqual(['ROLE_A'])
    const once = readsOfUsers()
    expect(once).toBeGreaterThan(0)
    for (let i = 0; i < 3; i++) expect(users.caller('ann')?.roles).toEqual(['ROLE_A'])
    expect(readsOfUsers()).toBe(once)
  })
})

describe('WriteWatch', () => {
  it('changes its version at a write to a watched domain, and again when its transaction ends', () => {
    const watch = new WriteWatch(['Role'])
    using _host = createTestHost({
      domains: { Role: SEED_SHAPES['Role']!, Note: { fields: { text: 'STRING' } } },
      store: watch.store(memoryStore()),
    }).install()
    const before = watch.version
    DomainHelper.createDomain(DomainHelper.buildDomain('Note', { text: 'n' }))
    expect(watch.version).toBe(before)
    DomainHelper.createDomain(DomainHelper.buildDomain('Role', { authority: 'ROLE_A' }))
    const afterWrite = watch.version
    expect(afterWrite).not.toBe(before)
    let inside = 0
    QueryHelper.withTransaction(() => {
      DomainHelper.createDomain(DomainHelper.buildDomain('Role', { authority: 'ROLE_B' }))
      inside = watch.version
    })
    expect(inside).not.toBe(afterWrite)
    // Committed: what other sessions read changed then, so the version changed again.
    expect(watch.version).not.toBe(inside)
    expect(SimpleQuery.count('Role')).toBe(2)
  })

  it('changes its version at every SQL statement, which may write any table', async () => {
    const store = await pgliteStore()
    try {
      const watch = new WriteWatch(['Role'])
      using _host = createTestHost({
        domains: { Note: { fields: { text: 'STRING' } } },
        store: watch.store(store),
      }).install()
      const before = watch.version
      expect(QueryHelper.withSql((sql) => sql.rows('select 1 as one'))).toEqual([{ one: 1 }])
      expect(watch.version).not.toBe(before)
    } finally {
      await store.close()
    }
  })
})
