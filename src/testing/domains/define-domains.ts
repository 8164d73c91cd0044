import type { DomainName, DomainRegistry } from '../../model/domain-registry.js'
import type { StorageFieldValue } from '../../model/storage-field-value.js'
import type { DomainDefinition, FieldType } from './domain-definition.js'

/**
 * Domain definitions by name, as `createTestHost({ domains })` takes them.
 *
 * @example
 * ```ts
 * import type { DomainDefinitions } from '@tech-vendor/api/testing'
 *
 * const domains: DomainDefinitions = { Tag: { fields: { name: 'STRING' } } }
 * ```
 */
export type DomainDefinitions = Readonly<Record<string, DomainDefinition>>

/** The type of a field definition. @internal */
type TypeOf<F> = F extends FieldType ? F : F extends { readonly type: infer T } ? T : never

/** The referenced domain of a field definition. @internal */
type TargetOf<F> = F extends { readonly domain: infer T } ? T : never

/** `true` for a field definition that is required (it never reads back null). @internal */
type IsRequired<F> = F extends { readonly required: infer R } ? R : false

/** The value a field holds when set. @internal */
type SetValue<D, F> =
  TypeOf<F> extends 'STRING' | 'JSON_STRING' | 'BIG_DECIMAL' | 'LOCAL_DATE'
    ? string
    : TypeOf<F> extends 'BOOLEAN'
      ? boolean
      : TypeOf<F> extends 'INTEGER' | 'LONG' | 'DOUBLE'
        ? number
        : TypeOf<F> extends 'ZONED_DATETIME'
          ? Date
          : TypeOf<F> extends 'FILE'
            ? StorageFieldValue
            : TypeOf<F> extends 'DOMAIN_OBJECT'
              ? TargetOf<F> extends keyof D
                ? DomainObjectOf<D, TargetOf<F>>
                : never
              : TypeOf<F> extends 'DOMAIN_OBJECT_LIST'
                ? TargetOf<F> extends keyof D
                  ? DomainObjectOf<D, TargetOf<F>>[]
                  : never
                : never

/**
 * The value a field of definition `F` reads back as: what it holds when set, `| null` unless it is required.
 *
 * @typeParam D - Every domain definition (for references).
 * @typeParam F - The field's definition.
 * @example
 * ```ts
 * import type { FieldValueOf } from '@tech-vendor/api/testing'
 *
 * type Total = FieldValueOf<{}, { type: 'BIG_DECIMAL'; required: true }> // string
 * type Note = FieldValueOf<{}, 'STRING'> // string | null
 * ```
 */
export type FieldValueOf<D, F> = IsRequired<F> extends true ? SetValue<D, F> : SetValue<D, F> | null

/** The fields of one definition. @internal */
type FieldsOf<D, K extends keyof D> = D[K] extends { readonly fields: infer F } ? F : never

/**
 * The object type of domain `K` of definitions `D`: its `id` and each field typed as it reads back.
 *
 * @typeParam D - Every domain definition.
 * @typeParam K - The domain's name.
 * @example
 * ```ts
 * import type { DomainObjectOf } from '@tech-vendor/api/testing'
 *
 * const domains = { Tag: { fields: { name: { type: 'STRING', required: true } } } } as const
 * type Tag = DomainObjectOf<typeof domains, 'Tag'> // { readonly id: number; name: string }
 * ```
 */
export type DomainObjectOf<D, K extends keyof D> = {
  /** The object's id, assigned when it is created. */
  readonly id: number
} & {
  -readonly [F in keyof FieldsOf<D, K>]: FieldValueOf<D, FieldsOf<D, K>[F]>
}

/**
 * The object types of every domain of a definition: what a plugin declares in `DomainRegistry`, derived from the
 * definition the test host runs on, so that the schema is written once.
 *
 * Declare the definitions `as const` for it (not with {@link defineDomains}, which checks definitions against
 * the registry: a registry derived from its result would refer to itself).
 *
 * @typeParam D - The domain definitions, declared `as const`.
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 * import type { DomainDefinitions, DomainTypes } from '@tech-vendor/api/testing'
 *
 * export const domains = {
 *   Customer: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
 *   Order: { fields: { total: 'BIG_DECIMAL', customer: { type: 'DOMAIN_OBJECT', domain: 'Customer' } } },
 * } as const satisfies DomainDefinitions
 *
 * declare module '@tech-vendor/api' {
 *   interface DomainRegistry extends DomainTypes<typeof domains> {}
 * }
 *
 * // Typed by the definition: total is a decimal string, customer a Customer or null.
 * const big = SimpleQuery.of('Order').ge('total', '100').list(0, 10)
 * console.log(big[0]?.customer?.name)
 * ```
 */
export type DomainTypes<D> = { [K in keyof D & string]: DomainObjectOf<D, K> }

/** A message the type checker shows where a definition and `DomainRegistry` disagree. @internal */
interface Disagreement<Message extends string> {
  readonly 'DomainRegistry disagrees': Message
}

/** The fields `DomainRegistry` declares for domain `K`, `id` aside. @internal */
type RegisteredFields<K extends DomainName> = Exclude<keyof DomainRegistry[K] & string, 'id'>

/**
 * What a definition must also satisfy for each domain that `DomainRegistry` declares: every declared field
 * defined, each definition's values assignable from the declared type (a declared `'OPEN' | 'CLOSED'` fits a
 * STRING field; a declared `number` does not), and a field that is not required declared `| null`. @internal
 */
type RegistryCheck<D> = {
  readonly [K in keyof D]: K extends DomainName
    ? {
        readonly fields: {
          readonly [F in RegisteredFields<K> | keyof FieldsOf<D, K>]: F extends RegisteredFields<K>
            ? F extends keyof FieldsOf<D, K>
              ? [DomainRegistry[K][F]] extends [FieldValueOf<D, FieldsOf<D, K>[F]>]
                ? null extends FieldValueOf<D, FieldsOf<D, K>[F]>
                  ? null extends DomainRegistry[K][F]
                    ? unknown
                    : Disagreement<`${K}.${F} is optional here, so it reads back null; declare it | null in DomainRegistry or make it required`>
                  : unknown
                : Disagreement<`DomainRegistry declares ${K}.${F} with a type this definition does not hold`>
              : Disagreement<`DomainRegistry declares ${K}.${F}; define the field`>
            : F extends string
              ? Disagreement<`DomainRegistry declares no field ${K}.${F}; declare it there or remove it here`>
              : unknown
        }
      }
    : unknown
}

/**
 * Declares the domains a test host runs on, once, and checks them against what the plugin declared in
 * `DomainRegistry` at compile time. A domain the registry declares must define every declared field with a type
 * that holds the declared values (`priority: number` against `'STRING'` does not compile); the others are taken
 * as they are. A registered domain the definitions leave out is not required: a host may run on some of the
 * plugin's domains. To derive the registry from the definitions instead, declare them `as const` and the registry
 * as `interface DomainRegistry extends DomainTypes<typeof domains> {}` ({@link DomainTypes}).
 *
 * At run time it returns the definitions unchanged; `createTestHost` checks them.
 *
 * @param domains - The definitions by domain name.
 * @returns The same definitions, typed exactly (as with `as const`).
 * @see {@link DomainTypes} to derive the registry from the definitions.
 * @example
 * ```ts
 * import { createTestHost, defineDomains } from '@tech-vendor/api/testing'
 *
 * export const domains = defineDomains({
 *   Ticket: { fields: { title: { type: 'STRING', required: true }, priority: 'INTEGER' }, labelField: 'title' },
 * })
 *
 * using host = createTestHost({ domains }).install()
 * ```
 */
export function defineDomains<const D extends DomainDefinitions>(domains: D & RegistryCheck<D>): D {
  return domains
}
