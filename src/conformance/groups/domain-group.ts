import { expect, it } from 'vitest'
import { DomainHelper } from '../../api/domain-helper.js'
import { DomainObjectRenderType } from '../../model/domain-object-render-type.js'
import type { DomainObject } from '../../model/domain-registry.js'
import { DynamicDomainEntity } from '../../api/dynamic-domain-entity.js'
import { SimpleQuery } from '../../api/simple-query.js'
import { ValidationException } from '../../errors/validation-exception.js'
import { CUSTOMER, ITEM, ORDER, TAG } from '../conformance-domains.js'
import type { GroupDefinition } from './group-definition.js'
import { catchError, create, createOne, nameSet, names } from './test-helpers.js'

/** The suite's `Customer` domain as a class, for `batchCreate(Class, objects)`. */
class CustomerEntity extends DynamicDomainEntity {
  static override readonly domainName = 'Customer'
  declare name: string
}

/** The fields a ValidationException names. */
function fieldsOf(error: unknown): string[] {
  expect(ValidationException.is(error), `expected a ValidationException, got ${String(error)}`).toBe(true)
  return (error as ValidationException).errors.map((e) => e.field)
}

/** SPEC §7.3: built objects remember their domain, validation writes nothing, batchCreate, render. */
export const domainGroup: GroupDefinition = {
  group: 'domain',
  title: 'DomainHelper (SPEC §7.3)',
  register({ start }) {
    it('buildDomain makes an unsaved object; createDomain saves it and gives it its id', () => {
      start()
      const draft = DomainHelper.buildDomain(CUSTOMER, { name: 'Ann' })
      expect(draft['name']).toBe('Ann')
      expect(SimpleQuery.count(CUSTOMER)).toBe(0)
      DomainHelper.createDomain(draft)
      expect(typeof draft.id).toBe('number')
      expect(SimpleQuery.count(CUSTOMER)).toBe(1)
      expect(SimpleQuery.getById(CUSTOMER, draft.id)).toMatchObject({ id: draft.id, name: 'Ann' })
    })

    it('an object read from a query remembers its domain: updateDomain and deleteDomain take it', () => {
      start()
      createOne(CUSTOMER, { name: 'Ann' })
      const read = SimpleQuery.of(CUSTOMER).eq('name', 'Ann').get() as Record<string, unknown>
      read['email'] = 'ann@example.com'
      DomainHelper.updateDomain(read)
      expect(SimpleQuery.of(CUSTOMER).eq('email', 'ann@example.com').listAll()).toHaveLength(1)
      DomainHelper.deleteDomain(read)
      expect(SimpleQuery.count(CUSTOMER)).toBe(0)
    })

    it('a spread copy of a read object still knows its domain for updateDomain and deleteDomain', () => {
      start()
      createOne(CUSTOMER, { name: 'Ann' })
      const read = SimpleQuery.getAll(CUSTOMER)[0] as DomainObject
      DomainHelper.updateDomain({ ...read, email: 'ann@example.com' })
      expect(SimpleQuery.getById(CUSTOMER, read.id)).toMatchObject({ name: 'Ann', email: 'ann@example.com' })
      const listed = SimpleQuery.of(CUSTOMER).list(0, 10)[0] as DomainObject
      DomainHelper.deleteDomain({ ...listed })
      expect(SimpleQuery.count(CUSTOMER)).toBe(0)
    })

    it('a missing required field is a ValidationException listing every field error, and nothing is written', () => {
      start()
      const draft = DomainHelper.buildDomain(ORDER, { total: '12.50' })
      const error = catchError(() => DomainHelper.createDomain(draft))
      expect(fieldsOf(error)).toEqual(expect.arrayContaining(['number', 'status']))
      expect(SimpleQuery.count(ORDER)).toBe(0)
      expect(typeof (draft as { id?: unknown }).id).not.toBe('number')
    })

    it('a required field given an empty string is refused as missing, on create and on update', () => {
      start()
      const created = catchError(() =>
        DomainHelper.createDomain(DomainHelper.buildDomain(CUSTOMER, { name: '' })),
      )
      expect(ValidationException.is(created)).toBe(true)
      expect((created as ValidationException).errors).toMatchObject([
        { field: 'name', code: 'nullable', rejectedValue: '' },
      ])
      expect(SimpleQuery.count(CUSTOMER)).toBe(0)
      const ann = createOne(CUSTOMER, { name: 'Ann', email: '' })
      expect(SimpleQuery.getById(CUSTOMER, ann.id)).toMatchObject({ name: 'Ann', email: '' })
      const updated = catchError(() => DomainHelper.updateDomain({ ...ann, name: '' }))
      expect(fieldsOf(updated)).toEqual(['name'])
      expect(SimpleQuery.getById(CUSTOMER, ann.id)).toMatchObject({ name: 'Ann' })
    })

    it('a DOMAIN_OBJECT_LIST never set, or set to null, reads back as an empty list, as a join table holds it', () => {
      start()
      const item = createOne(ITEM, { name: 'i' })
      expect(SimpleQuery.getById(ITEM, item.id)?.['tags']).toEqual([])
      const tag = createOne(TAG, { name: 'red' })
      DomainHelper.updateDomain({ ...item, tags: [tag] })
      expect(SimpleQuery.getById(ITEM, item.id)?.['tags']).toEqual([expect.objectContaining({ id: tag.id })])
      DomainHelper.updateDomain({ ...item, tags: null })
      expect(SimpleQuery.getById(ITEM, item.id)?.['tags']).toEqual([])
      expect(SimpleQuery.of(ITEM).isNull('tags').listAll()).toHaveLength(1)
      expect(
        DomainHelper.render(SimpleQuery.getById(ITEM, item.id)!, DomainObjectRenderType.ALL_COLUMNS),
      ).toMatchObject({ tags: [] })
    })

    it('an update that fails validation is a ValidationException, and nothing is written', () => {
      start()
      const order = createOne(ORDER, { number: 'A-1', status: 'OPEN' })
      const error = catchError(() => DomainHelper.updateDomain({ ...order, number: null, status: null }))
      expect(fieldsOf(error)).toEqual(expect.arrayContaining(['number', 'status']))
      expect(SimpleQuery.getById(ORDER, order.id)).toMatchObject({ number: 'A-1', status: 'OPEN' })
    })

    it('batchCreate is all or nothing: one invalid object and none is created', () => {
      start()
      const error = catchError(() =>
        DomainHelper.batchCreate(CUSTOMER, [{ name: 'Ann' }, {}, { name: 'Cy' }]),
      )
      expect(ValidationException.is(error)).toBe(true)
      expect((error as ValidationException).errors.some((e) => e.field.endsWith('name'))).toBe(true)
      expect(SimpleQuery.count(CUSTOMER)).toBe(0)
    })

    it('batchCreate by name and by class returns the created objects, with their ids', () => {
      start()
      const byName = DomainHelper.batchCreate(CUSTOMER, [{ name: 'Ann' }, { name: 'Bob' }])
      expect(names(byName)).toEqual(['Ann', 'Bob'])
      expect(byName.every((c) => typeof c.id === 'number')).toBe(true)
      const byClass = DomainHelper.batchCreate(CustomerEntity, [
        Object.assign(new CustomerEntity(), { name: 'Cy' }),
      ])
      expect(names(byClass)).toEqual(['Cy'])
      expect(typeof byClass[0]?.id).toBe('number')
      expect(nameSet(SimpleQuery.getAll(CUSTOMER))).toEqual(['Ann', 'Bob', 'Cy'])
    })

    it('render ONLY_LABEL_FIELD gives the id and the label field', () => {
      start()
      const ann = createOne(CUSTOMER, { name: 'Ann', email: 'ann@example.com' })
      expect(DomainHelper.render(ann, DomainObjectRenderType.ONLY_LABEL_FIELD)).toEqual({
        id: ann.id,
        name: 'Ann',
      })
    })

    it('render ALL_COLUMNS gives every field, with references as { id }', () => {
      start()
      const [ann] = create(CUSTOMER, [{ name: 'Ann' }]) as [DomainObject]
      const order = createOne(ORDER, { number: 'A-1', status: 'OPEN', customer: ann })
      const read = SimpleQuery.getById(ORDER, order.id) as DomainObject
      expect(DomainHelper.render(read, DomainObjectRenderType.ALL_COLUMNS)).toEqual({
        id: order.id,
        number: 'A-1',
        status: 'OPEN',
        total: null,
        customer: { id: ann.id },
      })
    })

    it('a BIG_DECIMAL keeps the scale it was written with and compares numerically', () => {
      start()
      createOne(ORDER, { number: 'A-1', status: 'OPEN', total: '25.00' })
      createOne(ORDER, { number: 'A-2', status: 'OPEN', total: '1.50' })
      const totals = () =>
        SimpleQuery.of(ORDER)
          .list(0, 10, ['total'])
          .map((o) => o['total'])
      // PostgreSQL numeric and Java BigDecimal keep the scale: 25.00 reads back as 25.00, not 25.
      expect(totals()).toEqual(['1.50', '25.00'])
      expect(
        SimpleQuery.of(ORDER)
          .eq('total', '25')
          .listAll()
          .map((o) => o['number']),
      ).toEqual(['A-1'])
      expect(
        SimpleQuery.of(ORDER)
          .in('total', ['1.5'])
          .listAll()
          .map((o) => o['number']),
      ).toEqual(['A-2'])
    })
  },
}
