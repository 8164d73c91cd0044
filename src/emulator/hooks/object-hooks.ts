import { SimpleQuery } from '../../index.js'
import type { HookType } from '../platform/hook-records.js'
import type { LogicRunner } from '../logic/logic-runner.js'
import type { RequestUser } from '../logic/logic-request.js'
import { runAsCaller, type HostAccess } from '../logic/run-as-caller.js'
import { isPlainObject } from '../wire/is-plain-object.js'
import type { HookRecord, HookRecords } from './hook-records-cache.js'

/**
 * What an object hook's logic receives as its one parameter (`request` in `JAVASCRIPT_CODE`).
 *
 * @example
 * ```ts
 * import type { HookRequest } from '@tech-vendor/api/emulator'
 *
 * // A BEFORE_CREATE hook's TypeScript logic: refuse an order without a customer, upper-case its status.
 * function checkOrder(request: HookRequest): void {
 *   if (request.object['customer'] == null) throw new Error('An order needs a customer.')
 *   request.object['status'] = String(request.object['status']).toUpperCase()
 * }
 * ```
 */
export interface HookRequest {
  /** The hook's type: `BEFORE_CREATE`, `AFTER_CREATE`, `BEFORE_UPDATE`, `AFTER_UPDATE`, `BEFORE_DELETE`, `AFTER_DELETE`. */
  readonly hookType: string
  /** The domain's short name (`Order`). */
  readonly domain: string
  /**
   * The object as written, as the wire carries it (references as `{ id }`): a create's fields (its `id` in an
   * `AFTER_CREATE` hook), an update's object with the changes applied, the object a delete removes. A
   * `BEFORE_CREATE` or `BEFORE_UPDATE` hook that changes it (or sets another object) changes what is written.
   */
  object: Record<string, unknown>
  /** The caller, or `null` for an anonymous one. */
  readonly user: RequestUser | null
}

/** What {@link objectHooks} and {@link runObjectHooks} need of the emulator. */
type HookParts = HostAccess & { readonly logic: LogicRunner; readonly hookRecords: HookRecords }

/**
 * The active `DynamicObjectHook`s of a domain and a hook type in the caller's tenant, by id: what
 * {@link runObjectHooks} runs. Looked up apart, so that a write without hooks skips what only they need.
 *
 * @internal
 */
export function objectHooks(
  parts: HookParts,
  domain: string,
  hookType: HookType,
  user: RequestUser | null,
): readonly HookRecord[] {
  const tenant = user === null ? parts.defaultTenant : user.tenant
  return parts.hookRecords.find(tenant, domain, hookType, () =>
    runAsCaller(parts, user, () => {
      const [domainClass] = SimpleQuery.of('DomainClass').eq('shortName', domain).list(0, 1)
      if (domainClass === undefined) return []
      return SimpleQuery.of('DynamicObjectHook')
        .eq('objectType', domainClass)
        .eq('hookType', hookType)
        .eq('active', true)
        .listAll() as unknown as HookRecord[]
    }),
  )
}

/**
 * Runs object hooks (see {@link objectHooks}) as the caller in the caller's tenant, in order: each gets the
 * object as the hook before it left it. Resolves to the object as the last hook left it. A hook that throws
 * rejects with the runner's `LogicFailure`; the caller decides what that undoes.
 *
 * @param hooks - The hooks, as {@link objectHooks} found them for `domain` and `hookType`.
 * @param object - The object as the hooks see it (a plain map, references as `{ id }`).
 * @returns The object the hooks leave (the same map unless a hook set another).
 * @internal
 */
export async function runObjectHooks(
  parts: HookParts,
  hooks: readonly HookRecord[],
  domain: string,
  hookType: HookType,
  object: Record<string, unknown>,
  user: RequestUser | null,
): Promise<Record<string, unknown>> {
  let current = object
  for (const hook of hooks) {
    const request: HookRequest = { hookType, domain, object: current, user }
    await parts.logic.run(
      hook.coreLogic,
      `DynamicObjectHook '${hook.name}' (${hookType} of ${domain})`,
      'hook',
      request,
      user,
    )
    if (isPlainObject(request.object)) current = request.object
  }
  return current
}
