import { describe, expectTypeOf, test } from 'vitest'
import { SimpleQuery, type PaginationQueryResult, type StorageFieldValue } from '../../../src/index.js'
import {
  defineDomains,
  type DomainDefinitions,
  type DomainObjectOf,
  type DomainTypes,
  type FieldValueOf,
} from '../../../src/testing/index.js'

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used, as in a plugin's domains module
const derived = {
  DerivedClient: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
  DerivedInvoice: {
    fields: {
      total: { type: 'BIG_DECIMAL', required: true },
      client: { type: 'DOMAIN_OBJECT', domain: 'DerivedClient' },
    },
  },
} as const satisfies DomainDefinitions

declare module '../../../src/index.js' {
  interface DomainRegistry {
    DefinedTicket: {
      readonly id: number
      title: string
      priority: number | null
      status: 'OPEN' | 'CLOSED'
      owner: DomainRegistry['DefinedPerson'] | null
    }
    DefinedPerson: { readonly id: number; name: string }
  }
  // The schema written once: these domains' types come from the definitions above.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the definitions' types
  interface DomainRegistry extends DomainTypes<typeof derived> {}
}

const domains = defineDomains({
  DefinedPerson: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
  DefinedTicket: {
    fields: {
      title: { type: 'STRING', required: true },
      priority: 'INTEGER',
      status: { type: 'STRING', required: true },
      owner: { type: 'DOMAIN_OBJECT', domain: 'DefinedPerson' },
    },
  },
  Unregistered: {
    fields: {
      total: { type: 'BIG_DECIMAL', required: true },
      at: 'ZONED_DATETIME',
      day: 'LOCAL_DATE',
      file: 'FILE',
      people: { type: 'DOMAIN_OBJECT_LIST', domain: 'DefinedPerson' },
      paid: 'BOOLEAN',
    },
  },
})

describe('DomainTypes derives the object types from the definitions', () => {
  type Types = DomainTypes<typeof domains>

  test('each field type reads back as its value, nullable unless required', () => {
    expectTypeOf<Types['Unregistered']['total']>().toEqualTypeOf<string>()
    expectTypeOf<Types['Unregistered']['at']>().toEqualTypeOf<Date | null>()
    expectTypeOf<Types['Unregistered']['day']>().toEqualTypeOf<string | null>()
    expectTypeOf<Types['Unregistered']['file']>().toEqualTypeOf<StorageFieldValue | null>()
    expectTypeOf<Types['Unregistered']['paid']>().toEqualTypeOf<boolean | null>()
    expectTypeOf<Types['DefinedTicket']['priority']>().toEqualTypeOf<number | null>()
    expectTypeOf<Types['DefinedTicket']['id']>().toEqualTypeOf<number>()
  })

  test('references read back as the referenced domain, lists as arrays of it', () => {
    expectTypeOf<NonNullable<Types['DefinedTicket']['owner']>['name']>().toEqualTypeOf<string>()
    expectTypeOf<Types['Unregistered']['people']>().toEqualTypeOf<
      DomainObjectOf<typeof domains, 'DefinedPerson'>[] | null
    >()
    expectTypeOf<Types['DefinedTicket']['owner']>().not.toBeAny()
  })

  test('FieldValueOf types one field definition', () => {
    expectTypeOf<FieldValueOf<object, { type: 'LONG'; required: true }>>().toEqualTypeOf<number>()
    expectTypeOf<FieldValueOf<object, 'JSON_STRING'>>().toEqualTypeOf<string | null>()
  })

  test('the id cannot be changed', () => {
    const person = {} as DomainObjectOf<typeof domains, 'DefinedPerson'>
    // @ts-expect-error -- the platform assigns ids; a read object's id is read-only
    person.id = 2
    person.name = 'Ann'
  })
})

describe('defineDomains checks the definitions against DomainRegistry', () => {
  test('a field whose definition cannot hold the declared type does not compile', () => {
    defineDomains({
      DefinedPerson: { fields: { name: { type: 'STRING', required: true } } },
      DefinedTicket: {
        fields: {
          title: { type: 'STRING', required: true },
          // @ts-expect-error -- DomainRegistry declares priority as a number; a STRING field holds strings
          priority: 'STRING',
          status: { type: 'STRING', required: true },
          owner: { type: 'DOMAIN_OBJECT', domain: 'DefinedPerson' },
        },
      },
    })
  })

  test('a required declared field defined as optional does not compile', () => {
    defineDomains({
      DefinedPerson: {
        fields: {
          // @ts-expect-error -- DomainRegistry declares name as a string, never null: the field must be required
          name: 'STRING',
        },
      },
    })
  })

  test('a declared field left out, or a field the registry does not declare, does not compile', () => {
    defineDomains({
      // @ts-expect-error -- DomainRegistry declares DefinedPerson.name: the definition must define it
      DefinedPerson: { fields: {} },
    })
    defineDomains({
      DefinedPerson: {
        fields: {
          name: { type: 'STRING', required: true },
          // @ts-expect-error -- DomainRegistry declares no DefinedPerson.nickname
          nickname: 'STRING',
        },
      },
    })
  })

  test('a reference to a domain of another shape does not compile', () => {
    defineDomains({
      DefinedPerson: { fields: { name: { type: 'STRING', required: true } } },
      DefinedTicket: {
        fields: {
          title: { type: 'STRING', required: true },
          priority: 'INTEGER',
          status: { type: 'STRING', required: true },
          // @ts-expect-error -- owner is declared as a DefinedPerson; a DefinedTicket is not one
          owner: { type: 'DOMAIN_OBJECT', domain: 'DefinedTicket' },
        },
      },
    })
  })

  test('definitions that agree compile, and come back exactly typed', () => {
    expectTypeOf(domains.DefinedTicket.fields.priority).toEqualTypeOf<'INTEGER'>()
  })
})

describe('a DomainRegistry derived from the definitions types the facades', () => {
  test('queries of a derived domain are typed by its definition', () => {
    const invoices = SimpleQuery.of('DerivedInvoice').ge('total', '100').list(0, 10)
    expectTypeOf(invoices).toEqualTypeOf<
      PaginationQueryResult<DomainTypes<typeof derived>['DerivedInvoice']>
    >()
    expectTypeOf(invoices[0]?.client?.name).toEqualTypeOf<string | undefined>()
    // @ts-expect-error -- total is a BIG_DECIMAL: a decimal string, not a number
    SimpleQuery.of('DerivedInvoice').eq('total', 100)
    // @ts-expect-error -- DerivedInvoice has no field 'amount'
    SimpleQuery.of('DerivedInvoice').eq('amount', '1')
  })
})
