import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainHelper, QueryHelper, SimpleQuery } from '../../src/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { pgliteStore, type Store } from '../../src/testing/index.js'

let store: Store
beforeAll(async () => {
  store = await pgliteStore()
})
afterAll(() => store.close())

describe('createEmulator({ store })', () => {
  it('keeps its data in the store: what REST writes, dynamic logic reads back with withSql', async () => {
    await using emulator = createEmulator({
      domains: { Tag: { fields: { name: 'STRING' } } },
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
    const login = await emulator.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    })
    const { access_token: token } = (await login.json()) as { access_token: string }
    const created = await emulator.fetch('/api/data/Tag', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'red' }),
    })
    expect(created.status).toBe(200)
    const rows = await emulator.fetch('/api/service/tag-rows')
    expect(rows.status).toBe(200)
    expect(await rows.json()).toEqual([{ name: 'red', tenant_id: 'default' }])
  })

  it('gives the store back at close(): the next emulator on it starts empty', async () => {
    const domains = { Tag: { fields: { name: 'STRING' } } } as const
    const first = createEmulator({ domains, store })
    first.host.runAs({}, () => DomainHelper.createDomain(DomainHelper.buildDomain('Tag', { name: 'red' })))
    await first.close()
    await using second = createEmulator({ domains, store })
    expect(second.host.runAs({}, () => SimpleQuery.count('Tag'))).toBe(0)
  })
})
