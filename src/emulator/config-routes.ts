import type { EmulatorApp, EmulatorParts } from './emulator-parts.js'
import { WireError } from './wire-error.js'
import { jsonResponse } from './wire-response.js'

/** Settings never served: the JWT secret, and anything named like a secret or a password. */
const WITHHELD = /secret|password/i

/**
 * System configuration, for any logged-in user (401/1008 without a token). The document shows no payload, so
 * (the emulator's choice):
 *
 * - `GET /config/system`: `{platformVersion, settings}`, every setting but the withheld ones;
 * - `GET /config/<key>`: `{key, value}`; 404/1005 for a key that is not set.
 *
 * `security.jwt.secret` (and any key naming a secret or a password) is never served: 403/1004.
 *
 * @internal
 */
export function configRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const served = Object.fromEntries(Object.entries(parts.settings).filter(([key]) => !WITHHELD.test(key)))

  app.get('/config/system', async (c) => {
    await parts.auth.caller(c.get('call'), 'login')
    return jsonResponse({ platformVersion: parts.host.description.platformVersion, settings: served })
  })

  app.get('/config/:key', async (c) => {
    await parts.auth.caller(c.get('call'), 'login')
    const key = c.req.param('key')
    if (WITHHELD.test(key))
      throw new WireError('NoPermission', `${key} is never served: it would let anyone sign tokens.`)
    if (!Object.hasOwn(served, key))
      throw new WireError('NotFound', `the configuration has no value ${JSON.stringify(key)}.`)
    return jsonResponse({ key, value: served[key] })
  })
}
