/** The names through which an assignment reaches a prototype instead of an own property. */
const POLLUTING_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Whether a key could pollute a prototype when code assigns it: `__proto__`, `constructor` or `prototype`, alone
 * or as any segment of a bracket or dot path (`a[__proto__][polluted]`, `a.constructor.prototype.x`) that a
 * query-string parser or a deep merge in logic code might expand. Other names of `Object.prototype`
 * (`toString`, `valueOf`, ...) only shadow a method on the object that holds them, and are ordinary names.
 *
 * @internal
 */
export function isReservedKey(key: string): boolean {
  // Each polluting name holds one of these: a key with neither (nearly every key) is not split.
  if (!key.includes('proto') && !key.includes('constructor')) return false
  return key.split(/[[\].]/).some((segment) => POLLUTING_NAMES.has(segment))
}
