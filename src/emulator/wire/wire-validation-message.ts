import { ValidationException, type FieldError } from '../../index.js'
import type { DomainCatalog } from '../platform/domain-catalog.js'
import { inexactNumberText } from './inexact-numbers.js'

/**
 * The message of a validation failure as a REST caller should read it. The host words its field errors for
 * plugin code (pass the object itself, `SimpleQuery.getById`, `StorageUtils`); a caller on the wire sends an
 * object-type field as `{"id": n}` and a FILE field as the value an upload answered, so those field errors are
 * worded that way. The rest are kept as they are, in the same format.
 *
 * @internal
 */
export function wireValidationMessage(catalog: DomainCatalog, error: ValidationException): string {
  const { domain } = error
  const [objects, lists, files] = [
    catalog.fieldsOfType(domain, 'DOMAIN_OBJECT'),
    catalog.fieldsOfType(domain, 'DOMAIN_OBJECT_LIST'),
    catalog.fieldsOfType(domain, 'FILE'),
  ]
  const reworded = (fieldError: FieldError): string => {
    const { field, code } = fieldError
    const given = describe(fieldError.rejectedValue)
    if (code === 'typeMismatch' && objects.includes(field))
      return `${domain}.${field} is an object-type field: send it as {"id": <id>}, not ${given}`
    if (code === 'typeMismatch' && lists.includes(field))
      return `${domain}.${field} is a list of objects: send it as [{"id": <id>}, ...], not ${given}`
    if ((code === 'typeMismatch' || code === 'invalidReference') && files.includes(field)) {
      return `${domain}.${field} is a FILE field: send, as it is, the value POST /api/attachment/upload answered for a file of this tenant, not ${given}`
    }
    return fieldError.message
  }
  return new ValidationException(
    domain,
    error.errors.map((fieldError) => ({ ...fieldError, message: reworded(fieldError) })),
  ).message
}

/**
 * The validation failure of a body whose BIG_DECIMAL field holds a JSON number a double cannot hold exactly
 * (`12345678901234567890.12` would be stored as `12345678901234567000`), or `undefined` when none does. Like a
 * LONG beyond ±2^53, it is refused rather than stored as another value: sent as a string, every digit is kept.
 *
 * @param catalog - The domains' field types.
 * @param domain - The body's domain.
 * @param body - The parsed JSON object of the fields.
 * @returns The message, in the format of the host's validation failures.
 * @internal
 */
export function inexactDecimalMessage(
  catalog: DomainCatalog,
  domain: string,
  body: Record<string, unknown>,
): string | undefined {
  const errors = catalog.fieldsOfType(domain, 'BIG_DECIMAL').flatMap((field) => {
    const text = inexactNumberText(body, field)
    if (text === undefined) return []
    const number = text.length > 80 ? `${text.slice(0, 77)}...` : text
    return [
      {
        field,
        code: 'typeMismatch',
        rejectedValue: body[field],
        message:
          `${domain}.${field} is a BIG_DECIMAL field: the JSON number ${number} has more significant digits than a double ` +
          `keeps (it would be stored as ${String(body[field])}); send it as a string, "${number}", to keep every digit`,
      },
    ]
  })
  return errors.length === 0 ? undefined : new ValidationException(domain, errors).message
}

/** A rejected value as JSON, cut short. */
function describe(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 80 ? `${json.slice(0, 77)}...` : json
}
