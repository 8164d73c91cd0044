/**
 * The domains a plugin declares once, so that queries, conditions and built objects are typed by them.
 *
 * Empty by default. Augment it from the plugin with a `declare module` block; every domain name it lists is
 * then typed wherever a domain is named (`SimpleQuery.of`, `getById`, `DomainHelper.buildDomain`, ...), and
 * every name it does not list still works, loosely typed, as in Java. The root entry and `./v1` share this
 * one interface, so one augmentation serves both.
 *
 * Model a DOMAIN_OBJECT field as the referenced domain's type (nullable when the field is optional), a
 * DOMAIN_OBJECT_LIST field as an array of it, LOCAL_DATE as an ISO `YYYY-MM-DD` string, ZONED_DATETIME as a
 * `Date`, BIG_DECIMAL as a decimal string, a file field as a `StorageFieldValue`.
 *
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 *
 * declare module '@tech-vendor/api' {
 *   interface DomainRegistry {
 *     Order: { id: number; status: 'OPEN' | 'CLOSED'; total: number; customer: DomainRegistry['Customer'] | null }
 *     Customer: { id: number; name: string }
 *   }
 * }
 *
 * const open = SimpleQuery.of('Order').eq('status', 'OPEN').list(0, 20) // PaginationQueryResult<Order>
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainRegistry {}

/**
 * An object of a domain that is not declared in {@link DomainRegistry}: an id and any fields, as Java's
 * `Object`.
 *
 * @example
 * ```ts
 * import { SimpleQuery, type DomainObject } from '@tech-vendor/api'
 *
 * const row: DomainObject | null = SimpleQuery.of('SomeUndeclaredDomain').get()
 * console.log(row?.id, row?.['anyField'])
 * ```
 */
export interface DomainObject {
  /** The object's id, assigned when it is created. */
  readonly id: number
  /** Any other field. */
  readonly [field: string]: unknown
}

/**
 * The name of a domain declared in {@link DomainRegistry} (`never` while none is).
 *
 * @example
 * ```ts
 * import type { DomainName } from '@tech-vendor/api'
 *
 * function label(name: DomainName): string {
 *   return `domain ${name}`
 * }
 * ```
 */
export type DomainName = keyof DomainRegistry & string

/**
 * The object type of a domain name: the declared type for a registered name, {@link DomainObject} otherwise.
 *
 * @typeParam N - A domain name.
 * @example
 * ```ts
 * import type { DomainType } from '@tech-vendor/api'
 *
 * type Anything = DomainType<'NotDeclared'> // DomainObject
 * ```
 */
export type DomainType<N extends string> = N extends DomainName ? DomainRegistry[N] : DomainObject

/**
 * Whether `T` is loosely typed (an index signature such as {@link DomainObject}'s) rather than a declared domain.
 * @internal
 */
type IsLoose<T> = string extends keyof T ? true : false

/**
 * The field names of a domain object type: the declared keys, or any string for a loose type.
 *
 * @typeParam T - A domain object type.
 * @example
 * ```ts
 * import type { FieldName } from '@tech-vendor/api'
 *
 * type OrderField = FieldName<{ id: number; status: string }> // 'id' | 'status'
 * ```
 */
export type FieldName<T> = IsLoose<T> extends true ? string : keyof T & string

/**
 * The value type of field `K` of `T` (`unknown` for a loose type).
 * @internal
 */
type FieldValue<T, K extends string> = IsLoose<T> extends true ? unknown : K extends keyof T ? T[K] : never

/**
 * The value an equality-style condition (`eq`, `ne`, `in`, `notIn`) takes for field `K`: the field's type
 * without `null` (a null comparison never matches under SQL rules: use `isNull`/`notNull`). For a
 * DOMAIN_OBJECT field this is the referenced object itself, not its id.
 *
 * @typeParam T - A domain object type.
 * @typeParam K - One of its field names.
 * @example
 * ```ts
 * import type { ConditionValue } from '@tech-vendor/api'
 *
 * type Status = ConditionValue<{ id: number; status: 'OPEN' | 'CLOSED' | null }, 'status'> // 'OPEN' | 'CLOSED'
 * ```
 */
export type ConditionValue<T, K extends string> = NonNullable<FieldValue<T, K>>

/** Value types that `gt`/`ge`/`lt`/`le` and ordering compare. @internal */
type Comparable = number | bigint | string | Date

/**
 * The fields of `T` that `gt`, `ge`, `lt` and `le` accept: numbers, decimal strings, strings and dates.
 *
 * @typeParam T - A domain object type.
 * @example
 * ```ts
 * import type { ComparableField } from '@tech-vendor/api'
 *
 * type F = ComparableField<{ id: number; paid: boolean; total: number }> // 'id' | 'total'
 * ```
 */
export type ComparableField<T> =
  IsLoose<T> extends true
    ? string
    : { [K in keyof T & string]-?: NonNullable<T[K]> extends Comparable ? K : never }[keyof T & string]

/**
 * The fields of `T` that `iLike` and `notILike` accept: string fields.
 *
 * @typeParam T - A domain object type.
 * @example
 * ```ts
 * import type { TextField } from '@tech-vendor/api'
 *
 * type F = TextField<{ id: number; name: string; note: string | null }> // 'name' | 'note'
 * ```
 */
export type TextField<T> =
  IsLoose<T> extends true
    ? string
    : { [K in keyof T & string]-?: NonNullable<T[K]> extends string ? K : never }[keyof T & string]

/**
 * The properties accepted when building an object of type `T`: any subset of its fields, without `id`
 * (the platform assigns it on create).
 *
 * @typeParam T - A domain object type.
 * @example
 * ```ts
 * import type { DomainProperties } from '@tech-vendor/api'
 *
 * const draft: DomainProperties<{ id: number; name: string }> = { name: 'Ann' }
 * ```
 */
export type DomainProperties<T> =
  IsLoose<T> extends true ? Record<string, unknown> : { [K in Exclude<keyof T, 'id'>]?: T[K] }
