import type { FieldDefinition, FieldType } from '../../testing/index.js'
import type { DomainCatalog } from '../platform/domain-catalog.js'
import { componentName, orNull, ref, type JsonObject } from './json-schema.js'

const ID = { type: 'integer', format: 'int64' } as const

/**
 * The schemas of one domain's objects, by component name: `<Domain>` as the wire answers it (every column, `id`
 * first, references as `{"id": n}`), `<Domain>Input` as a create takes it (its required fields required, no
 * `id`: a create assigns it), and `<Domain>Changes` as an update takes it (only the fields to change; an `id`, if
 * given, must be the object's). The `<Domain>` schema carries `x-domain`: the domain's name, whether it is one
 * of the platform's own, and its label field, for tools such as the emulator's console.
 *
 * @internal
 */
export function domainSchemas(catalog: DomainCatalog, domain: string): Record<string, JsonObject> {
  const definition = catalog.definitionOf(domain)
  const fields = Object.entries(definition?.fields ?? {})
  const name = componentName(domain)
  const required = fields.filter(([, field]) => isRequired(field)).map(([field]) => field)
  const mustGive = fields
    .filter(([, field]) => isRequired(field) && defaultOf(field) === undefined)
    .map(([field]) => field)
  return {
    [name]: {
      type: 'object',
      title: domain,
      'x-domain': {
        name: domain,
        platform: catalog.isPlatformDomain(domain),
        labelField: definition?.labelField ?? null,
      },
      required: ['id', ...fields.map(([field]) => field)],
      properties: {
        id: { ...ID, readOnly: true },
        ...Object.fromEntries(
          fields.map(([field, definition]) => [
            field,
            described(
              required.includes(field) ? readSchema(definition) : orNull(readSchema(definition)),
              definition,
            ),
          ]),
        ),
      },
    },
    [`${name}Input`]: {
      type: 'object',
      title: `${domain} to create`,
      ...(mustGive.length === 0 ? {} : { required: mustGive }),
      properties: writeProperties(fields),
    },
    [`${name}Changes`]: {
      type: 'object',
      title: `${domain} fields to change`,
      properties: {
        id: { ...ID, description: "If given, the object's id (the path's)." },
        ...writeProperties(fields),
      },
    },
  }
}

function isRequired(field: FieldDefinition): boolean {
  return typeof field !== 'string' && field.required === true
}

function defaultOf(field: FieldDefinition): string | number | boolean | undefined {
  return typeof field === 'string' ? undefined : field.default
}

function typeOf(field: FieldDefinition): FieldType {
  return typeof field === 'string' ? field : field.type
}

/** A field's schema with its platform type, its referenced domain and its default, for the reader. */
function described(schema: JsonObject, field: FieldDefinition): JsonObject {
  const type = typeOf(field)
  const domain = typeof field === 'string' ? undefined : field.domain
  const fallback = defaultOf(field)
  const what = `${type}${domain === undefined ? '' : ` of ${domain}`}${isRequired(field) ? ', required' : ''}.`
  const more = schema['description']
  return {
    ...schema,
    description: typeof more === 'string' ? `${what} ${more}` : what,
    'x-field-type': type,
    ...(domain === undefined ? {} : { 'x-domain-reference': domain }),
    ...(fallback === undefined ? {} : { default: fallback }),
  }
}

/** The fields as a create or update takes them: each may be null unless required. */
function writeProperties(
  fields: readonly (readonly [string, FieldDefinition])[],
): Record<string, JsonObject> {
  return Object.fromEntries(
    fields.map(([field, definition]) => {
      const schema = writeSchema(definition)
      return [field, described(isRequired(definition) ? schema : orNull(schema), definition)]
    }),
  )
}

/** A field's value as the wire answers it. */
function readSchema(field: FieldDefinition): JsonObject {
  switch (typeOf(field)) {
    case 'BIG_DECIMAL':
      return {
        type: 'number',
        description: 'A decimal, written as a JSON number that keeps its scale (12.50).',
      }
    default:
      return writeSchema(field)
  }
}

/** A field's value as a create or update takes it. */
function writeSchema(field: FieldDefinition): JsonObject {
  switch (typeOf(field)) {
    case 'STRING':
      return { type: 'string' }
    case 'JSON_STRING':
      return { type: 'string', contentMediaType: 'application/json' }
    case 'BOOLEAN':
      return { type: 'boolean' }
    case 'INTEGER':
      return { type: 'integer', format: 'int32' }
    case 'LONG':
      return { type: 'integer', format: 'int64' }
    case 'DOUBLE':
      return { type: 'number', format: 'double' }
    case 'BIG_DECIMAL':
      // A string keeps every digit; a number is taken as its shortest decimal text.
      return { type: ['number', 'string'], pattern: '^-?\\d+(\\.\\d+)?$' }
    case 'LOCAL_DATE':
      return { type: 'string', format: 'date' }
    case 'ZONED_DATETIME':
      return { type: 'string', format: 'date-time' }
    case 'DOMAIN_OBJECT':
      return ref('schemas', 'Reference')
    case 'DOMAIN_OBJECT_LIST':
      return { type: 'array', items: ref('schemas', 'Reference') }
    case 'FILE':
      return ref('schemas', 'StorageFieldValue')
  }
}
