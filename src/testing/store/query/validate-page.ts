import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { describeValue } from '../../domains/describe-value.js'
import { isOrderableType } from '../../domains/field-types.js'
import type { DomainSchema, FieldSchema } from '../../domains/schema.js'
import { ValidPage } from './valid-query.js'

/**
 * One page of a select as the facade hands it over: 0-based offset, most rows, the fields to order by (most
 * significant first, empty for id order) and one direction for all. The shape of the runtime contract's
 * `PageRequest`.
 *
 * @internal
 */
export interface EnginePage {
  readonly offset: number
  readonly limit: number
  readonly orderBy: readonly string[]
  readonly asc: boolean
}

/**
 * Validates a page against its domain: the order of PostgreSQL's `ORDER BY f1, f2, ... ASC|DESC, id`, whose
 * fields must exist and have an order.
 *
 * @param schema - The queried domain.
 * @param page - The page.
 * @returns The validated page.
 * @throws {@link IllegalArgumentException} for a negative or non-integer offset or limit, an orderBy that is
 *   not an array, a field the domain does not have (naming those it has) or a DOMAIN_OBJECT_LIST or FILE
 *   field, which have no order, or a direction that is not a boolean.
 * @internal
 */
export function validatePage(schema: DomainSchema, page: EnginePage | ValidPage): ValidPage {
  if (page instanceof ValidPage) return page
  if (typeof page !== 'object' || page === null) {
    throw new IllegalArgumentException(
      `A page of ${schema.name} needs { offset, limit, orderBy, asc }, got ${describeValue(page)}.`,
    )
  }
  for (const key of ['offset', 'limit'] as const) {
    const value = page[key]
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new IllegalArgumentException(
        `list on ${schema.name}: ${key} must be a non-negative integer${key === 'offset' ? ' (0-based)' : ''}, got ${describeValue(value)}.`,
      )
    }
  }
  const { orderBy, asc } = page
  if (!Array.isArray(orderBy)) {
    throw new IllegalArgumentException(
      `orderBy on ${schema.name} takes an array of field names, not ${describeValue(orderBy)}.`,
    )
  }
  if (typeof asc !== 'boolean') {
    throw new IllegalArgumentException(
      `The direction of an ordered query on ${schema.name} is a boolean (true: ascending), not ${describeValue(asc)}.`,
    )
  }
  const fields: FieldSchema[] = []
  for (const name of orderBy as readonly unknown[]) {
    const field = typeof name === 'string' ? schema.fields.get(name) : undefined
    if (field === undefined) {
      throw new IllegalArgumentException(
        `orderBy ${typeof name === 'string' ? `'${name}'` : describeValue(name)}: ${schema.name} has no such field; its fields are: ${[...schema.fields.keys()].join(', ')}.`,
      )
    }
    if (!isOrderableType(field.type)) {
      throw new IllegalArgumentException(
        `orderBy '${field.name}': ${schema.name}.${field.name} is a ${field.type} field, which has no order; order by another field.`,
      )
    }
    fields.push(field)
  }
  const idAt = fields.findIndex((f) => f.name === 'id')
  // id is unique: fields after it never decide.
  if (idAt >= 0) fields.length = idAt
  return new ValidPage(page.offset, page.limit, Object.freeze(fields), idAt >= 0, asc)
}
