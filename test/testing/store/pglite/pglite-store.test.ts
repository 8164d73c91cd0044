import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import {
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  QueryHelper,
  SimpleQuery,
} from '../../../../src/index.js'
import { createTestHost, pgliteStore, type TestHost } from '../../../../src/testing/index.js'
import { SHOP, catchError } from '../../hosts.js'

const store = await pgliteStore()
afterAll(() => store.close())

const hosts: TestHost[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const host of hosts.splice(0)) host.uninstall()
})

function install(options: Parameters<typeof createTestHost>[0] = {}): TestHost {
  const host = createTestHost({ domains: SHOP, store, ...options }).install()
  hosts.push(host)
  return host
}

const label = (name: string): void => DomainHelper.createDomain(DomainHelper.buildDomain('Label', { name }))

describe('pgliteStore', () => {
  it('names itself PGlite', () => {
    expect(store.kind).toBe('PGlite')
  })

  it('gives each host empty tables, and ids that start at 1 again', () => {
    const first = install()
    label('a')
    label('b')
    expect(SimpleQuery.count('Label')).toBe(2)
    first.uninstall()
    install()
    expect(SimpleQuery.count('Label')).toBe(0)
    label('c')
    expect(SimpleQuery.of('Label').eq('name', 'c').get()).toMatchObject({ id: 1 })
  })

  it('reopens a host’s data, seed included, when the host is installed again', () => {
    const host = install({ seed: { Label: [{ 'name(*)': 'seeded' }] } })
    label('added')
    expect(SimpleQuery.count('Label')).toBe(2)
    host.uninstall()
    host.install()
    expect(SimpleQuery.getAll('Label').map((l) => l['name'])).toEqual(['seeded'])
  })

  it('serves one host at a time, and says which host holds it', () => {
    install({ name: 'holder' })
    label('x')
    const refused = catchError(() =>
      createTestHost({ name: 'seeded', domains: SHOP, store, seed: { Label: [{ name: 'y' }] } }),
    )
    expect(IllegalStateException.is(refused)).toBe(true)
    expect((refused as Error).message).toMatch(/test host 'holder' holds it: uninstall that host/)
  })

  it('keeps the tables of each set of domains apart', () => {
    install({ domains: { Label: { fields: { name: 'STRING', colour: 'STRING' } } } })
    DomainHelper.createDomain(DomainHelper.buildDomain('Label', { name: 'n', colour: 'red' }))
    expect(QueryHelper.withSql((sql) => sql.firstRow('select colour from label'))).toEqual({ colour: 'red' })
    hosts.pop()?.uninstall()
    install()
    expect(
      QueryHelper.withSql((sql) =>
        sql.rows(
          "select column_name from information_schema.columns where table_name = 'label' and table_schema = current_schema() order by ordinal_position",
        ),
      ),
    ).toEqual([{ column_name: 'id' }, { column_name: 'tenant_id' }, { column_name: 'name' }])
  })

  it('works under the caller’s fake timers, and leaves none of its own on the fake clock', () => {
    vi.useFakeTimers()
    install()
    label('a')
    expect(SimpleQuery.count('Label')).toBe(1)
    expect(vi.getTimerCount()).toBe(0)
    vi.runAllTimers()
    expect(SimpleQuery.count('Label')).toBe(1)
  })

  it('leaves the next host no prepared statement of native SQL, which a rollback does not undo', () => {
    install()
    QueryHelper.withSql((sql) => sql.execute('prepare counted as select count(*) from label'))
    hosts.pop()?.uninstall()
    install()
    expect(QueryHelper.withSql((sql) => sql.execute('prepare counted as select count(*) from label'))).toBe(
      false,
    )
  })

  it('prepares the statements it sends again once, and runs them in the next host without parsing them again', () => {
    install()
    label('a')
    label('b')
    hosts.pop()?.uninstall()
    install()
    label('c')
    const [insert] = QueryHelper.withSql((sql) =>
      sql.rows(
        "select generic_plans + custom_plans as runs from pg_prepared_statements where statement like 'INSERT INTO %label%'",
      ),
    )
    expect(Number(insert?.['runs'])).toBe(3)
  })

  it('after native SQL drops the prepared statements, or changes a table they read, the facades still work', () => {
    install()
    label('a')
    expect(SimpleQuery.getAll('Label').map((l) => l['name'])).toEqual(['a'])
    QueryHelper.withSql((sql) => sql.execute('deallocate all'))
    label('b')
    QueryHelper.withSql((sql) => sql.execute('alter table label alter column name type varchar(20)'))
    expect(SimpleQuery.getAll('Label').map((l) => l['name'])).toEqual(['a', 'b'])
    hosts.pop()?.uninstall()
    // The change was rolled back with the host: a statement planned for it must not run on the table as it is.
    install()
    label('c')
    expect(SimpleQuery.getAll('Label').map((l) => l['name'])).toEqual(['c'])
  })

  it('a host whose store was closed says so on every call, and still uninstalls', async () => {
    const own = await pgliteStore()
    const host = createTestHost({ domains: SHOP, store: own }).install()
    label('a')
    await own.close()
    for (const call of [() => SimpleQuery.count('Label'), () => label('b')]) {
      const error = catchError(call)
      expect(IllegalStateException.is(error), String(error)).toBe(true)
      expect((error as Error).message).toMatch(/PGlite store is closed; make a new one with pgliteStore\(\)/)
    }
    host.uninstall()
    await own.close()
  })

  it('refuses unknown options and values, naming them', async () => {
    for (const options of [{ colation: 'C' }, { collation: 'en_US' }, { dataDir: 42 }, 'C']) {
      const error = await pgliteStore(options as never).catch((e: unknown) => e)
      expect(IllegalArgumentException.is(error), String(error)).toBe(true)
    }
    const error = await pgliteStore({ collation: 'fr' as never }).catch((e: unknown) => e)
    expect((error as Error).message).toMatch(/collation must be 'C' .* or 'und' .*, got the string "fr"/)
  })
})

describe('the work of one iLike search on a SQL store is bounded (OWASP API4)', () => {
  it('a run between % longer than 256 characters is refused before the database sees it, saying what to do', () => {
    install()
    label('a'.repeat(20_000))
    for (const pattern of [`%${'a'.repeat(20_000)}b%`, `${'_'.repeat(257)}%`, `%x%${'ab'.repeat(129)}`]) {
      const error = catchError(() => SimpleQuery.of('Label').iLike('name', pattern).listAll())
      expect(IllegalArgumentException.is(error), pattern.slice(0, 20)).toBe(true)
      expect((error as Error).message).toMatch(
        /^iLike on Label\.name: the pattern holds a run of \d+ characters without %, and a SQL store takes runs of 256 at most.*Search for a shorter part of the text\.$/,
      )
    }
  })

  it('runs of up to 256 characters are searched as PostgreSQL does', () => {
    install()
    label(`x${'ab'.repeat(200)}y`)
    expect(
      SimpleQuery.of('Label')
        .iLike('name', `%${'AB'.repeat(128)}%`)
        .listAll(),
    ).toHaveLength(1)
    expect(
      SimpleQuery.of('Label')
        .iLike('name', `x%${'_'.repeat(255)}%y`)
        .listAll(),
    ).toHaveLength(1)
  })
})
