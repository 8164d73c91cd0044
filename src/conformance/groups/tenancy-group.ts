import { expect, it } from 'vitest'
import { DomainHelper } from '../../api/domain-helper.js'
import { QueryHelper } from '../../api/query-helper.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { CUSTOMER, ORDER } from '../conformance-domains.js'
import { TENANTS } from '../suite-context.js'
import type { GroupDefinition } from './group-definition.js'
import { create, createOne, nameSet } from './test-helpers.js'

const [FIRST, OTHER] = TENANTS as [string, string]
const ANN = Object.freeze({ id: 7, username: 'ann' })

/** SPEC §7.5: every read and write is confined to the current tenant; nothing crosses. */
export const tenancyGroup: GroupDefinition = {
  group: 'tenancy',
  title: 'tenancy (SPEC §7.5)',
  register({ start }) {
    it('code outside runAs runs as the first tenant with no user; runAs runs as the given ones', () => {
      const { host } = start()
      expect(host.current()).toMatchObject({ tenant: FIRST, user: null })
      const inside = host.runAs({ tenant: OTHER, user: ANN }, () => ({ ...host.current() }))
      expect(inside).toMatchObject({ tenant: OTHER, user: { id: 7, username: 'ann' } })
      expect(host.current()).toMatchObject({ tenant: FIRST, user: null })
      expect(host.runAs({ tenant: OTHER }, () => 'result')).toBe('result')
    })

    it('reads see only the current tenant’s objects', () => {
      const { host } = start()
      create(CUSTOMER, [{ name: 'First 1' }, { name: 'First 2' }])
      host.runAs({ tenant: OTHER }, () => createOne(CUSTOMER, { name: 'Other' }))
      expect(nameSet(SimpleQuery.getAll(CUSTOMER))).toEqual(['First 1', 'First 2'])
      expect(SimpleQuery.count(CUSTOMER)).toBe(2)
      expect(SimpleQuery.of(CUSTOMER).eq('name', 'Other').get()).toBeNull()
      host.runAs({ tenant: OTHER }, () => {
        expect(nameSet(SimpleQuery.getAll(CUSTOMER))).toEqual(['Other'])
        expect(SimpleQuery.count(CUSTOMER)).toBe(1)
        expect(nameSet(SimpleQuery.of(CUSTOMER).listAll())).toEqual(['Other'])
        expect(SimpleQuery.of(CUSTOMER).list(0, 10).totalCount).toBe(1)
        expect(SimpleQuery.of(CUSTOMER).iLike('name', 'first%').listAll()).toEqual([])
      })
    })

    it('an id of another tenant is not found', () => {
      const { host } = start()
      const first = createOne(CUSTOMER, { name: 'First' })
      host.runAs({ tenant: OTHER }, () => {
        expect(SimpleQuery.getById(CUSTOMER, first.id)).toBeNull()
        expect(SimpleQuery.getByIds(CUSTOMER, [first.id])).toEqual([])
        expect(SimpleQuery.of(CUSTOMER).eq('id', first.id).listAll()).toEqual([])
      })
    })

    it('another tenant’s object cannot be updated, deleted or referenced, and stays as it was', () => {
      const { host } = start()
      const first = createOne(CUSTOMER, { name: 'First' })
      host.runAs({ tenant: OTHER }, () => {
        expect(() => DomainHelper.updateDomain({ ...first, name: 'Taken over' })).toThrow()
        expect(() => DomainHelper.deleteDomain({ ...first })).toThrow()
        expect(() => createOne(ORDER, { number: 'X-1', status: 'OPEN', customer: first })).toThrow()
        expect(SimpleQuery.count(ORDER)).toBe(0)
        expect(SimpleQuery.count(CUSTOMER)).toBe(0)
      })
      expect(SimpleQuery.getById(CUSTOMER, first.id)).toMatchObject({ name: 'First' })
      expect(SimpleQuery.count(CUSTOMER)).toBe(1)
    })

    it('createDomain, batchCreate and transactions write to the current tenant only', () => {
      const { host } = start()
      host.runAs({ tenant: OTHER }, () => {
        createOne(CUSTOMER, { name: 'One' })
        DomainHelper.batchCreate(CUSTOMER, [{ name: 'Two' }])
        QueryHelper.withTransaction(() => createOne(CUSTOMER, { name: 'Three' }))
      })
      expect(SimpleQuery.count(CUSTOMER)).toBe(0)
      expect(host.runAs({ tenant: OTHER }, () => nameSet(SimpleQuery.getAll(CUSTOMER)))).toEqual([
        'One',
        'Three',
        'Two',
      ])
    })

    it('the same field values in two tenants stay two objects', () => {
      const { host } = start()
      const first = createOne(CUSTOMER, { name: 'Same' })
      const other = host.runAs({ tenant: OTHER }, () => createOne(CUSTOMER, { name: 'Same' }))
      host.runAs({ tenant: OTHER }, () => DomainHelper.updateDomain({ ...other, email: 'other@example.com' }))
      expect(SimpleQuery.getById(CUSTOMER, first.id)).toMatchObject({ name: 'Same', email: null })
      expect(SimpleQuery.of(CUSTOMER).eq('name', 'Same').listAll()).toHaveLength(1)
    })
  },
}
