import type { StorageFieldValue } from '../../model/storage-field-value.js'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import { isFieldType, type FieldType } from './field-types.js'
import { generatedFunction, literal } from './generated-function.js'

/**
 * One field of a domain: its name, type, whether a value is required, and the referenced domain of a
 * DOMAIN_OBJECT or DOMAIN_OBJECT_LIST field.
 *
 * @internal
 */
export interface FieldSchema {
  /** The field name, as plugin code writes it. */
  readonly name: string
  /** The platform field type. */
  readonly type: FieldType
  /** Whether create/update refuse a missing value. */
  readonly required: boolean
  /** The referenced domain of a DOMAIN_OBJECT or DOMAIN_OBJECT_LIST field. */
  readonly domain?: string
  /** The value create stores when the request leaves the field out, normalised; a string, number or boolean. */
  readonly default?: string | number | boolean
  /** The values the field may take besides null, normalised (the platform's `options`, a CHECK constraint). */
  readonly options?: readonly (string | number | boolean)[]
}

/**
 * A domain as the engine sees it: its name, its fields by name (always including `id`, type LONG), and
 * the label field that `render(ONLY_LABEL_FIELD)` shows.
 *
 * @internal
 */
export interface DomainSchema {
  /** The domain name, such as `Order`. */
  readonly name: string
  /** Every field by name, `id` included, in declaration order. */
  readonly fields: ReadonlyMap<string, FieldSchema>
  /** The field shown by `render(ONLY_LABEL_FIELD)`. */
  readonly labelField?: string
}

/**
 * A value as the engine stores it, normalised by field type (see `normalizeFieldValue`): a number for
 * id, INTEGER, LONG, DOUBLE, ZONED_DATETIME (epoch milliseconds) and DOMAIN_OBJECT (the referenced id); a
 * string for STRING, JSON_STRING, BIG_DECIMAL (plain decimal text with the scale it was written with,
 * compared numerically) and LOCAL_DATE (`YYYY-MM-DD`); a boolean; the referenced ids of a DOMAIN_OBJECT_LIST;
 * a file; or `null` for no value.
 *
 * @internal
 */
export type StoredValue = string | number | boolean | readonly number[] | StorageFieldValue | null

/**
 * One stored object: a frozen plain object with a property per schema field (null when missing), `id`
 * first. The engine never wraps or copies it.
 *
 * @internal
 */
export type StoredRow = { readonly id: number } & { readonly [field: string]: StoredValue }

/**
 * Builds a frozen {@link DomainSchema} from field definitions, adding `id` (LONG, required) when absent.
 *
 * @param name - The domain name.
 * @param fields - The fields, in declaration order.
 * @param labelField - The label field, if any; it must be one of the fields.
 * @returns The schema.
 * @throws {@link IllegalArgumentException} for an empty or reserved name, a duplicate field, an unknown
 *   type, an `id` that is not LONG, a reference field without `domain`, or an unknown label field.
 * @internal
 */
export function createDomainSchema(
  name: string,
  fields: Iterable<FieldSchema>,
  labelField?: string,
): DomainSchema {
  if (typeof name !== 'string' || name === '') {
    throw new IllegalArgumentException(`A domain needs a non-empty name, got ${String(name)}.`)
  }
  const byName = new Map<string, FieldSchema>()
  byName.set('id', Object.freeze({ name: 'id', type: 'LONG', required: true }))
  for (const field of fields) {
    const where = `Domain ${name}, field ${JSON.stringify(field.name)}`
    if (typeof field.name !== 'string' || field.name === '' || field.name === '__proto__') {
      throw new IllegalArgumentException(`${where}: a field needs a non-empty name other than __proto__.`)
    }
    if (!isFieldType(field.type)) {
      throw new IllegalArgumentException(
        `${where} has the unknown type ${JSON.stringify(field.type)}; use one of STRING, BOOLEAN, BIG_DECIMAL, INTEGER, LONG, DOUBLE, LOCAL_DATE, ZONED_DATETIME, JSON_STRING, DOMAIN_OBJECT, DOMAIN_OBJECT_LIST, FILE.`,
      )
    }
    if (field.name === 'id') {
      if (field.type !== 'LONG')
        throw new IllegalArgumentException(`${where} must be of type LONG (the platform's id).`)
      continue
    }
    if (byName.has(field.name)) throw new IllegalArgumentException(`${where} is declared twice.`)
    const reference = field.type === 'DOMAIN_OBJECT' || field.type === 'DOMAIN_OBJECT_LIST'
    if (reference && (typeof field.domain !== 'string' || field.domain === '')) {
      throw new IllegalArgumentException(
        `${where} is a ${field.type} field: name the referenced domain in \`domain\`.`,
      )
    }
    const copy: FieldSchema = {
      name: field.name,
      type: field.type,
      required: field.required === true,
      ...(reference ? { domain: field.domain as string } : {}),
      ...(field.default === undefined ? {} : { default: field.default }),
      ...(field.options === undefined ? {} : { options: Object.freeze([...field.options]) }),
    }
    byName.set(field.name, Object.freeze(copy))
  }
  if (labelField !== undefined && !byName.has(labelField)) {
    throw new IllegalArgumentException(
      `Domain ${name} names the label field ${JSON.stringify(labelField)}, which it does not have; its fields are: ${[...byName.keys()].join(', ')}.`,
    )
  }
  return Object.freeze(
    labelField === undefined ? { name, fields: byName } : { name, fields: byName, labelField },
  )
}

/**
 * Builds the properties of one row on `this`, in schema order: `id`, then each field's value in `values` (by
 * position), or where `values` has none, its own property of `base`, or `null`.
 */
type RowConstructor = new (
  id: number,
  values: StoredValues,
  base: Readonly<Record<string, unknown>> | undefined,
) => Record<string, unknown>

/** A new row's properties in schema order, from its id and the values a create read (by position). */
type NewRow = (id: number, values: StoredValues) => Record<string, unknown>

/**
 * Normalised values by field position in schema order (see `fieldLayout`), `undefined` where a write sets none.
 *
 * @internal
 */
export type StoredValues = readonly (StoredValue | undefined)[]

/** How the rows of one schema are made. */
interface RowMaker {
  /** Any row: a create's, an update's (from the row it changes), a store's. */
  readonly Shape: RowConstructor
  /** A create's row: an object literal compiled for the schema where the realm allows it, else `Shape`. */
  readonly created: NewRow
}

/**
 * One maker per schema. A constructor gives objects a shared shape whose properties live inside the object
 * (after slack tracking), as an object literal's do; properties added one by one to `{}` spill into a separate
 * store, and past a dozen the object falls back to a slow dictionary. A create's row is an object literal
 * compiled for the schema, which sets each property with a store of its own instead of a loop's store by
 * name. Both have `Object.prototype` as prototype, so the rows are plain objects. A memo keyed by schema, not
 * state.
 */
const rowMakers = new WeakMap<DomainSchema, RowMaker>()

function rowMaker(schema: DomainSchema): RowMaker {
  let maker = rowMakers.get(schema)
  if (maker === undefined) {
    const names = [...schema.fields.keys()]
    // What an unset field holds: null, and for a DOMAIN_OBJECT_LIST the empty list, which is what a join table
    // holds for it (the SQL stores read it back so: no collection is null on the platform).
    const unset = names.map((name) =>
      schema.fields.get(name)?.type === 'DOMAIN_OBJECT_LIST' ? NO_IDS : null,
    )
    const StoredRowShape = function (
      this: Record<string, unknown>,
      id: number,
      values: StoredValues,
      base: Readonly<Record<string, unknown>> | undefined,
    ) {
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string
        const value = name === 'id' ? id : values[i]
        this[name] =
          (value !== undefined
            ? value
            : base !== undefined && Object.hasOwn(base, name)
              ? base[name]
              : null) ?? unset[i]
      }
    } as unknown as RowConstructor
    StoredRowShape.prototype = Object.prototype
    const properties = names.map(
      (name, i) =>
        `${literal(name)}: ${name === 'id' ? 'id' : `values[${i}] ?? ${unset[i] === null ? 'null' : 'NO_IDS'}`}`,
    )
    const compiled = generatedFunction<(noIds: readonly number[]) => NewRow>(
      ['NO_IDS'],
      `return function newRow(id, values) { return { ${properties.join(', ')} } }`,
    )
    maker = {
      Shape: StoredRowShape,
      created: compiled?.(NO_IDS) ?? ((id, values) => new StoredRowShape(id, values, undefined)),
    }
    rowMakers.set(schema, maker)
  }
  return maker
}

/**
 * Builds a frozen {@link StoredRow} with one property per schema field, in schema order, so that every row
 * of a table shares one compact object shape (the size of an object literal's). Values must already be
 * normalised; a field absent from `values` is `null` (a DOMAIN_OBJECT_LIST, the empty list).
 *
 * @param schema - The row's domain.
 * @param values - Normalised values by field name, `id` included.
 * @returns The frozen row: a plain object (its prototype is `Object.prototype`).
 * @throws {@link IllegalArgumentException} when `values.id` is not a safe integer.
 * @internal
 */
export function createStoredRow(schema: DomainSchema, values: Readonly<Record<string, unknown>>): StoredRow {
  return storedRowFrom(schema, values['id'], NO_VALUES, values)
}

const NO_VALUES: StoredValues = Object.freeze([])

/** The ids of an empty DOMAIN_OBJECT_LIST. */
const NO_IDS: readonly number[] = Object.freeze([])

/**
 * Builds a frozen {@link StoredRow} as {@link createStoredRow} does, from what a write read: the values it
 * read by field position, and for an update the row it changes, whose other fields the new row keeps. Reading
 * the array a write holds saves building an object of it first (a third of a `createDomain`).
 *
 * @param schema - The row's domain.
 * @param id - The row's id.
 * @param values - Normalised values by field position in schema order (`fieldLayout`); `undefined` where none.
 * @param base - The row an update changes: a field absent from `values` keeps its value there; else `null`.
 * @returns The frozen row.
 * @throws {@link IllegalArgumentException} when `id` is not a safe integer.
 * @internal
 */
export function storedRowFrom(
  schema: DomainSchema,
  id: unknown,
  values: StoredValues,
  base?: Readonly<Record<string, unknown>>,
): StoredRow {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    throw new IllegalArgumentException(`A stored ${schema.name} needs an integer id, got ${String(id)}.`)
  }
  const maker = rowMaker(schema)
  return Object.freeze(
    base === undefined ? maker.created(id, values) : new maker.Shape(id, values, base),
  ) as StoredRow
}
