import { describe, expect, test } from 'vitest'
import {
  DomainHelper,
  DomainObjectRenderType,
  DynamicDomainEntity,
  IllegalArgumentException,
  IllegalStateException,
  SimpleQuery,
  StorageUtils,
  ValidationException,
  type DomainObject,
} from '../../../src/index.js'
import { catchError, installHost } from '../hosts.js'

/** An object of `domain` built from `values` and created. */
function created(domain: string, values: Record<string, unknown>): DomainObject {
  const object = DomainHelper.buildDomain(domain, values)
  DomainHelper.createDomain(object)
  return object
}

function createClient(name: string, extra: Record<string, unknown> = {}): DomainObject {
  return created('Client', { name, ...extra })
}

describe('buildDomain and createDomain', () => {
  test('buildDomain returns an unsaved object with every field of the domain, which createDomain saves', () => {
    installHost()
    const draft = DomainHelper.buildDomain('Client', { name: 'Ann' })
    expect(draft).toEqual({ name: 'Ann', vip: null, email: null })
    expect(SimpleQuery.count('Client')).toBe(0)
    DomainHelper.createDomain(draft)
    expect(SimpleQuery.count('Client')).toBe(1)
  })

  test('createDomain assigns the id onto the object it was given, as GORM save() does', () => {
    installHost()
    const draft = DomainHelper.buildDomain('Client', { name: 'Ann' })
    DomainHelper.createDomain(draft)
    expect(typeof draft.id).toBe('number')
    expect(SimpleQuery.getById('Client', draft.id)).toEqual({
      id: draft.id,
      name: 'Ann',
      vip: null,
      email: null,
    })
  })

  test('a missing required field is a ValidationException listing every field error, and nothing is written', () => {
    installHost()
    const draft = DomainHelper.buildDomain('Purchase', { total: 'not a number', colour: 'red' })
    const error = catchError(() => DomainHelper.createDomain(draft))
    expect(ValidationException.is(error)).toBe(true)
    const validation = error as ValidationException
    expect(validation.domain).toBe('Purchase')
    expect(validation.errors.map((e) => [e.field, e.code])).toEqual([
      ['number', 'nullable'],
      ['status', 'nullable'],
      ['total', 'typeMismatch'],
      ['colour', 'unknownField'],
    ])
    expect(validation.message).toContain('nothing was written')
    expect(SimpleQuery.count('Purchase')).toBe(0)
    expect(draft.id).toBeUndefined()
  })

  test('a reference to an object that does not exist is an invalidReference error', () => {
    installHost()
    const ann = createClient('Ann')
    DomainHelper.deleteDomain(ann)
    const order = DomainHelper.buildDomain('Purchase', { number: 'A-1', status: 'OPEN', customer: ann })
    const error = catchError(() => DomainHelper.createDomain(order)) as ValidationException
    expect(error.errors).toEqual([expect.objectContaining({ field: 'customer', code: 'invalidReference' })])
    expect(SimpleQuery.count('Purchase')).toBe(0)
  })

  test('a reference to an object of another domain is refused', () => {
    installHost()
    const tag = created('Label', { name: 'urgent' })
    const order = DomainHelper.buildDomain('Purchase', { number: 'A-1', status: 'OPEN', customer: tag })
    const error = catchError(() => DomainHelper.createDomain(order)) as ValidationException
    expect(error.errors[0]?.message).toContain('takes a Client, but was given a Label')
  })

  test('a bare id where a reference is expected says to pass the object', () => {
    installHost()
    const ann = createClient('Ann')
    const order = DomainHelper.buildDomain('Purchase', {
      number: 'A-1',
      status: 'OPEN',
      customer: ann.id as never,
    })
    const error = catchError(() => DomainHelper.createDomain(order)) as ValidationException
    expect(error.errors[0]).toMatchObject({ field: 'customer', code: 'typeMismatch' })
    expect(error.errors[0]?.message).toContain('object itself')
  })

  test('createDomain refuses an object that is already saved', () => {
    installHost()
    const ann = createClient('Ann')
    expect(() => DomainHelper.createDomain({ ...ann, id: ann.id })).toThrow(/already has id .*updateDomain/)
    expect(SimpleQuery.count('Client')).toBe(1)
  })

  test('a plain object that names no domain is refused with a hint to build it', () => {
    installHost()
    const error = catchError(() => DomainHelper.createDomain({ name: 'Ann' }))
    expect(IllegalArgumentException.is(error)).toBe(true)
    expect((error as Error).message).toContain("DomainHelper.buildDomain('Order'")
  })
})

describe('field defaults', () => {
  const SETTINGS = {
    Setting: {
      fields: {
        name: { type: 'STRING', required: true },
        enabled: { type: 'BOOLEAN', default: false },
        retries: { type: 'INTEGER', default: 3 },
        price: { type: 'BIG_DECIMAL', default: 1.5 },
        code: { type: 'STRING', required: true, default: 'STD' },
        note: 'STRING',
      },
    },
  } as const

  test('buildDomain shows them, and create stores them for the fields a request leaves out', () => {
    installHost({ domains: SETTINGS })
    const draft = DomainHelper.buildDomain('Setting', { name: 'a', retries: 5 })
    expect(draft).toEqual({ name: 'a', enabled: false, retries: 5, price: '1.5', code: 'STD', note: null })
    DomainHelper.createDomain(draft)
    const [left, undefinedOnes, nulls] = DomainHelper.batchCreate('Setting', [
      { name: 'b' },
      { name: 'c', enabled: undefined, retries: undefined },
      { name: 'd', enabled: null, retries: null, price: null, note: null },
    ]) as DomainObject[]
    const read = (object: DomainObject | undefined): unknown =>
      SimpleQuery.getById('Setting', object?.id ?? 0)
    expect(read(draft)).toMatchObject({ enabled: false, retries: 5, price: '1.5', code: 'STD', note: null })
    expect(read(left)).toMatchObject({ enabled: false, retries: 3, price: '1.5', code: 'STD', note: null })
    expect(read(undefinedOnes)).toMatchObject({ enabled: false, retries: 3 })
    // A field the request sets to null stays null, as a Java setter given null leaves it.
    expect(read(nulls)).toMatchObject({ enabled: null, retries: null, price: null, code: 'STD' })
  })

  test('an update leaves a field as it is, and a required field with a default needs no value on create', () => {
    installHost({ domains: SETTINGS })
    const [created] = DomainHelper.batchCreate('Setting', [{ name: 'a', enabled: null }]) as DomainObject[]
    const stored = SimpleQuery.getById('Setting', created?.id ?? 0) as DomainObject
    DomainHelper.updateDomain({ ...stored, note: 'changed' })
    expect(SimpleQuery.getById('Setting', stored.id)).toMatchObject({
      enabled: null,
      note: 'changed',
      code: 'STD',
    })
    const error = catchError(() => DomainHelper.batchCreate('Setting', [{ name: 'b', code: null }]))
    expect(ValidationException.is(error) && error.errors.map((e) => [e.field, e.code])).toEqual([
      ['objects[0].code', 'nullable'],
    ])
  })

  test('seed data takes them for the columns it leaves out, a value left undefined and an empty cell; NULL is null', () => {
    const host = installHost({
      domains: SETTINGS,
      seed: { Setting: [{ name: 'seeded' }, { name: 'undefined', enabled: undefined }] },
    })
    expect(SimpleQuery.of('Setting').listAll()).toMatchObject([
      { name: 'seeded', enabled: false, retries: 3 },
      { name: 'undefined', enabled: false, retries: 3 },
    ])
    // As the platform's import: an empty cell is no value, the cell NULL is null.
    host.importSeedCsv('Setting', 'name,enabled\nfrom csv,\nnull in csv,NULL\n')
    expect(SimpleQuery.of('Setting').eq('name', 'from csv').listAll()).toMatchObject([
      { enabled: false, retries: 3 },
    ])
    expect(SimpleQuery.of('Setting').eq('name', 'null in csv').listAll()).toMatchObject([
      { enabled: null, retries: 3 },
    ])
  })
})

describe('objects read from the store', () => {
  test('query results are copies: changing one changes nothing stored until updateDomain', () => {
    installHost()
    const ann = createClient('Ann')
    const read = SimpleQuery.getById('Client', ann.id) as Record<string, unknown>
    read['name'] = 'Changed'
    expect(SimpleQuery.getById('Client', ann.id)?.['name']).toBe('Ann')
    DomainHelper.updateDomain(read)
    expect(SimpleQuery.getById('Client', ann.id)?.['name']).toBe('Changed')
  })

  test('an object read from a query still knows its domain for updateDomain and deleteDomain', () => {
    installHost()
    createClient('Ann')
    const read = SimpleQuery.of('Client').eq('name', 'Ann').get() as Record<string, unknown>
    read['vip'] = true
    DomainHelper.updateDomain(read)
    expect(SimpleQuery.of('Client').eq('vip', true).listAll()).toHaveLength(1)
    DomainHelper.deleteDomain(read)
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('a spread copy of a read object still knows its domain', () => {
    installHost()
    createClient('Ann')
    const read = SimpleQuery.of('Client').eq('name', 'Ann').get() as DomainObject
    DomainHelper.updateDomain({ ...read, email: 'ann@example.com' })
    expect(SimpleQuery.getById('Client', read.id)?.['email']).toBe('ann@example.com')
    DomainHelper.deleteDomain({ ...read })
    expect(SimpleQuery.count('Client')).toBe(0)
  })

  test('the domain mark does not get in the way of toEqual or toStrictEqual', () => {
    installHost()
    const ann = createClient('Ann')
    const expected = { id: ann.id, name: 'Ann', vip: null, email: null }
    expect(SimpleQuery.getAll('Client')).toEqual([expected])
    expect(SimpleQuery.getAll('Client')).toStrictEqual([expected])
    expect(Object.keys(SimpleQuery.getById('Client', ann.id) as object)).toEqual([
      'id',
      'name',
      'vip',
      'email',
    ])
    expect(JSON.stringify(SimpleQuery.getById('Client', ann.id))).toBe(JSON.stringify(expected))
  })

  test('an update with only some fields changes only those fields', () => {
    installHost()
    const ann = createClient('Ann', { email: 'a@example.com' })
    DomainHelper.updateDomain({ id: ann.id, vip: true })
    expect(SimpleQuery.getById('Client', ann.id)).toEqual({
      id: ann.id,
      name: 'Ann',
      vip: true,
      email: 'a@example.com',
    })
  })

  test('an update that fails validation writes nothing', () => {
    installHost()
    const ann = createClient('Ann')
    const error = catchError(() => DomainHelper.updateDomain({ ...ann, name: null, vip: 'yes' }))
    expect((error as ValidationException).errors.map((e) => e.field)).toEqual(['name', 'vip'])
    expect(SimpleQuery.getById('Client', ann.id)?.['name']).toBe('Ann')
  })

  test('references read back as the referenced objects, and values in their platform types', () => {
    installHost()
    const ann = createClient('Ann')
    const tag = created('Label', { name: 'urgent' })
    const order = created('Purchase', {
      number: 'A-1',
      status: 'OPEN',
      total: 12.5,
      placedOn: '2024-03-01',
      shippedAt: '2024-03-02T10:00:00+01:00',
      customer: ann,
      tags: [tag],
    })
    const read = SimpleQuery.getById('Purchase', order.id) as Record<string, unknown>
    expect(read).toMatchObject({
      total: '12.5',
      placedOn: '2024-03-01',
      shippedAt: new Date('2024-03-02T09:00:00Z'),
      customer: { id: ann.id, name: 'Ann' },
      tags: [{ id: tag.id, name: 'urgent' }],
    })
  })

  test('deleting an object that another references is refused, and nothing is deleted', () => {
    installHost()
    const ann = createClient('Ann')
    DomainHelper.createDomain(
      DomainHelper.buildDomain('Purchase', { number: 'A-1', status: 'OPEN', customer: ann }),
    )
    const error = catchError(() => DomainHelper.deleteDomain(ann))
    expect(IllegalStateException.is(error)).toBe(true)
    expect((error as Error).message).toMatch(/Purchase \d+ \(field customer\) references it/)
    expect(SimpleQuery.count('Client')).toBe(1)
  })

  test('updating an object that does not exist is refused', () => {
    installHost()
    const ann = createClient('Ann')
    DomainHelper.deleteDomain(ann)
    expect(() => DomainHelper.updateDomain({ ...ann, vip: true })).toThrow(/does not exist/)
  })
})

describe('the identity of objects in one read', () => {
  const CHAIN = {
    Link: {
      fields: {
        name: { type: 'STRING', required: true },
        next: { type: 'DOMAIN_OBJECT', domain: 'Link' },
        seen: { type: 'DOMAIN_OBJECT_LIST', domain: 'Link' },
      },
    },
  } as const

  test('references that form a cycle read back as one object per id, so the cycle is finite', () => {
    installHost({ domains: CHAIN })
    const a = DomainHelper.buildDomain('Link', { name: 'a' })
    DomainHelper.createDomain(a)
    const b = DomainHelper.buildDomain('Link', { name: 'b', next: a, seen: [a] })
    DomainHelper.createDomain(b)
    DomainHelper.updateDomain({ id: a.id, next: b, seen: [a, b] })
    const [first, second] = SimpleQuery.of('Link').listAll() as Record<string, Record<string, unknown>>[]
    expect(first?.['next']).toBe(second)
    expect(second?.['next']).toBe(first)
    expect(first?.['seen']).toEqual([first, second])
    expect((first?.['seen'] as unknown as unknown[])[0]).toBe(first)
    expect(second?.['seen']).toEqual([first])
  })

  test('an object two results reference is one object, and getByIds returns a repeated id as one object', () => {
    installHost()
    const ann = createClient('Ann')
    for (const number of ['A-1', 'A-2'])
      DomainHelper.createDomain(
        DomainHelper.buildDomain('Purchase', { number, status: 'OPEN', customer: ann }),
      )
    const [one, two] = SimpleQuery.getAll('Purchase')
    expect(one?.['customer']).toBe(two?.['customer'])
    const [x, y] = SimpleQuery.getByIds('Client', [ann.id, ann.id])
    expect(x).toBe(y)
    expect(x).toEqual({ id: ann.id, name: 'Ann', vip: null, email: null })
  })

  test('two reads make two sets of objects, and changing a Date or a list of one changes nothing stored', () => {
    installHost()
    const ann = createClient('Ann')
    const tag = created('Label', { name: 'urgent' })
    const order = created('Purchase', {
      number: 'A-1',
      status: 'OPEN',
      shippedAt: '2024-03-02T10:00:00Z',
      customer: ann,
      tags: [tag],
    })
    const read = SimpleQuery.getById('Purchase', order.id) as Record<string, unknown>
    expect(SimpleQuery.getById('Purchase', order.id)).not.toBe(read)
    ;(read['shippedAt'] as Date).setUTCFullYear(1999)
    ;(read['tags'] as unknown[]).length = 0
    ;(read['customer'] as Record<string, unknown>)['name'] = 'Changed'
    expect(SimpleQuery.getById('Purchase', order.id)).toMatchObject({
      shippedAt: new Date('2024-03-02T10:00:00Z'),
      tags: [{ id: tag.id, name: 'urgent' }],
      customer: { id: ann.id, name: 'Ann' },
    })
  })

  test('a list without references gives each object its own Dates, null where an instant is null', () => {
    const shift = { fields: { starts: 'ZONED_DATETIME', label: 'STRING', ends: 'ZONED_DATETIME' } } as const
    installHost({ domains: { Shift: shift } })
    const values = [
      { starts: '2024-03-02T08:00:00Z', label: 'early', ends: '2024-03-02T16:00:00Z' },
      { starts: '2024-03-02T16:00:00Z', label: 'open-ended', ends: null },
      { starts: null, label: 'unplanned', ends: null },
    ]
    for (const v of values) created('Shift', v)
    const expected = values.map((v) => ({
      starts: v.starts === null ? null : new Date(v.starts),
      label: v.label,
      ends: v.ends === null ? null : new Date(v.ends),
    }))
    const first = SimpleQuery.getAll('Shift') as Record<string, unknown>[]
    expect(first).toMatchObject(expected)
    expect(first.map((o) => Object.keys(o))).toEqual(values.map(() => ['id', 'starts', 'label', 'ends']))
    ;(first[0]?.['starts'] as Date).setUTCFullYear(1999)
    const second = SimpleQuery.of('Shift').listAll() as Record<string, unknown>[]
    expect(second).toMatchObject(expected)
    expect(second[0]?.['starts']).not.toBe(first[0]?.['starts'])
    expect(second[0]?.['starts']).not.toBe(second[0]?.['ends'])
    expect(SimpleQuery.of('Shift').list(1, 2)).toMatchObject(expected.slice(1))
  })

  test('a read object is a plain object that names its domain by its id alone', () => {
    installHost()
    const ann = createClient('Ann')
    const read = SimpleQuery.getById('Client', ann.id) as object
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
    expect(Object.getOwnPropertySymbols(read)).toEqual([])
    DomainHelper.updateDomain(Object.assign(read, { vip: true }))
    expect(SimpleQuery.getById('Client', ann.id)?.['vip']).toBe(true)
  })
})

describe('domains bound to classes', () => {
  class Client extends DynamicDomainEntity {
    declare name: string
    declare vip: boolean | null
    get greeting(): string {
      return `Hello ${this.name}`
    }
  }

  class VipClient extends DynamicDomainEntity {
    static override readonly domainName = 'Client'
    declare name: string
  }

  test('results of a query by class are instances of that class', () => {
    installHost()
    createClient('Ann')
    const found = SimpleQuery.of(Client).eq('name', 'Ann').listAll()
    expect(found[0]).toBeInstanceOf(Client)
    expect(found[0]?.greeting).toBe('Hello Ann')
    expect(SimpleQuery.getById(Client, found[0]?.id as number)).toBeInstanceOf(Client)
  })

  test('a class maps to its static domainName', () => {
    installHost()
    createClient('Ann')
    expect(SimpleQuery.count(VipClient)).toBe(1)
  })

  test('an instance of a bound class can be created and updated', () => {
    installHost()
    const ann = new Client()
    ann.name = 'Ann'
    DomainHelper.createDomain(ann)
    expect(ann.id).toBeTypeOf('number')
    ann.vip = true
    DomainHelper.updateDomain(ann)
    expect(SimpleQuery.getById(Client, ann.id)?.vip).toBe(true)
  })

  test('batchCreate by class returns instances of the class', () => {
    installHost()
    const made = DomainHelper.batchCreate(Client, [
      Object.assign(new Client(), { name: 'Ann' }),
      Object.assign(new Client(), { name: 'Bob' }),
    ])
    expect(made.map((c) => c instanceof Client && c.name)).toEqual(['Ann', 'Bob'])
  })

  test('a class with an accessor or an initialiser of a field gets the stored values as own data properties', () => {
    class Shouting extends DynamicDomainEntity {
      static override readonly domainName = 'Client'
      get name(): string {
        return 'ACCESSOR'
      }
    }
    class Defaults extends DynamicDomainEntity {
      static override readonly domainName = 'Client'
      name = 'default'
      vip: boolean | null = false
    }
    installHost()
    const ann = createClient('Ann', { vip: true })
    for (const type of [Shouting, Defaults]) {
      const [first, again] = [SimpleQuery.getById(type, ann.id), SimpleQuery.getById(type, ann.id)]
      for (const read of [first, again]) {
        expect(read).toBeInstanceOf(type)
        expect(Object.getOwnPropertyDescriptor(read, 'name')).toMatchObject({ value: 'Ann', writable: true })
        expect({ ...read }).toEqual({ id: ann.id, name: 'Ann', vip: true, email: null })
      }
    }
  })

  test('a class bound to no domain is an IllegalArgumentException naming the known domains', () => {
    installHost()
    class Invoice {}
    expect(() => SimpleQuery.of(Invoice)).toThrow(/Invoice.*Known domains: Client, Purchase, Label/)
  })
})

describe('batchCreate', () => {
  test('creates every object and returns the created objects with their ids', () => {
    installHost()
    const drafts = [{ name: 'Ann' }, { name: 'Bob' }]
    const made = DomainHelper.batchCreate('Client', drafts)
    expect(made.map((c) => c['name'])).toEqual(['Ann', 'Bob'])
    expect(made.every((c) => typeof c.id === 'number')).toBe(true)
    expect(drafts.map((d) => (d as { id?: number }).id)).toEqual(made.map((c) => c.id))
    expect(SimpleQuery.count('Client')).toBe(2)
  })

  test('is all or nothing: one invalid object and none is created, with each error named by its index', () => {
    installHost()
    const error = catchError(() =>
      DomainHelper.batchCreate('Client', [{ name: 'Ann' }, { vip: true }, { name: 3 }]),
    )
    expect((error as ValidationException).errors.map((e) => e.field)).toEqual([
      'objects[1].name',
      'objects[2].name',
    ])
    expect(SimpleQuery.count('Client')).toBe(0)
  })
})

describe('render', () => {
  test('ONLY_LABEL_FIELD renders the id and the label field', () => {
    installHost()
    const ann = createClient('Ann', { vip: true })
    expect(DomainHelper.render(ann, DomainObjectRenderType.ONLY_LABEL_FIELD)).toEqual({
      id: ann.id,
      name: 'Ann',
    })
  })

  test('ALL_COLUMNS renders every field, with references as { id }', () => {
    installHost()
    const ann = createClient('Ann')
    const file = StorageUtils.createStorageFileDomain('a.pdf', 'application/pdf', 'pdf')
    const order = created('Purchase', {
      number: 'A-1',
      status: 'OPEN',
      customer: ann,
      invoice: file,
    })
    const read = SimpleQuery.getById('Purchase', order.id) as DomainObject
    expect(DomainHelper.render(read, DomainObjectRenderType.ALL_COLUMNS)).toEqual({
      id: order.id,
      number: 'A-1',
      status: 'OPEN',
      total: null,
      quantity: null,
      placedOn: null,
      shippedAt: null,
      customer: { id: ann.id },
      tags: [],
      invoice: file,
    })
  })
})
