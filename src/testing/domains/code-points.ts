/**
 * Compares two strings by Unicode code point, as PostgreSQL does under the C collation. JavaScript's `<`
 * compares UTF-16 code units instead, which puts an astral character (a surrogate pair, 0xD800–0xDFFF)
 * before U+E000–U+FFFF; this fixes up that one case at the first differing unit.
 *
 * @param a - A string.
 * @param b - Another.
 * @returns A negative number when `a` sorts first, zero when equal, positive when `b` sorts first.
 * @internal
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0
  const length = a.length < b.length ? a.length : b.length
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i)
    let y = b.charCodeAt(i)
    if (x !== y) {
      // Only when both units are at or above the surrogates does code-unit order differ from code-point order.
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000
      }
      return x - y
    }
  }
  return a.length - b.length
}
