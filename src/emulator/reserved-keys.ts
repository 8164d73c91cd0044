/**
 * Whether a key would reach an object's prototype rather than an own property when code assigns it
 * (`__proto__`, `prototype`, `constructor`, `toString`, ...), also as the head of a bracket or dot path
 * (`__proto__[polluted]`, `constructor.prototype`) that a query-string parser in logic code might expand. The
 * reference host refuses such keys in domain data; the emulator refuses them anywhere in a request, before any
 * code sees it.
 *
 * @internal
 */
export function isReservedKey(key: string): boolean {
  const head = key.split(/[[.]/, 1)[0] as string
  return head === '__proto__' || head === 'prototype' || head in Object.prototype
}

/**
 * The first reserved key anywhere in a parsed JSON value, with its path, or `undefined` when there is none.
 *
 * @internal
 */
export function findReservedKey(value: unknown, path = '$'): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (Array.isArray(value)) {
    for (const [index, item] of (value as unknown[]).entries()) {
      const found = findReservedKey(item, `${path}[${index}]`)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    if (isReservedKey(key)) return `${path}.${key}`
    const found = findReservedKey((value as Record<string, unknown>)[key], `${path}.${key}`)
    if (found !== undefined) return found
  }
  return undefined
}
