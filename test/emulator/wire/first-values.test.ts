import { describe, expect, it } from 'vitest'
import { firstValues } from '../../../src/emulator/wire/first-values.js'

describe('firstValues', () => {
  it('keeps the first value of each name, in the order names first appear', () => {
    const parsed = firstValues(new URLSearchParams('b=1&a=2&b=3&c=&a=4'))
    expect(parsed).toEqual({ b: '1', a: '2', c: '' })
    expect(Object.keys(parsed)).toEqual(['b', 'a', 'c'])
  })

  it('writes a name such as __proto__ or toString as an own value, never onto a prototype', () => {
    const parsed = firstValues(new URLSearchParams('__proto__=x&toString=y'))
    expect(Object.getOwnPropertyNames(parsed)).toEqual(['__proto__', 'toString'])
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
  })

  // The timeout guards against the quadratic scan that took a minute here; it times nothing.
  it('parses 100,000 distinct names and their repeats in one pass', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `k${i}=${i}`).join('&')
    const parsed = firstValues(new URLSearchParams(`${text}&${text.replaceAll('=', '=again')}`))
    const names = Object.keys(parsed)
    expect(names).toHaveLength(100_000)
    expect([names[0], names[99_999], parsed['k0'], parsed['k99999']]).toEqual(['k0', 'k99999', '0', '99999'])
  }, 10_000)
})
