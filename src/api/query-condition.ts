import type { ComparableField, ConditionValue, DomainObject, FieldName, TextField } from './domain-registry.js'

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
        readonly operator: 'eq' | 'ne'
        readonly field: K
        readonly value: ConditionValue<T, K>
      }
    }[FieldName<T>]
  | {
      [K in FieldName<T>]: {
        readonly operator: 'in' | 'notIn'
        readonly field: K
        readonly value: readonly ConditionValue<T, K>[]
      }
    }[FieldName<T>]
  | {
      [K in ComparableField<T>]: {
        readonly operator: 'gt' | 'ge' | 'lt' | 'le'
        readonly field: K
        readonly value: ConditionValue<T, K>
      }
    }[ComparableField<T>]
  | {
      [K in TextField<T>]: {
        readonly operator: 'iLike' | 'notILike'
        readonly field: K
        readonly value: string
      }
    }[TextField<T>]
  | {
      [K in FieldName<T>]: {
        readonly operator: 'isNull' | 'notNull'
        readonly field: K
      }
    }[FieldName<T>]

/**
 * The operator of a {@link QueryCondition}: the name of the `SimpleQuery` condition method.
 *
 * @example
 * ```ts
 * import type { QueryOperator } from '@tech-vendor/api'
 *
 * const op: QueryOperator = 'iLike'
 * ```
 */
export type QueryOperator =
  | 'eq'
  | 'ne'
  | 'gt'
  | 'ge'
  | 'lt'
  | 'le'
  | 'iLike'
  | 'notILike'
  | 'in'
  | 'notIn'
  | 'isNull'
  | 'notNull'
