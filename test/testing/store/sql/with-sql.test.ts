import { afterAll, describe, expect, it } from 'vitest'
import {
  DomainHelper,
  IllegalArgumentException,
  IllegalStateException,
  QueryHelper,
  SQLException,
  SimpleQuery,
  StorageUtils,
  type Sql,
  type SynchronousResult,
} from '../../../../src/index.js'
import { pgliteStore, type TestHost } from '../../../../src/testing/index.js'
import { catchError, installHost } from '../../hosts.js'

const store = await pgliteStore()
afterAll(() => store.close())

const install = (): TestHost => installHost({ store, tenants: ['acme', 'globex'] })

const sql = <T>(fn: (sql: Sql) => SynchronousResult<T>): T => QueryHelper.withSql(fn)
const sqlState = (fn: () => unknown): string => {
  const error = catchError(fn)
  expect(SQLException.is(error), String(error)).toBe(true)
  return (error as SQLException).sqlState
}

describe('withSql parameters', () => {
  it('?? is a literal question mark, and $n placeholders take an array as they are', () => {
    install()
    expect(sql((s) => s.firstRow("select '{\"a\":1}'::jsonb ?? 'a' as has, ? as v", ['x']))).toEqual({
      has: true,
      v: 'x',
    })
    expect(sql((s) => s.firstRow('select $1::int + $2::int as sum', [1, 2]))).toEqual({ sum: 3 })
  })

  it('leaves placeholders alone in E-strings, dollar-quoted text and block comments', () => {
    install()
    const row = sql((s) =>
      s.firstRow(
        "select E'it\\'s ?' as e, $$ :x ? $$ as d, $tag$?$tag$ as t /* ? :y /* nested ? */ */, ? as p",
        [1],
      ),
    )
    expect(row).toEqual({ e: "it's ?", d: ' :x ? ', t: '?', p: '1' })
  })

  it('a count of values that does not match the placeholders is an SQLException 07001 naming both', () => {
    install()
    expect(sqlState(() => sql((s) => s.rows('select ?, ?', [1])))).toBe('07001')
    const error = catchError(() => sql((s) => s.rows('select :a, :b', { a: 1 })))
    expect((error as Error).message).toMatch(/no value for :b/)
    expect(sqlState(() => sql((s) => s.rows('select ?, :a', [1])))).toBe('07001')
    expect(sqlState(() => sql((s) => s.rows('select ?')))).toBe('07001')
  })

  it('takes 65,535 parameters, and refuses more with an SQLException 54023 that says what to do instead', () => {
    install()
    const values = (count: number): number[] => Array.from({ length: count }, (_, i) => i)
    const most = sql((s) =>
      s.firstRow(
        `select array_length(array[${values(65_535)
          .map(() => '?::int')
          .join(',')}], 1) as n`,
        values(65_535),
      ),
    )
    expect(most).toEqual({ n: 65_535 })
    const error = catchError(() =>
      sql((s) =>
        s.rows(
          `select ${values(65_536)
            .map(() => '?')
            .join(',')}`,
          values(65_536),
        ),
      ),
    )
    expect(SQLException.is(error), String(error)).toBe(true)
    expect(error).toMatchObject({ sqlState: '54023' })
    expect((error as Error).message).toMatch(
      /at most 65535 parameters .* this one has 65536; nothing was run\. Split it, or pass the values as one array/,
    )
    // The host goes on.
    expect(sql((s) => s.firstRow('select ?::int as one', [1]))).toEqual({ one: 1 })
  })

  it('sends Dates as instants, bytes as bytea, arrays as arrays, bigints exactly and objects as JSON', () => {
    install()
    const at = new Date('2024-03-01T09:15:00.123Z')
    const row = sql((s) =>
      s.firstRow(
        'select ?::timestamptz as at, ?::bytea as bytes, ?::int[] as ints, ?::int8 as big, ?::jsonb as doc, ?::text[] as texts',
        [at, new Uint8Array([0, 255, 16]), [1, 2, 3], 2n ** 62n, { a: [1, 'x'] }, ['a,b', 'c"d', null]],
      ),
    )
    expect(row).toEqual({
      at,
      bytes: new Uint8Array([0, 255, 16]),
      ints: [1, 2, 3],
      big: 2n ** 62n,
      doc: '{"a": [1, "x"]}',
      texts: ['a,b', 'c"d', null],
    })
  })

  it('sends an array of arrays as a multidimensional array', () => {
    install()
    const row = sql((s) =>
      s.firstRow('select ?::int[] as ints, ?::text[] as texts', [
        [
          [1, 2],
          [3, null],
        ],
        [['a,b', 'c"d']],
      ]),
    )
    expect(row).toEqual({
      ints: [
        [1, 2],
        [3, null],
      ],
      texts: [['a,b', 'c"d']],
    })
  })

  it('refuses a value SQL cannot take with an IllegalArgumentException naming the parameter', () => {
    install()
    for (const value of [
      () => 1,
      Symbol('s'),
      Number.NaN,
      new Date(Number.NaN),
      new Map([['a', 1]]),
      new Set([1]),
    ]) {
      const error = catchError(() => sql((s) => s.rows('select ?', [value])))
      expect(IllegalArgumentException.is(error), String(error)).toBe(true)
      expect((error as Error).message).toMatch(/parameter \$1/)
    }
  })
})

describe('withSql values', () => {
  it('reads instants BC and past year 9999, a timestamp without zone as UTC, and floats PostgreSQL spells out', () => {
    install()
    const row = sql((s) =>
      s.firstRow(
        "select '0044-03-15 12:00:00+00 BC'::timestamptz as bc, '12345-01-01 00:00:00+00'::timestamptz as far, " +
          "'2024-01-01 10:00:00'::timestamp as local, 'NaN'::float8 as nan, '-Infinity'::float8 as inf, 1.50::numeric(5,3) as n",
      ),
    )
    const bc = new Date(0)
    bc.setUTCFullYear(-43, 2, 15)
    bc.setUTCHours(12, 0, 0, 0)
    expect(row).toEqual({
      bc,
      far: new Date(Date.UTC(12345, 0, 1)),
      local: new Date('2024-01-01T10:00:00Z'),
      nan: Number.NaN,
      inf: -Infinity,
      n: '1.500',
    })
  })

  it('writes instants BC through the facades and reads them back', () => {
    install()
    const shippedAt = new Date(0)
    shippedAt.setUTCFullYear(-43, 2, 15)
    DomainHelper.createDomain(
      DomainHelper.buildDomain('Purchase', { number: 'P1', status: 'OPEN', shippedAt }),
    )
    expect(SimpleQuery.of('Purchase').le('shippedAt', shippedAt).get()).toMatchObject({ shippedAt })
  })
})

describe('withSql statements', () => {
  it('an empty required field that native SQL stored does not stop an update of another field', () => {
    install()
    const ann = DomainHelper.buildDomain('Client', { name: 'Ann' }) as { id: number }
    DomainHelper.createDomain(ann)
    sql((s) => s.executeUpdate("update client set name = '' where id = ?", [ann.id]))
    DomainHelper.updateDomain({ id: ann.id, email: 'ann@example.com' })
    expect(SimpleQuery.getById('Client', ann.id)).toMatchObject({ name: '', email: 'ann@example.com' })
    // Sent again, the empty value is refused as a form's would be.
    expect(
      catchError(() =>
        DomainHelper.updateDomain({ ...SimpleQuery.getById('Client', ann.id)!, email: 'x@y' }),
      ),
    ).toMatchObject({ errors: [{ field: 'name', code: 'nullable', rejectedValue: '' }] })
  })

  it('a Sql kept past its withSql runs nothing: its statements and withTransaction are refused and reported', () => {
    const host = install()
    let kept: Sql | undefined
    sql((s) => {
      kept = s
      return s.firstRow('select 1 as one')
    })
    for (const late of [
      () => kept!.execute("insert into label (tenant_id, name) values ('acme', 'late')"),
      () => kept!.withTransaction(() => 1),
    ]) {
      const error = catchError(late)
      expect(IllegalStateException.is(error), String(error)).toBe(true)
      expect((error as Error).message).toMatch(
        /^Sql\.(execute|withTransaction) was called after QueryHelper\.withSql returned .* it was refused before it ran\./,
      )
    }
    expect(host.takeErrors()).toHaveLength(2)
    expect(sql((s) => s.firstRow('select count(*)::int as n from label'))).toEqual({ n: 0 })
  })

  it('the rest of an async action is refused when it runs a statement after withSql returned', async () => {
    const host = install()
    let finished: Promise<unknown> | undefined
    const refused = catchError(() =>
      sql(((s: Sql) => {
        finished = (async () => {
          await null
          s.execute("insert into label (tenant_id, name) values ('acme', 'late')")
        })()
        return finished
      }) as never),
    )
    expect(IllegalArgumentException.is(refused)).toBe(true)
    const late = await finished!.catch((caught: unknown) => caught)
    expect(IllegalStateException.is(late)).toBe(true)
    expect(host.takeErrors()).toEqual([late])
    expect(sql((s) => s.firstRow('select count(*)::int as n from label'))).toEqual({ n: 0 })
  })

  it('executeUpdate of a statement that returns rows is an SQLException, as with the JDBC driver', () => {
    install()
    expect(sqlState(() => sql((s) => s.executeUpdate('select 1')))).toBe('0100E')
  })

  it('executeInsert keeps a RETURNING clause the statement has', () => {
    install()
    const keys = sql((s) =>
      s.executeInsert("insert into label (tenant_id, name) values ('acme', 'x') returning name, id"),
    )
    expect(keys).toEqual([['x', 1]])
  })

  it('executeInsert returns the keys of a statement that ends in a line comment', () => {
    install()
    const keys = sql((s) =>
      s.executeInsert("insert into label (tenant_id, name) values ('acme', 'x') -- one label"),
    )
    expect(keys).toEqual([[1, 'acme', 'x']])
  })

  it('refuses statements that control the transaction or the settings the host relies on, running nothing', () => {
    install()
    for (const statement of [
      'commit',
      'BEGIN',
      'rollback',
      'savepoint x',
      'set search_path = public',
      'SET LOCAL TIME ZONE 1',
      'reset all',
      'discard all',
    ]) {
      const error = catchError(() => sql((s) => s.execute(statement)))
      expect((error as SQLException).sqlState, statement).toBe('25000')
      expect((error as Error).message).toMatch(/does not run this statement/)
    }
    expect(sql((s) => s.execute('set local lock_timeout = 100'))).toBe(false)
  })

  it('refuses those settings by quoted name too, which PostgreSQL reads as the same setting', () => {
    install()
    for (const statement of [
      `set "DateStyle" = 'SQL, DMY'`,
      `SET "TimeZone" TO 'America/New_York'`,
      'set local "search_path" to public',
      'reset "datestyle"',
    ]) {
      const error = catchError(() => sql((s) => s.execute(statement)))
      expect((error as SQLException).sqlState, statement).toBe('25000')
    }
    expect(sql((s) => s.firstRow(`select '2024-03-10'::date as day`))).toEqual({ day: '2024-03-10' })
  })

  it('closures that return a Promise are refused: the statements run synchronously', () => {
    install()
    const error = catchError(() => sql((s) => s.eachRow('select 1', () => Promise.resolve())))
    expect(IllegalArgumentException.is(error)).toBe(true)
    expect(
      IllegalArgumentException.is(
        catchError(() => sql((s) => void s.withTransaction(() => Promise.resolve()))),
      ),
    ).toBe(true)
  })

  it('sql.withTransaction whose closure caught a failed statement fails with 25P02 and keeps nothing', () => {
    install()
    const error = catchError(() =>
      sql((s) =>
        s.withTransaction(() => {
          s.execute("insert into label (tenant_id, name) values ('acme', 'lost')")
          catchError(() => s.execute('select 1/0'))
        }),
      ),
    )
    expect(SQLException.is(error), String(error)).toBe(true)
    expect((error as SQLException).sqlState).toBe('25P02')
    expect(sql((s) => s.rows('select name from label'))).toEqual([])
  })

  it('an empty batch runs nothing and returns no counts', () => {
    install()
    expect(sql((s) => s.withBatch(() => undefined))).toEqual([])
  })

  it('a native write in another tenant’s row is possible, as on the platform: native SQL is not filtered', () => {
    const host = install()
    const theirs = host.runAs({ tenant: 'globex' }, () => {
      const label = DomainHelper.buildDomain('Label', { name: 'theirs' })
      DomainHelper.createDomain(label)
      return label
    })
    expect(sql((s) => s.executeUpdate("update label set name = 'changed' where id = ?", [theirs.id]))).toBe(1)
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.getById('Label', theirs.id))).toMatchObject({
      name: 'changed',
    })
    expect(SimpleQuery.getById('Label', theirs.id)).toBeNull()
  })

  it('a facade never reads another tenant’s stored file, even where native SQL points a row at it', () => {
    const host = install()
    const theirs = host.runAs({ tenant: 'globex' }, () =>
      StorageUtils.createStorageFileDomain('secret.txt', 'text/plain', 'theirs'),
    )
    sql((s) =>
      s.execute(
        "insert into purchase (tenant_id, number, status, invoice_id) values ('acme', 'P1', 'OPEN', ?)",
        [theirs.id],
      ),
    )
    expect(SimpleQuery.getAll('Purchase')).toMatchObject([{ number: 'P1', invoice: null }])
  })

  it('a facade create whose id a native insert took fails on the key, as the platform’s insert does, and overwrites nothing', () => {
    const host = install()
    sql((s) => s.execute("insert into label (id, tenant_id, name) values (1, 'acme', 'native')"))
    sql((s) => s.execute("insert into label (id, tenant_id, name) values (2, 'globex', 'theirs')"))
    for (const name of ['first', 'second']) {
      const error = catchError(() => DomainHelper.createDomain(DomainHelper.buildDomain('Label', { name })))
      expect(SQLException.is(error), String(error)).toBe(true)
      expect((error as SQLException).sqlState).toBe('23505')
    }
    expect(sql((s) => s.rows('select id, tenant_id, name from label order by id'))).toEqual([
      { id: 1, tenant_id: 'acme', name: 'native' },
      { id: 2, tenant_id: 'globex', name: 'theirs' },
    ])
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.getAll('Label'))).toMatchObject([
      { name: 'theirs' },
    ])
    const label = DomainHelper.buildDomain('Label', { name: 'third' })
    DomainHelper.createDomain(label)
    expect(label.id).toBe(3)
  })

  it('reads rows a native insert made through the facades, with the tenant it gave them', () => {
    install()
    sql((s) => s.execute("insert into label (tenant_id, name) values ('acme', 'native')"))
    const [label] = SimpleQuery.getAll('Label')
    expect(label).toMatchObject({ name: 'native' })
    DomainHelper.updateDomain({ ...(label as object), name: 'renamed' })
    expect(sql((s) => s.firstRow('select name from label'))).toEqual({ name: 'renamed' })
  })
})
