import { describe, expect, it } from 'vitest'
import {
  BeanContainer,
  DomainHelper,
  DomainObjectRenderType,
  IllegalStateException,
  QueryHelper,
  SimpleQuery,
  StorageUtils,
} from '../../src/index.js'
import { memberSpecs, unbindRuntime } from '../../src/runtime-contract/index.js'
import { bindTinyRuntime, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

class Invoice {}

/** A query made while a host was bound, to call the execution methods on once it is gone. */
function orphanQuery(): SimpleQuery {
  bindTinyRuntime({ query: { resolveDomain: () => 'Ticket' } })
  const query = SimpleQuery.of('Ticket')
  unbindRuntime()
  return query
}

/** One call per host-backed member of the facades this folder covers, by member id. */
const calls: Record<string, () => unknown> = {
  'StorageUtils.createStorageFileDomain(String, String, InputStream)': () =>
    StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'a'),
  'QueryHelper.withSession(Closure)': () => QueryHelper.withSession(() => 1),
  'QueryHelper.withNewSession(Closure)': () => QueryHelper.withNewSession(() => 1),
  'QueryHelper.withTransaction(Closure)': () => QueryHelper.withTransaction(() => 1),
  'QueryHelper.withSql(Function)': () => QueryHelper.withSql(() => 1),
  'SimpleQuery.of(String)': () => SimpleQuery.of('Order'),
  'SimpleQuery.of(Class)': () => SimpleQuery.of(Invoice),
  'SimpleQuery.of(Class, boolean)': () => SimpleQuery.of(Invoice, false),
  'SimpleQuery.getById(String, Long)': () => SimpleQuery.getById('Order', 1),
  'SimpleQuery.getById(Class, Long)': () => SimpleQuery.getById(Invoice, 1),
  'SimpleQuery.getByIds(String, List)': () => SimpleQuery.getByIds('Order', [1]),
  'SimpleQuery.getByIds(Class, List)': () => SimpleQuery.getByIds(Invoice, [1]),
  'SimpleQuery.getAll(String)': () => SimpleQuery.getAll('Order'),
  'SimpleQuery.getAll(Class)': () => SimpleQuery.getAll(Invoice),
  'SimpleQuery.count(String)': () => SimpleQuery.count('Order'),
  'SimpleQuery.count(Class)': () => SimpleQuery.count(Invoice),
  'SimpleQuery.get()': () => orphanQuery().get(),
  'SimpleQuery.list(int, int)': () => orphanQuery().list(0, 10),
  'SimpleQuery.list(int, int, List)': () => orphanQuery().list(0, 10, ['total']),
  'SimpleQuery.list(int, int, List, boolean)': () => orphanQuery().list(0, 10, ['total'], false),
  'SimpleQuery.listAll()': () => orphanQuery().listAll(),
  'DomainHelper.buildDomain(String)': () => DomainHelper.buildDomain('Order'),
  'DomainHelper.buildDomain(String, Object)': () => DomainHelper.buildDomain('Order', { status: 'OPEN' }),
  'DomainHelper.createDomain(Object)': () => DomainHelper.createDomain({}),
  'DomainHelper.updateDomain(Object)': () => DomainHelper.updateDomain({}),
  'DomainHelper.deleteDomain(Object)': () => DomainHelper.deleteDomain({}),
  'DomainHelper.render(Object, DomainObjectRenderType)': () =>
    DomainHelper.render({}, DomainObjectRenderType.ALL_COLUMNS),
  'DomainHelper.batchCreate(Class, List)': () => DomainHelper.batchCreate(Invoice, []),
  'DomainHelper.batchCreate(String, List)': () => DomainHelper.batchCreate('Order', []),
  'BeanContainer.getBean(Class)': () => BeanContainer.getBean(Invoice),
  'BeanContainer.getBeansOfType(Class)': () => BeanContainer.getBeansOfType(Invoice),
}

const OWNERS = ['StorageUtils', 'QueryHelper', 'SimpleQuery', 'DomainHelper', 'BeanContainer']

describe('while no runtime is bound', () => {
  it('covers every host-backed member of StorageUtils, QueryHelper, SimpleQuery, DomainHelper and BeanContainer', () => {
    const declared = memberSpecs.filter((m) => OWNERS.includes(m.owner)).map((m) => m.id)
    expect(Object.keys(calls).sort()).toEqual([...declared].sort())
  })

  it.each(Object.entries(calls))(
    '%s throws IllegalStateException naming itself and what to do',
    (id, call) => {
      let caught: unknown
      try {
        call()
      } catch (error) {
        caught = error
      }
      expect(IllegalStateException.is(caught)).toBe(true)
      const message = (caught as Error).message
      expect(message).toContain(id)
      expect(message).toContain('no runtime is bound')
      expect(message).toContain('createTestHost')
      expect(message).toContain('bindRuntime')
    },
  )

  it('checks the binding before the arguments, as the platform does', () => {
    expect(() => orphanQuery().list(-1, 10)).toThrow(IllegalStateException)
    expect(() => SimpleQuery.getById('Order', 1.5)).toThrow(IllegalStateException)
    expect(() => StorageUtils.createStorageFileDomain('', '', 42 as never)).toThrow(IllegalStateException)
    expect(() => DomainHelper.createDomain(null as never)).toThrow(IllegalStateException)
    expect(() => QueryHelper.withTransaction('not a closure' as never)).toThrow(IllegalStateException)
  })

  it('leaves the condition methods usable: they only record', () => {
    const query = orphanQuery()
    expect(query.eq('status', 'OPEN').in('id', [1, 2]).isNull('customer')).toBe(query)
  })
})
