import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { DomainHelper, IllegalStateException, QueryHelper, SimpleQuery } from '../../../src/index.js'
import {
  createTestHost,
  pgliteStore,
  postgresStore,
  type Store,
  type TestHost,
} from '../../../src/testing/index.js'
import { lastingStore } from '../../../src/testing/store/lasting-store.js'
import { catchError } from '../hosts.js'

const DOMAINS = { Label: { fields: { name: { type: 'STRING', required: true } } } } as const

const url = process.env['TECH_VENDOR_PG_URL']

function label(name: string): number {
  const object = DomainHelper.buildDomain('Label', { name })
  DomainHelper.createDomain(object)
  return object['id'] as number
}
const names = (): unknown[] =>
  SimpleQuery.of('Label')
    .list(0, 100, ['id'])
    .map((row) => row['name'])

/** A place that keeps data between stores: a PGlite data directory, or a database of its own on the server. */
interface Place {
  open(): Promise<Store>
  drop(): Promise<void>
}

function pglitePlace(): Place {
  const dir = mkdtempSync(join(tmpdir(), 'tv-lasting-'))
  return {
    open: async () => lastingStore(await pgliteStore({ dataDir: dir })),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** A database made for the test and dropped after it, so that test files on the server never meet. */
async function serverPlace(serverUrl: string): Promise<Place> {
  const name = `tv_lasting_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const dbUrl = new URL(serverUrl)
  dbUrl.pathname = `/${name}`
  return {
    open: async () => lastingStore(postgresStore({ url: dbUrl.toString() })),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

const places: [string, () => Promise<Place>][] = [['PGlite with a data directory', async () => pglitePlace()]]
if (url !== undefined) places.push(['PostgreSQL (TECH_VENDOR_PG_URL)', () => serverPlace(url)])

describe.each(places)('lasting data on %s', (_kind, makePlace) => {
  let place: Place
  const stores: Store[] = []
  let host: TestHost | undefined

  const install = async (domains: object = DOMAINS): Promise<TestHost> => {
    const store = await place.open()
    stores.push(store)
    host = createTestHost({ domains: domains as typeof DOMAINS, store }).install()
    return host
  }

  /** Uninstalls the host and closes its store, as a process that stops would. */
  const stop = async (): Promise<void> => {
    host?.uninstall()
    host = undefined
    await stores.pop()?.close()
  }

  afterEach(async () => {
    host?.uninstall()
    host = undefined
    for (const store of stores.splice(0)) await store.close()
    await place?.drop()
  })

  it('keeps what was committed for the next store, not what was rolled back, and ids go on', async () => {
    place = await makePlace()
    await install()
    const first = label('kept outside a transaction')
    QueryHelper.withTransaction(() => label('kept by a commit'))
    QueryHelper.withTransaction((status) => {
      label('rolled back')
      status.setRollbackOnly()
    })
    const committed = names()
    await stop()

    await install()
    expect(committed).toEqual(['kept outside a transaction', 'kept by a commit'])
    expect(names()).toEqual(committed)
    expect(label('after the restart')).toBeGreaterThan(first + 2)
  })

  it('keeps the work of a new session that ran inside a transaction which then rolled back', async () => {
    place = await makePlace()
    await install()
    QueryHelper.withTransaction((status) => {
      label('outer, rolled back')
      QueryHelper.withNewSession(() => label('new session, committed'))
      status.setRollbackOnly()
    })
    await stop()
    await install()
    expect(names()).toEqual(['new session, committed'])
  })

  it('refuses data kept for other domains, saying how to keep it, and changes nothing', async () => {
    place = await makePlace()
    await install()
    label('old')
    await stop()

    const other = { Label: { fields: { name: 'STRING', colour: 'STRING' } } }
    const error = await install(other).catch((thrown: unknown) => thrown)
    // The refusal comes at the host's first use of its data.
    const refused = error instanceof Error ? error : catchError(() => SimpleQuery.count('Label'))
    expect(refused).toBeInstanceOf(IllegalStateException)
    expect((refused as Error).message).toMatch(/made for other domains.*vendor-api export.*--data/s)
    await stop()

    await install()
    expect(names()).toEqual(['old'])
  })
})

describe.skipIf(url === undefined)('one database shared by two stores (needs TECH_VENDOR_PG_URL)', () => {
  let place: Place | undefined
  afterAll(async () => place?.drop())

  it('serves the same application to both: each sees what the other committed, ids from one sequence', async () => {
    place = await serverPlace(url as string)
    const [a, b] = [await place.open(), await place.open()]
    try {
      const onA = createTestHost({ domains: DOMAINS, store: a }).install()
      const first = label('from a')
      onA.uninstall()
      const onB = createTestHost({ domains: DOMAINS, store: b }).install()
      expect(names()).toEqual(['from a'])
      const second = label('from b')
      onB.uninstall()
      onA.install()
      expect(names()).toEqual(['from a', 'from b'])
      expect(second).toBeGreaterThan(first)
      onA.uninstall()
    } finally {
      await a.close()
      await b.close()
    }
  })
})
