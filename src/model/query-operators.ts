/**
 * The operator of a `QueryCondition`: the name of the `SimpleQuery` condition method.
 *
 * @example
 * ```ts
 * import type { QueryOperator } from '@tech-vendor/api'
 *
 * const op: QueryOperator = 'iLike'
 * ```
 */
export type QueryOperator =
  'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'iLike' | 'notILike' | 'in' | 'notIn' | 'isNull' | 'notNull'

/** What a condition operator takes: one value, a pattern, a collection, or nothing. @internal */
export type OperatorKind = 'value' | 'pattern' | 'collection' | 'presence'

/**
 * The condition methods of `SimpleQuery` by what they take: the one list for the facade that builds
 * conditions and every store that runs them.
 *
 * @internal
 */
export const OPERATORS_BY_KIND = Object.freeze({
  value: Object.freeze(['eq', 'ne', 'gt', 'ge', 'lt', 'le']),
  pattern: Object.freeze(['iLike', 'notILike']),
  collection: Object.freeze(['in', 'notIn']),
  presence: Object.freeze(['isNull', 'notNull']),
} as const satisfies Record<OperatorKind, readonly QueryOperator[]>)

// Every operator has a kind: a name added to QueryOperator and not to a list above does not compile.
type Unlisted = Exclude<QueryOperator, (typeof OPERATORS_BY_KIND)[OperatorKind][number]>
const everyOperatorListed: [Unlisted] extends [never] ? true : Unlisted = true
void everyOperatorListed

/** Every operator, in the order the document lists the condition methods. @internal */
export const QUERY_OPERATORS: readonly QueryOperator[] = Object.freeze([
  ...OPERATORS_BY_KIND.value,
  ...OPERATORS_BY_KIND.pattern,
  ...OPERATORS_BY_KIND.collection,
  ...OPERATORS_BY_KIND.presence,
])

const KINDS = new Map<string, OperatorKind>(
  (Object.keys(OPERATORS_BY_KIND) as OperatorKind[]).flatMap((kind) =>
    OPERATORS_BY_KIND[kind].map((operator) => [operator, kind] as const),
  ),
)

/**
 * What an operator takes, or `undefined` for a name that is no operator.
 *
 * @param operator - Any name.
 * @returns Its kind.
 * @internal
 */
export function operatorKind(operator: unknown): OperatorKind | undefined {
  return typeof operator === 'string' ? KINDS.get(operator) : undefined
}
