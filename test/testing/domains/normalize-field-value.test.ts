import { describe, expect, test } from 'vitest'
import { IllegalArgumentException } from '../../../src/errors/illegal-argument-exception.js'
import {
  createDomainSchema,
  createStoredRow,
  normalizeFieldValue,
  storedRowFrom,
  tryNormalizeFieldValue,
  type FieldSchema,
  type StoredValue,
} from '../../../src/testing/store/memory/index.js'
import { fieldLayout } from '../../../src/testing/domains/field-layout.js'
import { file, item } from '../store/memory/fixtures.js'

const field = (name: string): FieldSchema => item.fields.get(name) as FieldSchema
const norm = (name: string, value: unknown) => normalizeFieldValue(field(name), value, 'Item')

describe('normalizeFieldValue', () => {
  test('null and undefined are stored as null', () => {
    for (const name of item.fields.keys()) {
      expect(norm(name, null)).toBeNull()
      expect(norm(name, undefined)).toBeNull()
    }
  })

  test('STRING and JSON_STRING keep text PostgreSQL can store', () => {
    expect(norm('name', 'héllo 😀')).toBe('héllo 😀')
    expect(() => norm('name', 5)).toThrow(
      /Item.name is a STRING field: it takes a string, not the number 5\./,
    )
    expect(() => norm('name', 'a\u0000b')).toThrow(/NUL character or an unpaired surrogate/)
    expect(() => norm('name', 'a\uD800b')).toThrow(/unpaired surrogate/)
    expect(norm('data', '{"a":1}')).toBe('{"a":1}')
    expect(() => norm('data', '{a:1}')).toThrow(/not valid JSON; pass JSON.stringify/)
  })

  test('numbers are range-checked by type and -0 becomes 0', () => {
    expect(norm('qty', 2147483647)).toBe(2147483647)
    expect(() => norm('qty', 2147483648)).toThrow(
      /INTEGER field: it takes an integer from -2147483648 to 2147483647/,
    )
    expect(() => norm('qty', 1.5)).toThrow(IllegalArgumentException)
    expect(norm('big', 9007199254740991n)).toBe(9007199254740991)
    expect(() => norm('big', 2 ** 53)).toThrow(/LONG field/)
    expect(Object.is(norm('score', -0), 0)).toBe(true)
    expect(() => norm('score', Infinity)).toThrow(/DOUBLE field: it takes a finite number/)
    expect(() => norm('score', '1')).toThrow(IllegalArgumentException)
    expect(() => norm('score', 2n ** 60n + 1n)).toThrow(IllegalArgumentException)
  })

  test('BIG_DECIMAL is stored as plain decimal text with the scale it was written with', () => {
    expect(norm('price', '25.00')).toBe('25.00')
    expect(norm('price', '012.500')).toBe('12.500')
    expect(norm('price', '+1.50')).toBe('1.50')
    expect(norm('price', '-0.000')).toBe('0.000')
    expect(norm('price', '-0')).toBe('0')
    expect(norm('price', '1.5e3')).toBe('1500')
    expect(norm('price', '1.50e2')).toBe('150')
    expect(norm('price', '1.500e1')).toBe('15.00')
    expect(norm('price', '1.50e-3')).toBe('0.00150')
    expect(norm('price', '0.0e-2')).toBe('0.000')
    expect(norm('price', '1e3')).toBe('1000')
    expect(norm('price', '.25')).toBe('0.25')
    expect(norm('price', '5.')).toBe('5')
    expect(norm('price', '-007.10')).toBe('-7.10')
    // A number is its shortest decimal text, as BigDecimal.valueOf(double) takes it.
    expect(norm('price', 0.1)).toBe('0.1')
    expect(norm('price', 25)).toBe('25')
    expect(norm('price', -0)).toBe('0')
    expect(norm('price', 1e-7)).toBe('0.0000001')
    expect(norm('price', 1e21)).toBe('1000000000000000000000')
    expect(norm('price', 123456789012345678901234567890n)).toBe('123456789012345678901234567890')
    expect(() => norm('price', '1,5')).toThrow(/BIG_DECIMAL field: it takes a decimal string such as "12.50"/)
    expect(() => norm('price', '1e5000')).toThrow(IllegalArgumentException)
    expect(() => norm('price', `0.${'0'.repeat(1001)}`)).toThrow(IllegalArgumentException)
    expect(norm('price', `0.${'0'.repeat(1000)}`)).toBe(`0.${'0'.repeat(1000)}`)
  })

  test('BOOLEAN takes only true and false', () => {
    expect(norm('active', false)).toBe(false)
    expect(() => norm('active', 'true')).toThrow(/BOOLEAN field: it takes a boolean/)
  })

  test('LOCAL_DATE takes a real YYYY-MM-DD date', () => {
    expect(norm('day', '2024-02-29')).toBe('2024-02-29')
    expect(() => norm('day', '2023-02-29')).toThrow(/LOCAL_DATE field/)
    expect(() => norm('day', '2024-1-5')).toThrow(IllegalArgumentException)
    expect(() => norm('day', new Date())).toThrow(/format the date you mean as "YYYY-MM-DD"/)
  })

  test('ZONED_DATETIME takes a Date or an ISO string with an offset, stored as epoch milliseconds', () => {
    expect(norm('at', new Date(Date.UTC(2024, 0, 1)))).toBe(Date.UTC(2024, 0, 1))
    expect(norm('at', '2024-01-01T01:30:00+01:30')).toBe(Date.UTC(2024, 0, 1))
    expect(norm('at', '2024-01-01T00:00:00.123456789Z')).toBe(Date.UTC(2024, 0, 1) + 123)
    expect(norm('at', '2023-12-31T19:00-05:00[America/New_York]')).toBe(Date.UTC(2024, 0, 1))
    expect(() => norm('at', '2024-01-01T00:00:00')).toThrow(/with an offset/)
    expect(() => norm('at', new Date(Number.NaN))).toThrow(/not an invalid Date/)
    expect(() => norm('at', 1704067200000)).toThrow(IllegalArgumentException)
  })

  test('DOMAIN_OBJECT takes the referenced object and stores its id', () => {
    expect(norm('owner', { id: 4, name: 'x' })).toBe(4)
    expect(() => norm('owner', 4)).toThrow(
      /pass the Person object itself \(for example the result of SimpleQuery.getById\('Person', 4\)\), not its id/,
    )
    expect(() => norm('owner', {})).toThrow(/save it first/)
  })

  test('DOMAIN_OBJECT_LIST stores the distinct referenced ids in order, frozen', () => {
    const ids = norm('tags', [{ id: 3 }, { id: 1 }, { id: 3 }])
    expect(ids).toEqual([3, 1])
    expect(Object.isFrozen(ids)).toBe(true)
    expect(() => norm('tags', [{ id: 3 }, 1])).toThrow(
      /element 1 is the number 1: pass the Tag object itself/,
    )
    expect(() => norm('tags', { id: 3 })).toThrow(/an array of Tag objects/)
  })

  test('FILE takes a StorageFieldValue and stores a frozen copy of its properties', () => {
    const stored = norm('file', { ...file(2), extra: true })
    expect(stored).toEqual(file(2))
    expect(Object.isFrozen(stored)).toBe(true)
    expect(() => norm('file', { id: 2 })).toThrow(
      /a StorageFieldValue, as StorageUtils.createStorageFileDomain returns it/,
    )
  })

  test('tryNormalizeFieldValue reports instead of throwing, with what was expected and given', () => {
    const result = tryNormalizeFieldValue(field('qty'), 'x', 'Item')
    expect(result).toMatchObject({ ok: false, given: 'the string "x"' })
    expect(result.ok === false && result.expected).toMatch(/^an integer/)
    expect(tryNormalizeFieldValue(field('qty'), 1.5, 'Item', 'condition')).toEqual({ ok: true, value: 1.5 })
  })
})

describe('createDomainSchema', () => {
  test('adds id as a required LONG field first', () => {
    const s = createDomainSchema('Tag', [{ name: 'label', type: 'STRING', required: true }], 'label')
    expect([...s.fields.keys()]).toEqual(['id', 'label'])
    expect(s.fields.get('id')).toEqual({ name: 'id', type: 'LONG', required: true })
    expect(s.labelField).toBe('label')
  })

  test('refuses unknown types, duplicates, reserved names, references without a domain and an unknown label field', () => {
    const f = (name: string, type: string, extra: object = {}) =>
      ({ name, type, required: false, ...extra }) as FieldSchema
    expect(() => createDomainSchema('X', [f('a', 'TEXT')])).toThrow(/unknown type "TEXT"; use one of STRING/)
    expect(() => createDomainSchema('X', [f('a', 'STRING'), f('a', 'LONG')])).toThrow(/declared twice/)
    expect(() => createDomainSchema('X', [f('__proto__', 'STRING')])).toThrow(/other than __proto__/)
    expect(() => createDomainSchema('X', [f('r', 'DOMAIN_OBJECT')])).toThrow(/name the referenced domain/)
    expect(() => createDomainSchema('X', [f('id', 'STRING')])).toThrow(/must be of type LONG/)
    expect(() => createDomainSchema('X', [f('a', 'STRING')], 'b')).toThrow(
      /label field "b", which it does not have/,
    )
  })

  test('createStoredRow gives every row the same frozen shape in schema order', () => {
    const r = createStoredRow(item, { name: 'a', id: 1, toString: 'ignored' })
    expect(Object.keys(r)).toEqual([...item.fields.keys()])
    expect(r['qty']).toBeNull()
    expect(Object.isFrozen(r)).toBe(true)
    expect(() => createStoredRow(item, { name: 'a' })).toThrow(/needs an integer id/)
  })

  test('storedRowFrom builds the same row from the values a write read, keeping the rest of the row it changes', () => {
    const made = createStoredRow(item, { id: 1, name: 'a', qty: 2 })
    // The values by field position, as fieldLayout orders them: id, name, qty, ...
    const at = (entries: Record<string, StoredValue>): (StoredValue | undefined)[] => {
      const { positions, fields } = fieldLayout(item)
      const values = new Array<StoredValue | undefined>(fields.length)
      for (const [name, value] of Object.entries(entries)) values[positions.get(name) as number] = value
      return values
    }
    const read = storedRowFrom(item, 1, at({ qty: 2, name: 'a' }))
    expect(read).toEqual(made)
    expect(Object.keys(read)).toEqual(Object.keys(made))
    expect(Object.isFrozen(read)).toBe(true)
    // An unset list reads as the empty list, on a create's row as on any other.
    expect(read['tags']).toEqual([])
    // An update: the values read win, an explicit null included; the other fields keep the old row's.
    const updated = storedRowFrom(item, 1, at({ qty: null }), made)
    expect(updated).toEqual({ ...made, qty: null })
    expect(() => storedRowFrom(item, 1.5, [])).toThrow(/needs an integer id, got 1.5/)
  })
})
