import type { FieldType } from './field-types.js'

export type { FieldType }

/**
 * One field of a domain definition: its type alone, or the type with whether it is required, its default and,
 * for a reference, the domain it points to.
 *
 * @example
 * ```ts
 * import type { FieldDefinition } from '@tech-vendor/api/testing'
 *
 * const name: FieldDefinition = { type: 'STRING', required: true }
 * const customer: FieldDefinition = { type: 'DOMAIN_OBJECT', domain: 'Customer' }
 * const enableAnonymous: FieldDefinition = { type: 'BOOLEAN', default: false }
 * const note: FieldDefinition = 'STRING'
 * ```
 */
export type FieldDefinition =
  | FieldType
  | {
      /** The field type. */
      readonly type: FieldType
      /** Whether create and update refuse the object without a value (default `false`). */
      readonly required?: boolean
      /**
       * The value a new object has when its creator leaves the field out, as a field initializer of the
       * platform's domain class gives it: `buildDomain` shows it, and create stores it unless the request
       * sets the field (`null` included). For the types whose values are strings, numbers or booleans:
       * `STRING`, `JSON_STRING`, `BOOLEAN`, `INTEGER`, `LONG`, `DOUBLE`, `BIG_DECIMAL` and `LOCAL_DATE`.
       */
      readonly default?: string | number | boolean
      /**
       * The values the field may take besides null (the platform's field `options`): a write of another value is
       * a validation failure. For the same types as `default`.
       */
      readonly options?: readonly (string | number | boolean)[]
      /** The referenced domain of a `DOMAIN_OBJECT` or `DOMAIN_OBJECT_LIST` field (required for them). */
      readonly domain?: string
    }

/**
 * One domain of a test host: its fields (every object also has `id`, assigned on create) and the label
 * field that `DomainHelper.render(..., ONLY_LABEL_FIELD)` shows.
 *
 * @example
 * ```ts
 * import type { DomainDefinition } from '@tech-vendor/api/testing'
 *
 * const customer: DomainDefinition = { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' }
 * ```
 */
export interface DomainDefinition {
  /** The fields by name, in the order `render(ALL_COLUMNS)` lists them. */
  readonly fields: Readonly<Record<string, FieldDefinition>>
  /** The field `render(ONLY_LABEL_FIELD)` shows; without one it shows only the id. */
  readonly labelField?: string
}
