/**
 * Whether two stored values of one field are the same: rows hold primitives, arrays of ids and frozen file
 * records, so a structural comparison of the last two is exact.
 *
 * @param a - A stored value.
 * @param b - Another stored value of the same field.
 * @returns `true` when writing `b` over `a` would change nothing.
 * @internal
 */
export function sameStoredValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}
