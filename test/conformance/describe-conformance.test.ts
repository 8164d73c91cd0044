import { describe, expect, test } from 'vitest'
import {
  conformanceGroups,
  describeConformance,
  type ConformanceFactory,
} from '../../src/conformance/index.js'
import { IllegalArgumentException } from '../../src/index.js'
import { createTestHost } from '../../src/testing/index.js'

const factory: ConformanceFactory = (setup) => createTestHost(setup)

function errorOf(fn: () => void): Error {
  try {
    fn()
  } catch (error) {
    expect(IllegalArgumentException.is(error)).toBe(true)
    return error as Error
  }
  throw new Error('expected an IllegalArgumentException')
}

// Each call below throws before it registers anything, so these tests add no suite to the run.
describe('describeConformance refuses a call it cannot run, saying what to pass', () => {
  test('an empty host name', () => {
    expect(errorOf(() => describeConformance(' ', factory)).message).toMatch(
      /hostName must be a non-empty string/,
    )
  })

  test('a factory that is not a function', () => {
    expect(errorOf(() => describeConformance('h', {} as ConformanceFactory)).message).toMatch(
      /factory must be a function/,
    )
  })

  test('a skipped group that does not exist, naming the groups', () => {
    const message = errorOf(() =>
      describeConformance('h', factory, { skip: { queries: 'typo' } as never }),
    ).message
    expect(message).toContain('skip.queries: no such group')
    expect(message).toContain(conformanceGroups.join(', '))
  })

  test('a skip without a reason', () => {
    expect(errorOf(() => describeConformance('h', factory, { skip: { async: '' } })).message).toContain(
      'skip.async: give the reason for skipping',
    )
  })

  test('an unknown option', () => {
    expect(errorOf(() => describeConformance('h', factory, { only: ['query'] } as never)).message).toContain(
      'unknown option "only"',
    )
  })
})
