import { describe, expectTypeOf, it } from 'vitest'
import {
  DomainHelper,
  DynamicDomainEntity,
  SimpleQuery,
  type DomainObject,
  type DomainRegistry,
  type PaginationQueryResult,
  type QueryCondition,
} from '../../src/index.js'

// Order and Customer exactly as SPEC §5 declares them (an identical declaration elsewhere merges cleanly);
// TypedShipment is this file's own, for the field kinds Order lacks.
declare module '../../src/index.js' {
  interface DomainRegistry {
    Order: {
      id: number
      status: 'OPEN' | 'CLOSED'
      total: number
      customer: DomainRegistry['Customer'] | null
    }
    Customer: { id: number; name: string }
    TypedShipment: {
      id: number
      paid: boolean
      weight: number | null
      note: string | null
      shippedOn: string | null
      sentAt: Date | null
      order: DomainRegistry['Order']
    }
  }
}

type Order = DomainRegistry['Order']
type Customer = DomainRegistry['Customer']
type Shipment = DomainRegistry['TypedShipment']

declare const customer: Customer
declare const order: Order

class Invoice extends DynamicDomainEntity {
  static override readonly domainName = 'BillingInvoice'
  declare status: 'DRAFT' | 'PAID'
  declare total: number
}

describe('SimpleQuery.of types the query by the domain', () => {
  it('gives a declared name its declared type', () => {
    expectTypeOf(SimpleQuery.of('Order')).toEqualTypeOf<SimpleQuery<Order>>()
    expectTypeOf(SimpleQuery.of('Order')).not.toBeAny()
    expectTypeOf(SimpleQuery.of('TypedShipment')).toEqualTypeOf<SimpleQuery<Shipment>>()
  })

  it('gives a class its instance type, with AND or OR', () => {
    expectTypeOf(SimpleQuery.of(Invoice)).toEqualTypeOf<SimpleQuery<Invoice>>()
    expectTypeOf(SimpleQuery.of(Invoice, false)).toEqualTypeOf<SimpleQuery<Invoice>>()
    expectTypeOf(SimpleQuery.of(Invoice).eq('status', 'PAID').list(0, 10)).toEqualTypeOf<
      PaginationQueryResult<Invoice>
    >()
    // @ts-expect-error: and is a boolean
    SimpleQuery.of(Invoice, 'or')
    // @ts-expect-error: the class's fields type the query
    SimpleQuery.of(Invoice).eq('nope', 1)
  })

  it('keeps an undeclared name loosely typed, as in Java', () => {
    const loose = SimpleQuery.of('NotDeclared')
    expectTypeOf(loose).toEqualTypeOf<SimpleQuery<DomainObject>>()
    expectTypeOf(loose.eq('anything', 1).iLike('whatever', '%').gt('more', new Date())).toEqualTypeOf<
      SimpleQuery<DomainObject>
    >()
    expectTypeOf(loose.get()).toEqualTypeOf<DomainObject | null>()
    expectTypeOf(loose.list(0, 5, ['any'], false)).toEqualTypeOf<PaginationQueryResult<DomainObject>>()
    // @ts-expect-error: null never matches even on a loose domain; use isNull
    loose.eq('anything', null)
  })

  it('cannot be constructed directly', () => {
    // @ts-expect-error: the constructor is private; start with SimpleQuery.of
    new SimpleQuery()
  })
})

describe('condition methods are typed by the field', () => {
  const q = SimpleQuery.of('Order')

  it('return the same query type, for chaining and statement form', () => {
    expectTypeOf(q.eq('status', 'OPEN')).toEqualTypeOf<SimpleQuery<Order>>()
    expectTypeOf(q.ne('total', 0).gt('total', 1).ge('id', 1).lt('total', 9).le('total', 9)).toEqualTypeOf<
      SimpleQuery<Order>
    >()
    expectTypeOf(q.isNull('customer').notNull('status')).toEqualTypeOf<SimpleQuery<Order>>()
    expectTypeOf(
      q.in('status', ['OPEN', 'CLOSED']).notIn('status', new Set(['CLOSED' as const])),
    ).toEqualTypeOf<SimpleQuery<Order>>()
  })

  it('reject an unknown field', () => {
    // @ts-expect-error: Order has no field 'nope'
    q.eq('nope', 1)
    // @ts-expect-error: Order has no field 'nope'
    q.isNull('nope')
    // @ts-expect-error: Order has no field 'nope'
    q.list(0, 10, ['nope'])
  })

  it('reject a value of the wrong type', () => {
    // @ts-expect-error: 'PENDING' is not a status
    q.eq('status', 'PENDING')
    // @ts-expect-error: total is a number
    q.eq('total', '10')
    // @ts-expect-error: every value of in must be a status
    q.in('status', ['OPEN', 'PENDING'])
    // @ts-expect-error: in takes a collection, not a single value
    q.in('status', 'OPEN')
  })

  it('reject null in equality conditions: isNull is the way', () => {
    // @ts-expect-error: null never matches; use isNull('customer')
    q.eq('customer', null)
    // @ts-expect-error: null never matches; use notNull('customer')
    q.ne('customer', null)
    // @ts-expect-error: a null in notIn matches nothing
    q.notIn('status', ['OPEN', null])
  })

  it('take the referenced object for a DOMAIN_OBJECT field, not a bare id', () => {
    expectTypeOf(q.eq('customer', customer)).toEqualTypeOf<SimpleQuery<Order>>()
    expectTypeOf(q.in('customer', [customer])).toEqualTypeOf<SimpleQuery<Order>>()
    // @ts-expect-error: pass the Customer object, not its id
    q.eq('customer', 7)
    // @ts-expect-error: pass the Customer objects, not their ids
    q.in('customer', [7, 8])
    // @ts-expect-error: the referenced object must be a Customer
    q.eq('customer', { id: 7 })
    expectTypeOf(SimpleQuery.of('TypedShipment').eq('order', order)).toEqualTypeOf<SimpleQuery<Shipment>>()
  })

  it('allow gt, ge, lt and le only on comparable fields', () => {
    const s = SimpleQuery.of('TypedShipment')
    expectTypeOf(s.gt('weight', 1).ge('shippedOn', '2024-01-01').lt('sentAt', new Date())).toEqualTypeOf<
      SimpleQuery<Shipment>
    >()
    // @ts-expect-error: a boolean is not ordered
    s.gt('paid', false)
    // @ts-expect-error: a boolean is not ordered
    s.le('paid', true)
    // @ts-expect-error: a reference is not ordered
    s.lt('order', order)
    // @ts-expect-error: weight is a number
    s.gt('weight', '1')
  })

  it('allow iLike and notILike only on text fields, with a string pattern', () => {
    const s = SimpleQuery.of('TypedShipment')
    expectTypeOf(s.iLike('note', '%fragile%').notILike('shippedOn', '2023%')).toEqualTypeOf<
      SimpleQuery<Shipment>
    >()
    expectTypeOf(SimpleQuery.of('Customer').iLike('name', 'ann%')).toEqualTypeOf<SimpleQuery<Customer>>()
    // @ts-expect-error: weight is a number field
    s.iLike('weight', '1%')
    // @ts-expect-error: total is a number field
    q.notILike('total', '1%')
    // @ts-expect-error: the pattern is a string; use isNull for an empty field
    s.iLike('note', null)
  })

  it('type addConditions by the domain', () => {
    const ok: QueryCondition<Order>[] = [
      { operator: 'eq', field: 'status', value: 'OPEN' },
      { operator: 'in', field: 'customer', value: [customer] },
      { operator: 'isNull', field: 'customer' },
    ]
    expectTypeOf(q.addConditions(ok)).toEqualTypeOf<SimpleQuery<Order>>()
    // @ts-expect-error: 'PENDING' is not a status
    q.addConditions([{ operator: 'eq', field: 'status', value: 'PENDING' }])
    // @ts-expect-error: gt does not apply to a boolean field
    SimpleQuery.of('TypedShipment').addConditions([{ operator: 'gt', field: 'paid', value: true }])
  })
})

describe('executions return the domain type', () => {
  const q = SimpleQuery.of('Order')

  it('list returns a PaginationQueryResult with totalCount', () => {
    const page = q.list(0, 10)
    expectTypeOf(page).toEqualTypeOf<PaginationQueryResult<Order>>()
    expectTypeOf(page.totalCount).toEqualTypeOf<number>()
    expectTypeOf(page[0]).toEqualTypeOf<Order | undefined>()
    expectTypeOf(page.map((o) => o.total)).toEqualTypeOf<number[]>()
    expectTypeOf(page).toExtend<Order[]>()
    expectTypeOf(q.list(0, 10, ['total'])).toEqualTypeOf<PaginationQueryResult<Order>>()
    expectTypeOf(q.list(0, 10, ['total', 'id'], false)).toEqualTypeOf<PaginationQueryResult<Order>>()
  })

  it('get returns one object or null, listAll every object', () => {
    expectTypeOf(q.get()).toEqualTypeOf<Order | null>()
    expectTypeOf(q.listAll()).toEqualTypeOf<Order[]>()
  })

  it('the statics are typed by name and by class', () => {
    expectTypeOf(SimpleQuery.getById('Order', 1)).toEqualTypeOf<Order | null>()
    expectTypeOf(SimpleQuery.getById('Order', 1)).not.toBeAny()
    expectTypeOf(SimpleQuery.getById(Invoice, 1)).toEqualTypeOf<Invoice | null>()
    expectTypeOf(SimpleQuery.getById('NotDeclared', 1)).toEqualTypeOf<DomainObject | null>()
    expectTypeOf(SimpleQuery.getByIds('Customer', [1, 2])).toEqualTypeOf<Customer[]>()
    expectTypeOf(SimpleQuery.getByIds(Invoice, [1, 2])).toEqualTypeOf<Invoice[]>()
    expectTypeOf(SimpleQuery.getAll('Order')).toEqualTypeOf<Order[]>()
    expectTypeOf(SimpleQuery.getAll(Invoice)).toEqualTypeOf<Invoice[]>()
    expectTypeOf(SimpleQuery.getAll('NotDeclared')).toEqualTypeOf<DomainObject[]>()
    expectTypeOf(SimpleQuery.count('Order')).toEqualTypeOf<number>()
    expectTypeOf(SimpleQuery.count(Invoice)).toEqualTypeOf<number>()
    // @ts-expect-error: an id is a number
    SimpleQuery.getById('Order', '1')
    // @ts-expect-error: ids are numbers
    SimpleQuery.getByIds('Order', ['1'])
  })
})

describe('DomainHelper is typed by the domain', () => {
  it('buildDomain returns the domain type and checks the properties', () => {
    expectTypeOf(DomainHelper.buildDomain('Order')).toEqualTypeOf<Order>()
    expectTypeOf(DomainHelper.buildDomain('Order', { status: 'OPEN', total: 10 })).toEqualTypeOf<Order>()
    expectTypeOf(DomainHelper.buildDomain('Order', { customer })).toEqualTypeOf<Order>()
    expectTypeOf(DomainHelper.buildDomain('Order', { status: 'OPEN' })).not.toBeAny()
    // @ts-expect-error: Order has no field 'nope'
    DomainHelper.buildDomain('Order', { status: 'OPEN', nope: 1 })
    // @ts-expect-error: total is a number
    DomainHelper.buildDomain('Order', { total: '10' })
    // @ts-expect-error: 'PENDING' is not a status
    DomainHelper.buildDomain('Order', { status: 'PENDING' })
    // @ts-expect-error: the platform assigns the id
    DomainHelper.buildDomain('Order', { id: 1 })
    // @ts-expect-error: properties are an object
    DomainHelper.buildDomain('Order', 'status=OPEN')
  })

  it('an undeclared domain stays loose', () => {
    expectTypeOf(DomainHelper.buildDomain('NotDeclared', { anything: 1 })).toEqualTypeOf<DomainObject>()
    expectTypeOf(DomainHelper.batchCreate('NotDeclared', [{ anything: 1 }])).toEqualTypeOf<DomainObject[]>()
  })

  it('batchCreate returns the created objects, typed by name or class', () => {
    expectTypeOf(DomainHelper.batchCreate('Order', [{ status: 'OPEN' }, order])).toEqualTypeOf<Order[]>()
    expectTypeOf(DomainHelper.batchCreate(Invoice, [new Invoice()])).toEqualTypeOf<Invoice[]>()
    // @ts-expect-error: 'PENDING' is not a status
    DomainHelper.batchCreate('Order', [{ status: 'PENDING' }])
    // @ts-expect-error: the objects of a class form are instances of the class
    DomainHelper.batchCreate(Invoice, [{ total: 1 }])
  })

  it('render returns a map', () => {
    expectTypeOf(DomainHelper.render(order, 'ALL_COLUMNS')).toEqualTypeOf<Record<string, unknown>>()
    // @ts-expect-error: not a DomainObjectRenderType
    DomainHelper.render(order, 'EVERYTHING')
  })
})
