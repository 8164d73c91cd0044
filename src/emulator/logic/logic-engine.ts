import type { RequestUser } from './logic-request.js'

/**
 * Why a logic runs, which decides what its one parameter holds: a dynamic service or a webhook (the
 * {@link LogicRequest} of the HTTP call), an object hook (`{ hookType, domain, object, user }`), an object
 * action's core logic or its enable logic (`{ objects, objectIds, domain, parameters, user }`), a dashboard
 * widget's core logic or its enable logic (`{ widget, user, ... }`).
 *
 * @internal
 */
export type LogicKind = 'service' | 'webhook' | 'hook' | 'action' | 'actionEnable' | 'widget' | 'widgetEnable'

/**
 * One run of a `DynamicLogic` record, as the runner hands it to the record's engine. The engine runs where the
 * runner bound the host: in the caller's tenant, as the caller.
 *
 * @internal
 */
export interface EngineCall {
  /** The `DynamicLogic` record: its id, its name (unique in the tenant) and its code. */
  readonly record: { readonly id: number; readonly name: string; readonly code: string | null }
  /** Why it runs. */
  readonly kind: LogicKind
  /** The one object the logic receives (`request` in a `JAVASCRIPT_CODE` logic), as {@link LogicKind} says. */
  readonly parameter: unknown
  /** The caller, or `null` for an anonymous one. */
  readonly user: RequestUser | null
  /** Who references the logic, for messages (`DynamicServiceProvider 'summary'`). */
  readonly owner: string
  /** How long the logic may take to settle (the `logicTimeoutMs` option); the runner enforces it too. */
  readonly timeoutMs: number
}

/**
 * A `DynamicLogicEngine` the emulator can run, told apart by its `name` (`JAVASCRIPT_CODE`,
 * `TYPESCRIPT_FUNCTION`, ...). `run` resolves to what the logic returns and rejects with what it throws; a
 * `WireError` it throws (a logic that does not compile, a function that was not given) is answered as it is.
 *
 * @internal
 */
export interface LogicEngine {
  /** The `DynamicLogicEngine` record's `name` this engine runs. */
  readonly name: string
  /** Runs one logic and resolves to its result. */
  run(call: EngineCall): Promise<unknown>
  /**
   * `true` when the engine stops a logic that runs past `timeoutMs` and answers for it itself (GROOVY_CODE
   * interrupts the script's thread); the runner then does not race it with its own timer.
   */
  readonly stopsAtTimeout?: boolean
}
