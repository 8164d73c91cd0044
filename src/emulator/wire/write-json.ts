import { randomBytes } from 'node:crypto'

/**
 * A BIG_DECIMAL value on the wire: written as a JSON number that keeps its scale (`12.50`), as a Java platform
 * writes a `BigDecimal`, where `JSON.stringify` could only write a string or a number that lost the scale.
 *
 * @internal
 */
export class DecimalNumber {
  readonly text: string

  constructor(text: string) {
    this.text = text
  }

  /**
   * What `JSON.stringify` writes for it: inside {@link writeJson}, a marked string that it finds and writes as
   * the number; elsewhere (a logic that writes the objects it was given) `{"text": ...}`, its one field.
   */
  toJSON(): string | { text: string } {
    return writing.now ? `${DECIMAL_MARK}${this.text}` : { text: this.text }
  }
}

/** Whether {@link writeJson} is calling `JSON.stringify` now (synchronously: nothing else runs meanwhile). */
const writing = { now: false }

/**
 * Begins the string a {@link DecimalNumber} stands in for while `JSON.stringify` writes: a NUL (which JSON writes
 * as `\u0000`) and a tag made up at start, so that no string of the data is taken for one.
 */
const DECIMAL_MARK = `\u0000${randomBytes(12).toString('base64url')}:`
/** The mark without its NUL: what the written text holds after `\u0000`. */
const TAG = DECIMAL_MARK.slice(1)
/** The same as `JSON.stringify` writes it, quotes and escape included, and the number's text after it. */
const DECIMAL_WRITTEN = new RegExp(`"\\\\u0000${TAG}([^"\\\\]*)"`, 'g')

/**
 * Writes a value as JSON, as `JSON.stringify` does (own enumerable string keys, `toJSON`, `undefined` skipped
 * in objects and `null` in arrays, non-finite numbers as `null`), plus: {@link DecimalNumber} as its number
 * text, bigint as its digits, and a clear error on a cycle (domain objects that reference each other).
 *
 * @throws TypeError naming the path of a cycle.
 * @internal
 */
export function writeJson(value: unknown): string {
  let text: string | undefined
  const outer = writing.now
  writing.now = true
  try {
    // V8's own writer, many times faster than one in JavaScript; what it cannot write (a cycle, a bigint), the
    // writer below writes or explains.
    text = JSON.stringify(value)
  } catch {
    return write(value, '$', new Set()) ?? 'null'
  } finally {
    writing.now = outer
  }
  if (text === undefined) return 'null'
  if (!text.includes(TAG)) return text
  const written = text.replace(DECIMAL_WRITTEN, '$1')
  // A decimal whose text JSON had to escape (never one read from a store): the writer below writes it as is.
  return written.includes(TAG) ? (write(value, '$', new Set()) ?? 'null') : written
}

function write(value: unknown, path: string, open: Set<object>): string | undefined {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'boolean':
      return value ? 'true' : 'false'
    case 'bigint':
      return value.toString()
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined
    default:
      break
  }
  if (value instanceof DecimalNumber) return value.text
  const object = value
  const toJSON = (object as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') return write(toJSON.call(object) as unknown, path, open)
  if (open.has(object)) {
    throw new TypeError(
      `The result cannot be written as JSON: ${path} refers back to an object that holds it (a cycle). ` +
        'Return plain data, for example DomainHelper.render(object, DomainObjectRenderType.ALL_COLUMNS), which writes references as {"id": n}.',
    )
  }
  open.add(object)
  try {
    if (Array.isArray(object)) {
      return `[${object.map((item, index) => write(item as unknown, `${path}[${index}]`, open) ?? 'null').join(',')}]`
    }
    const parts: string[] = []
    for (const key of Object.keys(object)) {
      const text = write((object as Record<string, unknown>)[key], `${path}.${key}`, open)
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`)
    }
    return `{${parts.join(',')}}`
  } finally {
    open.delete(object)
  }
}
