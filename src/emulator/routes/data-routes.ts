import { DomainHelper, QueryHelper, SimpleQuery, ValidationException } from '../../index.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller } from '../logic/run-as-caller.js'
import type { IncomingCall } from '../wire/incoming-call.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import { objectId, pageParams } from './page-params.js'
import { bindFiles } from '../auth/file-access.js'
import { authorizeDomain } from '../auth/permissions.js'
import { recordRuleProblem, ruleSnapshot } from '../platform/record-rules.js'
import { WireError } from '../wire/wire-error.js'
import { inexactDecimalMessage, wireValidationMessage } from '../wire/wire-validation-message.js'
import { jsonResponse, mutationEnvelope } from '../wire/wire-response.js'

/**
 * The generic object endpoints over the host's domains, in the caller's tenant, each checked against the
 * domain's role requirements (403/1004, also without a token):
 *
 * - `GET /data/<domain>`: `{total, data, formHookDataList}`, `max` default 10 and at most 500, by id;
 * - `GET /data/<domain>/<id>`: `{data, formHookData}`;
 * - `POST`, `PUT /data/<domain>/<id>`, `DELETE`: the mutation envelope; a validation failure is HTTP 200 with
 *   `status: "error"` and the message, and nothing written;
 * - `PUT /data/<domain>/batch`: every update or none; an invalid record answers an error response; another
 *   method on that path: 400 saying it takes PUT only;
 * - `PUT /data/<domain>/<id>`: the body's `id` is required and must be the path's (400/1001 otherwise);
 * - `PATCH /data/<domain>/<id>`: 403, the route has no implementation.
 *
 * @internal
 */
export function dataRoutes(app: EmulatorApp, parts: EmulatorParts): void {
  const { catalog, now } = parts

  /** Runs a write and returns the validation failure's message, worded for the wire, or `undefined`. */
  const validationMessage = (write: () => void): string | undefined => {
    try {
      write()
      return undefined
    } catch (error) {
      if (ValidationException.is(error)) return wireValidationMessage(catalog, error)
      throw error
    }
  }

  /** The object `id` of `domain` in the current tenant, or 404. */
  const existing = (domain: string, id: number): Record<string, unknown> => {
    const object = SimpleQuery.getById(domain, id) as Record<string, unknown> | null
    if (object === null) throw new WireError('NotFound', `${domain} ${id} does not exist.`)
    return object
  }

  app.get('/data/:domain', async (c) => {
    const call = c.get('call')
    const [user, domain] = await authorizeDomain(parts, call, c.req.param('domain'), 'read')
    const { max, offset } = pageParams(call.query)
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const page = SimpleQuery.of(domain).list(offset, max)
        return {
          total: page.totalCount,
          data: page.map((o) => catalog.render(domain, o)),
          formHookDataList: [],
        }
      }),
    )
  })

  // "batch" is no id: say which method takes it rather than that it is not a number (or not served).
  app.on(['GET', 'POST', 'DELETE'], '/data/:domain/batch', async (c) => {
    const call = c.get('call')
    await parts.auth.caller(call, 'domain')
    const domain = catalog.require(c.req.param('domain'))
    throw new WireError(
      'IllegalArgument',
      `${call.route}: /data/${domain}/batch takes PUT only, with a JSON array of objects, each with its id. To read one object, GET /api/data/${domain}/<id>.`,
    )
  })

  app.get('/data/:domain/:id', async (c) => {
    const [user, domain] = await authorizeDomain(parts, c.get('call'), c.req.param('domain'), 'read')
    const id = objectId(c.req.param('id'))
    return jsonResponse(
      runAsCaller(parts, user, () => ({
        data: catalog.render(domain, existing(domain, id)),
        formHookData: {},
      })),
    )
  })

  app.post('/data/:domain', async (c) => {
    const call = c.get('call')
    const [user, domain] = await authorizeDomain(parts, call, c.req.param('domain'), 'create')
    // Like the platform's data binding, a create does not bind an id.
    const body = await jsonObject(call)
    const { id: _id, ...fields } = body
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const refused = bindFiles(catalog, user, domain, fields)
        if (refused !== undefined) return mutationEnvelope({ error: refused }, now())
        const object = DomainHelper.buildDomain(domain, fields) as { id: number }
        const error =
          inexactDecimalMessage(catalog, domain, body) ??
          recordRuleProblem(domain, object, null) ??
          validationMessage(() => DomainHelper.createDomain(object))
        if (error !== undefined) return mutationEnvelope({ error }, now())
        return mutationEnvelope({ data: catalog.render(domain, existing(domain, object.id)) }, now())
      }),
    )
  })

  app.put('/data/:domain/batch', async (c) => {
    const call = c.get('call')
    const [user, domain] = await authorizeDomain(parts, call, c.req.param('domain'), 'update')
    const body = await call.json()
    if (!Array.isArray(body) || body.some((item) => !isPlainObject(item))) {
      throw new WireError(
        'IllegalArgument',
        `PUT /api/data/${domain}/batch takes a JSON array of objects, each with its id.`,
      )
    }
    const objects = body as Record<string, unknown>[]
    return jsonResponse(
      runAsCaller(parts, user, () =>
        QueryHelper.withTransaction(() => {
          const problems: string[] = []
          const updated: number[] = []
          objects.forEach((object, index) => {
            const id = typeof object['id'] === 'number' ? object['id'] : undefined
            const current =
              id === undefined ? null : (SimpleQuery.getById(domain, id) as Record<string, unknown> | null)
            if (current === null) {
              problems.push(`[${index}]: ${id === undefined ? 'no id' : `${domain} ${id} does not exist`}`)
              return
            }
            const refused = bindFiles(catalog, user, domain, object, current)
            if (refused !== undefined) {
              problems.push(`[${index}]: ${refused}`)
              return
            }
            const before = ruleSnapshot(domain, current)
            Object.assign(current, object)
            const error =
              inexactDecimalMessage(catalog, domain, object) ??
              recordRuleProblem(domain, current, before) ??
              validationMessage(() => DomainHelper.updateDomain(current))
            if (error === undefined) updated.push(id as number)
            else problems.push(`[${index}]: ${error}`)
          })
          if (problems.length > 0) {
            // All or nothing: the throw rolls the whole batch back.
            throw new WireError(
              'IllegalArgument',
              `the batch update of ${domain} failed for ${problems.length} of ${objects.length} records; nothing was written:\n${problems.join('\n')}`,
            )
          }
          return mutationEnvelope(
            { data: updated.map((id) => catalog.render(domain, existing(domain, id))) },
            now(),
          )
        }),
      ),
    )
  })

  app.put('/data/:domain/:id', async (c) => {
    const call = c.get('call')
    const [user, domain] = await authorizeDomain(parts, call, c.req.param('domain'), 'update')
    const id = objectId(c.req.param('id'))
    const body = await jsonObject(call)
    const { id: bodyId, ...fields } = body
    // The document requires the id in an update's body; a string of digits binds as the platform's binder takes it.
    if (bodyId === undefined || bodyId === null) {
      throw new WireError(
        'IllegalArgument',
        `the body has no field id: PUT /api/data/${domain}/${id} takes the fields to change with the object's id ({"id": ${id}, ...}); nothing was written.`,
      )
    }
    if ((typeof bodyId !== 'number' && typeof bodyId !== 'string') || String(bodyId) !== String(id)) {
      throw new WireError(
        'IllegalArgument',
        `the body's field id ${JSON.stringify(bodyId)} is not the id of the path, ${id}; nothing was written.`,
      )
    }
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const current = existing(domain, id)
        const refused = bindFiles(catalog, user, domain, fields, current)
        if (refused !== undefined) return mutationEnvelope({ error: refused }, now())
        // The body holds only the fields to change: the rest stays as stored.
        const before = ruleSnapshot(domain, current)
        const object = Object.assign(current, fields)
        const error =
          inexactDecimalMessage(catalog, domain, body) ??
          recordRuleProblem(domain, object, before) ??
          validationMessage(() => DomainHelper.updateDomain(object))
        if (error !== undefined) return mutationEnvelope({ error }, now())
        return mutationEnvelope({ data: catalog.render(domain, existing(domain, id)) }, now())
      }),
    )
  })

  app.delete('/data/:domain/:id', async (c) => {
    const [user, domain] = await authorizeDomain(parts, c.get('call'), c.req.param('domain'), 'delete')
    const id = objectId(c.req.param('id'))
    return jsonResponse(
      runAsCaller(parts, user, () => {
        const object = existing(domain, id)
        const data = catalog.render(domain, object)
        try {
          DomainHelper.deleteDomain(object)
        } catch (error) {
          // An object still referenced cannot go (a foreign key on the platform): reported like a validation failure.
          if (!IllegalStateException.is(error)) throw error
          return mutationEnvelope({ error: error.message }, now())
        }
        return mutationEnvelope({ data }, now())
      }),
    )
  })

  app.patch('/data/:domain/:id', () => {
    throw new WireError(
      'NoPermission',
      'PATCH has no implementation on the platform and always answers 403: use PUT with the fields to change.',
    )
  })
}

/** The body as a JSON object, or 400. */
async function jsonObject(call: IncomingCall): Promise<Record<string, unknown>> {
  const body = await call.json()
  if (!isPlainObject(body))
    throw new WireError('IllegalArgument', `${call.route} takes a JSON object of the fields.`)
  return body
}
