/**
 * What `DomainHelper.render` puts in the map it returns.
 *
 * @example
 * ```ts
 * import { DomainHelper, DomainObjectRenderType, SimpleQuery } from '@tech-vendor/api'
 *
 * const order = SimpleQuery.getById('Order', 1)
 * if (order !== null) {
 *   const label = DomainHelper.render(order, DomainObjectRenderType.ONLY_LABEL_FIELD) // { id, <label field> }
 *   const full = DomainHelper.render(order, DomainObjectRenderType.ALL_COLUMNS) // every field
 * }
 * ```
 */
export const DomainObjectRenderType = Object.freeze({
  /** Only the id and the domain's label field; references render as `{ id }`. */
  ONLY_LABEL_FIELD: 'ONLY_LABEL_FIELD',
  /** Every field of the domain; references render as `{ id }`. */
  ALL_COLUMNS: 'ALL_COLUMNS',
} as const)

/**
 * One of the {@link DomainObjectRenderType} values.
 *
 * @example
 * ```ts
 * import { DomainObjectRenderType } from '@tech-vendor/api'
 *
 * const type: DomainObjectRenderType = DomainObjectRenderType.ALL_COLUMNS
 * ```
 */
export type DomainObjectRenderType = (typeof DomainObjectRenderType)[keyof typeof DomainObjectRenderType]
