import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/**
 * Settings never served, by name: anything named like a credential (`security.jwt.secret`, `smtp.passwd`,
 * `api.key`, `aws.accessToken`, `db.credentials`, `ssh.privateKey`, in any case). Matched anywhere in the name,
 * so it withholds some harmless ones too (`ui.keyboard`): a setting withheld by mistake costs less than one
 * served by mistake.
 */
const WITHHELD_NAME = /secret|pass|pwd|token|key|credential|private/i

/**
 * System configuration, for any logged-in user (401/1008 without a token). The document shows no payload, so
 * (the emulator's choice):
 *
 * - `GET /config/system`: `{platformVersion, settings}`, every setting but the withheld ones;
 * - `GET /config/<key>`: `{key, value}`; 404/1005 for a key that is not set.
 *
 * A withheld setting is never served (403/1004 by key): one named like a credential, and any whose value is the
 * JWT secret, whatever its name, so that `security.jwt.secret` stays unreadable under every spelling.
 *
 * @internal
 */
export function configRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const secret = parts.settings['security.jwt.secret']
  const withheld = (key: string): boolean => WITHHELD_NAME.test(key) || parts.settings[key] === secret
  const served = Object.fromEntries(Object.entries(parts.settings).filter(([key]) => !withheld(key)))

  app.get('/config/system', async (c) => {
    await parts.auth.caller(c.get('call'), 'login')
    return jsonResponse({ platformVersion: parts.host.description.platformVersion, settings: served })
  })

  app.get('/config/:key', async (c) => {
    await parts.auth.caller(c.get('call'), 'login')
    const key = c.req.param('key')
    if (withheld(key)) {
      throw new WireError(
        'NoPermission',
        `${key} is never served: it is named like a credential or holds the JWT secret, which would let anyone sign tokens.`,
      )
    }
    if (!Object.hasOwn(served, key))
      throw new WireError('NotFound', `the configuration has no value ${JSON.stringify(key)}.`)
    return jsonResponse({ key, value: served[key] })
  })
}
