import { SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import type { RequestUser } from '../logic/logic-request.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { ACTION_MODES, DEFAULT_ACTION_MODE } from '../platform/action-records.js'
import type { IncomingCall } from '../wire/incoming-call.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import { objectId } from './page-params.js'
import { requirePermission } from '../auth/permissions.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'

/** A `DynamicAction` record as the route reads it. */
interface ActionRecord {
  readonly id: number
  readonly name: string
  readonly mode: string | null
  readonly active: boolean | null
  readonly coreLogic: { readonly id: number } | null
  readonly enableLogic: { readonly id: number } | null
}

/** What an action's logic gets as its one parameter (`request` in `JAVASCRIPT_CODE`). */
interface ActionParameter {
  readonly objects: Record<string, unknown>[]
  readonly objectIds: number[]
  readonly domain: string
  readonly parameters: Record<string, unknown>
  readonly user: RequestUser
}

/** The body an action call takes. */
const BODY =
  'a JSON object {"domain": "<the domain\'s short name>", "objectIds": [<ids>], "parameters": {...}}'

/**
 * Object actions (§14.4): `POST /action/byName/<name>` and `POST /action/byId/<id>` run the core logic of an
 * active `DynamicAction` of the caller's tenant on objects of a domain the action is tied to by a
 * `DynamicActionDomainClass` record, in this order:
 *
 * 1. the token (403/1004 without one, as for `/data`), the body `{domain, objectIds, parameters}` (400/1001), the
 *    action (404/1005), the domain (404/1005) and its `update` role (403/1004: an action changes objects, so the
 *    emulator asks what a PUT would);
 * 2. the action tied to the domain (403/1004 if not), the number of ids its `mode` takes (400/1001 saying the
 *    mode), every id an object of the domain (404/1005 naming the missing ones);
 * 3. the `enableLogic`, if set, with the same parameter: `false` answers 403/1004;
 * 4. the `coreLogic` with `{ objects, objectIds, domain, parameters, user }` (`objects` as `/data` renders them).
 *
 * The answer is `{ execResult }`: when the logic returns a map holding `execResult` (as the platform's action
 * logic does), that value, else what it returned. A logic that throws answers 500 with its message.
 *
 * @internal
 */
export function actionRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const { catalog } = parts

  const run = async (
    call: IncomingCall,
    find: () => ActionRecord | null,
    label: string,
  ): Promise<Response> => {
    const user = await parts.auth.caller(call, 'domain')
    const body = await call.json()
    if (!isPlainObject(body) || typeof body['domain'] !== 'string')
      throw new WireError('IllegalArgument', `${call.route} takes ${BODY}.`)
    const { objectIds = [], parameters = {} } = body
    if (!Array.isArray(objectIds) || objectIds.some((id) => !Number.isSafeInteger(id)))
      throw new WireError(
        'IllegalArgument',
        `"objectIds" is an array of object ids (integers): ${call.route} takes ${BODY}.`,
      )
    if (!isPlainObject(parameters))
      throw new WireError('IllegalArgument', `"parameters" is a JSON object: ${call.route} takes ${BODY}.`)
    const action = runAsCaller(parts, user, find)
    if (action === null || action.active === false)
      throw new WireError('NotFound', `there is no active DynamicAction ${label}.`)
    const domain = catalog.require(body['domain'])
    requirePermission(catalog, user, domain, 'update')
    const ids = objectIds as number[]
    const objects = runAsCaller(parts, user, () => {
      const tied = SimpleQuery.of('DynamicActionDomainClass')
        .eq('dynamicAction', action)
        .listAll()
        .some((link) => {
          const domainClass = (link as unknown as { domainClass: { id: number } | null }).domainClass
          const shortName = domainClass === null ? null : SimpleQuery.getById('DomainClass', domainClass.id)
          return (shortName as { shortName?: string } | null)?.shortName === domain
        })
      if (!tied) {
        throw new WireError(
          'NoPermission',
          `DynamicAction '${action.name}' is not tied to ${domain}: add a DynamicActionDomainClass record for it.`,
        )
      }
      const mode = action.mode ?? DEFAULT_ACTION_MODE
      const rule = Object.hasOwn(ACTION_MODES, mode)
        ? ACTION_MODES[mode as keyof typeof ACTION_MODES]
        : undefined
      if (rule === undefined) {
        throw new WireError(
          'InternalError',
          `DynamicAction '${action.name}' has the mode ${JSON.stringify(mode)}, which is none of ${Object.keys(ACTION_MODES).join(', ')}: set its mode to one of them.`,
        )
      }
      if (ids.length < rule.min || ids.length > rule.max) {
        throw new WireError(
          'IllegalArgument',
          `DynamicAction '${action.name}' is ${mode} and takes ${rule.says}; the call sent ${ids.length}.`,
        )
      }
      const found = ids.map((id) => SimpleQuery.getById(domain, id) as object | null)
      const missing = ids.filter((_, index) => found[index] === null)
      if (missing.length > 0)
        throw new WireError('NotFound', `${domain} has no object with the id ${missing.join(', ')}.`)
      return found.map((object) => catalog.render(domain, object as object))
    })
    const parameter: ActionParameter = { objects, objectIds: ids, domain, parameters, user }
    const owner = `DynamicAction '${action.name}'`
    if (action.enableLogic !== null) {
      const enabled = await parts.logic.run(
        action.enableLogic,
        `${owner} (enableLogic)`,
        'actionEnable',
        parameter,
        user,
      )
      if (enabled === false) {
        throw new WireError(
          'NoPermission',
          `DynamicAction '${action.name}' is not enabled for these objects: its enableLogic returned false.`,
        )
      }
    }
    const result = await parts.logic.run(action.coreLogic, owner, 'action', parameter, user)
    const execResult =
      isPlainObject(result) && Object.hasOwn(result, 'execResult') ? result['execResult'] : result
    return jsonResponse({ execResult: execResult ?? null })
  }

  app.post('/action/byName/:name', (c) => {
    const name = c.req.param('name')
    return run(
      c.get('call'),
      () => (SimpleQuery.of('DynamicAction').eq('name', name).list(0, 1)[0] ?? null) as ActionRecord | null,
      `named ${JSON.stringify(name)}`,
    )
  })

  app.post('/action/byId/:id', (c) => {
    const id = objectId(c.req.param('id'))
    return run(
      c.get('call'),
      () => SimpleQuery.getById('DynamicAction', id) as ActionRecord | null,
      `with id ${id}`,
    )
  })
}
