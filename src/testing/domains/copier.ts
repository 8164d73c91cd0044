import { generatedFunction, literal } from './generated-function.js'
import type { DomainSchema, FieldSchema, StoredRow, StoredValue } from './schema.js'

/** Makes a domain's copies: a literal per row, or its values set on an object a domain class made. */
export interface Copier {
  /** A fresh plain object with every field in schema order; references `null`, to be filled in. */
  readonly literal: (row: StoredRow) => Record<string, unknown>
  /** Sets every field on `target` by assignment, in schema order; references `null`, to be filled in. */
  readonly fill: (target: Record<string, unknown>, row: StoredRow) => void
  /** The DOMAIN_OBJECT and DOMAIN_OBJECT_LIST fields. */
  readonly references: readonly FieldSchema[]
}

/** One copier per schema, made on first use. A memo keyed by schema, not state. */
const copiers = new WeakMap<DomainSchema, Copier>()

/** The copier of a domain: compiled where the realm allows it, else a loop over the fields. */
export function copierOf(schema: DomainSchema): Copier {
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
export function plainValue(field: FieldSchema, value: StoredValue | undefined): unknown {
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
