import { CONTROLLER_BRAND } from '../../v1/controller-routes.js'
import type { ControllerRequest } from '../../v1/controller-request.js'
import { VendorDynamicController } from '../../v1/vendor-dynamic-controller.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { WireError } from '../wire/wire-error.js'
import { withinLogicTimeout } from '../logic/within-logic-timeout.js'
import { resultResponse } from '../wire/wire-response.js'

/** Where a plugin's custom controllers are served, under `/api`: `/plugin/<plugin name><route path>`. */
export const CONTROLLER_PREFIX = '/plugin'

/**
 * The custom controllers of the plugins loaded at start (1.0.0 series: `VendorDynamicController` components with
 * `@Get`, `@Post`, `@Put`, `@Delete`), served at `/api/plugin/<plugin name><basePath><route path>` (the
 * document does not say where the platform mounts them), with the same authentication as the platform's own
 * endpoints: login required (401/1008 without a token). The handler runs as the caller's tenant and user, as
 * the plugin's code, on the component instance of the plugin's current load; what it returns is the JSON body,
 * `undefined` an empty one.
 *
 * @internal
 */
export function controllerRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  for (const plugin of parts.host.plugins) {
    const pluginName = plugin.manifest.name
    for (const component of plugin.components) {
      if (!(CONTROLLER_BRAND in component)) continue
      const type = component.constructor as new () => VendorDynamicController
      // Routes with fewer path parameters first, so that /tags/fail wins over /tags/{id} as it does on Spring.
      const params = (path: string): number => path.split('{').length
      const routes = [...VendorDynamicController.routes(type)].sort((a, b) => params(a.path) - params(b.path))
      for (const route of routes) {
        const path = `${CONTROLLER_PREFIX}/${encodeURIComponent(pluginName)}${route.path === '/' ? '' : route.path.replace(/\{(\w+)\}/g, ':$1')}`
        app.on(route.method, path, async (c) => {
          const call = c.get('call')
          const user = await parts.auth.caller(call, 'login')
          const controller = parts.host.plugins
            .find((loaded) => loaded.manifest.name === pluginName)
            ?.components.find((instance) => instance.constructor === type)
          if (controller === undefined)
            throw new WireError('NotFound', `the plugin ${pluginName} is not loaded.`)
          const request: ControllerRequest = {
            method: route.method,
            path:
              call.path.slice(CONTROLLER_PREFIX.length + 1 + encodeURIComponent(pluginName).length) || '/',
            params: c.req.param(),
            query: call.query,
            headers: call.headers(),
            body: (await call.bytes()).length === 0 ? undefined : await call.json(),
          }
          const handler = (controller as unknown as Record<string, (request: ControllerRequest) => unknown>)[
            route.handlerName
          ]
          const result = await withinLogicTimeout(
            runAsCaller(parts, user, async () => await handler?.call(controller, request), pluginName),
            parts.logicTimeoutMs,
            `the handler ${route.handlerName} of the plugin ${pluginName}`,
          )
          return resultResponse(result)
        })
      }
    }
  }
}
