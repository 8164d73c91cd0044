import { IllegalArgumentException } from '../../../errors/illegal-argument-exception.js'
import { type OPERATORS_BY_KIND, QUERY_OPERATORS, operatorKind } from '../../../model/query-operators.js'
import { canonicalDecimal } from '../../domains/decimal.js'
import { describeValue } from '../../domains/describe-value.js'
import { isPresenceOnlyType, isRangeType, isTextType } from '../../domains/field-types.js'
import { tryNormalizeFieldValue } from '../../domains/normalize-field-value.js'
import type { DomainSchema, FieldSchema, StoredValue } from '../../domains/schema.js'
import { parseLikePattern } from './like-pattern.js'
import { ValidQuery, type EngineQuery, type ValidCondition } from './valid-query.js'

/** What one condition comes to: a condition to run, or a constant SQL's rules fix for every row. */
type Checked = ValidCondition | 'never' | 'always'

/**
 * Validates a query against its domain, with PostgreSQL's semantics (docs/semantics.md): every condition is
 * checked before anything runs, so a bad query has no effect, and the message is the same on every store.
 *
 * @param schema - The queried domain.
 * @param query - How conditions combine, and the conditions.
 * @returns The validated query.
 * @throws {@link IllegalArgumentException} for an unknown operator or field (naming the fields that exist),
 *   an operator the field type does not take, a condition value of the wrong type, a bare id for a
 *   DOMAIN_OBJECT field, a null or non-string `iLike` pattern, or a non-collection `in`/`notIn` value.
 * @internal
 */
export function validateQuery(schema: DomainSchema, query: EngineQuery | ValidQuery): ValidQuery {
  if (query instanceof ValidQuery) return query
  if (typeof query !== 'object' || query === null || !Array.isArray(query.conditions)) {
    throw new IllegalArgumentException(
      `A query on ${schema.name} needs { and: boolean, conditions: QueryCondition[] }, got ${describeValue(query)}.`,
    )
  }
  if (typeof query.and !== 'boolean') {
    throw new IllegalArgumentException(
      `A query on ${schema.name} needs \`and\` as a boolean (true: AND, false: OR), got ${describeValue(query.and)}.`,
    )
  }
  const checked = query.conditions.map((condition, index) => checkCondition(schema, condition, index))
  const conditions = checked.filter((c): c is ValidCondition => typeof c !== 'string')
  if (query.and) {
    if (checked.includes('never')) return new ValidQuery(schema, true, [], true, false)
    return new ValidQuery(schema, true, conditions, false, conditions.length === 0)
  }
  if (checked.length === 0 || checked.includes('always'))
    return new ValidQuery(schema, false, [], false, true)
  return new ValidQuery(schema, false, conditions, conditions.length === 0, false)
}

function checkCondition(schema: DomainSchema, condition: unknown, index: number): Checked {
  if (typeof condition !== 'object' || condition === null) {
    throw new IllegalArgumentException(
      `Condition ${index} of a query on ${schema.name} is ${describeValue(condition)}; pass { operator, field, value }.`,
    )
  }
  const { operator, field: name } = condition as { operator?: unknown; field?: unknown }
  const value = (condition as { value?: unknown }).value
  const kind = operatorKind(operator)
  if (kind === undefined) {
    throw new IllegalArgumentException(
      `Condition ${index} of a query on ${schema.name} has the unknown operator ${describeValue(operator)}; use one of ${QUERY_OPERATORS.join(', ')}.`,
    )
  }
  const op = operator as string
  const field = typeof name === 'string' ? schema.fields.get(name) : undefined
  if (field === undefined) {
    throw new IllegalArgumentException(
      `${op}(${typeof name === 'string' ? `'${name}'` : describeValue(name)}): ${schema.name} has no such field; its fields are: ${[...schema.fields.keys()].join(', ')}.`,
    )
  }
  const where = `${op}('${field.name}') on ${schema.name}`

  if (kind === 'presence') return { kind: 'presence', field, isNull: op === 'isNull' }

  if (isPresenceOnlyType(field.type)) {
    throw new IllegalArgumentException(
      `${where}: ${schema.name}.${field.name} is a ${field.type} field, which takes only isNull and notNull${field.type === 'FILE' ? '' : ' (isNull also matches an empty list)'}.`,
    )
  }

  switch (kind) {
    case 'value': {
      const comparison = op as (typeof OPERATORS_BY_KIND.value)[number]
      if (comparison !== 'eq' && comparison !== 'ne' && !isRangeType(field.type)) {
        throw new IllegalArgumentException(
          `${where}: ${schema.name}.${field.name} is a ${field.type} field, which takes eq, ne, in, notIn, isNull and notNull only.`,
        )
      }
      const v = conditionValue(schema, field, value, where)
      // A comparison with NULL is never true under SQL's three-valued logic.
      if (v === null) return 'never'
      return { kind: 'compare', operator: comparison, field, value: v }
    }
    case 'collection': {
      const negated = op === 'notIn'
      const elements = collection(value, where)
      const decimal = field.type === 'BIG_DECIMAL'
      const values = new Set<StoredValue>()
      let holdsNull = false
      for (const [i, element] of elements.entries()) {
        const v = conditionValue(schema, field, element, `${where}, element ${i}`)
        if (v === null) holdsNull = true
        // One value per number: '25.00' and '25' are the same element.
        else values.add(decimal ? canonicalDecimal(v as string) : v)
      }
      if (!negated)
        return values.size === 0 ? 'never' : { kind: 'member', negated, field, values: [...values] }
      // x NOT IN (..., NULL) is never true; NOT IN () holds for every row, null fields included.
      if (holdsNull) return 'never'
      if (values.size === 0) return 'always'
      return { kind: 'member', negated, field, values: [...values] }
    }
    case 'pattern': {
      if (!isTextType(field.type)) {
        throw new IllegalArgumentException(
          `${where}: ${schema.name}.${field.name} is a ${field.type} field; iLike and notILike take a STRING or JSON_STRING field.`,
        )
      }
      if (value === null || value === undefined) {
        throw new IllegalArgumentException(
          `${where}: the pattern is ${describeValue(value)}; pass a pattern string ('%' any run, '_' one character, '\\' escapes), or use isNull.`,
        )
      }
      const checked = tryNormalizeFieldValue(
        { name: field.name, type: 'STRING', required: false },
        value,
        schema.name,
      )
      if (!checked.ok)
        throw new IllegalArgumentException(`${where}: the pattern must be a string. ${checked.message}`)
      return {
        kind: 'like',
        negated: op === 'notILike',
        field,
        pattern: parseLikePattern(checked.value as string, where),
      }
    }
  }
}

/** The normalised condition value, or an IllegalArgumentException naming the condition. */
function conditionValue(
  schema: DomainSchema,
  field: FieldSchema,
  value: unknown,
  where: string,
): StoredValue {
  const result = tryNormalizeFieldValue(field, value, schema.name, 'condition')
  if (!result.ok) throw new IllegalArgumentException(`${where}: ${result.message}`)
  return result.value
}

/** The elements of an `in`/`notIn` value: an array or a Set (a Java Collection). */
function collection(value: unknown, where: string): readonly unknown[] {
  if (Array.isArray(value)) return value
  if (value instanceof Set) return [...(value as Set<unknown>)]
  throw new IllegalArgumentException(
    `${where} takes a collection (an array or a Set) of values, not ${describeValue(value)}.`,
  )
}
