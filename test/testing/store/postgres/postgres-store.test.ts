import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  QueryHelper,
  SQLException,
  SimpleQuery,
} from '../../../../src/index.js'
import type * as testing from '../../../../src/testing/index.js'
import { createTestHost, postgresStore, type Store, type TestHost } from '../../../../src/testing/index.js'
import { ensureBuilt } from '../../../packaging/built-package.js'
import { SHOP, catchError } from '../../hosts.js'
import { label, labels } from '../labels.js'

// A PostgreSQL server, when TECH_VENDOR_PG_URL names one (docs/sql.md); CI has none, and these tests report
// themselves skipped with that reason.
const url = process.env['TECH_VENDOR_PG_URL']

describe('postgresStore options', () => {
  it('refuses a missing or malformed url without repeating it, an unknown option, a bad lockTimeout', () => {
    for (const options of [
      {},
      { url: 'mysql://u:secret@h/db' },
      { url: 'postgres://h/db', lockTimeout: 0 },
      { url: 'postgres://h/db', pool: 2 },
    ]) {
      const error = catchError(() => postgresStore(options as never))
      expect(IllegalArgumentException.is(error), String(error)).toBe(true)
      expect((error as Error).message).not.toContain('secret')
    }
  })

  it('a server it cannot reach is an SQLException 08001 when the store is made, naming what to check', () => {
    // Port 1 refuses the connection: no server is needed.
    const error = catchError(() => postgresStore({ url: 'postgres://nobody:wrong@127.0.0.1:1/none' }))
    expect(SQLException.is(error), String(error)).toBe(true)
    expect((error as SQLException).sqlState).toBe('08001')
    expect((error as Error).message).toMatch(/could not run statements on the server.*Check the url/s)
    expect((error as Error).message).not.toContain('wrong')
  })
})

describe.skipIf(url === undefined)('postgresStore (needs TECH_VENDOR_PG_URL)', () => {
  const stores: Store[] = []
  let host: TestHost | undefined
  afterEach(() => {
    host?.uninstall()
    host = undefined
  })
  afterAll(async () => {
    for (const store of stores) await store.close()
  })
  const store = (): Store => {
    if (stores[0] === undefined) stores.push(postgresStore({ url: url as string, lockTimeout: 300 }))
    return stores[0] as Store
  }
  const install = (): TestHost => (host = createTestHost({ domains: SHOP, store: store() }).install())

  it('names itself PostgreSQL, and gives each host empty tables and ids from 1', () => {
    expect(store().kind).toBe('PostgreSQL')
    install()
    label('a')
    host?.uninstall()
    install()
    expect(labels()).toEqual([])
    expect(label('b').id).toBe(1)
  })

  it('runs withNewSession on a second connection: it sees committed data only, and keeps its writes', () => {
    install()
    label('committed')
    QueryHelper.withTransaction((status) => {
      label('outer')
      expect(QueryHelper.withNewSession(() => (label('inner'), labels()))).toEqual(['committed', 'inner'])
      status.setRollbackOnly()
    })
    expect(labels()).toEqual(['committed', 'inner'])
  })

  it('a new session that writes a row the transaction holds fails after the lock timeout, and nothing of it lands later', () => {
    install()
    const shared = label('shared')
    QueryHelper.withTransaction(() => {
      DomainHelper.updateDomain({ ...shared, name: 'outer' })
      const error = catchError(() =>
        QueryHelper.withNewSession(() => DomainHelper.updateDomain({ ...shared, name: 'inner' })),
      )
      expect(SQLException.is(error), String(error)).toBe(true)
      expect((error as SQLException).sqlState).toBe('55P03')
      expect((error as Error).message).toMatch(/lock timeout/)
    })
    expect(labels()).toEqual(['outer'])
    // The server cancelled the waiting statement itself: nothing commits behind the caller's back.
    expect(QueryHelper.withSql((sql) => sql.rows('select name from label'))).toEqual([{ name: 'outer' }])
  })

  it('gives the next host fresh sessions: no temporary table, setting or lock of native SQL outlives its host', () => {
    install()
    QueryHelper.withSql((sql) => {
      sql.execute('create temp table scratch (x int)')
      sql.execute('set lock_timeout = 0')
      sql.firstRow(`select set_config('DateStyle', 'SQL, DMY', false)`)
      sql.firstRow('select pg_advisory_lock(42)')
    })
    QueryHelper.withTransaction(() =>
      QueryHelper.withSql((sql) => sql.execute('create temp table held (x int)')),
    )
    host?.uninstall()
    install()
    QueryHelper.withSql((sql) => {
      sql.execute('create temp table scratch (x int)')
      expect(sql.firstRow('show lock_timeout')).toEqual({ lock_timeout: '300ms' })
      expect(sql.firstRow(`select '2024-03-10'::date::text as day`)).toEqual({ day: '2024-03-10' })
      expect(sql.firstRow('select pg_try_advisory_lock(42) as free')).toEqual({ free: true })
    })
    QueryHelper.withTransaction(() =>
      QueryHelper.withSql((sql) => sql.execute('create temp table held (x int)')),
    )
  })

  it('a host whose store was closed says so on every call, and still uninstalls', async () => {
    const own = postgresStore({ url: url as string })
    const other = createTestHost({ domains: SHOP, store: own }).install()
    label('a')
    await own.close()
    const error = catchError(() => SimpleQuery.count('Label'))
    expect(IllegalStateException.is(error), String(error)).toBe(true)
    expect((error as Error).message).toMatch(/PostgreSQL store is closed/)
    other.uninstall()
  })

  it('drops its schemas at close, and the schemas of a store whose process is gone when the next starts', async () => {
    const own = postgresStore({ url: url as string })
    const other = createTestHost({ domains: SHOP, store: own }).install()
    const schema = QueryHelper.withSql((sql) => sql.firstRow('select current_schema() as s'))?.['s'] as string
    // A schema no live store holds, as a killed process leaves it.
    QueryHelper.withSql((sql) => sql.execute('create schema tv_0123456789abcdef_gone'))
    other.uninstall()
    await own.close()
    const next = postgresStore({ url: url as string })
    stores.push(next)
    host = createTestHost({ domains: SHOP, store: next }).install()
    const left = QueryHelper.withSql((sql) =>
      sql.rows("select nspname from pg_namespace where nspname in (?, 'tv_0123456789abcdef_gone')", [schema]),
    )
    expect(left).toEqual([])
  })

  it('orders text by code point and folds case in iLike for every letter, whatever the database’s locale', () => {
    install()
    for (const name of ['b', 'B', 'é', 'É', 'a']) label(name)
    expect(
      SimpleQuery.of('Label')
        .list(0, 10, ['name'])
        .map((l) => l['name']),
    ).toEqual(['B', 'a', 'b', 'É', 'é'])
    expect(
      SimpleQuery.of('Label')
        .iLike('name', 'é')
        .list(0, 10, ['name'])
        .map((l) => l['name']),
    ).toEqual(['É', 'é'])
  })

  it.each(['js', 'cjs'])(
    'runs from the built package (.%s): the worker is found beside its chunks',
    async (ext) => {
      const entry = join(ensureBuilt(), `testing/index.${ext}`)
      const built = (
        ext === 'js' ? await import(pathToFileURL(entry).href) : createRequire(import.meta.url)(entry)
      ) as typeof testing
      const builtStore = built.postgresStore({ url: url as string })
      try {
        host = built.createTestHost({ domains: SHOP, store: builtStore }).install()
        label('from dist')
        expect(QueryHelper.withSql((sql) => sql.rows('select name from label'))).toEqual([
          { name: 'from dist' },
        ])
        host.uninstall()
        host = undefined
      } finally {
        await builtStore.close()
      }
    },
  )
})
