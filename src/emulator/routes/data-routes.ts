import { DomainHelper, DomainObjectRenderType, SimpleQuery, ValidationException } from '../../index.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { runAsCaller, runAsCallerInTransaction } from '../logic/run-as-caller.js'
import { LogicFailure } from '../logic/logic-runner.js'
import type { RequestUser } from '../logic/logic-request.js'
import { objectHooks, runObjectHooks } from '../hooks/object-hooks.js'
import type { HookRecord } from '../hooks/hook-records-cache.js'
import type { HookType } from '../platform/hook-records.js'
import { PLATFORM_DOMAINS } from '../platform/platform-domains.js'
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
 * Each write runs in one transaction as the caller, with the active `DynamicObjectHook`s of an application domain
 * around it: BEFORE_* hooks may change what is written or refuse it (a hook's thrown message is the envelope's
 * error), AFTER_* hooks run after the write and undo it when they throw; a platform record's rules
 * (`PLATFORM_RECORD_RULES`) are checked before it is written. Nothing is half-written: a refusal rolls back the
 * whole request, hooks' own writes included.
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

  /**
   * A write's hooks of a type: the active object hooks of an application domain (the platform's own records have
   * none). Without any, the write skips rendering the object for them and awaiting them.
   */
  const hooksOf = (domain: string, hookType: HookType, user: RequestUser): readonly HookRecord[] =>
    domain in PLATFORM_DOMAINS ? NO_HOOKS : objectHooks(parts, domain, hookType, user)

  /** Runs a write's hooks (see `hooksOf`) on the object; resolves to the object as they leave it. */
  const runHooks = async (
    found: readonly HookRecord[],
    domain: string,
    hookType: HookType,
    object: Record<string, unknown>,
    user: RequestUser,
  ): Promise<Record<string, unknown>> => {
    try {
      return await runObjectHooks(parts, found, domain, hookType, object, user)
    } catch (error) {
      // What a hook's logic threw refuses the write, in the envelope, with its message.
      if (error instanceof LogicFailure) throw new Refused(error.thrown)
      throw error
    }
  }

  /**
   * Runs a write as the caller in one transaction that lasts across its hooks: committed when it resolves, rolled
   * back when anything throws, so nothing is half-written. A {@link Refused} answers the envelope's error.
   */
  const write = async (user: RequestUser, work: () => Promise<unknown>): Promise<Response> => {
    try {
      return jsonResponse(await runAsCallerInTransaction(parts, user, work))
    } catch (error) {
      if (error instanceof Refused) return jsonResponse(mutationEnvelope({ error: error.message }, now()))
      throw error
    }
  }

  /** Checks the record rules and writes an update; the validation failure's message, or `undefined`. */
  const update = (domain: string, stored: Record<string, unknown>, changes: object): string | undefined => {
    const before = ruleSnapshot(domain, stored)
    Object.assign(stored, changes)
    return (
      recordRuleProblem(domain, stored, before) ?? validationMessage(() => DomainHelper.updateDomain(stored))
    )
  }

  /**
   * The changes of an update after its BEFORE_UPDATE hooks: the body's fields, and every field a hook changed in
   * the object it was given (the stored object with the body's fields applied).
   */
  const hookedChanges = async (
    domain: string,
    stored: Record<string, unknown>,
    fields: Record<string, unknown>,
    user: RequestUser,
  ): Promise<Record<string, unknown>> => {
    const found = hooksOf(domain, 'BEFORE_UPDATE', user)
    if (found.length === 0) return { ...fields }
    const proposed = { ...plain(stored), ...fields, id: stored['id'] }
    const given = new Map(Object.entries(proposed).map(([key, value]) => [key, JSON.stringify(value)]))
    const final = await runHooks(found, domain, 'BEFORE_UPDATE', proposed, user)
    const changes: Record<string, unknown> = { ...fields }
    for (const [key, value] of Object.entries(final)) {
      if (key !== 'id' && JSON.stringify(value) !== given.get(key)) changes[key] = value
    }
    return changes
  }

  app.post('/data/:domain', async (c) => {
    const call = c.get('call')
    const [user, domain] = await authorizeDomain(parts, call, c.req.param('domain'), 'create')
    // Like the platform's data binding, a create does not bind an id.
    const body = await jsonObject(call)
    const { id: _id, ...fields } = body
    const inexact = inexactDecimalMessage(catalog, domain, body)
    if (inexact !== undefined) return jsonResponse(mutationEnvelope({ error: inexact }, now()))
    return write(user, async () => {
      const before = hooksOf(domain, 'BEFORE_CREATE', user)
      const { id: _hookId, ...values } =
        before.length === 0 ? fields : await runHooks(before, domain, 'BEFORE_CREATE', { ...fields }, user)
      // What is written, a hook's changes included, may name only files the caller may use.
      const refused = bindFiles(catalog, user, domain, values)
      if (refused !== undefined) throw new Refused(refused)
      const object = DomainHelper.buildDomain(domain, values) as { id: number }
      const error =
        recordRuleProblem(domain, object, null) ?? validationMessage(() => DomainHelper.createDomain(object))
      if (error !== undefined) throw new Refused(error)
      const after = hooksOf(domain, 'AFTER_CREATE', user)
      if (after.length > 0)
        await runHooks(after, domain, 'AFTER_CREATE', plain(existing(domain, object.id)), user)
      return mutationEnvelope({ data: catalog.render(domain, existing(domain, object.id)) }, now())
    })
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
    return write(user, async () => {
      const problems: string[] = []
      const updated: number[] = []
      for (const [index, object] of objects.entries()) {
        const id = typeof object['id'] === 'number' ? object['id'] : undefined
        const current =
          id === undefined ? null : (SimpleQuery.getById(domain, id) as Record<string, unknown> | null)
        if (current === null) {
          problems.push(`[${index}]: ${id === undefined ? 'no id' : `${domain} ${id} does not exist`}`)
          continue
        }
        try {
          const { id: _id, ...fields } = object
          const inexact = inexactDecimalMessage(catalog, domain, object)
          if (inexact !== undefined) {
            problems.push(`[${index}]: ${inexact}`)
            continue
          }
          const changes = await hookedChanges(domain, current, fields, user)
          const error = bindFiles(catalog, user, domain, changes, current) ?? update(domain, current, changes)
          if (error !== undefined) {
            problems.push(`[${index}]: ${error}`)
            continue
          }
          const after = hooksOf(domain, 'AFTER_UPDATE', user)
          if (after.length > 0)
            await runHooks(after, domain, 'AFTER_UPDATE', plain(existing(domain, id as number)), user)
          updated.push(id as number)
        } catch (error) {
          if (!(error instanceof Refused)) throw error
          problems.push(`[${index}]: ${error.message}`)
        }
      }
      if (problems.length > 0) {
        // All or nothing: the throw rolls the whole batch back, hooks' writes included.
        throw new WireError(
          'IllegalArgument',
          `the batch update of ${domain} failed for ${problems.length} of ${objects.length} records; nothing was written:\n${problems.join('\n')}`,
        )
      }
      return mutationEnvelope(
        { data: updated.map((id) => catalog.render(domain, existing(domain, id))) },
        now(),
      )
    })
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
    const inexact = inexactDecimalMessage(catalog, domain, body)
    if (inexact !== undefined) return jsonResponse(mutationEnvelope({ error: inexact }, now()))
    return write(user, async () => {
      // The body holds only the fields to change: the rest stays as stored.
      const stored = existing(domain, id)
      const changes = await hookedChanges(domain, stored, fields, user)
      const error = bindFiles(catalog, user, domain, changes, stored) ?? update(domain, stored, changes)
      if (error !== undefined) throw new Refused(error)
      const after = hooksOf(domain, 'AFTER_UPDATE', user)
      if (after.length > 0) await runHooks(after, domain, 'AFTER_UPDATE', plain(existing(domain, id)), user)
      return mutationEnvelope({ data: catalog.render(domain, existing(domain, id)) }, now())
    })
  })

  app.delete('/data/:domain/:id', async (c) => {
    const [user, domain] = await authorizeDomain(parts, c.get('call'), c.req.param('domain'), 'delete')
    const id = objectId(c.req.param('id'))
    return write(user, async () => {
      const object = existing(domain, id)
      const data = catalog.render(domain, object)
      const before = hooksOf(domain, 'BEFORE_DELETE', user)
      if (before.length > 0) await runHooks(before, domain, 'BEFORE_DELETE', plain(object), user)
      try {
        DomainHelper.deleteDomain(object)
      } catch (error) {
        // An object still referenced cannot go (a foreign key on the platform): reported like a validation failure.
        if (!IllegalStateException.is(error)) throw error
        throw new Refused(error.message)
      }
      const after = hooksOf(domain, 'AFTER_DELETE', user)
      if (after.length > 0) await runHooks(after, domain, 'AFTER_DELETE', plain(object), user)
      return mutationEnvelope({ data }, now())
    })
  })

  app.patch('/data/:domain/:id', () => {
    throw new WireError(
      'NoPermission',
      'PATCH has no implementation on the platform and always answers 403: use PUT with the fields to change.',
    )
  })
}

/** The hooks of a write that has none. */
const NO_HOOKS: readonly HookRecord[] = Object.freeze([])

/**
 * A write refused with the mutation envelope's `status: "error"` and this message: thrown inside the request's
 * transaction, so that everything the request wrote is rolled back.
 */
class Refused extends Error {}

/** An object as object hooks see it: a plain map, references as `{ id }`. Runs where the host is bound. */
function plain(object: object): Record<string, unknown> {
  return DomainHelper.render(object, DomainObjectRenderType.ALL_COLUMNS)
}

/** The body as a JSON object, or 400. */
async function jsonObject(call: IncomingCall): Promise<Record<string, unknown>> {
  const body = await call.json()
  if (!isPlainObject(body))
    throw new WireError('IllegalArgument', `${call.route} takes a JSON object of the fields.`)
  return body
}
