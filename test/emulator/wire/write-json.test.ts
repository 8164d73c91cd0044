import { describe, expect, it } from 'vitest'
import { DecimalNumber, writeJson } from '../../../src/emulator/wire/write-json.js'

describe('writeJson', () => {
  it('writes what JSON.stringify writes for plain data', () => {
    const values: unknown[] = [
      { a: 1, b: 'two', c: [true, null, undefined, () => 1], d: undefined, e: { f: -0, g: 1.5e300 } },
      [Number.NaN, Number.POSITIVE_INFINITY, 'é\u0000"\\\n\u2028'],
      'text',
      12,
      null,
      { 2: 'integer keys first', b: 1, 1: 'then' },
      { when: new Date(Date.UTC(2025, 2, 1)) },
    ]
    for (const value of values) expect(writeJson(value)).toBe(JSON.stringify(value))
  })

  it('writes a BIG_DECIMAL as a number that keeps its scale, wherever it is', () => {
    expect(writeJson({ total: new DecimalNumber('12.50') })).toBe('{"total":12.50}')
    expect(
      writeJson({
        data: [
          { id: 1, total: new DecimalNumber('-0.000'), tax: new DecimalNumber('12345678901234567890.12') },
          { id: 2, total: null, tax: new DecimalNumber('1E+3') },
        ],
      }),
    ).toBe(
      '{"data":[{"id":1,"total":-0.000,"tax":12345678901234567890.12},{"id":2,"total":null,"tax":1E+3}]}',
    )
    expect(writeJson(new DecimalNumber('0.10'))).toBe('0.10')
  })

  it('writes strings that resemble its marks as strings', () => {
    const value = { a: '\u0000', b: '\\u0000x:1', c: new DecimalNumber('1.0'), d: '\u0000abc:1.0' }
    expect(writeJson(value)).toBe('{"a":"\\u0000","b":"\\\\u0000x:1","c":1.0,"d":"\\u0000abc:1.0"}')
  })

  it('outside writeJson, JSON.stringify writes a decimal as its one field, text', () => {
    expect(JSON.stringify({ total: new DecimalNumber('12.50') })).toBe('{"total":{"text":"12.50"}}')
  })

  it('writes a bigint as its digits', () => {
    expect(writeJson({ n: 12345678901234567890n, d: new DecimalNumber('1.50') })).toBe(
      '{"n":12345678901234567890,"d":1.50}',
    )
  })

  it('names the path of a cycle', () => {
    const order: Record<string, unknown> = { id: 1, lines: [] }
    ;(order['lines'] as unknown[]).push({ id: 2, order })
    expect(() => writeJson({ data: order })).toThrow(
      /^The result cannot be written as JSON: \$\.data\.lines\[0\]\.order refers back to an object that holds it \(a cycle\)/,
    )
  })

  it('writes undefined, a function or a symbol alone as null', () => {
    expect(writeJson(undefined)).toBe('null')
    expect(writeJson(() => 1)).toBe('null')
    expect(writeJson(Symbol('s'))).toBe('null')
  })
})
