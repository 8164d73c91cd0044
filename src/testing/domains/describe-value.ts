/**
 * A short description of a value for error messages: its kind and, for a scalar, the value itself.
 *
 * @param value - Anything a plugin passed.
 * @returns Such as `the string "abc"`, `the number 5`, `a Date (2024-01-01T00:00:00.000Z)`, `an array`.
 * @internal
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`
    case 'number':
      return `the number ${String(value)}`
    case 'bigint':
      return `the bigint ${String(value)}n`
    case 'boolean':
      return `the boolean ${String(value)}`
    case 'function':
      return 'a function'
    case 'symbol':
      return 'a symbol'
    case 'undefined':
    case 'object':
      break
  }
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'an invalid Date' : `a Date (${value.toISOString()})`
  if (Array.isArray(value)) return `an array of ${value.length}`
  const constructorName = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)
    ?.constructor?.name
  return typeof constructorName === 'string' && constructorName !== 'Object' && constructorName !== ''
    ? `a ${constructorName} object`
    : 'an object'
}
