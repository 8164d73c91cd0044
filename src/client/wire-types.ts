import type { DomainObject, StorageFieldValue } from '../index.js'

/** Whether `T` is loosely typed (an index signature, as `DomainObject`) rather than a declared domain. */
type IsLoose<T> = string extends keyof T ? true : false

/**
 * A field value as the REST API carries it, for a value typed as `DomainRegistry` models it: a reference to
 * another domain object is `{ id }`, a list of them `{ id }[]`, a date-time (`Date`) an ISO-8601 string; a file
 * field's `StorageFieldValue` and every other value stay as they are.
 *
 * @typeParam V - The field's type in `DomainRegistry`.
 * @example
 * ```ts
 * import type { WireValue } from '@tech-vendor/api/client'
 *
 * type Customer = WireValue<{ id: number; name: string } | null> // { readonly id: number } | null
 * type SentAt = WireValue<Date> // string
 * ```
 */
export type WireValue<V> = V extends Date
  ? string
  : V extends StorageFieldValue
    ? V
    : V extends readonly (infer E)[]
      ? WireValue<E>[]
      : V extends {
            /** The id every domain object has. */
            readonly id: number
          }
        ? {
            /** The referenced object's id. */
            readonly id: number
          }
        : V

/**
 * An object of a domain as the REST API answers it: every field, each as {@link WireValue} says. An object of
 * a domain that `DomainRegistry` does not declare is a `DomainObject`: an id and any fields.
 *
 * @typeParam T - The domain's type in `DomainRegistry`.
 * @example
 * ```ts
 * import type { WireObject } from '@tech-vendor/api/client'
 *
 * type Order = WireObject<{ id: number; status: string; customer: { id: number; name: string } | null }>
 * // { id: number; status: string; customer: { readonly id: number } | null }
 * ```
 */
export type WireObject<T> =
  IsLoose<T> extends true ? DomainObject : { -readonly [K in keyof T]: WireValue<T[K]> }

/** A field value as a create or an update sends it: as {@link WireValue} says, a date-time also as a `Date`. */
type WireInput<V> = V extends Date ? Date | string : WireValue<V>

/**
 * The fields a create or an update sends: any of the domain's fields but `id` (the platform gives it; an
 * update takes it from the path), a reference as `{ id }`, a date-time as a `Date` or an ISO-8601 string.
 * Any fields for a domain `DomainRegistry` does not declare.
 *
 * @typeParam T - The domain's type in `DomainRegistry`.
 * @example
 * ```ts
 * import type { WireFields } from '@tech-vendor/api/client'
 *
 * const draft: WireFields<{ id: number; status: string; customer: { id: number; name: string } }> = {
 *   status: 'OPEN',
 *   customer: { id: 7 },
 * }
 * ```
 */
export type WireFields<T> =
  IsLoose<T> extends true ? Record<string, unknown> : { [K in Exclude<keyof T, 'id'>]?: WireInput<T[K]> }

/**
 * One page of a domain's objects: what `list`, `search` and `keywordSearch` give, taken out of the platform's
 * `{total, data, formHookDataList}`.
 *
 * @typeParam T - The domain's type in `DomainRegistry`.
 * @example
 * ```ts
 * import type { DomainObject } from '@tech-vendor/api'
 * import { createClient, type ListResult } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const page: ListResult<DomainObject> = await client.data('Customer').list({ max: 20 })
 * console.log(`${page.data.length} of ${page.total}`)
 * ```
 */
export interface ListResult<T> {
  /** How many objects match, over all pages. */
  readonly total: number
  /** The objects of this page, by id ascending for a list. */
  readonly data: WireObject<T>[]
}

/**
 * The platform's login response, also the answer of a refresh and of `userInfo()`, field names as the platform
 * writes them.
 *
 * @example
 * ```ts
 * import { createClient, type LoginResponse } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const login: LoginResponse = await client.login('admin', 'admin')
 * console.log(login.username, login.roles, login.expires_in)
 * ```
 */
export interface LoginResponse {
  /** The signed access token (the client keeps it and sends it as `Authorization: Bearer`). */
  readonly access_token: string
  /** The refresh token; a refresh answers the one it was sent. */
  readonly refresh_token: string
  /** `Bearer`. */
  readonly token_type: string
  /** The access token's lifetime in seconds (`security.jwt.expiration`, 3600 by default). */
  readonly expires_in: number
  /** The login name. */
  readonly username: string
  /** The role names, such as `ROLE_ADMIN`. */
  readonly roles: readonly string[]
  /** The user's id. */
  readonly id: number
  /** The display name. */
  readonly name: string
  /** The user's avatar, or `null`. */
  readonly avatar: unknown
  /** More about the user, or `null`. */
  readonly extInfo: unknown
}

/**
 * What the logged-in user may do with one object, from the domain's role requirements: all `false` for an id
 * the user's tenant does not hold.
 *
 * @example
 * ```ts
 * import { createClient, type ObjectPermissions } from '@tech-vendor/api/client'
 *
 * const client = createClient({ baseUrl: '/api' })
 * const byId = await client.permissions('Order', [1, 2])
 * const first: ObjectPermissions | undefined = byId[1]
 * console.log(first?.delete)
 * ```
 */
export interface ObjectPermissions {
  /** May read it. */
  readonly view: boolean
  /** May change it. */
  readonly update: boolean
  /** May delete it. */
  readonly delete: boolean
}
