import type { MemberSpec } from './members.js'

const PRIMITIVES: Readonly<Record<string, string>> = {
  boolean: 'Z',
  byte: 'B',
  char: 'C',
  short: 'S',
  int: 'I',
  long: 'J',
  float: 'F',
  double: 'D',
  void: 'V',
}

/** The JVM field descriptor of a Java type name: `long` → `J`, `java.lang.Runnable` → `Ljava/lang/Runnable;`. */
function typeDescriptor(javaType: string): string {
  if (javaType.endsWith('[]')) return `[${typeDescriptor(javaType.slice(0, -2))}`
  return PRIMITIVES[javaType] ?? `L${javaType.replaceAll('.', '/')};`
}

/**
 * The member as a JVM linkage error names it: `tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V`.
 *
 * @param member - The member as declared.
 * @param returns - The return type to describe; the declared one unless given.
 */
export function jvmDescriptor(member: MemberSpec, returns: string = member.returns): string {
  return `${member.javaOwner}.${member.name}(${member.parameters.map(typeDescriptor).join('')})${typeDescriptor(returns)}`
}

/** The Java class Groovy reports for a JavaScript argument value. */
export function groovyTypeOf(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'null'
    case 'boolean':
      return 'java.lang.Boolean'
    case 'string':
      return 'java.lang.String'
    case 'bigint':
      return 'java.math.BigInteger'
    case 'number':
      if (!Number.isInteger(value)) return 'java.math.BigDecimal'
      return Math.abs(value) <= 0x7fffffff ? 'java.lang.Integer' : 'java.lang.Long'
    case 'function':
      return 'groovy.lang.Closure'
    case 'symbol':
      return 'java.lang.Object'
    case 'object':
      if (value === null) return 'null'
      if (Array.isArray(value)) return 'java.util.ArrayList'
      if (value instanceof Uint8Array) return '[B'
      if (value instanceof Date) return 'java.util.Date'
      return plainConstructorName(value) ?? 'java.util.LinkedHashMap'
  }
}

/** How Groovy prints an argument value in a MissingMethodException. */
export function groovyValueOf(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'null'
    case 'function':
      return `groovy.lang.Closure@${value.name === '' ? 'anonymous' : value.name}`
    case 'string':
      return value
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value)) return `[${value.map(groovyValueOf).join(', ')}]`
      if (value instanceof Date) return value.toISOString()
      const name = plainConstructorName(value)
      if (name !== undefined) return `${name}@${name.length.toString(16)}`
      const entries = Object.entries(value).map(([k, v]) => `${k}:${groovyValueOf(v)}`)
      return `[${entries.length === 0 ? ':' : entries.join(', ')}]`
    }
    default:
      return String(value)
  }
}

/** The class name of an object that is not a plain object literal. */
function plainConstructorName(value: object): string | undefined {
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto === null || proto === Object.prototype) return undefined
  const ctor = (proto as { constructor?: { name?: unknown } }).constructor
  return typeof ctor?.name === 'string' && ctor.name !== '' ? ctor.name : 'java.lang.Object'
}
