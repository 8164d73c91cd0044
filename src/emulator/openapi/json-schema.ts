/**
 * A JSON Schema, an OpenAPI object or any part of one: plain JSON data.
 *
 * @internal
 */
export type JsonObject = { readonly [key: string]: unknown }

/**
 * A reference to a component of the document, such as `#/components/schemas/Order`.
 *
 * @internal
 */
export function ref(kind: 'schemas' | 'responses', name: string): JsonObject {
  return { $ref: `#/components/${kind}/${name}` }
}

/**
 * A schema that also takes `null` (OpenAPI 3.1 has no `nullable`: the JSON Schema way is a union with null).
 *
 * @internal
 */
export function orNull(schema: JsonObject): JsonObject {
  const type = schema['type']
  if (typeof type === 'string' && schema['$ref'] === undefined) return { ...schema, type: [type, 'null'] }
  return { anyOf: [schema, { type: 'null' }] }
}

/**
 * The name of a domain's schema among the document's components, whose keys may hold only letters, digits,
 * `.`, `-` and `_`.
 *
 * @internal
 */
export function componentName(name: string): string {
  return name.replace(/[^\w.-]/g, '_')
}
