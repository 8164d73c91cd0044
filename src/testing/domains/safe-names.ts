/** What a domain or field name looks like on the platform: a Groovy identifier. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * Why `name` cannot name a domain or a field, or `undefined` when it can. Names that would reach an object's
 * prototype (`__proto__`, `constructor`, `prototype`, `toString`, ...) are refused, so that no request body can
 * pollute a prototype through a field name.
 */
export function unsafeNameReason(name: string): string | undefined {
  if (!IDENTIFIER.test(name))
    return 'it is not an identifier (letters, digits, _ and $, not starting with a digit)'
  if (isReservedKey(name)) return 'it is reserved: it would reach the prototype of every object'
  return undefined
}

/** Whether `key` would reach an object's prototype rather than an own field when assigned. */
export function isReservedKey(key: string): boolean {
  return key === '__proto__' || key === 'prototype' || key in Object.prototype
}
