import type { DomainDefinition } from '../testing/domains/domain-definition.js'

/**
 * The domains the conformance suite reads and writes, in `createTestHost`'s definition format: every
 * platform field type, required fields, label fields and references. A host under test must provide exactly
 * these (its factory receives them as `setup.domains`); the suite starts every test from an empty store.
 *
 * - `Customer`: `name` (STRING, required, the label), `email` (STRING).
 * - `Tag`: `name` (STRING, required, the label).
 * - `Item`: one field of each type: `name` STRING (the label), `qty` INTEGER, `big` LONG, `score` DOUBLE,
 *   `price` BIG_DECIMAL, `active` BOOLEAN, `day` LOCAL_DATE, `at` ZONED_DATETIME, `data` JSON_STRING,
 *   `owner` DOMAIN_OBJECT of Customer, `tags` DOMAIN_OBJECT_LIST of Tag, `attachment` FILE.
 * - `Order`: `number` and `status` (STRING, required; `number` is the label), `total` (BIG_DECIMAL),
 *   `customer` (DOMAIN_OBJECT of Customer).
 *
 * @example
 * ```ts
 * import { conformanceDomains } from '@tech-vendor/api/conformance'
 *
 * console.log(Object.keys(conformanceDomains)) // ['Customer', 'Tag', 'Item', 'Order']
 * ```
 */
export const conformanceDomains: Readonly<Record<string, DomainDefinition>> = deepFreeze({
  Customer: {
    fields: { name: { type: 'STRING', required: true }, email: 'STRING' },
    labelField: 'name',
  },
  Tag: {
    fields: { name: { type: 'STRING', required: true } },
    labelField: 'name',
  },
  Item: {
    fields: {
      name: 'STRING',
      qty: 'INTEGER',
      big: 'LONG',
      score: 'DOUBLE',
      price: 'BIG_DECIMAL',
      active: 'BOOLEAN',
      day: 'LOCAL_DATE',
      at: 'ZONED_DATETIME',
      data: 'JSON_STRING',
      owner: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
      tags: { type: 'DOMAIN_OBJECT_LIST', domain: 'Tag' },
      attachment: 'FILE',
    },
    labelField: 'name',
  },
  Order: {
    fields: {
      number: { type: 'STRING', required: true },
      status: { type: 'STRING', required: true },
      total: 'BIG_DECIMAL',
      customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' },
    },
    labelField: 'number',
  },
})

/*
 * The suite names its domains through these `string`-typed constants, so that the facades take their loosely
 * typed overloads whatever a program declares in `DomainRegistry` (an author's `Order` must not retype the
 * suite's).
 */

/** @internal */
export const CUSTOMER: string = 'Customer'
/** @internal */
export const TAG: string = 'Tag'
/** @internal */
export const ITEM: string = 'Item'
/** @internal */
export const ORDER: string = 'Order'

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
