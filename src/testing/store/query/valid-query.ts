import type { DomainSchema, FieldSchema, StoredValue } from '../../domains/schema.js'
import type { LikePattern } from './like-pattern.js'

/**
 * A query as the plugin wrote it, before validation: how conditions combine and the conditions, in the
 * order they were added.
 *
 * @internal
 */
export interface EngineQuery {
  /** `true`: every condition must hold (AND); `false`: any condition (OR). */
  readonly and: boolean
  /** The conditions; none matches every row. */
  readonly conditions: readonly unknown[]
}

/**
 * One condition after validation, its value normalised to what the field stores, in one of four shapes
 * every store can run:
 * - `presence`: `isNull` / `notNull`;
 * - `compare`: `eq`, `ne`, `gt`, `ge`, `lt`, `le` with a non-null value (a null value made the condition
 *   constant, so it is not here);
 * - `member`: `in` / `notIn` with distinct non-null values (BIG_DECIMAL values in their canonical form);
 * - `like`: `iLike` / `notILike` with the parsed pattern.
 *
 * @internal
 */
export type ValidCondition =
  | {
      readonly kind: 'presence'
      readonly field: FieldSchema
      /** `true` for `isNull`. */
      readonly isNull: boolean
    }
  | {
      readonly kind: 'compare'
      readonly operator: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'
      readonly field: FieldSchema
      readonly value: StoredValue
    }
  | {
      readonly kind: 'member'
      /** `true` for `notIn`. */
      readonly negated: boolean
      readonly field: FieldSchema
      readonly values: readonly StoredValue[]
    }
  | {
      readonly kind: 'like'
      /** `true` for `notILike`. */
      readonly negated: boolean
      readonly field: FieldSchema
      readonly pattern: LikePattern
    }

/**
 * A query every store runs the same way: validated against its domain by one shared layer (so a mistake gets
 * the same message on every store), its values normalised, and the conditions whose outcome SQL's rules fix
 * for every row folded away (`eq(field, null)`, `in(field, [])`, a `notIn` list holding null: nothing
 * matches; `notIn(field, [])`: every row matches).
 *
 * @internal
 */
export class ValidQuery {
  /**
   * @param schema - The queried domain.
   * @param and - `true`: every condition must hold; `false`: any.
   * @param conditions - The conditions left after folding constants, in the order they were added.
   * @param matchesNothing - No row can match.
   * @param matchesEverything - Every row matches (and `conditions` is empty).
   */
  constructor(
    readonly schema: DomainSchema,
    readonly and: boolean,
    readonly conditions: readonly ValidCondition[],
    readonly matchesNothing: boolean,
    readonly matchesEverything: boolean,
  ) {}
}

/**
 * One page of a select, validated: 0-based offset, most rows, the fields to order by (most significant first,
 * empty for id order, cut before `id`, which is unique), and one direction for all.
 *
 * @internal
 */
export class ValidPage {
  /**
   * @param offset - 0-based index of the first row.
   * @param limit - Most rows.
   * @param orderBy - The order fields before any `id` among them.
   * @param byId - Whether the request named `id` as an order field (the tie-break then takes the direction).
   * @param asc - Ascending when `true`.
   */
  constructor(
    readonly offset: number,
    readonly limit: number,
    readonly orderBy: readonly FieldSchema[],
    readonly byId: boolean,
    readonly asc: boolean,
  ) {}

  /** Whether the page is in ascending id order, as rows are stored. */
  get inIdOrder(): boolean {
    return this.orderBy.length === 0 && (!this.byId || this.asc)
  }
}
