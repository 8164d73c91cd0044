import type { DomainSchema, FieldSchema } from './schema.js'

/**
 * A domain's fields by position, in schema order: what a write reads a request into. An array by position
 * costs a write one allocation and no hashing per value, where a map by field name costs an entry per value.
 *
 * @internal
 */
export interface FieldLayout {
  /** Every field, `id` included, in schema order: a field's position is its index here. */
  readonly fields: readonly FieldSchema[]
  /** The position of each field, by name. */
  readonly positions: ReadonlyMap<string, number>
  /** The positions of the fields with a default, ascending. */
  readonly defaulted: readonly number[]
  /** The positions of the required fields other than `id`, ascending. */
  readonly required: readonly number[]
}

/** One layout per schema, made on first use. A memo keyed by schema, not state. */
const layouts = new WeakMap<DomainSchema, FieldLayout>()

/**
 * The layout of a domain's fields.
 *
 * @param schema - The domain.
 * @returns Its fields by position.
 * @internal
 */
export function fieldLayout(schema: DomainSchema): FieldLayout {
  let layout = layouts.get(schema)
  if (layout === undefined) {
    const fields = [...schema.fields.values()]
    const positions = new Map(fields.map((field, i) => [field.name, i]))
    const where = (test: (field: FieldSchema) => boolean): number[] =>
      fields.flatMap((field, i) => (test(field) ? [i] : []))
    layout = Object.freeze({
      fields: Object.freeze(fields),
      positions,
      defaulted: Object.freeze(where((field) => field.default !== undefined)),
      required: Object.freeze(where((field) => field.required && field.name !== 'id')),
    })
    layouts.set(schema, layout)
  }
  return layout
}
