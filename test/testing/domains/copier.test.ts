import { describe, expect, test } from 'vitest'
import { copierOf } from '../../../src/testing/domains/copier.js'
import {
  createDomainSchema,
  createStoredRow,
  type StoredRow,
} from '../../../src/testing/store/memory/index.js'

// The compiled copier (this project allows code generation): `copies` must make of each row what `literal`
// makes of it, and `fill` must set the same values. The closure path is held to the same answers through the
// reads in test/testing/facets, which the 'no code generation' project runs again.

describe('the compiled copier', () => {
  test('copies agrees with literal for field names that need quoting or escaping', () => {
    const names = ['plain', 'a\u2028b', 'c\u2029d', 'q"uote\\', '1', 'line\nbreak']
    const schema = createDomainSchema(
      'Odd',
      names.map((name) => ({ name, type: 'STRING' as const, required: false })),
    )
    const rows = [1, 2].map((id) =>
      createStoredRow(schema, { id, ...Object.fromEntries(names.map((n) => [n, `${n}:${id}`])) }),
    )
    const copier = copierOf(schema)
    const copies = copier.copies(rows)
    expect(copies).toEqual(rows.map(copier.literal))
    expect(copies.map((c) => Object.keys(c))).toEqual(rows.map((r) => Object.keys(r)))
    expect(copies[1]).toEqual({ ...rows[1] })
    const filled: Record<string, unknown> = {}
    copier.fill(filled, rows[0] as StoredRow)
    expect(filled).toEqual({ ...rows[0] })
  })

  test('copies makes a Date of its own for every instant, at either end of the range, and null for null', () => {
    const schema = createDomainSchema('Span', [
      { name: 'from', type: 'ZONED_DATETIME', required: false },
      { name: 'label', type: 'STRING', required: false },
      { name: 'to', type: 'ZONED_DATETIME', required: false },
    ])
    const instants = [0, -1, 8.64e15, -8.64e15, 1711340156579, null]
    const rows = instants.map((from, i) =>
      createStoredRow(schema, { id: i + 1, from, label: `span ${i}`, to: instants[instants.length - 1 - i] }),
    )
    const copier = copierOf(schema)
    const first = copier.copies(rows) as Record<string, unknown>[]
    const second = copier.copies(rows) as Record<string, unknown>[]
    expect(first).toEqual(rows.map(copier.literal))
    first.forEach((copy, i) => {
      const row = rows[i] as StoredRow
      for (const field of ['from', 'to']) {
        const value = copy[field]
        if (row[field] === null) expect(value).toBeNull()
        else {
          expect(value).toBeInstanceOf(Date)
          expect((value as Date).getTime()).toBe(row[field])
          expect(value).not.toBe(second[i]?.[field])
        }
      }
    })
  })
})
