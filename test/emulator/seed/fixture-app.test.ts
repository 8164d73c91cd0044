import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../../../src/emulator/index.js'
import { PLATFORM_DOMAIN_NAMES } from '../../../src/emulator/platform/platform-domains.js'
import { createTestHost } from '../../../src/testing/index.js'
import { all } from '../shop.js'
import { startWire, type Wire } from '../wire.js'

/** The fixture application, laid out like the platform's public sample: production/<tenant>, development a link. */
const NORTHWIND = join(import.meta.dirname, '..', 'fixtures', 'northwind')

/** The platform records' real names (DynamicServiceProvider, JAVASCRIPT_CODE, ...) are those of §14. */
const realRecordNames = PLATFORM_DOMAIN_NAMES.includes('DynamicServiceProvider')
const hasDynamicConfig = PLATFORM_DOMAIN_NAMES.includes('DynamicConfig')

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function northwind(): Promise<{ wire: Wire; log: string[] }> {
  const log: string[] = []
  const wire = await startWire({ dataDir: NORTHWIND, seedLog: (line) => log.push(line) })
  return { wire, log }
}

async function token(wire: Wire, username: string, password: string): Promise<string> {
  return (await wire.login(username, password)).access_token
}

function importRecord(wire: Wire, fileName: string): Record<string, unknown> {
  const record = all(wire.emulator.host, 'ImportRecord', 'northwind').find((r) => r['fileName'] === fileName)
  if (record === undefined) throw new Error(`no ImportRecord for ${fileName}`)
  return record
}

describe('a data folder in the platform layout', () => {
  it('each tenant folder is a tenant, and the default env development follows its link to production', async () => {
    const { wire } = await northwind()
    const login = await wire.login('nora@northwind.test', 'nora-secret')
    expect(login.username).toBe('nora@northwind.test')
    const me = await wire.json('GET', '/data/Customer', { token: login.access_token })
    expect(me.status).toBe(200)
    expect(all(wire.emulator.host, 'Customer', 'northwind').length).toBe(2)
  })

  it('dataEnv names another environment folder; one that does not exist stops the start naming the folders', () => {
    const emulator = createEmulator({ dataDir: NORTHWIND, dataEnv: 'production' })
    return emulator.close().then(() => {
      expect(() => createEmulator({ dataDir: NORTHWIND, dataEnv: 'review' })).toThrow(
        /holds no seed CSV file.*\/\*\.csv.*review\/<tenant>\/\*\.csv.*its folders are .*development.*production.*review is not one of them/s,
      )
      createTestHost().install().uninstall()
    })
  })

  it('a folder where neither layout finds a CSV stops the start, naming the folder and both layouts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'empty-data-'))
    dirs.push(dir)
    writeFileSync(join(dir, 'notes.txt'), 'no seed here')
    expect(() => createEmulator({ dataDir: dir })).toThrow(
      new RegExp(
        `dataDir ${dir} holds no seed CSV file.*${dir}/\\*\\.csv.*${dir}/development/<tenant>/\\*\\.csv`,
        's',
      ),
    )
    createTestHost().install().uninstall()
  })

  it('Organization.csv bootstraps the organizations, and $ROOT_ORG$ is the tenant root organization', async () => {
    const { wire } = await northwind()
    const [root] = all(wire.emulator.host, 'Organization', 'northwind')
    expect(root?.['name']).toBe('Northwind Traders')
    const order = all(wire.emulator.host, 'SalesOrder', 'northwind').find((o) => o['orderNo'] === 'SO-1')
    expect(order?.['seller']).toBe('Northwind Traders')
    const user = all(wire.emulator.host, 'User', 'northwind').find(
      (u) => u['username'] === 'sam@northwind.test',
    )
    expect((user?.['organization'] as { id: number }).id).toBe(root?.['id'])
  })
})

describe('cells of a real data folder', () => {
  it('Y/N booleans in any case, and NULL is null', async () => {
    const { wire } = await northwind()
    const customers = all(wire.emulator.host, 'Customer', 'northwind').map((c) => [
      c['name'],
      c['vip'],
      c['region'],
    ])
    expect(customers).toEqual([
      ['Ann Archer', true, 'NORTH'],
      ['Bob Baker', false, null],
    ])
  })

  it('an empty cell is no value: the create takes the default of the model', async () => {
    const { wire } = await northwind()
    const order = all(wire.emulator.host, 'SalesOrder', 'northwind').find((o) => o['orderNo'] === 'SO-1')
    expect(order?.['status']).toBe('OPEN')
  })

  it('code(F) reads the logic file from the data root', async () => {
    const { wire } = await northwind()
    const logic = all(wire.emulator.host, 'DynamicLogic', 'northwind').map((l) => l['name'])
    if (!realRecordNames) return expect(logic).toEqual([]) // the engines are not yet named JAVASCRIPT_CODE
    const echo = all(wire.emulator.host, 'DynamicLogic', 'northwind').find(
      (l) => l['name'] === 'Echo Core Logic',
    )
    expect(echo?.['code']).toContain('return { userName:')
  })

  it.skipIf(!hasDynamicConfig)(
    'value(F) of DynamicConfig_withFile.csv reads the file from the tenant folder',
    async () => {
      const { wire } = await northwind()
      const config = all(wire.emulator.host, 'DynamicConfig', 'northwind').find(
        (c) => c['key'] === 'app.welcome',
      )
      expect(config?.['value']).toBe('Welcome to Northwind.\n')
    },
  )

  it.skipIf(!realRecordNames)(
    'a DynamicServiceProvider seeded with its JavaScript logic answers over /service',
    async () => {
      const { wire } = await northwind()
      const access = await token(wire, 'sam@northwind.test', 'sam-secret')
      expect(await wire.json('GET', '/service/Echo?a=1', { token: access })).toEqual({
        status: 200,
        body: { userName: 'Sam Seller', params: { a: '1' } },
      })
    },
  )
})

describe('line by line, recorded', () => {
  it('a failed line is skipped and recorded; the file is PARTIALLY_FAIL with its counts and failedLines', async () => {
    const { wire } = await northwind()
    const customers = importRecord(wire, 'development/northwind/Customer.csv')
    expect([customers['status'], customers['inserted'], customers['failed']]).toEqual([
      'PARTIALLY_FAIL',
      2,
      1,
    ])
    const failed = JSON.parse(customers['failedLines'] as string) as { line: number; reason: string }[]
    expect(failed.map((f) => f.line)).toEqual([6])
    expect(failed[0]?.reason).toContain('"maybe" is not a boolean')
    const orders = JSON.parse(
      importRecord(wire, 'development/northwind/SalesOrder.csv')['failedLines'] as string,
    )
    expect((orders as { line: number }[]).map((f) => f.line)).toEqual([7, 8])
  })

  it('a file without failures is SUCCESS, with its header and MD5', async () => {
    const { wire } = await northwind()
    const roles = importRecord(wire, 'development/northwind/Role.csv')
    expect([roles['status'], roles['inserted'], roles['csvFileHeader']]).toEqual([
      'SUCCESS',
      4,
      'authority(*)',
    ])
    expect(roles['csvFileMD5']).toMatch(/^[0-9a-f]{32}$/)
  })

  it('a column the platform record has and the emulator does not is ignored and named in ignoredColumns', async () => {
    const { wire } = await northwind()
    expect(importRecord(wire, 'development/northwind/Group.csv')['ignoredColumns']).toBe('accessDomain')
  })

  it('seedLog gets one line per file and every failed line', async () => {
    const { log } = await northwind()
    expect(log).toContain(
      'seed development/northwind/Customer.csv -> Customer [northwind]: PARTIALLY_FAIL (2 inserted, 0 updated, 0 unchanged, 1 failed)',
    )
    expect(log.some((l) => /^ {2}development\/northwind\/SalesOrder\.csv line 8: .*LOST/.test(l))).toBe(true)
  })

  it('strictSeed stops the start at the first failed line with its reason', () => {
    expect(() => createEmulator({ dataDir: NORTHWIND, strictSeed: true })).toThrow(
      /strictSeed: .* line \d+ failed/,
    )
    createTestHost().install().uninstall()
  })

  it('in an application domain, a header naming no field fails the whole file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-header-'))
    dirs.push(dir)
    mkdirSync(join(dir, 'development', 'acme'), { recursive: true })
    writeFileSync(join(dir, 'development', 'acme', 'DomainClass.csv'), 'shortName(*)\nTag\n')
    writeFileSync(
      join(dir, 'development', 'acme', 'DomainClassField.csv'),
      'domainClass.shortName(*),name(*),dataType\nTag,label,STRING\n',
    )
    writeFileSync(join(dir, 'development', 'acme', 'Tag.csv'), 'label,colour\nurgent,red\n')
    const wire = await startWire({ dataDir: dir })
    expect(all(wire.emulator.host, 'Tag', 'acme')).toEqual([])
    const record = all(wire.emulator.host, 'ImportRecord', 'acme').find(
      (r) => r['fileName'] === 'development/acme/Tag.csv',
    )
    expect(record?.['status']).toBe('FAILED')
    expect(record?.['failedLines']).toContain('Tag has no field \\"colour\\"')
  })
})

describe('the model from DomainClass.csv and DomainClassField.csv', () => {
  it('nullable N makes a field required: a create without it is a validation failure', async () => {
    const { wire } = await northwind()
    const access = await token(wire, 'sam@northwind.test', 'sam-secret')
    const answer = await wire.json('POST', '/data/Customer', { token: access, json: { vip: true } })
    expect(answer.body.status).toBe('error')
    expect(JSON.stringify(answer.body)).toContain('Customer.name is required')
  })

  it('options lists the values a field may take besides null; a write of another is a validation failure', async () => {
    const { wire } = await northwind()
    const access = await token(wire, 'sam@northwind.test', 'sam-secret')
    const bad = await wire.json('POST', '/data/Customer', {
      token: access,
      json: { name: 'Dee', region: 'EAST' },
    })
    expect(bad.body.status).toBe('error')
    expect(JSON.stringify(bad.body)).toContain(
      'Customer.region takes one of \\"NORTH\\", \\"SOUTH\\" (or null)',
    )
    const good = await wire.json('POST', '/data/Customer', {
      token: access,
      json: { name: 'Dee', region: null },
    })
    expect(good.body.status).not.toBe('error')
  })

  it('defaultValue is the default, and referenceDomain.shortName makes a reference', async () => {
    const { wire } = await northwind()
    const [ann] = all(wire.emulator.host, 'Customer', 'northwind')
    const order = all(wire.emulator.host, 'SalesOrder', 'northwind').find((o) => o['orderNo'] === 'SO-1')
    expect((order?.['customer'] as { id: number }).id).toBe(ann?.['id'])
    const dee = await wire.json('POST', '/data/Customer', {
      token: await token(wire, 'sam@northwind.test', 'sam-secret'),
      json: { name: 'Dee' },
    })
    expect(dee.body.data?.vip ?? all(wire.emulator.host, 'Customer', 'northwind').at(-1)?.['vip']).toBe(false)
  })

  it('a domain defined both in the domains option and in DomainClass.csv stops the start', () => {
    expect(() =>
      createEmulator({ dataDir: NORTHWIND, domains: { Customer: { fields: { name: 'STRING' } } } }),
    ).toThrow(
      /domain Customer is defined both in the domains option and in the data folder's DomainClass\.csv/,
    )
  })

  it('two tenant folders defining one domain differently stop the start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'two-models-'))
    dirs.push(dir)
    for (const [tenant, type] of [
      ['a', 'STRING'],
      ['b', 'INTEGER'],
    ]) {
      mkdirSync(join(dir, 'development', tenant as string), { recursive: true })
      writeFileSync(join(dir, 'development', tenant as string, 'DomainClass.csv'), 'shortName(*)\nTag\n')
      writeFileSync(
        join(dir, 'development', tenant as string, 'DomainClassField.csv'),
        `domainClass.shortName(*),name(*),dataType\nTag,label,${type}\n`,
      )
    }
    expect(() => createEmulator({ dataDir: dir })).toThrow(/domain Tag is defined differently in a and b/)
  })
})

describe('users from seed', () => {
  it('a user logs in with the roles of its groups, in its folder tenant', async () => {
    const { wire } = await northwind()
    expect((await wire.login('nora@northwind.test', 'nora-secret')).roles.sort()).toEqual([
      'ROLE_ADMIN',
      'ROLE_DEVELOPER',
      'ROLE_SALES',
      'ROLE_USER',
    ])
    expect((await wire.login('sam@northwind.test', 'sam-secret')).roles.sort()).toEqual([
      'ROLE_SALES',
      'ROLE_USER',
    ])
    expect(
      (await wire.json('POST', '/auth/login', { json: { username: 'admin', password: 'admin' } })).status,
    ).not.toBe(200)
  })

  it('password is never rendered on the wire', async () => {
    const { wire } = await northwind()
    const access = await token(wire, 'nora@northwind.test', 'nora-secret')
    const users = await wire.json('GET', '/data/User', { token: access })
    expect(users.status).toBe(200)
    expect(JSON.stringify(users.body)).toContain('sam@northwind.test')
    expect(JSON.stringify(users.body)).not.toContain('secret')
  })

  it('a REST write to a user takes effect at the next login', async () => {
    const { wire } = await northwind()
    const access = await token(wire, 'nora@northwind.test', 'nora-secret')
    const sam = all(wire.emulator.host, 'User', 'northwind').find(
      (u) => u['username'] === 'sam@northwind.test',
    )
    const id = sam?.['id'] as number
    const put = await wire.json('PUT', `/data/User/${id}`, {
      token: access,
      json: { id, password: 'new-secret' },
    })
    expect(put.status).toBe(200)
    expect(
      (
        await wire.json('POST', '/auth/login', {
          json: { username: 'sam@northwind.test', password: 'sam-secret' },
        })
      ).status,
    ).not.toBe(200)
    expect((await wire.login('sam@northwind.test', 'new-secret')).username).toBe('sam@northwind.test')
  })

  it('emulator.updateUser changes a seeded user', async () => {
    const { wire } = await northwind()
    wire.emulator.updateUser('sam@northwind.test', { roles: ['ROLE_AUDITOR'] })
    expect((await wire.login('sam@northwind.test', 'sam-secret')).roles).toEqual(['ROLE_AUDITOR'])
  })

  it('a username given both in users and in User.csv stops the start', () => {
    expect(() =>
      createEmulator({
        dataDir: NORTHWIND,
        users: [{ username: 'sam@northwind.test', password: 'x', roles: [] }],
      }),
    ).toThrow(/users\[0\]\.username "sam@northwind\.test" is also a user of the data folder's User\.csv/)
  })

  it('users of the users option live in the user domains beside the seeded ones', async () => {
    const wire = await startWire({
      dataDir: NORTHWIND,
      users: [{ username: 'ops', password: 'ops-pass', roles: ['ROLE_ADMIN'] }],
    })
    expect((await wire.login('ops', 'ops-pass')).roles).toEqual(['ROLE_ADMIN'])
    expect(all(wire.emulator.host, 'User', 'northwind').map((u) => u['username'])).toContain('ops')
  })
})
