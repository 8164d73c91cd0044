import { generatedFunction, literal } from './generated-function.js'
import type { DomainSchema } from './schema.js'

/** Makes the objects of one schema; a memo keyed by schema, not state. */
const makers = new WeakMap<DomainSchema, () => Record<string, unknown>>()

/**
 * A new object of a domain with every field but `id` at its default (`null` where it has none), in schema
 * order: what `buildDomain` starts from. An object literal compiled for the schema where the realm allows it,
 * which V8 makes in one allocation with every property in place; else the fields set one by one.
 *
 * @param schema - The domain.
 * @returns A fresh plain object.
 * @internal
 */
export function blankObject(schema: DomainSchema): Record<string, unknown> {
  let make = makers.get(schema)
  if (make === undefined) {
    const fields = [...schema.fields.values()].filter((field) => field.name !== 'id')
    const defaults = fields.map((field) => field.default ?? null)
    const properties = fields.map((field, i) => `${literal(field.name)}: defaults[${i}]`)
    make =
      generatedFunction<(d: readonly unknown[]) => () => Record<string, unknown>>(
        ['defaults'],
        `return function blank() { return { ${properties.join(', ')} } }`,
      )?.(defaults) ??
      (() => {
        const object: Record<string, unknown> = {}
        for (let i = 0; i < fields.length; i++) object[(fields[i] as { name: string }).name] = defaults[i]
        return object
      })
    makers.set(schema, make)
  }
  return make()
}
