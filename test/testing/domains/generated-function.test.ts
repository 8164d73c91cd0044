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
})
