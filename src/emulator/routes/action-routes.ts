import { SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import type { IncomingCall } from '../wire/incoming-call.js'
import { LogicFailure } from '../logic/logic-runner.js'
import { objectId } from './page-params.js'
import { requirePermission } from '../auth/permissions.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse, mutationEnvelope } from '../wire/wire-response.js'

/** An `ObjectAction` record as the route reads it. */
interface ActionRecord {
  readonly name: string
  readonly domain: string | null
  readonly active: boolean | null
  readonly logic: { readonly id: number } | null
}

/**
 * Object actions: `POST /action/byName/<name>` and `POST /action/byId/<id>` run the logic of an active
 * `ObjectAction` of the caller's tenant. Domain-checked: without a token 403/1004; an action on a domain needs
 * that domain's `update` role. The document shows no payload, so (the emulator's choice) the JSON body, if any,
 * reaches the logic as `request.body` (such as `{"ids": [1, 2]}`), and the answer is the mutation envelope whose
 * `data` is what the logic returned; a logic that throws answers `status: "error"` with its message.
 *
 * @internal
 */
export function actionRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const run = async (
    call: IncomingCall,
    find: () => ActionRecord | null,
    label: string,
  ): Promise<Response> => {
    const user = await parts.auth.caller(call, 'domain')
    const action = runAsCaller(parts, user, find)
    if (action === null || action.active !== true)
      throw new WireError('NotFound', `there is no active object action ${label}.`)
    if (action.domain !== null)
      requirePermission(parts.catalog, user, parts.catalog.require(action.domain), 'update')
    const request = await call.logicRequest(user)
    try {
      const data = await parts.logic.run(
        action.logic,
        `ObjectAction '${action.name}'`,
        'action',
        request,
        user,
      )
      return jsonResponse(mutationEnvelope({ data: data ?? null }, parts.now()))
    } catch (error) {
      if (!(error instanceof LogicFailure)) throw error
      return jsonResponse(mutationEnvelope({ error: error.detail }, parts.now()))
    }
  }

  app.post('/action/byName/:name', (c) => {
    const name = c.req.param('name')
    return run(
      c.get('call'),
      () =>
        (SimpleQuery.of('ObjectAction').eq('name', name).eq('active', true).list(0, 1)[0] ??
          null) as ActionRecord | null,
      `named ${JSON.stringify(name)}`,
    )
  })

  app.post('/action/byId/:id', (c) => {
    const id = objectId(c.req.param('id'))
    return run(
      c.get('call'),
      () => SimpleQuery.getById('ObjectAction', id) as ActionRecord | null,
      `with id ${id}`,
    )
  })
}
