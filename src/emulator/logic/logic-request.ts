/**
 * The caller of a request as dynamic logic sees it: the logged-in user, with the roles and the tenant the
 * emulator knows them by.
 *
 * @example
 * ```ts
 * import type { RequestUser } from '@tech-vendor/api/emulator'
 *
 * const admin: RequestUser = { id: 1, username: 'admin', name: 'admin', roles: ['ROLE_ADMIN'], tenant: 'default' }
 * ```
 */
export interface RequestUser {
  /** The user's id (1 for the first user of `options.users`, and so on). */
  readonly id: number
  /** The login name. */
  readonly username: string
  /** The display name (the username when none was given). */
  readonly name: string
  /** The role names, such as `ROLE_ADMIN`. */
  readonly roles: readonly string[]
  /** The tenant (TENANT_ID) the user works in. */
  readonly tenant: string
}

/**
 * What dynamic logic (a service, a webhook, an object action, a dashboard widget) receives: one HTTP request,
 * parsed by the emulator. A `JavaScript` logic's `code` is the body of a function of this one parameter,
 * `request`; a TypeScript function of `options.logic` takes it as its argument.
 *
 * @example
 * ```ts
 * import type { LogicRequest } from '@tech-vendor/api/emulator'
 *
 * function greet(request: LogicRequest): { greeting: string } {
 *   return { greeting: `Hello, ${request.user?.name ?? request.params['name'] ?? 'stranger'}` }
 * }
 * ```
 */
export interface LogicRequest {
  /** The HTTP method, upper-case. */
  readonly method: string
  /**
   * The path as the backend sees it, without the `/api` prefix (`/service/order-summary`), as addresses seen
   * inside dynamic logic are on the platform.
   */
  readonly path: string
  /** The query parameters, the first value of each (a URL `access_token` included, as on the platform). */
  readonly params: Readonly<Record<string, string>>
  /** The request headers, by lower-case name. */
  readonly headers: Readonly<Record<string, string>>
  /**
   * The body: parsed JSON, form fields (`application/x-www-form-urlencoded`, or `multipart/form-data`, a file's
   * as its text) or text; `null` without one.
   */
  readonly body: unknown
  /** The logged-in caller, or `null` for an anonymous call. */
  readonly user: RequestUser | null
}

/**
 * Dynamic logic written in TypeScript, given to the emulator by name in `options.logic`. It runs with the
 * plugin library bound, as the caller's tenant and user; what it returns (or its promise resolves to) is the
 * JSON response.
 *
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 * import type { LogicFunction } from '@tech-vendor/api/emulator'
 *
 * const countOrders: LogicFunction = (request) => ({
 *   status: request.params['status'] ?? 'OPEN',
 *   count: SimpleQuery.of('Order').eq('status', request.params['status'] ?? 'OPEN').listAll().length,
 * })
 * ```
 */
export type LogicFunction = (request: LogicRequest) => unknown
