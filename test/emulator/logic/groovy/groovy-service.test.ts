import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_CALL_MS, GROOVY_MISSING, startGroovyApp, type GroovyApp } from './groovy-fixture.js'

describe.skipIf(GROOVY_MISSING !== undefined)('a Groovy service on a real Groovy', () => {
  let app: GroovyApp
  const log: string[] = []

  beforeAll(() => {
    app = startGroovyApp({
      domains: {
        Customer: { fields: { name: 'STRING' } },
        Order: {
          fields: {
            status: { type: 'STRING', required: true },
            total: 'BIG_DECIMAL',
            placedAt: 'ZONED_DATETIME',
            customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
          },
        },
      },
      accessLog: (line) => log.push(line),
    })
  })
  afterAll(() => app.emulator.close())

  it(
    "gets user, params and protocol, and its map becomes the JSON answer (the sample's echo service)",
    async () => {
      app.service('echo', 'return [userName: user.name, params: params, protocol: protocol]')
      const answer = await app.call('echo', { query: { a: '1', b: 'x y' } })
      expect(answer).toEqual({
        status: 200,
        body: { userName: 'admin', params: { a: '1', b: 'x y' }, protocol: 'HTTP' },
      })
    },
    FIRST_CALL_MS,
  )
})
