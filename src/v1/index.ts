/**
 * The 1.0.0-series surface of the platform's plugin library (`tech.vendor:api` 1.0.0): everything of
 * `@tech-vendor/api` as the 1.0.0 series declares it, plus custom controllers and dynamic RPC.
 *
 * Differences from the 0.0.5 root: `AsyncHelper` matches the runtime (`task` returns the `Thread`, and
 * `task(threadName, task)` and `supplyAsync` exist; the three overloads the runtime lacks are gone);
 * `VendorDynamicController` with the decorators `Get`, `Post`, `Put`, `Delete`; `VendorRpcService`, the
 * decorator `RpcClient` and `DynamicRpcClientService`. `MessageHelper` still declares only
 * `pushNotification`. `DomainRegistry` is the root's: one augmentation of `'@tech-vendor/api'` types both.
 *
 * @example
 * ```ts
 * import { AsyncHelper, Get, VendorDynamicController } from '@tech-vendor/api/v1'
 *
 * class PingController extends VendorDynamicController {
 *   static override readonly basePath = '/ping'
 *
 *   @Get()
 *   ping() {
 *     return { pong: true }
 *   }
 * }
 *
 * const thread = AsyncHelper.task('warm-up', () => console.log('warming caches'))
 * ```
 *
 * @module @tech-vendor/api/v1
 */
export * from '../index.js'
// Shadows the root's AsyncHelper: an explicit export wins over `export *`.
export { AsyncHelper } from './async-helper.js'
export type { Supplier } from '../model/java-types.js'
export type { ControllerRequest } from './controller-request.js'
export type { ControllerRoute, HttpMethod } from './controller-route.js'
export { VendorDynamicController } from './vendor-dynamic-controller.js'
export { Get, Post, Put, Delete, type RouteDecorator, type RouteHandler } from './route-decorators.js'
export { VendorRpcService } from './vendor-rpc-service.js'
export { RpcClient, type RpcClientDecorator } from './rpc-client.js'
export { DynamicRpcClientService } from './dynamic-rpc-client-service.js'
