import { describe, expect, test } from 'vitest'
import { generatedFunction } from '../../../../src/testing/domains/generated-function.js'
import { compileScan } from '../../../../src/testing/store/memory/compile-scan.js'
import { createDomainSchema, planQuery } from '../../../../src/testing/store/memory/index.js'

// The vitest project that forbids code generation runs this file too.
const allowed = generatedFunction([], 'return 1') !== undefined

const schema = createDomainSchema('Shape', [{ name: 'qty', type: 'INTEGER', required: false }])

/** The compiled scan of an AND of `conditions` times `gt('qty', value)`: one shape per count. */
const scanOf = (conditions: number, value = 1) =>
  compileScan(
    schema,
    planQuery(schema, {
      and: true,
      conditions: Array.from({ length: conditions }, () => ({ operator: 'gt', field: 'qty', value })),
    }),
  )?.scan

describe('compiled scans', () => {
  test.runIf(allowed)('queries of one shape share one scan, whatever their values', () => {
    const scan = scanOf(2, 1)
    expect(scan).toBeTypeOf('function')
    expect(scanOf(2, 99)).toBe(scan)
    expect(scanOf(3, 1)).not.toBe(scan)
  })

  test.runIf(allowed)(
    'a domain keeps the scans of a bounded number of shapes, however many a plugin builds',
    () => {
      const first = scanOf(1)
      let others = 0
      // New shapes until the first one is compiled again: the cache let it go to stay bounded.
      while (others < 5000 && scanOf(1) === first) scanOf(2 + others++)
      expect(others).toBeGreaterThanOrEqual(64)
      expect(others).toBeLessThanOrEqual(256)
    },
  )

  test.runIf(!allowed)('where code generation is not allowed there is no compiled scan', () => {
    expect(scanOf(1)).toBeUndefined()
  })
})
