import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DomainHelper, SimpleQuery } from '../../../../src/index.js'
import { createTestHost } from '../../../../src/testing/index.js'
import { IdPositions } from '../../../../src/testing/store/memory/id-positions.js'

type Op =
  | { readonly kind: 'set'; readonly id: number; readonly position: number }
  | { readonly kind: 'delete'; readonly id: number }
  | { readonly kind: 'clear' }

/** Ids as a table sees them: mostly ascending with gaps (other domains' ids), some far off, below, negative. */
const id = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 3_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: -50, max: 0 }) },
  { weight: 1, arbitrary: fc.integer({ min: 3_000, max: 2 ** 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER) },
)

/** What a query may look an id up by: an id, or a number no row has as its id (fractional, NaN, infinite). */
const probe = fc.oneof(
  { weight: 3, arbitrary: id },
  { weight: 1, arbitrary: id.map((i) => i + 0.5) },
  { weight: 1, arbitrary: fc.double() },
)

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      id,
      position: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), id }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
)

describe('IdPositions', () => {
  test('answers as a Map would, through sets, deletes and clears of any ids', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), fc.array(probe, { maxLength: 20 }), (ops, probes) => {
        const positions = new IdPositions()
        const model = new Map<number, number>()
        for (const o of ops) {
          if (o.kind === 'set') {
            positions.set(o.id, o.position)
            model.set(o.id, o.position)
          } else if (o.kind === 'delete') {
            expect(positions.delete(o.id)).toBe(model.delete(o.id))
          } else {
            positions.clear()
            model.clear()
          }
          expect(positions.size).toBe(model.size)
        }
        for (const probe of [...model.keys(), ...probes]) {
          expect(positions.get(probe)).toBe(model.get(probe))
          expect(positions.has(probe)).toBe(model.has(probe))
        }
        for (const probe of probes) {
          expect(positions.delete(probe)).toBe(model.delete(probe))
          expect(positions.size).toBe(model.size)
        }
      }),
      { numRuns: 300 },
    )
  })

  test('ids a sequence hands out in order, with gaps, and one far off, each keep their position', () => {
    const positions = new IdPositions()
    for (let i = 0; i < 10_000; i++) positions.set(1 + i * 3, i)
    positions.set(2 ** 40, 10_000)
    positions.set(-7, 10_001)
    expect(positions.size).toBe(10_002)
    expect(positions.get(1)).toBe(0)
    expect(positions.get(1 + 9_999 * 3)).toBe(9_999)
    expect(positions.get(2)).toBeUndefined()
    expect(positions.get(2 ** 40)).toBe(10_000)
    expect(positions.get(-7)).toBe(10_001)
    expect(positions.delete(4)).toBe(true)
    expect(positions.get(4)).toBeUndefined()
    expect(positions.size).toBe(10_001)
  })

  test('a number that is no integer is no id, even one whose offset in the block rounds to an index', () => {
    const positions = new IdPositions()
    positions.set(-1, 0)
    positions.set(0, 1)
    positions.set(1, 2)
    // -1 is the block's base: 5e-324 - -1 rounds to 1, the offset of id 0.
    for (const probe of [5e-324, 0.5, 1.5, Number.NaN, Infinity]) {
      expect(positions.get(probe), String(probe)).toBeUndefined()
      expect(positions.delete(probe), String(probe)).toBe(false)
    }
    expect(positions.size).toBe(3)
    expect(positions.get(0)).toBe(1)
  })

  test('an id first kept outside the block moves into it when the block grows over it', () => {
    const positions = new IdPositions()
    positions.set(1, 0)
    // Too far from the block's one row: kept outside.
    positions.set(2_000, 1)
    for (let i = 2; i <= 100; i++) positions.set(i, i)
    // Now close enough for the block to grow over 2,000.
    positions.set(1_990, 101)
    expect(positions.get(2_000)).toBe(1)
    positions.set(2_000, 102)
    expect(positions.get(2_000)).toBe(102)
    expect(positions.size).toBe(102)
    expect(positions.delete(2_000)).toBe(true)
    expect(positions.has(2_000)).toBe(false)
    expect(positions.size).toBe(101)
  })
})

describe('an id no row has, through the facades', () => {
  test("eq('id', 1.5) and in('id', [1.5]) match nothing, as PostgreSQL's bigint = 1.5 does", () => {
    const host = createTestHost({ domains: { IdProbe: { fields: { code: 'STRING' } } } }).install()
    try {
      host.runAs({}, () => {
        for (const code of ['A', 'B', 'C'])
          DomainHelper.createDomain(DomainHelper.buildDomain('IdProbe', { code }))
        expect(SimpleQuery.of('IdProbe').eq('id', 1).listAll()).toHaveLength(1)
        expect(SimpleQuery.of('IdProbe').eq('id', 1.5).listAll()).toEqual([])
        expect(SimpleQuery.of('IdProbe').in('id', [1.5, 2.5]).listAll()).toEqual([])
      })
    } finally {
      host.uninstall()
    }
  })
})
