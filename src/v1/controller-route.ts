/**
 * The HTTP methods a custom controller route can answer, one per decorator: `Get`, `Post`, `Put`, `Delete`.
 *
 * @example
 * ```ts
 * import type { HttpMethod } from '@tech-vendor/api/v1'
 *
 * const writes: readonly HttpMethod[] = ['POST', 'PUT', 'DELETE']
 * ```
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * One route of a custom controller, as {@link VendorDynamicController.routes} lists it for a host.
 *
 * @example
 * ```ts
 * import { VendorDynamicController, type ControllerRoute } from '@tech-vendor/api/v1'
 *
 * declare class OrderController extends VendorDynamicController {}
 * const routes: readonly ControllerRoute[] = VendorDynamicController.routes(OrderController)
 * for (const route of routes) console.log(route.method, route.path, '->', route.handlerName)
 * ```
 */
export interface ControllerRoute {
  /** The HTTP method. */
  readonly method: HttpMethod
  /** The full path template: the controller's `basePath` joined with the decorator's path, such as `/orders/{id}`. */
  readonly path: string
  /** The name of the instance method that handles it; the host calls `controller[handlerName](request)`. */
  readonly handlerName: string
}
