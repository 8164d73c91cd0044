import type { DomainDefinition, FieldDefinition } from '../../testing/index.js'
import { isFieldType } from '../../testing/domains/field-types.js'

/** The module a frontend that imports only the client declares its domains in. */
export const CLIENT_MODULE = '@tech-vendor/api/client'

/** What the header of the declaration says it was made from. */
export interface DeclarationSource {
  /** Where the domains came from, such as `emulator.config.json`. */
  readonly from: string
}

/**
 * The TypeScript source of the `DomainRegistry` declaration of an application's domains: one entry per domain,
 * `id: number` and each field typed as the library models it (STRING, JSON_STRING and LOCAL_DATE `string`,
 * BIG_DECIMAL a decimal `string`, INTEGER, LONG and DOUBLE `number`, BOOLEAN `boolean`, ZONED_DATETIME `Date`,
 * a reference `DomainRegistry['Other']`, a list of them an array, FILE `StorageFieldValue`), `| null` unless the
 * field is required. It augments `@tech-vendor/api/client`, and imports it, so that the file compiles on its
 * own in a project that imports only the client; the client's `DomainRegistry` is the library's, so plugin code
 * that queries with `SimpleQuery` is typed by it too.
 *
 * @param domains - The application's domains, by name.
 * @returns The source, ending with a newline.
 * @throws Error listing every field whose type is not a platform field type, or whose reference names a domain
 *   that is not among `domains`.
 * @internal
 */
export function domainRegistrySource(
  domains: Readonly<Record<string, DomainDefinition>>,
  source: DeclarationSource,
): string {
  const problems: string[] = []
  const decimals: Record<string, string[]> = {}
  let usesFiles = false
  const entries = Object.entries(domains).map(([domain, definition]) => {
    const lines = Object.entries(definition.fields ?? {}).map(([field, fieldDefinition]) => {
      const type = typeof fieldDefinition === 'string' ? fieldDefinition : fieldDefinition?.type
      const target = typeof fieldDefinition === 'string' ? undefined : fieldDefinition?.domain
      if (!isFieldType(type)) {
        problems.push(`${domain}.${field}: ${JSON.stringify(type)} is not a platform field type`)
        return ''
      }
      if (
        (type === 'DOMAIN_OBJECT' || type === 'DOMAIN_OBJECT_LIST') &&
        (target === undefined || !(target in domains))
      ) {
        problems.push(
          `${domain}.${field}: a ${type} field names the domain it refers to in "domain", one of ${Object.keys(domains).join(', ')}; it has ${JSON.stringify(target)}`,
        )
        return ''
      }
      if (type === 'BIG_DECIMAL') (decimals[domain] ??= []).push(field)
      if (type === 'FILE') usesFiles = true
      return `    ${propertyName(field)}: ${fieldType(fieldDefinition)}`
    })
    return `  ${propertyName(domain)}: {\n    id: number\n${lines.map((line) => `${line}\n`).join('')}  }\n`
  })
  if (problems.length > 0) throw new Error(`the domains cannot be declared:\n  ${problems.join('\n  ')}`)
  const decimalsNote =
    Object.keys(decimals).length === 0
      ? ''
      : `//\n// BIG_DECIMAL fields are decimal strings: read them so with\n//   createClient({ baseUrl, decimals: ${JSON.stringify(decimals).replaceAll(',', ', ').replaceAll(':', ': ')} })\n`
  return (
    `// The application's domains, for the typed client and SimpleQuery: made by \`vendor-api types\` from ${source.from}.\n` +
    `// Run it again when the domains change, rather than editing this file.\n` +
    decimalsNote +
    `import type {} from '${CLIENT_MODULE}'\n` +
    (usesFiles ? `import type { StorageFieldValue } from '@tech-vendor/api'\n` : '') +
    `\ndeclare module '${CLIENT_MODULE}' {\n  interface DomainRegistry {\n${entries.map((entry) => entry.replace(/^/gm, '  ').replace(/^ +$/gm, '')).join('')}  }\n}\n`
  )
}

/** A field's type in the registry, `| null` unless the field is required. */
function fieldType(field: FieldDefinition): string {
  const type = typeof field === 'string' ? field : field.type
  const domain = typeof field === 'string' ? undefined : field.domain
  const required = typeof field !== 'string' && field.required === true
  const base = ((): string => {
    switch (type) {
      case 'STRING':
      case 'JSON_STRING':
      case 'LOCAL_DATE':
      case 'BIG_DECIMAL':
        return 'string'
      case 'BOOLEAN':
        return 'boolean'
      case 'INTEGER':
      case 'LONG':
      case 'DOUBLE':
        return 'number'
      case 'ZONED_DATETIME':
        return 'Date'
      case 'DOMAIN_OBJECT':
        return `DomainRegistry[${JSON.stringify(domain)}]`
      case 'DOMAIN_OBJECT_LIST':
        return `DomainRegistry[${JSON.stringify(domain)}][]`
      case 'FILE':
        return 'StorageFieldValue'
    }
  })()
  return required ? base : `${base} | null`
}

/** A property name as TypeScript writes it: bare where it is an identifier, quoted otherwise. */
function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)
}
