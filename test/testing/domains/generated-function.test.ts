import { describe, expect, test } from 'vitest'
import { generatedFunction, literal } from '../../../src/testing/domains/generated-function.js'

describe('generated functions', () => {
  test('compile where code generation is allowed, with names as string literals', () => {
    const read = generatedFunction<(row: object) => unknown>(['row'], `return row[${literal('a"b')}]`)
    expect(read?.({ 'a"b': 7 })).toBe(7)
  })

  test('a syntax error is a bug in the generator and is thrown, not taken for a refusal', () => {
    expect(() => generatedFunction(['row'], 'return {')).toThrow(SyntaxError)
    expect(generatedFunction<() => number>([], 'return 1')?.()).toBe(1)
  })

  test('a stack overflow while compiling is thrown, and code generation stays on for later calls', () => {
    // Nested source needs parser stack: from the deepest frame up, some attempt gets into new Function but
    // runs out of stack there. Each attempt's outcome is counted.
    const body = `return ${'('.repeat(300)}a${')'.repeat(300)}`
    const outcomes = { compiled: 0, refused: 0, overflowed: 0 }
    const attempt = (): void => {
      try {
        attempt()
      } catch (error) {
        if (!(error instanceof RangeError)) throw error
        let compiled: unknown
        try {
          compiled = generatedFunction(['a'], body)
        } catch (overflow) {
          outcomes.overflowed++
          throw overflow
        }
        if (compiled === undefined) outcomes.refused++
        else outcomes.compiled++
      }
    }
    attempt()
    expect(outcomes.overflowed).toBeGreaterThan(0)
    expect(outcomes).toMatchObject({ compiled: 1, refused: 0 })
    expect(generatedFunction<() => number>([], 'return 1')?.()).toBe(1)
  })
})
