import { brandedPrototype } from './branded-prototype.js'
import type { ControllerRoute } from './controller-route.js'
import { CONTROLLER_BRAND, collectRoutes } from './controller-routes.js'

/**
 * The base class of a custom controller (1.0.0 series only; absent from 0.0.5): a plugin class that answers
 * HTTP requests under paths of its own. Extend it, set the static `basePath`, and mark the handler methods
 * with {@link Get}, {@link Post}, {@link Put} or {@link Delete}.
 *
 * The host constructs the controller with no arguments, so constructing it needs no runtime and works in a
 * plain unit test. For each request it calls the matching handler on the instance with a
 * {@link ControllerRequest}. What the handler returns (or what its promise resolves to) is the response
 * body, which the host sends as JSON; `undefined` sends an empty response. A handler that throws makes the
 * host answer with an error response.
 *
 * Where the platform mounts a plugin's controllers in its REST API is the host's choice; `basePath` and the
 * route paths are relative to that mount point.
 *
 * @example
 * ```ts
 * import { Get, Post, SimpleQuery, VendorDynamicController, type ControllerRequest } from '@tech-vendor/api/v1'
 *
 * export class OrderController extends VendorDynamicController {
 *   static override readonly basePath = '/orders'
 *
 *   @Get('/open')
 *   open() {
 *     return SimpleQuery.of('Order').eq('status', 'OPEN').list(0, 20)
 *   }
 *
 *   @Post('/{id}/close')
 *   close(request: ControllerRequest<{ reason: string }>) {
 *     return { id: request.params['id'], reason: request.body.reason }
 *   }
 * }
 *
 * console.log(VendorDynamicController.routes(OrderController))
 * // [{ method: 'GET', path: '/orders/open', handlerName: 'open' },
 * //  { method: 'POST', path: '/orders/{id}/close', handlerName: 'close' }]
 * ```
 */
export class VendorDynamicController {
  static {
    Object.defineProperty(this.prototype, CONTROLLER_BRAND, { value: true })
  }

  // Type-only: a private member makes the route decorators accept this class's subclasses only, not any
  // class that happens to have the same (empty) shape.
  declare private readonly vendorDynamicController: true

  /**
   * The path every route of the controller starts with, such as `/orders`: `/`-separated segments without a
   * trailing `/`, and `{name}` parameters allowed. The default `/` adds nothing.
   *
   * @example
   * ```ts
   * import { VendorDynamicController } from '@tech-vendor/api/v1'
   *
   * class InvoiceController extends VendorDynamicController {
   *   static override readonly basePath = '/customers/{customerId}/invoices'
   * }
   * ```
   */
  static readonly basePath: string = '/'

  /**
   * The routes of a controller class, for a host to register: its decorated handlers and those it inherits,
   * each with the full path (`basePath` joined with the decorator's path). The list is frozen.
   *
   * @param controllerClass - A class that extends `VendorDynamicController` (from any copy of the package).
   * @returns One entry per route, base class first, in source order.
   * @throws {@link IllegalArgumentException} when `controllerClass` is not a controller class, its
   * `basePath` is not a valid path, or two handlers answer the same method and path (path parameters that
   * differ only by name count as the same path).
   * @see {@link Get}, {@link Post}, {@link Put}, {@link Delete}, which declare the routes.
   * @example
   * ```ts
   * import { VendorDynamicController, type ControllerRequest } from '@tech-vendor/api/v1'
   *
   * declare class OrderController extends VendorDynamicController {}
   * declare function register(method: string, path: string, handle: (request: ControllerRequest) => unknown): void
   *
   * const controller = new OrderController()
   * for (const route of VendorDynamicController.routes(OrderController)) {
   *   const handler = (controller as unknown as Record<string, (request: ControllerRequest) => unknown>)[route.handlerName]
   *   register(route.method, route.path, (request) => handler?.call(controller, request))
   * }
   * ```
   */
  static routes(controllerClass: abstract new () => VendorDynamicController): readonly ControllerRoute[] {
    brandedPrototype(
      controllerClass,
      CONTROLLER_BRAND,
      'VendorDynamicController',
      'VendorDynamicController.routes',
    )
    return collectRoutes(controllerClass, (controllerClass as unknown as { basePath?: unknown }).basePath)
  }
}
