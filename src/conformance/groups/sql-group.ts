import { expect, it, type TestContext } from 'vitest'
import { QueryHelper, type SynchronousResult } from '../../api/query-helper.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { StorageUtils } from '../../api/storage-utils.js'
import { SQLException } from '../../errors/sql-exception.js'
import { UnsupportedOperationException } from '../../errors/unsupported-operation-exception.js'
import type { GroovyRowResult, Sql } from '../../model/sql.js'
import { CUSTOMER, ITEM, TAG } from '../conformance-domains.js'
import { TENANTS, type SuiteContext } from '../suite-context.js'
import type { GroupDefinition } from './group-definition.js'
import { catchError, createOne, nameSet } from './test-helpers.js'

/** The tenants of the suite's hosts: code outside `runAs` runs as the first. */
const [ACME = 'acme', GLOBEX = 'globex'] = TENANTS

/** Runs `fn` with the host's `Sql`. */
const sql = <T>(fn: (sql: Sql) => SynchronousResult<T>): T => QueryHelper.withSql(fn)

const tags = (): string[] => nameSet(SimpleQuery.getAll(TAG))
const tagRows = (): string[] =>
  sql((s) => s.rows('select name from tag order by name')).map((r) => r['name'] as string)

/** SPEC §10.3 and §10.4: native SQL through `QueryHelper.withSql` on a store that runs SQL. */
export const sqlGroup: GroupDefinition = {
  group: 'sql',
  title: 'QueryHelper.withSql: groovy.sql.Sql on the platform’s tables (SPEC §10.3, §10.4)',
  register(suite) {
    it('rows binds ? parameters and returns each row as an object keyed by column name', (context) => {
      startWithSql(suite, context)
      for (const name of ['b', 'a', 'c']) createOne(TAG, { name })
      const rows = sql((s) => s.rows('select name from tag where name <> ? order by name', ['b']))
      expect(rows).toEqual([{ name: 'a' }, { name: 'c' }])
    })

    it('binds :name parameters from an object, each name once however often it is used', (context) => {
      startWithSql(suite, context)
      for (const name of ['a', 'b']) createOne(TAG, { name })
      const rows = sql((s) =>
        s.rows('select name from tag where name = :wanted or upper(name) = upper(:wanted)', { wanted: 'b' }),
      )
      expect(rows).toEqual([{ name: 'b' }])
    })

    it('leaves ? and :name alone inside string literals, quoted names, comments and :: casts', (context) => {
      startWithSql(suite, context)
      const row = sql((s) =>
        s.firstRow(`select '?' as "why?", ':x' as lit, ?::int as n -- a ? and a :y here\n`, [7]),
      )
      expect(row).toEqual({ 'why?': '?', lit: ':x', n: 7 })
    })

    it('firstRow returns the first row, or null when there is none', (context) => {
      startWithSql(suite, context)
      for (const name of ['b', 'a']) createOne(TAG, { name })
      expect(sql((s) => s.firstRow('select name from tag order by name'))).toEqual({ name: 'a' })
      expect(sql((s) => s.firstRow('select name from tag where name = ?', ['z']))).toBeNull()
    })

    it('eachRow calls the closure with each row in order, with and without parameters', (context) => {
      startWithSql(suite, context)
      for (const name of ['b', 'a', 'c']) createOne(TAG, { name })
      const seen: GroovyRowResult[] = []
      sql((s) => s.eachRow('select name from tag order by name', (row) => void seen.push(row)))
      sql((s) =>
        s.eachRow('select name from tag where name > ? order by name', ['a'], (row) => void seen.push(row)),
      )
      expect(seen.map((r) => r['name'])).toEqual(['a', 'b', 'c', 'b', 'c'])
    })

    it('execute tells whether the statement returned rows; executeUpdate returns the rows it changed', (context) => {
      startWithSql(suite, context)
      for (const name of ['a', 'b', 'c']) createOne(TAG, { name })
      expect(sql((s) => s.execute('select name from tag'))).toBe(true)
      expect(sql((s) => s.execute("update tag set name = 'x' where name = ?", ['a']))).toBe(false)
      expect(sql((s) => s.executeUpdate("update tag set name = upper(name) where name <> 'x'"))).toBe(2)
      expect(sql((s) => s.executeUpdate('delete from tag where name = ?', ['nothing']))).toBe(0)
      expect(tags()).toEqual(['B', 'C', 'x'])
    })

    it('executeInsert returns the generated keys, one array per row, the id first', (context) => {
      startWithSql(suite, context)
      const keys = sql((s) =>
        s.executeInsert('insert into tag (tenant_id, name) values (?, ?), (?, ?)', [ACME, 'a', ACME, 'b']),
      )
      expect(keys).toHaveLength(2)
      const ids = keys.map((row) => row[0])
      for (const id of ids) expect(typeof id).toBe('number')
      expect(ids[1]).toBeGreaterThan(ids[0] as number)
      expect(SimpleQuery.getById(TAG, ids[0] as number)).toMatchObject({ name: 'a' })
    })

    it('reads values as JavaScript holds them: numbers, numeric text with its scale, dates, instants, booleans', (context) => {
      startWithSql(suite, context)
      const at = new Date('2024-03-01T09:15:00.123Z')
      const item = createOne(ITEM, {
        name: 'all',
        qty: 3,
        big: 9_007_199_254_740_991,
        score: 0.5,
        price: '12.50',
        active: true,
        day: '2024-02-29',
        at,
        data: '{"a": [1, 2]}',
      })
      const row = sql((s) =>
        s.firstRow(
          'select id, name, qty, big, score, price, active, day, at, data, big + 2 as past_safe from item where id = ?',
          [item.id],
        ),
      )
      expect(row).toEqual({
        id: item.id,
        name: 'all',
        qty: 3,
        big: 9_007_199_254_740_991,
        score: 0.5,
        price: '12.50',
        active: true,
        day: '2024-02-29',
        at,
        data: '{"a": [1, 2]}',
        past_safe: 9_007_199_254_740_993n,
      })
    })

    it('lays the domains out as GORM does: snake_case tables, <field>_id references, a join table, stored files', (context) => {
      startWithSql(suite, context)
      const owner = createOne(CUSTOMER, { name: 'Ann' })
      const red = createOne(TAG, { name: 'red' })
      const blue = createOne(TAG, { name: 'blue' })
      const file = StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'x')
      const item = createOne(ITEM, { name: 'i', owner, tags: [blue, red], attachment: file })
      const row = sql((s) =>
        s.firstRow(
          'select i.owner_id, i.attachment_id, c.name as owner, f.file_name, f.mime_type from item i ' +
            'join customer c on c.id = i.owner_id join storage_file f on f.id = i.attachment_id where i.id = ?',
          [item.id],
        ),
      )
      expect(row).toEqual({
        owner_id: owner.id,
        attachment_id: file.id,
        owner: 'Ann',
        file_name: 'a.txt',
        mime_type: 'text/plain',
      })
      const list = sql((s) =>
        s.rows('select tag_id, tags_idx from item_tag where item_tags_id = ? order by tags_idx', [item.id]),
      )
      expect(list).toEqual([
        { tag_id: blue.id, tags_idx: 0 },
        { tag_id: red.id, tags_idx: 1 },
      ])
    })

    it('native SQL is not filtered by tenant; each row says its tenant in tenant_id', (context) => {
      const { host } = startWithSql(suite, context)
      createOne(TAG, { name: 'mine' })
      host.runAs({ tenant: GLOBEX }, () => createOne(TAG, { name: 'theirs' }))
      const rows = sql((s) => s.rows('select name, tenant_id from tag order by name'))
      expect(rows).toEqual([
        { name: 'mine', tenant_id: ACME },
        { name: 'theirs', tenant_id: GLOBEX },
      ])
      expect(tags()).toEqual(['mine'])
    })

    it('what native SQL writes, the facades read in the same session, and the other way round', (context) => {
      startWithSql(suite, context)
      createOne(TAG, { name: 'facade' })
      sql((s) => s.executeUpdate('insert into tag (tenant_id, name) values (?, ?)', [ACME, 'native']))
      expect(tags()).toEqual(['facade', 'native'])
      expect(tagRows()).toEqual(['facade', 'native'])
      QueryHelper.withTransaction(() => {
        createOne(TAG, { name: 'in tx' })
        expect(tagRows()).toEqual(['facade', 'in tx', 'native'])
        sql((s) => s.executeUpdate("update tag set name = 'changed' where name = 'facade'"))
        expect(tags()).toEqual(['changed', 'in tx', 'native'])
      })
      expect(tags()).toEqual(['changed', 'in tx', 'native'])
    })

    it('inside QueryHelper.withTransaction, native writes roll back with the transaction', (context) => {
      startWithSql(suite, context)
      const failure = new Error('closure failed')
      const thrown = catchError(() =>
        QueryHelper.withTransaction(() => {
          sql((s) => s.executeUpdate('insert into tag (tenant_id, name) values (?, ?)', [ACME, 'lost']))
          createOne(TAG, { name: 'lost too' })
          throw failure
        }),
      )
      expect(thrown).toBe(failure)
      expect(tagRows()).toEqual([])
    })

    it('sql.withTransaction commits on return and rolls back on throw, facade calls inside it included', (context) => {
      startWithSql(suite, context)
      const kept = sql((s) =>
        s.withTransaction(() => {
          s.executeUpdate('insert into tag (tenant_id, name) values (?, ?)', [ACME, 'kept'])
          createOne(TAG, { name: 'kept too' })
          return 'done'
        }),
      )
      expect(kept).toBe('done')
      const failure = new Error('closure failed')
      expect(
        catchError(() =>
          sql((s) =>
            s.withTransaction(() => {
              s.executeUpdate('insert into tag (tenant_id, name) values (?, ?)', [ACME, 'lost'])
              createOne(TAG, { name: 'lost too' })
              throw failure
            }),
          ),
        ),
      ).toBe(failure)
      expect(tags()).toEqual(['kept', 'kept too'])
    })

    it('withBatch runs every statement it collects and returns their update counts', (context) => {
      startWithSql(suite, context)
      createOne(TAG, { name: 'a' })
      const counts = sql((s) =>
        s.withBatch((batch) => {
          batch.addBatch('insert into tag (tenant_id, name) values (?, ?)', [ACME, 'b'])
          batch.addBatch("insert into tag (tenant_id, name) values (:t, 'c')", { t: ACME })
          batch.addBatch("update tag set name = upper(name) where name in ('a', 'b')")
        }),
      )
      expect(counts).toEqual([1, 1, 2])
      expect(tags()).toEqual(['A', 'B', 'c'])
    })

    it('withBatch is all or nothing: a failing statement leaves nothing of the batch', (context) => {
      startWithSql(suite, context)
      const error = catchError(() =>
        sql((s) =>
          s.withBatch((batch) => {
            batch.addBatch('insert into tag (tenant_id, name) values (?, ?)', [ACME, 'lost'])
            batch.addBatch('insert into tag (tenant_id, name) values (?, null)', [ACME])
          }),
        ),
      )
      expect(SQLException.is(error), String(error)).toBe(true)
      expect((error as SQLException).sqlState).toBe('23502')
      expect(tags()).toEqual([])
    })

    it('a statement the database refuses is an SQLException with its SQLSTATE and message, and the host goes on', (context) => {
      startWithSql(suite, context)
      const missing = catchError(() => sql((s) => s.rows('select * from no_such_table')))
      expect(SQLException.is(missing), String(missing)).toBe(true)
      expect((missing as SQLException).sqlState).toBe('42P01')
      expect((missing as Error).message).toContain('relation "no_such_table" does not exist')
      const syntax = catchError(() => sql((s) => s.execute('selec 1')))
      expect((syntax as SQLException).sqlState).toBe('42601')
      createOne(TAG, { name: 'after' })
      expect(tagRows()).toEqual(['after'])
    })

    it('inside a transaction a failed statement aborts it, as on PostgreSQL; sql.withTransaction undoes only its part', (context) => {
      startWithSql(suite, context)
      const error = catchError(() =>
        QueryHelper.withTransaction(() => {
          createOne(TAG, { name: 'lost' })
          expect(SQLException.is(catchError(() => sql((s) => s.execute('select 1/0'))))).toBe(true)
          const next = catchError(() => sql((s) => s.rows('select 1')))
          expect((next as SQLException).sqlState).toBe('25P02')
        }),
      )
      // Committing it fails as PostgreSQL's JDBC driver fails when the database answers COMMIT with ROLLBACK.
      expect(SQLException.is(error), String(error)).toBe(true)
      expect((error as SQLException).sqlState).toBe('25P02')
      expect(tags()).toEqual([])
      QueryHelper.withTransaction(() => {
        createOne(TAG, { name: 'kept' })
        const failed = catchError(() => sql((s) => s.withTransaction(() => s.execute('select 1/0'))))
        expect((failed as SQLException).sqlState).toBe('22012')
        createOne(TAG, { name: 'kept too' })
      })
      expect(tags()).toEqual(['kept', 'kept too'])
    })
  },
}

/** Starts a host, or reports the test as skipped, with the reason, when its store runs no SQL. */
function startWithSql(suite: SuiteContext, context: TestContext): ReturnType<SuiteContext['start']> {
  const started = suite.start()
  try {
    QueryHelper.withSql(() => null)
  } catch (error) {
    if (UnsupportedOperationException.is(error))
      context.skip(`the host's store runs no SQL: ${(error as Error).message.split('. ')[0] ?? ''}`)
    throw error
  }
  return started
}
