import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../../src/index.js'
import { pgliteStore, type Store } from '../../../../src/testing/index.js'
import { FIRST_CALL_MS, GROOVY_MISSING, startGroovyApp, type GroovyApp } from './groovy-fixture.js'

describe.skipIf(GROOVY_MISSING !== undefined)('Groovy object hooks on a PGlite store (--persist)', () => {
  let store: Store
  let app: GroovyApp

  beforeAll(async () => {
    store = await pgliteStore()
    app = startGroovyApp({
      domains: {
        Customer: { fields: { name: 'STRING', note: 'STRING' } },
        Tag: { fields: { name: 'STRING' } },
      },
      users: [{ username: 'admin', password: 'admin', roles: ['ROLE_ADMIN'] }],
      store,
      logicTimeoutMs: 10_000,
    })
  })
  afterAll(async () => {
    await app.emulator.close()
    await store.close()
  })

  it(
    "a hook runs in the write's transaction on the store's one connection: its writes and its change are kept with the write",
    async () => {
      const coreLogic = app.logic(
        'tag-it',
        `new Tag(name: "tagged \${object.name}").save()\nobject.note = "seen by \${userContext.username}"`,
      )
      app.asTenant(() => {
        const objectType = SimpleQuery.of('DomainClass').eq('shortName', 'Customer').get()
        DomainHelper.createDomain(
          DomainHelper.buildDomain('DynamicObjectHook', {
            name: 'tag-it',
            hookType: 'BEFORE_CREATE',
            objectType,
            coreLogic,
          }),
        )
      })
      const { body } = await app.request('POST', '/data/Customer', { json: { name: 'Ann' } })
      expect(body).toMatchObject({ status: 'success', data: { name: 'Ann', note: 'seen by admin' } })
      expect(app.asTenant(() => SimpleQuery.of('Tag').eq('name', 'tagged Ann').listAll())).toHaveLength(1)
    },
    FIRST_CALL_MS,
  )
})
