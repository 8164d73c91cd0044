import { afterEach, describe, expect, it } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../src/index.js'
import type { HookRequest } from '../../../src/emulator/index.js'
import { countingStore } from '../counting-store.js'
import { startWire } from '../wire.js'

const reads = new Map<string, number>()
afterEach(() => reads.clear())

const seen: string[] = []
afterEach(() => {
  seen.length = 0
})

/** An emulator whose store counts reads, with a logic `record` that notes the hook type it ran for. */
async function emulator() {
  const wire = await startWire({
    domains: { Tag: { fields: { name: 'STRING' } } },
    logic: {
      record: (request) => {
        seen.push((request as unknown as HookRequest).hookType)
      },
    },
    store: countingStore(reads),
  })
  return { wire, token: (await wire.login()).access_token }
}

/** Adds an active hook of a type on Tag through the host, as a test (or a plugin) would. */
function addHook(wire: Awaited<ReturnType<typeof emulator>>['wire'], hookType: string): void {
  wire.emulator.host.runAs({}, () => {
    const objectType = SimpleQuery.of('DomainClass').eq('shortName', 'Tag').get()
    const coreLogic = SimpleQuery.of('DynamicLogic').eq('name', 'record').get()
    DomainHelper.createDomain(
      DomainHelper.buildDomain('DynamicObjectHook', { name: hookType, hookType, objectType, coreLogic }),
    )
  })
}

describe('the object hooks of a domain are read once between writes to them', () => {
  it('creates after the first read no DynamicObjectHook', async () => {
    const { wire, token } = await emulator()
    addHook(wire, 'BEFORE_CREATE')
    expect((await wire.json('POST', '/data/Tag', { token, json: { name: 'first' } })).body.status).toBe(
      'success',
    )
    reads.clear()
    for (let i = 0; i < 10; i++)
      expect((await wire.json('POST', '/data/Tag', { token, json: { name: `t${i}` } })).body.status).toBe(
        'success',
      )
    expect(reads.get('DynamicObjectHook') ?? 0).toBe(0)
    expect(seen).toEqual(Array.from({ length: 11 }, () => 'BEFORE_CREATE'))
  })

  it('a hook added after writes were made runs from the next write on', async () => {
    const { wire, token } = await emulator()
    await wire.json('POST', '/data/Tag', { token, json: { name: 'before' } })
    expect(seen).toEqual([])
    addHook(wire, 'AFTER_CREATE')
    await wire.json('POST', '/data/Tag', { token, json: { name: 'after' } })
    expect(seen).toEqual(['AFTER_CREATE'])
  })

  it('a hook deactivated by REST stops at the next write', async () => {
    const { wire, token } = await emulator()
    addHook(wire, 'BEFORE_CREATE')
    await wire.json('POST', '/data/Tag', { token, json: { name: 'one' } })
    const [hook] = (await wire.json('GET', '/data/DynamicObjectHook', { token })).body.data as {
      id: number
    }[]
    const changed = await wire.json('PUT', `/data/DynamicObjectHook/${hook!.id}`, {
      token,
      json: { id: hook!.id, active: false },
    })
    expect(changed.body.status).toBe('success')
    await wire.json('POST', '/data/Tag', { token, json: { name: 'two' } })
    expect(seen).toEqual(['BEFORE_CREATE'])
  })
})
