import type { Class } from '../../model/java-types.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { DomainSchema, FieldSchema, StoredRow, StoredValue } from '../domains/schema.js'

/**
 * Where an object keeps the name of its domain: an own, non-enumerable property under a `Symbol.for` key, so
 * that `toEqual` ignores it and every copy of the package reads it. A spread copy loses it, but keeps its id,
 * and ids are unique across domains (one sequence, as Hibernate's), so the host still knows its domain.
 */
export const DOMAIN_KEY: unique symbol = Symbol.for('@tech-vendor/api/testing.domain') as never

/** Marks an object as belonging to a domain. */
export function brand<T extends object>(object: T, domain: string): T {
  Object.defineProperty(object, DOMAIN_KEY, {
    value: domain,
    enumerable: false,
    configurable: true,
    writable: true,
  })
  return object
}

/** The domain an object was marked with, if any. */
export function brandOf(object: object): string | undefined {
  const value = Object.hasOwn(object, DOMAIN_KEY)
    ? (object as Record<symbol, unknown>)[DOMAIN_KEY]
    : undefined
  return typeof value === 'string' ? value : undefined
}

/** The class an object was made by, when it is not a plain object. */
export function ownClass(object: object): Class<unknown> | undefined {
  const prototype = Object.getPrototypeOf(object) as { constructor?: unknown } | null
  if (prototype === null || prototype === Object.prototype) return undefined
  const constructor = prototype.constructor
  return typeof constructor === 'function' ? (constructor as Class<unknown>) : undefined
}

/**
 * Turns stored rows into the objects plugin code gets: fresh copies (changing one changes nothing stored),
 * marked with their domain, ZONED_DATETIME as a `Date`, references as the referenced objects (loaded
 * eagerly; one object per id within one read, as a Hibernate session's identity map, so cycles stay finite).
 */
export class Materializer {
  readonly #schemas: ReadonlyMap<string, DomainSchema>
  readonly #read: (domain: string, id: number) => StoredRow | undefined
  readonly #memo = new Map<number, object>()

  constructor(
    schemas: ReadonlyMap<string, DomainSchema>,
    read: (domain: string, id: number) => StoredRow | undefined,
  ) {
    this.#schemas = schemas
    this.#read = read
  }

  /** The object for a row; an instance of `type` when the query named a class. */
  object(schema: DomainSchema, row: StoredRow, type?: Class<unknown>): object {
    const known = this.#memo.get(row.id)
    if (known !== undefined && (type === undefined || known instanceof (type as abstract new () => unknown)))
      return known
    const target = type === undefined ? {} : instantiate(type, schema.name)
    brand(target, schema.name)
    this.#memo.set(row.id, target)
    // Own data properties, even where a class declares an accessor of the same name.
    for (const field of schema.fields.values()) {
      Object.defineProperty(target, field.name, {
        value: this.#value(field, row[field.name] ?? null),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return target
  }

  #value(field: FieldSchema, value: StoredValue): unknown {
    if (value === null) return null
    switch (field.type) {
      case 'ZONED_DATETIME':
        return new Date(value as number)
      case 'DOMAIN_OBJECT':
        return this.#reference(field.domain as string, value as number)
      case 'DOMAIN_OBJECT_LIST':
        return (value as readonly number[]).map((id) => this.#reference(field.domain as string, id))
      default:
        return value
    }
  }

  #reference(domain: string, id: number): object {
    const known = this.#memo.get(id)
    if (known !== undefined) return known
    const schema = this.#schemas.get(domain)
    const row = this.#read(domain, id)
    if (schema === undefined || row === undefined) return brand({ id }, domain)
    return this.object(schema, row)
  }
}

function instantiate(type: Class<unknown>, domain: string): object {
  try {
    return new (type as unknown as new () => object)()
  } catch (error) {
    throw new IllegalArgumentException(
      `Cannot make a ${type.name} for a ${domain} object: its constructor threw (${(error as Error)?.message ?? String(error)}). ` +
        'The platform instantiates domain classes with no argument: give the class a constructor that needs none.',
      { cause: error },
    )
  }
}

/** The value a render puts in its map for a stored value: references as `{ id }`. */
export function renderValue(field: FieldSchema, value: StoredValue): unknown {
  if (value === null) return null
  switch (field.type) {
    case 'ZONED_DATETIME':
      return new Date(value as number)
    case 'DOMAIN_OBJECT':
      return { id: value as number }
    case 'DOMAIN_OBJECT_LIST':
      return (value as readonly number[]).map((id) => ({ id }))
    default:
      return value
  }
}
