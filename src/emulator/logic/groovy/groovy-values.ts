import type { DomainDefinition, FieldType } from '../../../testing/index.js'
import { DecimalNumber } from '../../wire/write-json.js'

/** A field of a domain as the value codec needs it: its type and, for a reference, the domain it points at. */
interface FieldInfo {
  readonly type: FieldType
  readonly domain: string | undefined
}

/** A value of the protocol: JSON, with tagged objects for what JSON cannot say. */
type Wire = unknown

/**
 * Values between the host and the JVM, tagged on the wire as the JVM side's Codec reads them: `{"$date": iso}`,
 * `{"$decimal": text}`, `{"$domain": name, id, ...fields}`, `{"$class": name}`, `{"$page": [...], totalCount}`.
 * The host gives BIG_DECIMAL values as text and dates as `Date`s; knowing each domain's fields, the codec tags a
 * host object with its domain and its references with theirs, so the script gets domain objects all the way down.
 *
 * @internal
 */
export class GroovyValues {
  readonly #fields = new Map<string, ReadonlyMap<string, FieldInfo>>()

  constructor(domains: Readonly<Record<string, DomainDefinition>>) {
    for (const [name, definition] of Object.entries(domains)) {
      const fields = new Map<string, FieldInfo>()
      for (const [field, type] of Object.entries(definition.fields)) {
        fields.set(
          field,
          typeof type === 'string' ? { type, domain: undefined } : { type: type.type, domain: type.domain },
        )
      }
      this.#fields.set(name, fields)
    }
  }

  /** Each domain's field names, for the JVM's domain classes. */
  fieldNames(): Record<string, string[]> {
    return Object.fromEntries([...this.#fields].map(([name, fields]) => [name, [...fields.keys()]]))
  }

  /** Whether the application has a domain of that name. */
  has(domain: string): boolean {
    return this.#fields.has(domain)
  }

  /**
   * An object of a domain from the JVM (host form) with its references as the wire carries them, `{ id }` (a list
   * of them for DOMAIN_OBJECT_LIST): what a hook hands back, however much of a reference the script loaded.
   */
  referencesAsIds(domain: string, object: Record<string, unknown>): Record<string, unknown> {
    const fields = this.#fields.get(domain)
    const idOf = (value: unknown): unknown =>
      typeof value === 'object' && value !== null && 'id' in value ? { id: value.id } : value
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(object)) {
      const type = fields?.get(key)?.type
      out[key] =
        type === 'DOMAIN_OBJECT'
          ? idOf(value)
          : type === 'DOMAIN_OBJECT_LIST' && Array.isArray(value)
            ? value.map(idOf)
            : value
    }
    return out
  }

  /** A host value for the JVM; `domain` names the domain of an object (or of each object of an array). */
  toJvm(value: unknown, domain?: string): Wire {
    if (value === null || value === undefined) return null
    if (value instanceof Date) return { $date: value.toISOString() }
    if (Array.isArray(value)) return value.map((item) => this.toJvm(item, domain))
    if (typeof value === 'bigint') return { $decimal: value.toString() }
    // A decimal as the wire renders it (an action's objects).
    if (value instanceof DecimalNumber) return { $decimal: value.text }
    if (typeof value !== 'object') return typeof value === 'function' ? null : value
    if (value instanceof Uint8Array) return Buffer.from(value).toString('base64')
    const fields = domain === undefined ? undefined : this.#fields.get(domain)
    const out: Record<string, Wire> = domain === undefined || fields === undefined ? {} : { $domain: domain }
    for (const [key, item] of Object.entries(value)) {
      const field = fields?.get(key)
      if (field?.type === 'BIG_DECIMAL' && (typeof item === 'string' || typeof item === 'number'))
        out[key] = { $decimal: String(item) }
      else out[key] = this.toJvm(item, field?.domain)
    }
    return out
  }

  /**
   * A value from the JVM: for the host (`'host'`: dates as `Date`, decimals as text, a domain object as its fields
   * and id) or for a JSON answer (`'json'`: dates as ISO text, decimals as numbers, a domain object as its fields).
   */
  fromJvm(value: Wire, mode: 'host' | 'json'): unknown {
    if (Array.isArray(value)) return value.map((item) => this.fromJvm(item, mode))
    if (value === null || typeof value !== 'object') return value
    const tagged = value as Record<string, unknown>
    if (typeof tagged['$date'] === 'string')
      return mode === 'host' ? new Date(tagged['$date']) : tagged['$date']
    if (typeof tagged['$decimal'] === 'string')
      return mode === 'host' ? tagged['$decimal'] : Number(tagged['$decimal'])
    if (typeof tagged['$class'] === 'string') return tagged['$class']
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(tagged)) {
      if (key !== '$domain') out[key] = this.fromJvm(item, mode)
    }
    return out
  }

  /** The domain of a tagged object from the JVM, or `undefined` for another value. */
  static domainOf(value: Wire): string | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
    const domain = (value as Record<string, unknown>)['$domain']
    return typeof domain === 'string' ? domain : undefined
  }
}
