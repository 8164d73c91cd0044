import type { HttpMethod } from './controller-route.js'

/**
 * What a route handler of a {@link VendorDynamicController} receives: one HTTP request, already parsed by the
 * host. The platform routes the request to the handler whose method and path template match.
 *
 * Choices (the platform document does not show the Java request type): path parameters are the `{name}`
 * segments of the route's path, URL-decoded; `query` holds the first value of each query parameter;
 * `headers` have lower-case names, and a header sent more than once is joined with `, ` as HTTP allows;
 * `body` is the parsed JSON body, or `undefined` when the request has none.
 *
 * @typeParam Body - The JSON body the handler expects; `unknown` until the handler checks it.
 * @example
 * ```ts
 * import { Get, VendorDynamicController, type ControllerRequest } from '@tech-vendor/api/v1'
 *
 * class OrderController extends VendorDynamicController {
 *   static override readonly basePath = '/orders'
 *
 *   @Get('/{id}')
 *   byId(request: ControllerRequest) {
 *     return { id: Number(request.params['id']), expand: request.query['expand'] === 'true' }
 *   }
 * }
 * ```
 */
export interface ControllerRequest<Body = unknown> {
  /** The HTTP method the route was declared with. */
  readonly method: HttpMethod
  /** The request path as the route matched it, without the query string (for example `/orders/42`). */
  readonly path: string
  /** The values of the route's `{name}` path segments, URL-decoded. */
  readonly params: Readonly<Record<string, string>>
  /** The first value of each query-string parameter, URL-decoded. */
  readonly query: Readonly<Record<string, string>>
  /** The request headers, by lower-case name. */
  readonly headers: Readonly<Record<string, string>>
  /** The parsed JSON body; `undefined` when the request has none. */
  readonly body: Body
}
