import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'

/**
 * Argument checks shared by the facades. Each throws an `IllegalArgumentException` whose message names the
 * member and the parameter, says what was given and what to pass instead.
 *
 * @module
 * @internal
 */

/** A short, safe description of a value for error messages: its kind and, for primitives, the value. */
export function describeValue(value: unknown): string {
  if (value == null) return String(value)
  if (typeof value === 'string')
    return value === '' ? 'an empty string' : `string ${JSON.stringify(truncate(value))}`
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `${typeof value} ${String(value)}`
  }
  if (typeof value === 'symbol') return 'a symbol'
  if (typeof value === 'function') return value.name === '' ? 'a function' : `function ${value.name}`
  if (Array.isArray(value)) return `an array of ${value.length}`
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name
  return typeof name === 'string' && name !== '' && name !== 'Object' ? `a ${name}` : 'an object'
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

/** Requires a string with at least one non-blank character. */
export function requireName(value: unknown, where: string, what: string): string {
  if (typeof value !== 'string' || isBlank(value)) throw notANonEmptyString(value, where, what)
  return value
}

/**
 * Requires a domain name: a non-empty string. Whether a domain has the name is the host's to say, as on the
 * platform, whose runtime looks the name up: a name of white space reaches the host, which refuses it as it
 * refuses any name no domain has. Only the type and the length are checked here because the facades that take
 * a domain name are the host calls a plugin makes most, and these two checks cost nothing measurable there.
 */
export function requireDomainName(value: unknown, where: string, what: string): void {
  if (typeof value !== 'string' || value.length === 0) throw notANonEmptyString(value, where, what)
}

/** The error for a value that should have been a non-empty string; kept apart so that the checks stay small. */
export function notANonEmptyString(value: unknown, where: string, what: string): IllegalArgumentException {
  return new IllegalArgumentException(
    `${where} expects ${what} as a non-empty string, got ${describeValue(value)}.`,
  )
}

/** Whether a name is empty or only white space; printable ASCII takes a shortcut. */
function isBlank(value: string): boolean {
  const first = value.charCodeAt(0) // NaN for ''
  if (first > 0x20 && first < 0x7f) return false // a printable ASCII character is never white space
  return value.trim() === ''
}

/**
 * Requires a non-null object that is not an array (a domain object, request data, properties), nor a `Map`,
 * whose entries no field would be read from.
 */
export function requireObject(value: unknown, where: string, what: string): object {
  if (typeof value !== 'object' || value == null || Array.isArray(value)) {
    throw new IllegalArgumentException(`${where} expects ${what} as an object, got ${describeValue(value)}.`)
  }
  if (value instanceof Map) {
    throw new IllegalArgumentException(
      `${where} expects ${what} as an object of fields, got a Map, whose entries are not fields: pass Object.fromEntries(map).`,
    )
  }
  return value
}

/** Requires a class constructor, as Java's `Class<T>` parameters take. */
export function requireClass(value: unknown, where: string): abstract new (...args: never[]) => unknown {
  if (typeof value !== 'function') {
    throw new IllegalArgumentException(
      `${where} expects a class (a constructor such as Invoice), got ${describeValue(value)}.`,
    )
  }
  return value as abstract new (...args: never[]) => unknown
}

/** Requires a boolean. */
export function requireBoolean(value: unknown, where: string, what: string): boolean {
  if (typeof value !== 'boolean') {
    throw new IllegalArgumentException(`${where} expects ${what} as a boolean, got ${describeValue(value)}.`)
  }
  return value
}

/** Requires a function (a closure). */
export function requireFunction<F>(value: unknown, where: string, what: string): F {
  if (typeof value !== 'function') {
    throw new IllegalArgumentException(`${where} expects ${what} as a function, got ${describeValue(value)}.`)
  }
  return value as F
}

/**
 * Copies a Java `Collection`/`List` argument into a frozen array: an array or any other iterable except a
 * string (which would iterate its characters).
 */
export function requireCollection(
  value: unknown,
  where: string,
  what: string,
  hint = '',
): readonly unknown[] {
  if (
    typeof value === 'object' &&
    value != null &&
    typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function'
  ) {
    return Object.freeze(Array.from(value as Iterable<unknown>))
  }
  throw new IllegalArgumentException(
    `${where} expects ${what} as a collection (an array or another iterable), got ${describeValue(value)}.${hint}`,
  )
}

/** Requires a Java `long` id: an integer number. */
export function requireId(value: unknown, where: string, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new IllegalArgumentException(
      `${where} expects ${what} as an integer id, got ${describeValue(value)}.`,
    )
  }
  return value
}
