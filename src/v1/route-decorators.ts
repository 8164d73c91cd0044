import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import type { ControllerRequest } from './controller-request.js'
import type { HttpMethod } from './controller-route.js'
import { addRoute, checkPath } from './controller-routes.js'
import type { VendorDynamicController } from './vendor-dynamic-controller.js'

/**
 * A route handler: an instance method of a {@link VendorDynamicController} that takes the request (or
 * nothing) and returns the response body, or a promise of it.
 *
 * @example
 * ```ts
 * import type { ControllerRequest, RouteHandler } from '@tech-vendor/api/v1'
 *
 * const echo: RouteHandler = (request: ControllerRequest) => request.body
 * ```
 */
// `never` as the body makes a handler that expects any particular body type acceptable.
export type RouteHandler = (request: ControllerRequest<never>) => unknown

/**
 * What `Get(path)`, `Post(path)`, `Put(path)` and `Delete(path)` return: a standard (TC39) method decorator
 * for a public, non-static, string-named handler method of a {@link VendorDynamicController} subclass.
 * Using it anywhere else is a type error, and an `IllegalArgumentException` when the class is defined.
 *
 * @example
 * ```ts
 * import { Get, type RouteDecorator } from '@tech-vendor/api/v1'
 *
 * const health: RouteDecorator = Get('/health')
 * ```
 */
export type RouteDecorator = <This extends VendorDynamicController, Value extends RouteHandler>(
  value: Value,
  context: ClassMethodDecoratorContext<This, Value> & {
    readonly name: string
    readonly private: false
    readonly static: false
  },
) => void

/** The decorator for one method and path; the path is checked when the decorator is created. */
function route(method: HttpMethod, decorator: string, path: unknown): RouteDecorator {
  const where = `@${decorator}(${typeof path === 'string' ? JSON.stringify(path) : ''})`
  const checked = checkPath(path, where)
  return (value, context) => {
    const target = `${where} on ${String(context.name)}`
    if (context.kind !== 'method' || typeof value !== 'function') {
      throw new IllegalArgumentException(
        `${target}: route decorators mark methods of a VendorDynamicController subclass, not ${/^[aeiou]/.test(String(context.kind)) ? 'an' : 'a'} ${String(context.kind)}.`,
      )
    }
    if (context.static) {
      throw new IllegalArgumentException(
        `${target}: the handler is static. Route handlers are instance methods: the host constructs the controller and calls the method on it.`,
      )
    }
    if (context.private || typeof context.name !== 'string') {
      throw new IllegalArgumentException(
        `${target}: the host calls a handler by its name, so it must be a public method with a string name.`,
      )
    }
    addRoute(value, { method, path: checked })
  }
}

/**
 * Marks a method of a {@link VendorDynamicController} as the handler of `GET` requests to `path` (1.0.0
 * series only). The path is relative to the controller's `basePath`; `{name}` segments are path
 * parameters, found in `request.params`.
 *
 * A standard (TC39) decorator: compile with TypeScript 5 or later without `experimentalDecorators`.
 *
 * @param path - The route path, such as `/{id}`; `/` (the default) is the base path itself.
 * @returns The method decorator.
 * @throws {@link IllegalArgumentException} when `path` is not a valid path (no leading `/`, a trailing `/`,
 * an empty segment, a `:name` parameter, a repeated parameter), or, when the class is defined, when it
 * decorates anything but a public instance method.
 * @see {@link Post}, {@link Put}, {@link Delete}; {@link VendorDynamicController.routes} lists the routes.
 * @example
 * ```ts
 * import { Get, VendorDynamicController, type ControllerRequest } from '@tech-vendor/api/v1'
 *
 * class HealthController extends VendorDynamicController {
 *   static override readonly basePath = '/health'
 *
 *   @Get()
 *   status() {
 *     return { up: true }
 *   }
 *
 *   @Get('/checks/{name}')
 *   check(request: ControllerRequest) {
 *     return { name: request.params['name'], up: true }
 *   }
 * }
 * ```
 */
export function Get(path: string = '/'): RouteDecorator {
  return route('GET', 'Get', path)
}

/**
 * Marks a method of a {@link VendorDynamicController} as the handler of `POST` requests to `path` (1.0.0
 * series only); the parsed JSON body is `request.body`.
 *
 * @param path - The route path, relative to the controller's `basePath`; `/` by default.
 * @returns The method decorator.
 * @throws {@link IllegalArgumentException} when `path` is not a valid path, or, when the class is defined,
 * when it decorates anything but a public instance method.
 * @see {@link Get}
 * @example
 * ```ts
 * import { DomainHelper, Post, VendorDynamicController, type ControllerRequest } from '@tech-vendor/api/v1'
 *
 * class OrderController extends VendorDynamicController {
 *   static override readonly basePath = '/orders'
 *
 *   @Post()
 *   create(request: ControllerRequest<{ total: number }>) {
 *     const order = DomainHelper.buildDomain('Order', { total: request.body.total })
 *     DomainHelper.createDomain(order)
 *     return order
 *   }
 * }
 * ```
 */
export function Post(path: string = '/'): RouteDecorator {
  return route('POST', 'Post', path)
}

/**
 * Marks a method of a {@link VendorDynamicController} as the handler of `PUT` requests to `path` (1.0.0
 * series only).
 *
 * @param path - The route path, relative to the controller's `basePath`; `/` by default.
 * @returns The method decorator.
 * @throws {@link IllegalArgumentException} when `path` is not a valid path, or, when the class is defined,
 * when it decorates anything but a public instance method.
 * @see {@link Get}
 * @example
 * ```ts
 * import { Put, VendorDynamicController, type ControllerRequest } from '@tech-vendor/api/v1'
 *
 * class SettingsController extends VendorDynamicController {
 *   static override readonly basePath = '/settings'
 *
 *   @Put('/{key}')
 *   save(request: ControllerRequest<{ value: string }>) {
 *     return { key: request.params['key'], value: request.body.value }
 *   }
 * }
 * ```
 */
export function Put(path: string = '/'): RouteDecorator {
  return route('PUT', 'Put', path)
}

/**
 * Marks a method of a {@link VendorDynamicController} as the handler of `DELETE` requests to `path` (1.0.0
 * series only).
 *
 * @param path - The route path, relative to the controller's `basePath`; `/` by default.
 * @returns The method decorator.
 * @throws {@link IllegalArgumentException} when `path` is not a valid path, or, when the class is defined,
 * when it decorates anything but a public instance method.
 * @see {@link Get}
 * @example
 * ```ts
 * import { Delete, VendorDynamicController, type ControllerRequest } from '@tech-vendor/api/v1'
 *
 * class SessionController extends VendorDynamicController {
 *   static override readonly basePath = '/sessions'
 *
 *   @Delete('/{id}')
 *   end(request: ControllerRequest) {
 *     return { ended: request.params['id'] }
 *   }
 * }
 * ```
 */
export function Delete(path: string = '/'): RouteDecorator {
  return route('DELETE', 'Delete', path)
}
