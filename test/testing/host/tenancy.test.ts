import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  AsyncHelper,
  DomainHelper,
  IllegalArgumentException,
  MessageHelper,
  QueryHelper,
  SimpleQuery,
  StorageUtils,
  ValidationException,
  type DomainObject,
} from '../../../src/index.js'
import { installHost } from '../hosts.js'

const TENANTS = { tenants: ['acme', 'globex'] }

beforeEach(() => {
  vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
})

function createClient(name: string): DomainObject {
  const client = DomainHelper.buildDomain('Client', { name })
  DomainHelper.createDomain(client)
  return client
}

describe('tenancy', () => {
  test('code outside runAs runs as the default tenant with no user', () => {
    const host = installHost(TENANTS)
    expect(host.current()).toEqual({ tenant: 'acme', user: null, plugin: null })
  })

  test('runAs returns what the function returns and runs it as the tenant and user', () => {
    const host = installHost(TENANTS)
    const ann = { id: 7, username: 'ann' }
    expect(host.runAs({ tenant: 'globex', user: ann }, () => host.current())).toEqual({
      tenant: 'globex',
      user: ann,
      plugin: null,
    })
    expect(host.current().tenant).toBe('acme')
  })

  test('reads see only the current tenant’s objects', () => {
    const host = installHost(TENANTS)
    createClient('Acme client')
    host.runAs({ tenant: 'globex' }, () => createClient('Globex client'))
    expect(SimpleQuery.getAll('Client').map((c) => c['name'])).toEqual(['Acme client'])
    expect(
      host.runAs({ tenant: 'globex' }, () =>
        SimpleQuery.of('Client')
          .listAll()
          .map((c) => c['name']),
      ),
    ).toEqual(['Globex client'])
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.count('Client'))).toBe(1)
  })

  test('an id from one tenant is not found in another', () => {
    const host = installHost(TENANTS)
    const client = createClient('Acme client')
    host.runAs({ tenant: 'globex' }, () => {
      expect(SimpleQuery.getById('Client', client.id)).toBeNull()
      expect(SimpleQuery.getByIds('Client', [client.id])).toEqual([])
      expect(SimpleQuery.of('Client').eq('id', client.id).listAll()).toEqual([])
    })
  })

  test('another tenant’s object cannot be updated, deleted or referenced', () => {
    const host = installHost(TENANTS)
    const client = createClient('Acme client')
    host.runAs({ tenant: 'globex' }, () => {
      expect(() => DomainHelper.updateDomain({ ...client, name: 'Stolen' })).toThrow(IllegalArgumentException)
      expect(() => DomainHelper.deleteDomain({ ...client })).toThrow(
        /no object with id \d+ exists in tenant 'globex' \(deleted, never created, or another tenant's\)/,
      )
      const purchase = DomainHelper.buildDomain('Purchase', {
        number: 'P-1',
        status: 'OPEN',
        customer: client,
      })
      expect(() => DomainHelper.createDomain(purchase)).toThrow(ValidationException)
    })
    expect(SimpleQuery.getById('Client', client.id)?.['name']).toBe('Acme client')
  })

  test('an id of another tenant’s object is not told apart from an id no object has: its domain stays hidden', () => {
    const host = installHost(TENANTS)
    // Ids past 9, so that an id in a message is not taken for the count of errors.
    for (let i = 0; i < 10; i++) createClient(`Acme ${i}`)
    const globexLabel = host.runAs({ tenant: 'globex' }, () => {
      const label = DomainHelper.buildDomain('Label', { name: 'Globex label' })
      DomainHelper.createDomain(label)
      return label.id as number
    })
    const unused = globexLabel + 1000
    const messages = [globexLabel, unused].map((id) => {
      try {
        DomainHelper.createDomain(
          DomainHelper.buildDomain('Purchase', { number: 'P-1', status: 'OPEN', customer: { id } }),
        )
      } catch (error) {
        return (error as Error).message.replaceAll(String(id), '<id>')
      }
      return 'created'
    })
    // The same answer for both: nothing says that the first id is a Label somewhere else.
    expect(messages[0]).toBe(messages[1])
    expect(messages[0]).not.toContain('Label')
    expect(
      SimpleQuery.of('Purchase')
        .eq('customer', { id: globexLabel } as never)
        .listAll(),
    ).toEqual([])
    expect(SimpleQuery.count('Purchase')).toBe(0)
  })

  test('a stored file of another tenant cannot be attached', () => {
    const host = installHost(TENANTS)
    const file = StorageUtils.createStorageFileDomain('a.txt', 'text/plain', 'a')
    host.runAs({ tenant: 'globex' }, () => {
      const purchase = DomainHelper.buildDomain('Purchase', { number: 'P-1', status: 'OPEN', invoice: file })
      expect(() => DomainHelper.createDomain(purchase)).toThrow(ValidationException)
    })
  })

  test('a transaction writes to its own tenant only', () => {
    const host = installHost(TENANTS)
    host.runAs({ tenant: 'globex' }, () => QueryHelper.withTransaction(() => createClient('In globex')))
    expect(SimpleQuery.count('Client')).toBe(0)
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.count('Client'))).toBe(1)
  })

  test('an async runAs keeps its tenant across await', async () => {
    const host = installHost(TENANTS)
    await host.runAs({ tenant: 'globex' }, async () => {
      await Promise.resolve()
      createClient('After await')
    })
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.count('Client'))).toBe(1)
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('a task runs as the tenant that started it', async () => {
    const host = installHost(TENANTS)
    host.runAs({ tenant: 'globex' }, () => AsyncHelper.task(() => createClient('From a task')))
    await host.whenIdle()
    expect(host.runAs({ tenant: 'globex' }, () => SimpleQuery.count('Client'))).toBe(1)
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('pushed messages record the tenant they were sent from', () => {
    const host = installHost(TENANTS)
    const send = (MessageHelper as unknown as { pushMessage(n: object): void }).pushMessage
    host.runAs({ tenant: 'globex' }, () => send({ content: 'hi', toUser: { id: 1, username: 'ann' } }))
    expect(host.pushedMessages).toEqual([expect.objectContaining({ tenant: 'globex', content: 'hi' })])
  })

  test('runAs with an unknown tenant is refused, naming the known ones', () => {
    const host = installHost(TENANTS)
    expect(() => host.runAs({ tenant: 'initech' }, () => 1)).toThrow(/unknown tenant "initech".*acme, globex/)
  })
})
