import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { API_PREFIX } from '../wire/api-prefix.js'
import { jsonResponse } from '../wire/wire-response.js'
import { openApiDocument, type ServedRoute } from './openapi-document.js'

/**
 * `GET /api/openapi.json`, without login: the OpenAPI 3.1 document of the routes the emulator serves, made from
 * the app's route table when asked (so every route registered, plugin controllers included, is in it) with
 * the server URL the caller used.
 *
 * @param routes - The app's routes, read when the document is asked for.
 * @internal
 */
export function openApiRoute(
  api: EmulatorApp,
  parts: EmulatorParts,
  routes: () => readonly ServedRoute[],
): void {
  api.get('/openapi.json', (c) => {
    const url = new URL(c.req.url)
    return jsonResponse(
      openApiDocument(routes(), parts.catalog, {
        serverUrl: `${url.origin}${API_PREFIX}`,
        platformVersion: parts.host.description.platformVersion,
      }),
    )
  })
}
