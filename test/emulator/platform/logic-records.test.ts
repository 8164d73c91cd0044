import { describe, expect, it } from 'vitest'
import { SHOP, all, count } from '../shop.js'
import { startWire } from '../wire.js'

const ENGINES = [
  'GROOVY_CODE',
  'OS_COMMAND',
  'RENDER_LINK',
  'LLM_ENGINE',
  'JASPER_REPORT',
  'JAVASCRIPT_CODE',
  'TYPESCRIPT_FUNCTION',
]

const TYPES = [
  'OBJECT_DYNAMIC_HOOK',
  'DYNAMIC_ACTION_ENABLE_LOGIC',
  'DYNAMIC_ACTION_LOGIC',
  'DYNAMIC_ACTION_POST_LOGIC',
  'DASHBOARD_WIDGET_ENABLE_LOGIC',
  'DASHBOARD_WIDGET_CORE_LOGIC',
  'DYNAMIC_SERVICE_CORE_LOGIC',
  'WEBHOOK_CORE_LOGIC',
  'FUNCTION_LOGIC',
  'DYNAMIC_TASK_ENABLE_LOGIC',
  'DYNAMIC_TASK_CORE_LOGIC',
]

async function logicWire() {
  const wire = await startWire({ ...SHOP, logic: { sum: () => 3 } })
  const admin = (await wire.login()).access_token
  const engineId = async (name: string): Promise<number> =>
    (await wire.json('GET', '/data/DynamicLogicEngine?max=100', { token: admin })).body.data.find(
      (engine: { name: string }) => engine.name === name,
    ).id
  return { wire, host: wire.emulator.host, admin, engineId }
}

describe('the logic records', () => {
  it('every tenant has the platform’s engines and the emulator’s two, by name, with description and handlerClassName', async () => {
    const { wire, host, admin } = await logicWire()
    const { body } = await wire.json('GET', '/data/DynamicLogicEngine?max=100', { token: admin })
    expect(body.data.map((engine: { name: string }) => engine.name)).toEqual(ENGINES)
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining(['name', 'description', 'handlerClassName']),
    )
    expect(body.data.find((engine: { name: string }) => engine.name === 'JAVASCRIPT_CODE')).toMatchObject({
      description: expect.stringContaining('async function of one parameter, request'),
    })
    expect(all(host, 'DynamicLogicEngine', 'globex').map((engine) => engine['name'])).toEqual(ENGINES)
  })

  it('every tenant has the platform’s eleven logic types, each with a label, a description and a code template', async () => {
    const { wire, host, admin } = await logicWire()
    const { body } = await wire.json('GET', '/data/DynamicLogicType?max=100', { token: admin })
    expect(body.data.map((type: { name: string }) => type.name)).toEqual(TYPES)
    for (const type of body.data) {
      expect(type).toMatchObject({ label: expect.any(String), description: expect.any(String) })
      expect(typeof type.codeTemplate).toBe('string')
    }
    expect(count(host, 'DynamicLogicType', 'globex')).toBe(11)
  })

  it('a DynamicLogic has name, description, logicType, dynamicLogicEngine, code and isSystem (default false)', async () => {
    const { wire, admin, engineId } = await logicWire()
    const created = await wire.json('POST', '/data/DynamicLogic', {
      token: admin,
      json: {
        name: 'total',
        dynamicLogicEngine: { id: await engineId('JAVASCRIPT_CODE') },
        code: 'return 1',
      },
    })
    expect(created.body).toMatchObject({
      status: 'success',
      data: { name: 'total', code: 'return 1', isSystem: false, logicType: null, description: null },
    })
  })

  it('a DynamicLogic name is unique in a tenant: creating a duplicate is a validation failure (HTTP 200, status error), nothing written', async () => {
    const { wire, host, admin, engineId } = await logicWire()
    const engine = { id: await engineId('JAVASCRIPT_CODE') }
    // `sum` is the record of the logic option's function.
    const { status, body } = await wire.json('POST', '/data/DynamicLogic', {
      token: admin,
      json: { name: 'sum', dynamicLogicEngine: engine, code: 'return 1' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(
        /^DynamicLogic\.name must be unique in a tenant, and DynamicLogic \d+ already has "sum"/,
      ),
    })
    expect(all(host, 'DynamicLogic').map((logic) => logic['name'])).toEqual(['sum'])
    // Each tenant has its own names: a name of acme is free in globex.
    await wire.json('POST', '/data/DynamicLogic', {
      token: admin,
      json: { name: 'shared', dynamicLogicEngine: engine, code: 'return 1' },
    })
    const globex = (await wire.login('globex', 'globex')).access_token
    const globexEngine = (
      await wire.json('GET', '/data/DynamicLogicEngine?max=100', { token: globex })
    ).body.data.find((record: { name: string }) => record.name === 'JAVASCRIPT_CODE')
    const other = await wire.json('POST', '/data/DynamicLogic', {
      token: globex,
      json: { name: 'shared', dynamicLogicEngine: { id: globexEngine.id }, code: 'return 1' },
    })
    expect(other.body.status).toBe('success')
  })

  it('a DynamicLogic name cannot be changed after creation: a PUT that changes it is a validation failure; one that keeps it is not', async () => {
    const { wire, host, admin } = await logicWire()
    const id = all(host, 'DynamicLogic')[0]!['id'] as number
    const renamed = await wire.json('PUT', `/data/DynamicLogic/${id}`, {
      token: admin,
      json: { id, name: 'total', description: 'renamed' },
    })
    expect(renamed).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'error',
        message: expect.stringContaining('DynamicLogic.name cannot be changed after creation (it is "sum")'),
      }),
    })
    expect(all(host, 'DynamicLogic')).toMatchObject([
      { name: 'sum', description: expect.not.stringMatching('renamed') },
    ])
    const described = await wire.json('PUT', `/data/DynamicLogic/${id}`, {
      token: admin,
      json: { id, name: 'sum', description: 'adds' },
    })
    expect(described.body).toMatchObject({ status: 'success', data: { name: 'sum', description: 'adds' } })
  })

  it('a batch that renames a DynamicLogic fails as a whole, and nothing of it is written', async () => {
    const { wire, host, admin, engineId } = await logicWire()
    const engine = { id: await engineId('JAVASCRIPT_CODE') }
    const second = await wire.json('POST', '/data/DynamicLogic', {
      token: admin,
      json: { name: 'second', dynamicLogicEngine: engine, code: 'return 2' },
    })
    const first = all(host, 'DynamicLogic')[0]!['id'] as number
    const { status, body } = await wire.json('PUT', '/data/DynamicLogic/batch', {
      token: admin,
      json: [
        { id: first, description: 'changed' },
        { id: second.body.data.id, name: 'renamed' },
      ],
    })
    expect(status).toBe(400)
    expect(body.errMsg).toContain('[1]: DynamicLogic.name cannot be changed after creation')
    expect(all(host, 'DynamicLogic').map((logic) => [logic['name'], logic['description']])).toEqual([
      ['sum', 'A TypeScript function given to createEmulator({ logic })'],
      ['second', null],
    ])
  })

  it('seed data that gives two logic records one name stops the start, naming them', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(join(tmpdir(), 'logic-seed-'))
    writeFileSync(
      join(dir, 'DynamicLogic.csv'),
      'name,dynamicLogicEngine.name,code\ntwice,JAVASCRIPT_CODE,return 1\ntwice,JAVASCRIPT_CODE,return 2\n',
    )
    await expect(startWire({ ...SHOP, dataDir: dir })).rejects.toThrow(
      /tenant acme: DynamicLogic \d+, \d+ share the name "twice", which must be unique/,
    )
  })
})
