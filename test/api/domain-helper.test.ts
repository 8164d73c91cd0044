import { describe, expect, it, vi } from 'vitest'
import {
  DomainHelper,
  DomainObjectRenderType,
  DynamicDomainEntity,
  IllegalArgumentException,
  ValidationException,
} from '../../src/index.js'
import { bindTinyRuntime, unbindAfterEach } from './tiny-runtime.js'

unbindAfterEach()

class Invoice extends DynamicDomainEntity {
  declare total: number
}

/** A domain facet that builds tagged objects, records writes and renders to a fixed map. */
function bindDomainHost() {
  let nextId = 1
  const domain = {
    buildDomain: vi.fn((name: string, properties?: Readonly<Record<string, unknown>>) => ({
      domain: name,
      ...properties,
    })),
    createDomain: vi.fn(),
    updateDomain: vi.fn(),
    deleteDomain: vi.fn(),
    render: vi.fn((object: object) => ({ id: (object as { id?: number }).id ?? null, label: 'rendered' })),
    batchCreate: vi.fn((_target: unknown, objects: readonly object[]) =>
      objects.map((object) => ({ ...object, id: nextId++ })),
    ),
  }
  bindTinyRuntime({ domain })
  return domain
}

describe('DomainHelper.buildDomain', () => {
  it('asks the host for an unsaved object, with or without properties', () => {
    const domain = bindDomainHost()
    expect(DomainHelper.buildDomain('Ticket')).toEqual({ domain: 'Ticket' })
    expect(domain.buildDomain.mock.lastCall).toEqual(['Ticket'])
    const properties = { title: 'Printer jam' }
    expect(DomainHelper.buildDomain('Ticket', properties)).toEqual({ domain: 'Ticket', title: 'Printer jam' })
    expect(domain.buildDomain.mock.lastCall?.[1]).toBe(properties)
  })

  it('rejects a blank name or properties that are not an object, without calling the host', () => {
    const domain = bindDomainHost()
    expect(() => DomainHelper.buildDomain('')).toThrow(
      /DomainHelper\.buildDomain\(domainName\) expects domainName as a non-empty string, got an empty string/,
    )
    expect(() => DomainHelper.buildDomain('Ticket', null as never)).toThrow(
      /buildDomain\(domainName, properties\) expects properties as an object, got null/,
    )
    expect(() => DomainHelper.buildDomain('Ticket', ['title'] as never)).toThrow(/got an array of 1/)
    expect(() => DomainHelper.buildDomain('Ticket', 'title=x' as never)).toThrow(IllegalArgumentException)
    // A Map, Groovy's [title: 'x'] ported literally, would read as no fields at all.
    expect(() => DomainHelper.buildDomain('Ticket', new Map([['title', 'x']]) as never)).toThrow(
      /expects properties as an object of fields, got a Map, whose entries are not fields: pass Object\.fromEntries\(map\)\./,
    )
    expect(() => DomainHelper.createDomain(new Map([['title', 'x']]) as never)).toThrow(
      IllegalArgumentException,
    )
    expect(domain.buildDomain).not.toHaveBeenCalled()
  })
})

describe('DomainHelper.createDomain, updateDomain and deleteDomain', () => {
  it.each(['createDomain', 'updateDomain', 'deleteDomain'] as const)(
    '%s hands the host the very object the plugin passed',
    (method) => {
      const domain = bindDomainHost()
      const order = { id: 3, status: 'OPEN' }
      expect(DomainHelper[method](order)).toBeUndefined()
      expect(domain[method]).toHaveBeenCalledOnce()
      expect(domain[method].mock.lastCall?.[0]).toBe(order)
    },
  )

  it.each(['createDomain', 'updateDomain', 'deleteDomain'] as const)(
    '%s rejects request data that is not an object, without calling the host',
    (method) => {
      const domain = bindDomainHost()
      expect(() => DomainHelper[method](null as never)).toThrow(
        new RegExp(`DomainHelper\\.${method}\\(requestData\\) expects requestData as an object, got null`),
      )
      expect(() => DomainHelper[method]('{"id":1}' as never)).toThrow(/got string/)
      expect(() => DomainHelper[method]([{ id: 1 }] as never)).toThrow(IllegalArgumentException)
      expect(domain[method]).not.toHaveBeenCalled()
    },
  )

  it('passes on the host’s ValidationException', () => {
    const domain = bindDomainHost()
    domain.createDomain.mockImplementation(() => {
      throw new ValidationException('Order', [
        { field: 'status', code: 'nullable', message: 'status is required' },
      ])
    })
    expect(() => DomainHelper.createDomain({ total: 1 })).toThrow(ValidationException)
  })
})

describe('DomainHelper.render', () => {
  it('hands the host the object and the render type, and returns its map', () => {
    const domain = bindDomainHost()
    const order = { id: 5 }
    expect(DomainHelper.render(order, DomainObjectRenderType.ONLY_LABEL_FIELD)).toEqual({
      id: 5,
      label: 'rendered',
    })
    expect(domain.render).toHaveBeenLastCalledWith(order, 'ONLY_LABEL_FIELD')
    DomainHelper.render(order, DomainObjectRenderType.ALL_COLUMNS)
    expect(domain.render).toHaveBeenLastCalledWith(order, 'ALL_COLUMNS')
  })

  it('rejects an unknown render type or a missing object, listing the render types', () => {
    const domain = bindDomainHost()
    expect(() => DomainHelper.render({ id: 1 }, 'EVERYTHING' as never)).toThrow(
      /expects renderType as one of DomainObjectRenderType\.ONLY_LABEL_FIELD, DomainObjectRenderType\.ALL_COLUMNS, got string "EVERYTHING"/,
    )
    expect(() => DomainHelper.render(null as never, DomainObjectRenderType.ALL_COLUMNS)).toThrow(
      /expects domainObj as an object, got null/,
    )
    expect(domain.render).not.toHaveBeenCalled()
  })
})

describe('DomainHelper.batchCreate', () => {
  it('by name: hands the host a frozen copy of the list and returns the created objects', () => {
    const domain = bindDomainHost()
    const drafts = [{ name: 'urgent' }, { name: 'later' }]
    const created = DomainHelper.batchCreate('Tag', drafts)
    expect(created).toEqual([
      { name: 'urgent', id: 1 },
      { name: 'later', id: 2 },
    ])
    const [target, given] = domain.batchCreate.mock.lastCall ?? []
    expect(target).toBe('Tag')
    expect(given).toEqual(drafts)
    expect(given).not.toBe(drafts)
    expect(Object.isFrozen(given)).toBe(true)
    expect((given as object[])[0]).toBe(drafts[0])
  })

  it('by class: hands the host the class', () => {
    const domain = bindDomainHost()
    const invoice = Object.assign(new Invoice(), { total: 10 })
    expect(DomainHelper.batchCreate(Invoice, [invoice])).toEqual([{ total: 10, id: 1 }])
    expect(domain.batchCreate.mock.lastCall?.[0]).toBe(Invoice)
  })

  it('rejects a list that is not a list of objects, naming the index, and creates nothing', () => {
    const domain = bindDomainHost()
    expect(() => DomainHelper.batchCreate('Tag', [{ name: 'a' }, null] as never)).toThrow(
      /DomainHelper\.batchCreate\(domainName, objects\) expects objects\[1\] as an object, got null/,
    )
    expect(() => DomainHelper.batchCreate('Tag', { name: 'a' } as never)).toThrow(/objects as a collection/)
    expect(() => DomainHelper.batchCreate('', [])).toThrow(/expects domainName as a non-empty string/)
    expect(() => DomainHelper.batchCreate(Invoice, [7] as never)).toThrow(
      /batchCreate\(Class, objects\) expects objects\[0\] as an object, got number 7/,
    )
    expect(domain.batchCreate).not.toHaveBeenCalled()
  })
})
