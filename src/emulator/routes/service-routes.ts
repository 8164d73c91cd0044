import { DomainHelper, IllegalArgumentException, SimpleQuery } from '../../index.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import type { IncomingCall } from '../wire/incoming-call.js'
import type { RequestUser } from '../logic/logic-request.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import { WireError } from '../wire/wire-error.js'
import { resultResponse } from '../wire/wire-response.js'

/** A `DynamicServiceProvider` record as the route reads it. */
interface ServiceRecord {
  readonly id: number
  readonly name: string
  readonly logic: { readonly id: number } | null
  readonly enableAnonymous: boolean | null
  readonly enableLog: boolean | null
}

/**
 * Dynamic services: `/service/<service name>` (any method; the name URL-encoded) runs the logic of the active
 * `DynamicServiceProvider` of that name in the caller's tenant (the default tenant for an anonymous caller), as the
 * caller, and answers what it returns as JSON. A token that does not verify is refused first, in the common
 * shape, as the platform's security filter does; every error after that answers in the service dialect
 * `{msg, errorCode}` with its usual status (a malformed or too large body: 400 or 413 with errorCode 1001):
 *
 * - an anonymous call to a service whose `enableAnonymous` is false or unset: errorCode 11004, HTTP 500 (defined
 *   as 403 on the platform, answered as 500);
 * - no active service of that name: errorCode 1005, HTTP 404; a logic that throws: 500; an engine the emulator
 *   cannot run: 501.
 *
 * With `enableLog` on, each call that reaches the logic writes a `DynamicServiceExecRecord`: the provider, the
 * query string verbatim as a JSON string (a URL token included, as on the platform), the caller's username or
 * `Anonymous`, the start and finish times, `SUCCESS` with the answer as JSON text or `FAILED` with the error.
 *
 * @internal
 */
export function serviceRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  /** Runs the service of a name for a caller, whose token has been checked. */
  const callService = async (
    call: IncomingCall,
    name: string,
    user: RequestUser | null,
  ): Promise<Response> => {
    const service = runAsCaller(parts, user, () => {
      const [found] = SimpleQuery.of('DynamicServiceProvider').eq('name', name).eq('active', true).list(0, 1)
      return (found ?? null) as ServiceRecord | null
    })
    if (service === null)
      throw new WireError('NotFound', `there is no active dynamic service named ${JSON.stringify(name)}.`)
    if (user === null && service.enableAnonymous !== true) {
      throw new WireError(
        'AnonymousInvocation',
        `Anonymous invocation of the dynamic service ${JSON.stringify(name)} is not allowed: log in (Authorization: Bearer <access_token>), or set enableAnonymous on the service.`,
      )
    }
    const request = await call.logicRequest(user)
    const owner = `DynamicServiceProvider '${name}'`
    const startTime = new Date(parts.now())
    const log = (status: 'SUCCESS' | 'FAILED', execResult: string): void => {
      if (service.enableLog !== true) return
      runAsCaller(parts, user, () =>
        DomainHelper.createDomain(
          DomainHelper.buildDomain('DynamicServiceExecRecord', {
            provider: service,
            execParams: paramsText(new URLSearchParams(call.search)),
            authentication: user?.username ?? 'Anonymous',
            startTime,
            finishTime: new Date(parts.now()),
            status,
            execResult,
          }),
        ),
      )
    }
    let answer: Response
    try {
      answer = resultResponse(await parts.logic.run(service.logic, owner, 'service', request, user))
    } catch (error) {
      log('FAILED', error instanceof WireError ? error.detail : String(error))
      throw error
    }
    // The answer as sent: a clone, so that the caller still reads the body.
    log('SUCCESS', await answer.clone().text())
    return answer
  }

  app.all('/service/:name', async (c) => {
    const call = c.get('call')
    const name = c.req.param('name')
    // The token is read first, as the platform's security filter does, and its errors keep the common shape.
    const user = await parts.auth.caller(call, 'optional')
    try {
      return await callService(call, name, user)
    } catch (error) {
      if (error instanceof WireError) throw error.asService()
      if (IllegalArgumentException.is(error))
        throw new WireError('IllegalArgument', error.message, { dialect: 'service', cause: error })
      throw new WireError(
        'InternalError',
        `DynamicServiceProvider '${name}' failed: ${(error as Error).message}`,
        {
          dialect: 'service',
          cause: error,
        },
      )
    }
  })
}

/**
 * The query parameters as JSON text, as `execParams` holds them: an object of each name's value, decoded (a URL
 * `access_token` verbatim, as the platform records it), and the values in order for a name given more than once.
 */
function paramsText(search: URLSearchParams): string {
  const params: Record<string, string | string[]> = {}
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name)
    params[name] = values.length === 1 ? (values[0] as string) : values
  }
  return JSON.stringify(params)
}
