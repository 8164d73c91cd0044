/**
 * The platform's REST client: typed by `DomainRegistry`, without dependencies, on the global `fetch` in browsers
 * and Node (or an injected one, such as the emulator's in-process `emulator.fetch`). It survives the platform's
 * quirks: tokens only in `Authorization: Bearer`, one shared refresh for any number of requests that meet an
 * expired token, HTTP 200 validation failures and HTTP 500 anonymous-service refusals as typed errors, pages of
 * at most 500, a logout that only forgets the tokens, retries of transient failures of reads (GET, HEAD, OPTIONS).
 *
 * @example
 * ```ts
 * import { createClient, PlatformValidationError } from '@tech-vendor/api/client'
 *
 * const client = createClient({
 *   baseUrl: 'http://127.0.0.1:8080/api',
 *   onTokens: (tokens) => console.log(tokens === null ? 'logged out' : 'keep these tokens'),
 * })
 * await client.login('admin', 'admin')
 * try {
 *   await client.data('Order').create({ status: null })
 * } catch (error) {
 *   if (PlatformValidationError.is(error)) console.log(error.errMsg)
 *   else throw error
 * }
 * ```
 *
 * @module @tech-vendor/api/client
 */
export { createClient } from './create-client.js'
/**
 * The application's domains, by name: the library's `DomainRegistry`, re-exported so that a frontend that
 * imports only the client declares its domains here (`declare module '@tech-vendor/api/client'`), where its
 * compiler looks. One declaration types the client and `SimpleQuery` alike; `vendor-api types` writes it.
 */
export type { DomainRegistry } from '../index.js'
export type { PlatformClient } from './platform-client.js'
export type { ClientOptions, TokenPair, FetchFunction } from './client-options.js'
export type { DataApi } from './data-api.js'
export type { ObjectActions } from './logic-calls.js'
export type { DecimalFields } from './decimal-fields.js'
export type {
  CallOptions,
  PageOptions,
  AllOptions,
  SearchOptions,
  LogicCallOptions,
  WebhookCallOptions,
} from './call-options.js'
export type {
  WireValue,
  WireObject,
  WireFields,
  ListResult,
  LoginResponse,
  ObjectPermissions,
} from './wire-types.js'
export { PlatformError, type PlatformErrorInit } from './errors/platform-error.js'
export { PlatformValidationError } from './errors/platform-validation-error.js'
export {
  PlatformConnectionError,
  type PlatformConnectionErrorInit,
  type ConnectionFailure,
} from './errors/platform-connection-error.js'
export { UserPasswordMismatchError } from './errors/user-password-mismatch-error.js'
export { NotFoundError } from './errors/not-found-error.js'
export { UnauthorizedError } from './errors/unauthorized-error.js'
export { NoPermissionError } from './errors/no-permission-error.js'
export { TokenInvalidError } from './errors/token-invalid-error.js'
export { IllegalArgumentError } from './errors/illegal-argument-error.js'
export { TokenExpiredError } from './errors/token-expired-error.js'
export { AnonymousInvocationError } from './errors/anonymous-invocation-error.js'
