import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { SimpleQuery } from '../../../src/index.js'
import { IllegalArgumentException } from '../../../src/errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../../src/errors/illegal-state-exception.js'
import {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type LogicRequest,
} from '../../../src/emulator/index.js'
import { PLATFORM_DOMAINS } from '../../../src/emulator/platform/platform-domains.js'
import { SEED_DOMAINS } from '../../../src/emulator/seed/seed-domains.js'
import { pgliteStore, type DomainDefinition, type Store, type TestHost } from '../../../src/testing/index.js'

/** The fixture application: production/northwind, development a link (test/emulator/fixtures/northwind). */
const NORTHWIND = join(import.meta.dirname, '..', 'fixtures', 'northwind')

const dirs: string[] = []
const open: Emulator[] = []
afterEach(async () => {
  for (const emulator of open.splice(0)) await emulator.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'export-data-'))
  dirs.push(dir)
  return dir
}

function start(options: EmulatorOptions): Emulator {
  const emulator = createEmulator(options)
  open.push(emulator)
  return emulator
}

async function stop(emulator: Emulator): Promise<void> {
  open.splice(open.indexOf(emulator), 1)
  await emulator.close()
}

/** The `logic` option's function: a TYPESCRIPT_FUNCTION logic that a service made over REST runs. */
function greet(request: LogicRequest): unknown {
  return { greeting: `hello ${String(request.params['name'])}` }
}

/** The options both emulators start with: a domain of their own beside the data folder's, a user, a setting. */
const OPTIONS = {
  dataDir: NORTHWIND,
  domains: {
    Ticket: {
      fields: {
        title: { type: 'STRING', required: true },
        customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
        priority: 'INTEGER',
        scan: 'FILE',
      },
    },
  },
  users: [{ username: 'olive', password: 'olive-pw', roles: ['ROLE_ADMIN', 'ROLE_DEVELOPER'] }],
  settings: { 'app.theme': 'dark' },
  logic: { greet },
} satisfies EmulatorOptions

/** Calls the emulator in-process and reads the JSON answer. */
async function call(
  emulator: Emulator,
  method: string,
  path: string,
  init: { token?: string; json?: unknown; body?: FormData } = {},
): Promise<{ status: number; body: any }> {
  const headers = new Headers()
  if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  const response = await emulator.fetch(`http://localhost/api${path}`, {
    method,
    headers,
    body: init.json === undefined ? (init.body ?? null) : JSON.stringify(init.json),
  })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) }
}

async function login(emulator: Emulator, username: string, password: string): Promise<string> {
  const { status, body } = await call(emulator, 'POST', '/auth/login', { json: { username, password } })
  expect(status, `${username} logs in: ${JSON.stringify(body)}`).toBe(200)
  return body.access_token as string
}

/** Creates an object over REST and returns its id. */
async function create(emulator: Emulator, token: string, domain: string, json: object): Promise<number> {
  const { body } = await call(emulator, 'POST', `/data/${domain}`, { token, json })
  expect(body.status, `${domain} ${JSON.stringify(json)}: ${JSON.stringify(body)}`).toBe('success')
  return body.data.id as number
}

function idOf(host: TestHost, domain: string, field: string, value: string): { id: number } {
  return host.runAs({ tenant: 'northwind' }, () => ({
    id: SimpleQuery.of(domain).eq(field, value).get()!['id'] as number,
  }))
}

/** The writes of a working day: objects with references, a file, a user, logic, a service, a hook, config. */
async function workOn(emulator: Emulator): Promise<void> {
  const host = emulator.host
  const token = await login(emulator, 'olive', 'olive-pw')
  const cleo = await create(emulator, token, 'Customer', {
    name: 'Cleo "C" Clark, Jr.',
    vip: true,
    region: 'SOUTH',
  })
  const bob = idOf(host, 'Customer', 'name', 'Bob Baker')
  expect(
    (
      await call(emulator, 'PUT', `/data/Customer/${bob.id}`, {
        token,
        json: { id: bob.id, region: 'NORTH' },
      })
    ).body.status,
  ).toBe('success')
  const temp = await create(emulator, token, 'Customer', { name: 'Temp' })
  expect((await call(emulator, 'DELETE', `/data/Customer/${temp}`, { token })).body.status).toBe('success')
  await create(emulator, token, 'SalesOrder', {
    orderNo: 'SO-9',
    customer: { id: cleo },
    status: 'CLOSED',
    total: '7.250',
    orderDate: '2024-02-03T04:05:06.789+02:00',
    seller: '',
  })

  const engine = (name: string) => idOf(host, 'DynamicLogicEngine', 'name', name)
  const type = (name: string) => idOf(host, 'DynamicLogicType', 'name', name)
  const hookLogic = await create(emulator, token, 'DynamicLogic', {
    name: 'Default priority',
    dynamicLogicEngine: engine('JAVASCRIPT_CODE'),
    logicType: type('OBJECT_DYNAMIC_HOOK'),
    code: 'if (request.object.priority == null) request.object.priority = 5',
  })
  await create(emulator, token, 'DynamicObjectHook', {
    name: 'ticket priority',
    objectType: idOf(host, 'DomainClass', 'shortName', 'Ticket'),
    hookType: 'BEFORE_CREATE',
    coreLogic: { id: hookLogic },
  })
  const hello = await create(emulator, token, 'DynamicLogic', {
    name: 'Hello/Logic',
    dynamicLogicEngine: engine('JAVASCRIPT_CODE'),
    logicType: type('DYNAMIC_SERVICE_CORE_LOGIC'),
    code: '// say hello\nreturn { hello: request.params.name, customers: SimpleQuery.count("Customer") }\n',
  })
  await create(emulator, token, 'DynamicServiceProvider', { name: 'hello', logic: { id: hello } })
  await create(emulator, token, 'DynamicServiceProvider', {
    name: 'greeter',
    logic: idOf(host, 'DynamicLogic', 'name', 'greet'),
  })
  await create(emulator, token, 'DynamicConfig', {
    key: 'app.banner',
    value: 'NULL',
    allowPublicAccess: true,
  })

  const form = new FormData()
  form.set('file', new File(['scanned, "quoted"\nline two\n'], 'scan 1.txt', { type: 'text/plain' }))
  const upload = await call(emulator, 'POST', '/attachment/upload', { token, body: form })
  expect(upload.status).toBe(200)
  // No field tells these tickets apart: their file has no key column, and each line creates one.
  await create(emulator, token, 'Ticket', {
    title: 'NULL',
    priority: 1,
    customer: { id: cleo },
    scan: upload.body,
  })
  await create(emulator, token, 'Ticket', { title: 'NULL', priority: 1 })
  await create(emulator, token, 'Ticket', { title: '; not a comment\nsecond line', priority: 2 })

  const pat = await create(emulator, token, 'User', {
    username: 'pat@northwind.test',
    password: 'pat-pw',
    name: 'Pat Packer',
    organization: idOf(host, 'Organization', 'name', 'Northwind Traders'),
  })
  await create(emulator, token, 'UserGroup', {
    user: { id: pat },
    group: idOf(host, 'Group', 'name', 'Sales Team'),
  })
}

/** The field an object is known by, where another object references it. */
const LABELS: Readonly<Record<string, string>> = {
  Customer: 'name',
  SalesOrder: 'orderNo',
  User: 'username',
  Group: 'name',
  Role: 'authority',
  Organization: 'name',
  DomainClass: 'shortName',
  DynamicLogic: 'name',
  DynamicLogicEngine: 'name',
  DynamicLogicType: 'name',
  DynamicServiceProvider: 'name',
  DynamicConfig: 'key',
}

/** Every domain's definition, for where its references point. */
const DEFINITIONS: Readonly<Record<string, DomainDefinition>> = {
  ...PLATFORM_DOMAINS,
  ...SEED_DOMAINS,
  ...OPTIONS.domains,
  SalesOrder: { fields: { customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' } } },
}

/** The domains compared: the application's, and the platform records the options do not make. */
const COMPARED = [
  'Customer',
  'SalesOrder',
  'Ticket',
  'Organization',
  'Role',
  'Group',
  'GroupRole',
  'User',
  'UserGroup',
  'DomainClass',
  'DomainClassField',
  'DynamicLogicEngine',
  'DynamicLogicType',
  'DynamicLogic',
  'DynamicObjectHook',
  'DynamicServiceProvider',
  'DynamicConfig',
]

/**
 * A tenant's data without ids: each object as its fields, a reference as the referenced object's label, a file
 * as its name, type and text, objects sorted. Two emulators with the same data give the same snapshot.
 */
function snapshot(host: TestHost): Record<string, string[]> {
  return host.runAs({ tenant: 'northwind' }, () =>
    Object.fromEntries(
      COMPARED.map((domain) => {
        const definition = DEFINITIONS[domain]?.fields ?? {}
        const rows = SimpleQuery.getAll(domain).map((row) => {
          const fields = Object.entries(row as Record<string, unknown>)
            .filter(([field]) => field !== 'id')
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([field, value]) => {
              const spec = definition[field]
              const target = typeof spec === 'object' ? spec.domain : undefined
              if (value === null || value === undefined) return [field, null]
              if (target !== undefined) {
                const referenced = SimpleQuery.getById(target, (value as { id: number }).id)
                return [field, referenced?.[LABELS[target] ?? 'id']]
              }
              if (value instanceof Date) return [field, value.toISOString()]
              if (typeof value === 'object' && 'key' in value) {
                const file = value as { key: string; fileName: string; mimeType: string }
                const text = new TextDecoder().decode(host.readStoredFile(file.key))
                return [field, { fileName: file.fileName, mimeType: file.mimeType, text }]
              }
              return [field, value]
            })
          return JSON.stringify(Object.fromEntries(fields))
        })
        return [domain, rows.sort()]
      }),
    ),
  )
}

/** What the services answer, called as a user. */
async function services(emulator: Emulator, token: string): Promise<unknown[]> {
  return [
    (await call(emulator, 'GET', '/service/hello?name=Ann', { token })).body,
    (await call(emulator, 'GET', '/service/greeter?name=Ann', { token })).body,
    (await call(emulator, 'GET', '/service/Echo?x=1', { token })).body,
  ]
}

function read(folder: string, file: string): string {
  return readFileSync(join(folder, 'production', 'northwind', file), 'utf8')
}

/** The PGlite stores (PostgreSQL in-process) made, for the export from a store that is not in memory. */
const pglites: Store[] = []
afterAll(async () => {
  for (const store of pglites) await store.close()
})

/** A new PGlite store: an emulator's store keeps its data (SPEC §15.2), so each start that must begin empty gets one. */
async function newPglite(): Promise<Store> {
  const store = await pgliteStore()
  pglites.push(store)
  return store
}

describe('emulator.exportData', () => {
  it.each(['memory', 'PGlite'] as const)(
    'writes a seed folder that, loaded with the same options, gives the same application (%s store)',
    async (kind) => {
      const store = kind === 'memory' ? undefined : await newPglite()
      const options: EmulatorOptions = store === undefined ? OPTIONS : { ...OPTIONS, store }
      const first = start(options)
      await workOn(first)
      const before = snapshot(first.host)
      const answered = await services(first, await login(first, 'sam@northwind.test', 'sam-secret'))
      const exported = join(tempDir(), 'exported')
      const summary = await first.exportData(exported)
      await stop(first)

      expect(summary.folder).toBe(exported)
      expect(summary.omitted).toEqual([])
      expect(lstatSync(join(exported, 'development')).isSymbolicLink()).toBe(true)
      expect(summary.files.find((f) => f.domain === 'Customer')).toEqual({
        path: 'production/northwind/Customer.csv',
        tenant: 'northwind',
        domain: 'Customer',
        objects: 3,
      })

      // strictSeed: every line of the export imports.
      const second = start({
        ...options,
        ...(kind === 'memory' ? {} : { store: await newPglite() }),
        dataDir: exported,
        strictSeed: true,
      })
      expect(snapshot(second.host)).toEqual(before)
      expect(before['Customer']).toHaveLength(3)
      expect(before['Ticket']).toHaveLength(3)

      // Everyone logs in with the same password: the user made over REST, the folder's, the options'.
      const pat = await login(second, 'pat@northwind.test', 'pat-pw')
      expect((await call(second, 'GET', '/auth/userInfo', { token: pat })).body).toMatchObject({
        roles: expect.arrayContaining(['ROLE_USER', 'ROLE_SALES']),
      })
      await login(second, 'olive', 'olive-pw')
      expect(await services(second, await login(second, 'sam@northwind.test', 'sam-secret'))).toEqual(
        answered,
      )
      // The hook made over REST runs again on its domain of the options.
      const olive = await login(second, 'olive', 'olive-pw')
      const ticket = await call(second, 'POST', '/data/Ticket', { token: olive, json: { title: 'new' } })
      expect(ticket.body).toMatchObject({ status: 'success', data: { priority: 5 } })
      // The configuration made over REST is public again, its text "NULL" kept.
      expect((await call(second, 'GET', '/config/app.banner')).body).toEqual({
        key: 'app.banner',
        value: 'NULL',
      })
    },
  )

  it('leaves out what the options give, the built-in records and the import records', async () => {
    const first = start(OPTIONS)
    await workOn(first)
    const exported = join(tempDir(), 'exported')
    const { files } = await first.exportData(exported)
    const written = readdirSync(join(exported, 'production', 'northwind'))

    expect(written).not.toContain('DynamicLogicEngine.csv')
    expect(written).not.toContain('DynamicLogicType.csv')
    expect(written).not.toContain('ImportRecord.csv')
    expect(written).not.toContain('StorageFieldValue.csv')
    expect(files.map((f) => f.domain)).not.toContain('ImportRecord')
    expect(read(exported, 'DomainClass.csv')).not.toContain('Ticket')
    expect(read(exported, 'DomainClassField.csv')).not.toContain('Ticket')
    expect(read(exported, 'User.csv')).not.toContain('olive')
    expect(read(exported, 'UserGroup.csv')).not.toContain('olive')
    expect(read(exported, 'DynamicLogic.csv')).not.toContain('greet')
    expect(read(exported, 'DynamicConfig.csv')).not.toMatch(/app\.theme|security\.jwt/)
    // The role groups of the options' users are theirs; the folder's own groups are data.
    expect(read(exported, 'Group.csv')).not.toMatch(/ROLE_/)
    expect(read(exported, 'Group.csv')).toContain('"Sales Team"')
  })

  it('writes keys, references by key, FILE fields and code as files beside the CSV', async () => {
    const first = start(OPTIONS)
    await workOn(first)
    const exported = join(tempDir(), 'exported')
    await first.exportData(exported)

    expect(read(exported, 'Customer.csv').split('\n').slice(1)).toEqual([
      'name(*),vip,region',
      '"Ann Archer",Y,"NORTH"',
      '"Bob Baker",N,"NORTH"',
      '"Cleo ""C"" Clark, Jr.",Y,"SOUTH"',
      '',
    ])
    expect(read(exported, 'SalesOrder.csv')).toContain(
      '"SO-9","Cleo ""C"" Clark, Jr.","CLOSED","7.250","2024-02-03T02:05:06.789Z",""',
    )
    expect(read(exported, 'SalesOrder.csv').split('\n')[1]).toBe(
      'orderNo(*),customer.name,status,total,orderDate,seller',
    )
    expect(read(exported, 'GroupRole.csv').split('\n')[1]).toBe('group.name(*),role.authority(*)')
    expect(read(exported, 'UserGroup.csv')).toContain('"pat@northwind.test","Sales Team"')
    // No field tells the tickets apart: no key column, one line per ticket.
    expect(read(exported, 'Ticket.csv')).toBe(
      [
        ";; Ticket of tenant northwind, written by the emulator's exportData",
        'title,customer.name,priority,scan(F)',
        '"NULL","Cleo ""C"" Clark, Jr.",1,"files/Ticket/scan/1/scan 1.txt"',
        '"NULL",NULL,1,NULL',
        '"; not a comment\nsecond line",NULL,2,NULL',
        '',
      ].join('\n'),
    )
    expect(read(exported, 'files/Ticket/scan/1/scan 1.txt')).toBe('scanned, "quoted"\nline two\n')
    expect(read(exported, 'DynamicLogic.csv')).toContain('"logic/Hello_Logic.js"')
    expect(read(exported, 'logic/Hello_Logic.js')).toContain('// say hello\n')
    expect(read(exported, 'User.csv')).toContain('"pat@northwind.test","pat-pw"')
  })

  it('refuses a folder that is not empty, and writes nothing', async () => {
    const first = start(OPTIONS)
    const parent = tempDir()
    const folder = join(parent, 'mine')
    mkdirSync(folder)
    writeFileSync(join(folder, 'notes.txt'), 'keep me')

    const refused = await first.exportData(folder).catch((error: unknown) => error)
    expect(IllegalArgumentException.is(refused)).toBe(true)
    expect((refused as Error).message).toMatch(
      /mine is not empty \(it holds notes\.txt\).*Name a new folder, or empty or delete this one first/,
    )
    expect(readdirSync(folder)).toEqual(['notes.txt'])
    expect(readdirSync(parent)).toEqual(['mine'])

    // An empty folder is taken.
    const empty = join(parent, 'empty')
    mkdirSync(empty)
    await first.exportData(empty)
    expect(readdirSync(empty).sort()).toEqual(['development', 'production'])
  })

  it('refuses objects referenced by a domain without a field that tells them apart, naming what to do', async () => {
    const emulator = start({
      domains: {
        Box: { fields: { colour: 'STRING' } },
        Item: { fields: { name: 'STRING', box: { type: 'DOMAIN_OBJECT', domain: 'Box' } } },
      },
    })
    const token = await login(emulator, 'admin', 'admin')
    const box = await create(emulator, token, 'Box', { colour: 'red' })
    await create(emulator, token, 'Box', { colour: 'red' })
    await create(emulator, token, 'Item', { name: 'pen', box: { id: box } })
    const parent = tempDir()

    const refused = await emulator.exportData(join(parent, 'out')).catch((error: unknown) => error)
    expect(IllegalStateException.is(refused)).toBe(true)
    expect((refused as Error).message).toMatch(
      /Item\.box references Box objects.*no field of Box holds a different value in every Box object.*Give Box a text or whole-number field/s,
    )
    expect(readdirSync(parent)).toEqual([])
  })

  it('lists a DOMAIN_OBJECT_LIST field as omitted: seed data cannot set one', async () => {
    const emulator = start({
      domains: {
        Tag: { fields: { name: 'STRING' } },
        Note: { fields: { text: 'STRING', tags: { type: 'DOMAIN_OBJECT_LIST', domain: 'Tag' } } },
      },
    })
    const token = await login(emulator, 'admin', 'admin')
    const tag = await create(emulator, token, 'Tag', { name: 'urgent' })
    await create(emulator, token, 'Note', { text: 'a', tags: [{ id: tag }] })
    const summary = await emulator.exportData(join(tempDir(), 'out'))
    expect(summary.omitted).toEqual([
      {
        tenant: 'default',
        domain: 'Note',
        field: 'tags',
        objects: 1,
        reason: expect.stringContaining('DOMAIN_OBJECT_LIST'),
      },
    ])
  })

  it("writes the data folder's model alike in every tenant, so that a tenant without model files loads too", async () => {
    // The tenant "other" has the model's records from its definitions only (no options list, no defaults as written).
    const options = { dataDir: NORTHWIND, tenants: ['other'] } satisfies EmulatorOptions
    const first = start(options)
    const exported = join(tempDir(), 'exported')
    await first.exportData(exported)
    await stop(first)
    // Each tenant's own metadata aside (editable, extInfo, how a default is spelled), the same definitions:
    // the load refuses a domain two tenants define differently.
    const model = readFileSync(join(exported, 'production', 'other', 'DomainClassField.csv'), 'utf8')
    expect(model).toContain('"Customer","region","STRING",NULL,Y,Y,NULL,"[""NORTH"",""SOUTH""]",NULL')
    const second = start({ ...options, dataDir: exported, strictSeed: true })
    expect(second.host.runAs({ tenant: 'northwind' }, () => SimpleQuery.count('Customer'))).toBe(2)
    expect(second.host.runAs({ tenant: 'other' }, () => SimpleQuery.count('Customer'))).toBe(0)
  })

  it('an emulator without a data folder exports its tenants and default administrator, which load again', async () => {
    const options = {
      tenants: ['acme', 'globex'],
      domains: { Tag: { fields: { name: 'STRING' } } },
    } satisfies EmulatorOptions
    const first = start(options)
    const token = await login(first, 'admin', 'admin')
    await create(first, token, 'Tag', { name: 'urgent' })
    first.updateUser('admin', { password: 'changed' })
    const exported = join(tempDir(), 'exported')
    const summary = await first.exportData(exported)
    await stop(first)

    expect(summary.files.filter((f) => f.domain === 'Organization').map((f) => f.tenant)).toEqual([
      'acme',
      'globex',
    ])
    expect(existsSync(join(exported, 'production', 'globex', 'Organization.csv'))).toBe(true)
    const second = start({ ...options, dataDir: exported, strictSeed: true })
    const again = await login(second, 'admin', 'changed')
    expect((await call(second, 'GET', '/data/Tag', { token: again })).body.data).toMatchObject([
      { name: 'urgent' },
    ])
    expect(second.host.runAs({ tenant: 'acme' }, () => SimpleQuery.count('User'))).toBe(1)
  })
})
