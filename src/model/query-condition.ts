import type {
  ComparableField,
  ConditionValue,
  DomainObject,
  FieldName,
  TextField,
} from './domain-registry.js'

/**
 * One condition of a {@link SimpleQuery}, as `addConditions` takes it: an operator named after the condition
 * method, a field, and the value where the operator has one.
 *
 * The document does not show this structure; this port makes it a plain, serialisable object whose
 * `operator` is the name of the `SimpleQuery` method with the same meaning, so that
 * `q.addConditions([{ operator: 'eq', field: 'status', value: 'OPEN' }])` is `q.eq('status', 'OPEN')`.
 * Typed by the domain like the methods are.
 *
 * @typeParam T - The domain object type the condition applies to.
 * @example
 * ```ts
 * import { SimpleQuery, type QueryCondition } from '@tech-vendor/api'
 *
 * const conditions: QueryCondition[] = [
 *   { operator: 'eq', field: 'status', value: 'OPEN' },
 *   { operator: 'gt', field: 'total', value: 100 },
 *   { operator: 'isNull', field: 'closedAt' },
 * ]
 * const rows = SimpleQuery.of('Order').addConditions(conditions).listAll()
 * ```
 */
export type QueryCondition<T = DomainObject> =
  | {
      [K in FieldName<T>]: {
        /** The condition method: `eq` or `ne`. */
        readonly operator: 'eq' | 'ne'
        /** The field the condition tests. */
        readonly field: K
        /** The value to compare with; the referenced object for a DOMAIN_OBJECT field. */
        readonly value: ConditionValue<T, K>
      }
    }[FieldName<T>]
  | {
      [K in FieldName<T>]: {
        /** The condition method: `in` or `notIn`. */
        readonly operator: 'in' | 'notIn'
        /** The field the condition tests. */
        readonly field: K
        /** The values to compare with. */
        readonly value: readonly ConditionValue<T, K>[]
      }
    }[FieldName<T>]
  | {
      [K in ComparableField<T>]: {
        /** The condition method: `gt`, `ge`, `lt` or `le`. */
        readonly operator: 'gt' | 'ge' | 'lt' | 'le'
        /** The field the condition tests. */
        readonly field: K
        /** The value to compare with; the referenced object for a DOMAIN_OBJECT field. */
        readonly value: ConditionValue<T, K>
      }
    }[ComparableField<T>]
  | {
      [K in TextField<T>]: {
        /** The condition method: `iLike` or `notILike`. */
        readonly operator: 'iLike' | 'notILike'
        /** The field the condition tests. */
        readonly field: K
        /** The pattern: `%` for any run of characters, `_` for one, `\` to escape. */
        readonly value: string
      }
    }[TextField<T>]
  | {
      [K in FieldName<T>]: {
        /** The condition method: `isNull` or `notNull`. */
        readonly operator: 'isNull' | 'notNull'
        /** The field the condition tests. */
        readonly field: K
      }
    }[FieldName<T>]

export type { QueryOperator } from './query-operators.js'
