import { describe, expect, it, vi } from 'vitest'
import { DomainHelper, DynamicDomainEntity, SimpleQuery } from '../../src/index.js'
import { domainNameOf } from '../../src/api/dynamic-domain-entity.js'
import { bindTinyRuntime, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

class Invoice extends DynamicDomainEntity {
  static override readonly domainName = 'BillingInvoice'
  declare total: number
}
class Receipt extends DynamicDomainEntity {
  declare amount: number
}

describe('DynamicDomainEntity', () => {
  it('a plugin POJO constructs with no host, and its declared fields do not shadow the platform’s values', () => {
    const invoice = new Invoice()
    expect(invoice).toBeInstanceOf(DynamicDomainEntity)
    expect(Object.keys(invoice)).toEqual([])
    expect(Object.assign(invoice, { id: 3, total: 10 })).toEqual({ id: 3, total: 10 })
  })

  it('binds a class to the domain its static domainName names, else to the class name', () => {
    expect(domainNameOf(Invoice)).toBe('BillingInvoice')
    expect(domainNameOf(Receipt)).toBe('Receipt')
    expect(domainNameOf(class Plain {})).toBe('Plain')
    class Blank extends DynamicDomainEntity {
      static override readonly domainName = ' '
    }
    expect(domainNameOf(Blank)).toBe('Blank')
  })

  it('stands for its domain wherever a Class is taken: the host receives the class', () => {
    const query = { resolveDomain: vi.fn(domainNameOf), listAll: vi.fn(() => []) }
    const domain = { batchCreate: vi.fn(() => []) }
    bindTinyRuntime({ query, domain })
    SimpleQuery.of(Invoice).gt('total', 5).listAll()
    expect(query.resolveDomain).toHaveBeenCalledWith(Invoice)
    expect(query.listAll.mock.lastCall).toEqual([
      {
        target: Invoice,
        domain: 'BillingInvoice',
        and: true,
        conditions: [{ operator: 'gt', field: 'total', value: 5 }],
      },
    ])
    DomainHelper.batchCreate(Receipt, [])
    expect(domain.batchCreate).toHaveBeenCalledWith(Receipt, [])
  })
})
