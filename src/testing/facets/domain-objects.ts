import type { Class } from '../../model/java-types.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { generatedFunction, literal } from '../domains/generated-function.js'
import type { DomainSchema, FieldSchema, StoredRow, StoredValue } from '../domains/schema.js'

/**
 * Where an object the host built or created keeps the name of its domain (`buildDomain`, `createDomain`): an
 * own, non-enumerable property under a `Symbol.for` key, so that `toEqual` ignores it and every copy of the
 * package reads it. An object that was saved has an id, and ids are unique across domains (one sequence, as
 * Hibernate's), so the host knows its domain without it: query results and spread copies carry none.
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
 * ZONED_DATETIME as a `Date`, references as the referenced objects (loaded eagerly; one object per id within
 * one read, as a Hibernate session's identity map, so cycles stay finite).
 *
 * A copy carries no domain mark: its id names its domain (ids come from one sequence for every domain, and the
 * store tells which domain an id belongs to), and a copy made for a class is an instance of that class. What
 * remains is what an object literal costs, built by code made once per domain.
 */
export class Materializer {
  readonly #schemas: ReadonlyMap<string, DomainSchema>
  readonly #read: (domain: string, id: number) => StoredRow | undefined
  readonly #repeatable: boolean
  readonly #memo = new Map<number, object>()

  /**
   * @param schemas - The host's domains, to read references with.
   * @param read - Reads a referenced row as the session sees the data.
   * @param repeatable - The same row may be asked for twice in this read (`getByIds` with a repeated id): it
   *   then gets one object, as it does when it is referenced twice.
   */
  constructor(
    schemas: ReadonlyMap<string, DomainSchema>,
    read: (domain: string, id: number) => StoredRow | undefined,
    repeatable = false,
  ) {
    this.#schemas = schemas
    this.#read = read
    this.#repeatable = repeatable
  }

  /** The objects for rows of one domain, in order; instances of `type` when the query named a class. */
  objects(schema: DomainSchema, rows: readonly StoredRow[], type?: Class<unknown>): object[] {
    const copier = copierOf(schema)
    const objects = new Array<object>(rows.length)
    // The common cases, reads without references, take the copier alone.
    if (copier.references.length === 0 && !this.#repeatable) {
      if (type === undefined) {
        const literal = copier.literal
        for (let i = 0; i < rows.length; i++) objects[i] = literal(rows[i] as StoredRow)
        return objects
      }
      let plainly = true
      for (let i = 0; i < rows.length; i++) {
        const target = instantiate(type, schema.name) as Record<string, unknown>
        if (i === 0) plainly = assignsPlainly(type, target, schema)
        fillFrom(plainly, copier, schema, target, rows[i] as StoredRow)
        objects[i] = target
      }
    } else {
      for (let i = 0; i < rows.length; i++)
        objects[i] = this.#object(copier, schema, rows[i] as StoredRow, type)
    }
    return objects
  }

  /** The object for a row; an instance of `type` when the query named a class. */
  object(schema: DomainSchema, row: StoredRow, type?: Class<unknown>): object {
    return this.#object(copierOf(schema), schema, row, type)
  }

  #object(copier: Copier, schema: DomainSchema, row: StoredRow, type: Class<unknown> | undefined): object {
    const references = copier.references
    // Without references no row of this read can reach another, so distinct rows need no identity map.
    const identity = references.length > 0 || this.#repeatable
    if (identity) {
      const known = this.#memo.get(row.id)
      if (
        known !== undefined &&
        (type === undefined || known instanceof (type as abstract new () => unknown))
      )
        return known
    }
    let target: Record<string, unknown>
    let put = assign
    if (type === undefined) {
      target = copier.literal(row)
    } else {
      target = instantiate(type, schema.name) as Record<string, unknown>
      const plainly = assignsPlainly(type, target, schema)
      if (!plainly) put = define
      fillFrom(plainly, copier, schema, target, row)
    }
    if (identity) this.#memo.set(row.id, target)
    for (const field of references) put(target, field.name, this.#references(field, row[field.name] ?? null))
    return target
  }

  #references(field: FieldSchema, value: StoredValue): unknown {
    if (value === null) return null
    if (field.type === 'DOMAIN_OBJECT') return this.#reference(field.domain as string, value as number)
    return (value as readonly number[]).map((id) => this.#reference(field.domain as string, id))
  }

  #reference(domain: string, id: number): object {
    const known = this.#memo.get(id)
    if (known !== undefined) return known
    const schema = this.#schemas.get(domain)
    const row = this.#read(domain, id)
    // A reference the session cannot read (another session deleted it): its id, marked, as Hibernate's proxy.
    if (schema === undefined || row === undefined) return brand({ id }, domain)
    const object = this.object(schema, row)
    this.#memo.set(id, object)
    return object
  }
}

/** Makes a domain's copies: a literal per row, or its values set on an object a domain class made. */
interface Copier {
  /** A fresh plain object with every field in schema order; references `null`, to be filled in. */
  readonly literal: (row: StoredRow) => Record<string, unknown>
  /** Sets every field on `target` by assignment, in schema order; references `null`, to be filled in. */
  readonly fill: (target: Record<string, unknown>, row: StoredRow) => void
  /** The DOMAIN_OBJECT and DOMAIN_OBJECT_LIST fields. */
  readonly references: readonly FieldSchema[]
}

/** One copier per schema, made on first use. A memo keyed by schema, not state. */
const copiers = new WeakMap<DomainSchema, Copier>()

function copierOf(schema: DomainSchema): Copier {
  let copier = copiers.get(schema)
  if (copier === undefined) {
    const fields = [...schema.fields.values()]
    const references = fields.filter((f) => f.type === 'DOMAIN_OBJECT' || f.type === 'DOMAIN_OBJECT_LIST')
    copier = { ...(generatedCopier(fields) ?? closureCopier(fields)), references }
    copiers.set(schema, copier)
  }
  return copier
}

/**
 * A copier compiled for the schema: an object literal of its fields, which V8 builds as fast as hand-written
 * code does (one allocation with every property in place), where a loop over the fields cannot.
 */
function generatedCopier(fields: readonly FieldSchema[]): Omit<Copier, 'references'> | undefined {
  const reads = fields.map((field, i) => `const v${i} = row[${literal(field.name)}] ?? null`).join('\n')
  const values = fields.map((field, i) =>
    field.type === 'ZONED_DATETIME'
      ? `v${i} === null ? null : new Date(v${i})`
      : field.type === 'DOMAIN_OBJECT' || field.type === 'DOMAIN_OBJECT_LIST'
        ? 'null'
        : `v${i}`,
  )
  const properties = fields.map((field, i) => `${literal(field.name)}: ${values[i] as string}`).join(', ')
  const assignments = fields.map((field, i) => `target[${literal(field.name)}] = ${values[i] as string}`)
  const literalCopy = generatedFunction<Copier['literal']>(['row'], `${reads}\nreturn { ${properties} }`)
  const fill = generatedFunction<Copier['fill']>(['target', 'row'], `${reads}\n${assignments.join('\n')}`)
  return literalCopy === undefined || fill === undefined ? undefined : { literal: literalCopy, fill }
}

/** The copier where code generation is not allowed: the same objects, made by a loop over the fields. */
function closureCopier(fields: readonly FieldSchema[]): Omit<Copier, 'references'> {
  const fill = (target: Record<string, unknown>, row: StoredRow): void => {
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as FieldSchema
      target[field.name] = plainValue(field, row[field.name])
    }
  }
  // A constructor gives every copy one shape with in-object properties, as a literal has; its prototype is
  // Object.prototype, so the copies are plain objects.
  const ReadCopy = function (this: Record<string, unknown>, row: StoredRow) {
    fill(this, row)
  } as unknown as new (row: StoredRow) => Record<string, unknown>
  ReadCopy.prototype = Object.prototype
  return { literal: (row) => new ReadCopy(row), fill }
}

/** A stored value as a copy holds it before references are filled in. */
function plainValue(field: FieldSchema, value: StoredValue | undefined): unknown {
  if (value == null) return null
  switch (field.type) {
    case 'ZONED_DATETIME':
      return new Date(value as number)
    case 'DOMAIN_OBJECT':
    case 'DOMAIN_OBJECT_LIST':
      return null
    default:
      return value
  }
}

/** Sets a row's values on an object a domain class made: by assignment, or where it cannot, by definition. */
function fillFrom(
  plainly: boolean,
  copier: Copier,
  schema: DomainSchema,
  target: Record<string, unknown>,
  row: StoredRow,
): void {
  if (plainly) copier.fill(target, row)
  else
    for (const field of schema.fields.values()) define(target, field.name, plainValue(field, row[field.name]))
}

function assign(target: Record<string, unknown>, name: string, value: unknown): void {
  target[name] = value
}

/** An own data property, even where a class declares an accessor of the same name. */
function define(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * Whether assigning the schema's fields to objects of `type` gives what defining them does: own, enumerable,
 * writable data properties. Not where the class has an accessor or a read-only property of a field's name, or
 * its objects are not extensible. Checked on its first object (`target`) per schema; a class makes its
 * objects alike.
 */
function assignsPlainly(type: Class<unknown>, target: object, schema: DomainSchema): boolean {
  let verdicts = classVerdicts.get(type)
  let verdict = verdicts?.get(schema)
  if (verdict !== undefined) return verdict
  verdict = Object.isExtensible(target) && [...schema.fields.keys()].every((name) => assignable(target, name))
  if (verdicts === undefined) classVerdicts.set(type, (verdicts = new WeakMap()))
  verdicts.set(schema, verdict)
  return verdict
}

/** Per class, per schema: whether {@link assignsPlainly}. A memo keyed by class, not state. */
const classVerdicts = new WeakMap<object, WeakMap<DomainSchema, boolean>>()

function assignable(target: object, name: string): boolean {
  const own = Object.getOwnPropertyDescriptor(target, name)
  if (own !== undefined)
    return 'value' in own && own.writable === true && own.enumerable === true && own.configurable === true
  for (
    let proto = Object.getPrototypeOf(target) as object | null;
    proto !== null;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const inherited = Object.getOwnPropertyDescriptor(proto, name)
    if (inherited !== undefined) return 'value' in inherited && inherited.writable === true
  }
  return true
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
