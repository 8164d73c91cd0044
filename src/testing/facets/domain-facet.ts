import type { DomainObjectRenderType } from '../../model/domain-object-render-type.js'
import { domainNameOf } from '../../api/dynamic-domain-entity.js'
import type { Class } from '../../model/java-types.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import { ValidationException, type FieldError } from '../../errors/validation-exception.js'
import type { DomainRuntime } from '../../runtime-contract/facets.js'
import { atomically } from '../store/atomically.js'
import { validateQuery } from '../store/query/validate-query.js'
import type { HostData, RowReference } from '../store/store.js'
import { describeValue } from '../domains/describe-value.js'
import { tryNormalizeFieldValue } from '../domains/normalize-field-value.js'
import { storedRowFrom, type DomainSchema, type StoredRow } from '../domains/schema.js'
import { blankObject } from '../domains/blank-object.js'
import { brand, brandOf } from '../domains/brand.js'
import { Materializer } from '../domains/materializer.js'
import { ownClass } from '../domains/own-class.js'
import { renderValue } from '../domains/render-value.js'
import type { ContextStore, SessionState } from '../host/host-context.js'
import { readRequest, type ReferenceCheck } from './request-data.js'
import { isReservedKey } from '../domains/safe-names.js'

/**
 * The host side of `DomainHelper`: builds, validates, writes, deletes and renders domain objects in the
 * current tenant and transaction. A failed call writes nothing.
 */
export class DomainFacet implements DomainRuntime {
  readonly #data: () => HostData
  readonly #contexts: ContextStore

  constructor(data: () => HostData, contexts: ContextStore) {
    this.#data = data
    this.#contexts = contexts
  }

  buildDomain(domain: string, properties?: Readonly<Record<string, unknown>>): object {
    const schema = this.schemaOf(domain, 'DomainHelper.buildDomain')
    if (
      properties !== undefined &&
      (typeof properties !== 'object' || properties === null || Array.isArray(properties))
    ) {
      throw new IllegalArgumentException(
        `DomainHelper.buildDomain(${domain}, properties) expects properties as an object, got ${describeValue(properties)}.`,
      )
    }
    const keys = properties === undefined ? [] : Object.keys(properties)
    const reserved = keys.filter(isReservedKey)
    if (reserved.length > 0) {
      throw new IllegalArgumentException(
        `DomainHelper.buildDomain(${domain}, properties): the key ${JSON.stringify(reserved[0])} would reach the prototype of every object. Remove it.`,
      )
    }
    const object = blankObject(schema)
    // Unknown keys are kept, as request data: createDomain reports them with every other field error.
    for (const key of keys) {
      if (key === 'id') continue
      const value = (properties as Record<string, unknown>)[key]
      if (value !== undefined) object[key] = value
    }
    return brand(object, schema.name)
  }

  createDomain(requestData: object): void {
    const session = this.#contexts.current().session
    const schema = this.#schemaOfObject(requestData, 'DomainHelper.createDomain')
    checkUnsaved(requestData, schema.name, 'DomainHelper.createDomain')
    const id = this.#create(session, schema, requestData)
    // As GORM's save(): the saved object gets its id.
    ;(requestData as { id: number }).id = id
    if (brandOf(requestData) === undefined) brand(requestData, schema.name)
  }

  /**
   * Reads a create's request and writes the new row, returning its id. A store that checks references with
   * its write (`createReferencing`) gets the request read as if every reference existed, and the references
   * to check; where one is missing (or the request has other errors, listed with it), the request is read
   * again checking each, so that the errors are the same on every store.
   */
  #create(session: SessionState, schema: DomainSchema, requestData: object): number {
    const data = this.#data()
    if (data.createReferencing === undefined) {
      const { values, errors } = readRequest(schema, requestData, this.references(session))
      if (errors.length > 0) throw new ValidationException(schema.name, errors)
      const id = data.nextId()
      data.write(session, schema.name, id, storedRowFrom(schema, id, values))
      return id
    }
    const assumed = new AssumedReferences(data, session)
    const { references } = assumed
    const { values, errors } = readRequest(schema, requestData, assumed)
    if (errors.length > 0 && references.length === 0) throw new ValidationException(schema.name, errors)
    if (errors.length === 0) {
      const row = data.createReferencing(
        session,
        schema.name,
        (id) => storedRowFrom(schema, id, values),
        references,
      )
      if (row !== undefined) return row.id
    }
    const checked = readRequest(schema, requestData, this.references(session))
    if (checked.errors.length > 0) throw new ValidationException(schema.name, checked.errors)
    throw new IllegalStateException(
      `internal: the ${data.store.kind} store found a row a new ${schema.name} references missing, which the host then found.`,
    )
  }

  updateDomain(requestData: object): void {
    const session = this.#contexts.current().session
    const schema = this.#schemaOfObject(requestData, 'DomainHelper.updateDomain')
    const existing = this.#existing(session, schema, requestData, 'DomainHelper.updateDomain')
    const { values, errors } = readRequest(schema, requestData, this.references(session), existing)
    if (errors.length > 0) throw new ValidationException(schema.name, errors)
    this.#data().write(
      session,
      schema.name,
      existing.id,
      storedRowFrom(schema, existing.id, values, existing),
    )
  }

  deleteDomain(requestData: object): void {
    const session = this.#contexts.current().session
    const schema = this.#schemaOfObject(requestData, 'DomainHelper.deleteDomain')
    const existing = this.#existing(session, schema, requestData, 'DomainHelper.deleteDomain')
    const referrer = this.#referrer(session, schema.name, existing.id)
    if (referrer !== undefined) {
      throw new IllegalStateException(
        `Cannot delete ${schema.name} ${existing.id}: ${referrer} references it (a foreign key on the platform's database); nothing was deleted. ` +
          'Delete the referencing object first, or point its field elsewhere.',
      )
    }
    this.#data().write(session, schema.name, existing.id, null)
  }

  render(domainObject: object, renderType: DomainObjectRenderType): Record<string, unknown> {
    const schema = this.#schemaOfObject(domainObject, 'DomainHelper.render')
    if (renderType !== 'ONLY_LABEL_FIELD' && renderType !== 'ALL_COLUMNS') {
      throw new IllegalArgumentException(
        `DomainHelper.render expects DomainObjectRenderType.ONLY_LABEL_FIELD or ALL_COLUMNS, got ${describeValue(renderType)}.`,
      )
    }
    const names =
      renderType === 'ALL_COLUMNS'
        ? [...schema.fields.keys()]
        : [
            'id',
            ...(schema.labelField === undefined || schema.labelField === 'id' ? [] : [schema.labelField]),
          ]
    const source = domainObject as Record<string, unknown>
    const out: Record<string, unknown> = {}
    for (const name of names) {
      const field = schema.fields.get(name)
      if (field === undefined) continue
      const value = Object.hasOwn(domainObject, name) || name in domainObject ? source[name] : null
      const result = tryNormalizeFieldValue(field, value, schema.name)
      if (!result.ok) throw new IllegalArgumentException(`DomainHelper.render: ${result.message}`)
      out[name] = renderValue(field, result.value)
    }
    return out
  }

  batchCreate(target: string | Class<unknown>, objects: readonly object[]): unknown[] {
    const session = this.#contexts.current().session
    const where = 'DomainHelper.batchCreate'
    const domain = typeof target === 'function' ? domainNameOf(target) : target
    const schema = this.schemaOf(domain, where)
    if (!Array.isArray(objects))
      throw new IllegalArgumentException(
        `${where} expects the objects as an array, got ${describeValue(objects)}.`,
      )
    const list: readonly unknown[] = objects
    const errors: FieldError[] = []
    // Once for the batch, not per object: what every object's references are checked against.
    const references = this.references(session)
    const reads = list.map((object, index) => {
      if (typeof object !== 'object' || object === null) {
        throw new IllegalArgumentException(
          `${where}: objects[${index}] is ${describeValue(object)}, not an object; nothing was created.`,
        )
      }
      const marked = this.#declaredDomain(object)
      if (marked !== undefined && marked !== schema.name) {
        throw new IllegalArgumentException(
          `${where}(${schema.name}): objects[${index}] is a ${marked} object; nothing was created.`,
        )
      }
      checkUnsaved(object, schema.name, where, index)
      const read = readRequest(schema, object, references, undefined, where, index)
      for (const e of read.errors)
        errors.push({
          ...e,
          field: `objects[${index}].${e.field}`,
          message: `objects[${index}]: ${e.message}`,
        })
      return read
    })
    if (errors.length > 0) throw new ValidationException(schema.name, errors)
    const data = this.#data()
    const rows = atomically(data, session, () =>
      reads.map(({ values }) => {
        const id = data.nextId()
        const row = storedRowFrom(schema, id, values)
        data.write(session, schema.name, id, row)
        return row
      }),
    )
    ;(list as readonly object[]).forEach((object, index) => {
      ;(object as { id: number }).id = (rows[index] as StoredRow).id
      if (brandOf(object) === undefined) brand(object, schema.name)
    })
    return this.materializer(session).objects(schema, rows, typeof target === 'function' ? target : undefined)
  }

  /** The schema of a domain name, or an `IllegalArgumentException` naming the known domains. */
  schemaOf(domain: string, where: string): DomainSchema {
    const schema = typeof domain === 'string' ? this.#data().schemas.get(domain) : undefined
    if (schema !== undefined) return schema
    const known = [...this.#data().schemas.keys()]
    throw new IllegalArgumentException(
      `${where}: ${whyNoDomain(domain)}. ` +
        (known.length === 0
          ? 'The test host defines none: pass createTestHost({ domains }).'
          : `Known domains: ${known.join(', ')}.`),
    )
  }

  /**
   * A materializer that reads references as `session` sees the data; `repeatable` when one read may hold a
   * row twice (see {@link Materializer}).
   */
  materializer(session: SessionState, repeatable = false): Materializer {
    const data = this.#data()
    return new Materializer(data.schemas, (domain, id) => data.get(session, domain, id), repeatable)
  }

  /**
   * The domain of an object plugin code passes: its mark (built or read by the host), else its class, else the
   * domain its id was issued for (so a spread copy `{ ...order }` still works).
   */
  domainOfObject(object: object, where: string): string {
    if (typeof object !== 'object' || object === null) {
      throw new IllegalArgumentException(`${where} expects a domain object, got ${describeValue(object)}.`)
    }
    const declared = this.#declaredDomain(object)
    if (declared !== undefined) return declared
    const id = (object as { id?: unknown }).id
    if (typeof id === 'number') {
      const tenant = this.#contexts.current().tenant
      const issued = this.#data().domainOfId(id, tenant)
      if (issued !== undefined) return issued
      throw new IllegalArgumentException(
        `${where}: no object with id ${id} exists in tenant '${tenant}' (deleted, never created, or another tenant's), ` +
          `so the host cannot tell which domain ${describeValue(object)} belongs to; nothing was written. ` +
          'Pass an object a query returned (a spread copy of one works) with its own id, or build a new one with DomainHelper.buildDomain.',
      )
    }
    throw new IllegalArgumentException(
      `${where} cannot tell which domain ${describeValue(object)} belongs to: it was not built by DomainHelper.buildDomain, ` +
        'read by a query, or made by a class bound to a domain, and it has no id the host issued. ' +
        "Build it with DomainHelper.buildDomain('Order', { ... }), or pass an object a query returned (a spread copy of one works).",
    )
  }

  /** The schema of the domain an object belongs to, found as `domainOfObject` finds it. */
  #schemaOfObject(object: object, where: string): DomainSchema {
    return this.schemaOf(this.domainOfObject(object, where), where)
  }

  #declaredDomain(object: object): string | undefined {
    const marked = brandOf(object)
    if (marked !== undefined) return marked
    const type = ownClass(object)
    if (type === undefined) return undefined
    const domain = domainNameOf(type)
    return this.#data().schemas.has(domain) ? domain : undefined
  }

  #existing(session: SessionState, schema: DomainSchema, data: object, where: string): StoredRow {
    const id = (data as { id?: unknown }).id
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      throw new IllegalArgumentException(
        `${where}: the ${schema.name} object has no id (got ${describeValue(id)}); it is not saved. Create it with DomainHelper.createDomain first.`,
      )
    }
    const existing = this.#data().get(session, schema.name, id)
    if (existing === undefined) {
      throw new IllegalArgumentException(
        `${where}: ${schema.name} ${id} does not exist in tenant '${session.tenant}' (deleted, never created, or another tenant's); nothing was written.`,
      )
    }
    return existing
  }

  /** A description of an object that references `domain` `id`, or `undefined` when none does. */
  #referrer(session: SessionState, domain: string, id: number): string | undefined {
    for (const schema of this.#data().schemas.values()) {
      for (const field of schema.fields.values()) {
        if (field.domain !== domain) continue
        // A DOMAIN_OBJECT field answers from its index; a list field is scanned.
        const { rows } = this.#data().select(
          session,
          schema.name,
          validateQuery(schema, {
            and: true,
            conditions: [
              field.type === 'DOMAIN_OBJECT'
                ? { operator: 'eq', field: field.name, value: { id } }
                : { operator: 'notNull', field: field.name },
            ],
          }),
        )
        for (const row of rows) {
          const value = row[field.name]
          const hit =
            field.type === 'DOMAIN_OBJECT' ? value === id : (value as readonly number[]).includes(id)
          if (hit && !(schema.name === domain && row.id === id))
            return `${schema.name} ${row.id} (field ${field.name})`
        }
      }
    }
    return undefined
  }

  /** How request data of `session` checks its references. */
  references(session: SessionState): ReferenceCheck {
    return new SessionReferences(this.#data(), session)
  }
}

/** The references a session's request data checks, as the session sees the data: one object, no closures. */
class SessionReferences implements ReferenceCheck {
  readonly #data: HostData
  readonly #session: SessionState

  constructor(data: HostData, session: SessionState) {
    this.#data = data
    this.#session = session
  }

  domainOfId(id: number): string | undefined {
    return this.#data.domainOfId(id, this.#session.tenant)
  }

  exists(domain: string, id: number): boolean {
    return this.#data.get(this.#session, domain, id) !== undefined
  }

  fileExists(id: number, key: string): boolean {
    return this.#data.readFile(this.#session, id)?.value.key === key
  }
}

/**
 * The references of a create whose store checks them with its write (`createReferencing`): each row reference
 * is taken to exist and kept for the store to check; ids and files are checked as {@link SessionReferences} does.
 */
class AssumedReferences extends SessionReferences {
  readonly references: RowReference[] = []

  override exists(domain: string, id: number): boolean {
    this.references.push({ domain, id })
    return true
  }
}

/**
 * A create needs an object without an id that the host can give one.
 *
 * @param at - The object's position in a batch, which the message names as `objects[at]` after `where`.
 */
function checkUnsaved(object: object, domain: string, where: string, at?: number): void {
  const id = (object as { id?: unknown }).id
  if (id !== undefined && id !== null) {
    throw new IllegalArgumentException(
      `${at === undefined ? where : `${where}: objects[${at}]`}: the ${domain} object already has id ${describeValue(id)}, so it is saved; use DomainHelper.updateDomain to change it.`,
    )
  }
  // Most objects have no id of their own (a built one has none): no descriptor to make.
  const descriptor = Object.hasOwn(object, 'id') ? Object.getOwnPropertyDescriptor(object, 'id') : undefined
  const writable =
    descriptor === undefined
      ? Object.isExtensible(object)
      : descriptor.writable === true || descriptor.set !== undefined
  if (!writable) {
    throw new IllegalArgumentException(
      `${at === undefined ? where : `${where}: objects[${at}]`}: the ${domain} object is frozen or sealed, so the host cannot give it its id; pass one it can change, such as the object DomainHelper.buildDomain returns.`,
    )
  }
}

/** Why no domain has the name: it is not a string, it is blank (the facades pass it on), or it is unknown. */
function whyNoDomain(domain: unknown): string {
  if (typeof domain !== 'string') return `a domain name must be a string, got ${describeValue(domain)}`
  if (domain.trim() === '')
    return `a domain name must not be blank, got ${describeValue(domain)}; pass a domain's short name`
  return `there is no domain named '${domain}'`
}
