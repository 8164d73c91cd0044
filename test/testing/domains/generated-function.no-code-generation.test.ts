import { describe, expect, test } from 'vitest'
import { DomainHelper, DynamicDomainEntity, SimpleQuery } from '../../../src/index.js'
import { generatedFunction } from '../../../src/testing/domains/generated-function.js'
import { installHost } from '../hosts.js'

// Runs only in the vitest project started with --disallow-code-generation-from-strings (vitest.config.ts).

describe('where code generation is not allowed', () => {
  test('this process refuses it, and generatedFunction answers undefined instead of throwing', () => {
    expect(() => new Function('return 1')).toThrow(EvalError)
    expect(generatedFunction(['row'], 'return row')).toBeUndefined()
  })

  test('read copies are the same plain objects, class instances and references', () => {
    class Client extends DynamicDomainEntity {
      declare name: string
    }
    installHost()
    const ann = DomainHelper.buildDomain('Client', { name: 'Ann' })
    DomainHelper.createDomain(ann)
    const order = DomainHelper.buildDomain('Purchase', {
      number: 'A-1',
      status: 'OPEN',
      shippedAt: '2024-03-02T10:00:00Z',
      customer: ann,
    })
    DomainHelper.createDomain(order)
    const read = SimpleQuery.getById('Purchase', order.id) as Record<string, unknown>
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
    expect(Object.keys(read)).toEqual([
      'id',
      'number',
      'status',
      'total',
      'quantity',
      'placedOn',
      'shippedAt',
      'customer',
      'tags',
      'invoice',
    ])
    expect(read['shippedAt']).toEqual(new Date('2024-03-02T10:00:00Z'))
    expect(read['customer']).toStrictEqual({ id: ann.id, name: 'Ann', vip: null, email: null })
    const client = SimpleQuery.getById(Client, ann.id)
    expect(client).toBeInstanceOf(Client)
    expect(client?.name).toBe('Ann')
  })
})
