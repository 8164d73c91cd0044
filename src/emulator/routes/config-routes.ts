import { SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import type { RequestUser } from '../logic/logic-request.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { embedsSecret, JWT_SECRET_SETTING } from '../platform/config-records.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/**
 * Keys never served, by name: anything named like a credential (`security.jwt.secret`, `smtp.passwd`, `api.key`,
 * `aws.accessToken`, `db.credentials`, `ssh.privateKey`, in any case). Matched anywhere in the key, so it
 * withholds some harmless ones too (`ui.keyboard`): a value withheld by mistake costs less than one served by
 * mistake.
 */
const WITHHELD_NAME = /secret|pass|pwd|token|key|credential|private/i

/** A `DynamicConfig` record as the routes read it. */
interface ConfigRecord {
  readonly key: string
  readonly value: string | null
  readonly allowPublicAccess: boolean | null
}

/**
 * The configuration over the `DynamicConfig` records of the caller's tenant (the default tenant before login), as
 * the platform serves `/config/**` to everyone: a logged-in caller reads every record, an anonymous caller only
 * those with `allowPublicAccess`.
 *
 * - `GET /config/system`: `{platformVersion, settings}`, `settings` the readable records' values by key;
 * - `GET /config/<key>`: `{key, value}`; 404/1005 for a key no record holds (logged in); 401/1008 without login
 *   for any key that is not public, whether a record holds it or not.
 *
 * Never served (403/1004 by key when logged in), whatever `allowPublicAccess` says: a key named like a
 * credential, and a record whose value embeds the JWT secret, so that `security.jwt.secret` stays unreadable
 * under every name and inside every other value (a database URL that holds it).
 *
 * @internal
 */
export function configRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const secret = String(parts.settings[JWT_SECRET_SETTING] ?? '')
  const withheld = (record: ConfigRecord): boolean =>
    WITHHELD_NAME.test(record.key) || embedsSecret(record.value, secret)

  /** The records a caller may read, withheld ones included (the routes tell them apart). */
  const readable = (user: RequestUser | null): ConfigRecord[] =>
    runAsCaller(parts, user, () => {
      const query = SimpleQuery.of('DynamicConfig')
      if (user === null) query.eq('allowPublicAccess', true)
      return query.listAll() as unknown as ConfigRecord[]
    })

  app.get('/config/system', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'optional')
    const settings: Record<string, string | null> = {}
    for (const record of readable(user)) if (!withheld(record)) settings[record.key] = record.value
    return jsonResponse({ platformVersion: parts.host.description.platformVersion, settings })
  })

  app.get('/config/:key', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'optional')
    const key = c.req.param('key')
    const record = readable(user).find((candidate) => candidate.key === key)
    if (record === undefined && user === null) {
      // Before login, a key that is not public is refused whether a record holds it or not: no probing for keys.
      await parts.auth.caller(call, 'login')
    }
    if (record !== undefined ? withheld(record) : key === JWT_SECRET_SETTING || WITHHELD_NAME.test(key)) {
      throw new WireError(
        'NoPermission',
        `${key} is never served: it is named like a credential or holds the JWT secret, which would let anyone sign tokens.`,
      )
    }
    if (record === undefined)
      throw new WireError('NotFound', `the configuration has no value ${JSON.stringify(key)}.`)
    return jsonResponse({ key, value: record.value })
  })
}
