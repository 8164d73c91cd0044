import type { Class } from '../../model/java-types.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { brand } from './brand.js'
import { copierOf, plainValue, type Copier } from './copier.js'
import type { DomainSchema, FieldSchema, StoredRow, StoredValue } from './schema.js'

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
    // The common cases, reads without references, take the copier alone.
    if (copier.references.length === 0 && !this.#repeatable) {
      return type === undefined ? copier.copies(rows) : instancesOf(type, copier, schema, rows)
    }
    const objects = new Array<object>(rows.length)
    for (let i = 0; i < rows.length; i++)
      objects[i] = this.#object(copier, schema, rows[i] as StoredRow, type)
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

/**
 * The objects of a domain class for rows without references, in order. It lives outside the class on purpose,
 * as the copier's `copies` for plain reads does: a materializer lives for one read, and optimised code that
 * reads a field of one depends on the shape of its objects, which V8 drops at a full collection that finds
 * none alive. The loop's code would then be thrown away and compiled again after every full collection.
 */
function instancesOf(
  type: Class<unknown>,
  copier: Copier,
  schema: DomainSchema,
  rows: readonly StoredRow[],
): object[] {
  const objects = new Array<object>(rows.length)
  let plainly = true
  for (let i = 0; i < rows.length; i++) {
    const target = instantiate(type, schema.name) as Record<string, unknown>
    if (i === 0) plainly = assignsPlainly(type, target, schema)
    fillFrom(plainly, copier, schema, target, rows[i] as StoredRow)
    objects[i] = target
  }
  return objects
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
