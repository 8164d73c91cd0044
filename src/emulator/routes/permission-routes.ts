import { SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import { allows } from '../auth/permissions.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/**
 * The permission queries, which require login (401/1008 without a token):
 *
 * - `GET /permissions/<domain>/create`: `{create: boolean}`;
 * - `POST /permissions/<domain>/` with `{ids: [...]}`: per requested id, `{view, update, delete}` (the
 *   emulator's choice of shape: an object keyed by id; an id the tenant does not hold gets `false` throughout).
 *
 * @internal
 */
export function permissionRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const { catalog } = parts

  app.get('/permissions/:domain/create', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    const domain = catalog.require(c.req.param('domain'))
    return jsonResponse({ create: allows(catalog, user, domain, 'create') })
  })

  app.post('/permissions/:domain', async (c) => {
    const call = c.get('call')
    const user = await parts.auth.caller(call, 'login')
    const domain = catalog.require(c.req.param('domain'))
    const body = await call.json()
    const ids = isPlainObject(body) ? body['ids'] : undefined
    if (!Array.isArray(ids) || ids.some((id) => !Number.isSafeInteger(id))) {
      throw new WireError(
        'IllegalArgument',
        `POST /api/permissions/${domain}/ takes {"ids": [1, 2, ...]}, whole numbers.`,
      )
    }
    const can = {
      view: allows(catalog, user, domain, 'read'),
      update: allows(catalog, user, domain, 'update'),
      delete: allows(catalog, user, domain, 'delete'),
    }
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const held = new Set(
          SimpleQuery.getByIds(domain, ids as number[]).map((o) => (o as { id: number }).id),
        )
        const answer: Record<string, { view: boolean; update: boolean; delete: boolean }> = {}
        for (const id of ids as number[]) {
          answer[String(id)] = held.has(id) ? { ...can } : { view: false, update: false, delete: false }
        }
        return answer
      }),
    )
  })
}
