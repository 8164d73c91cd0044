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
}

/**
 * Writes a value as JSON, as `JSON.stringify` does (own enumerable string keys, `toJSON`, `undefined` skipped
 * in objects and `null` in arrays, non-finite numbers as `null`), plus: {@link DecimalNumber} as its number
 * text, bigint as its digits, and a clear error on a cycle (domain objects that reference each other).
 *
 * @throws TypeError naming the path of a cycle.
 * @internal
 */
export function writeJson(value: unknown): string {
  return write(value, '$', new Set()) ?? 'null'
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
