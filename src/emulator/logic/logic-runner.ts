import { SimpleQuery } from '../../index.js'
import type { EngineCall, LogicEngine, LogicKind } from './logic-engine.js'
import type { RequestUser } from './logic-request.js'
import { LOGIC_ENGINES } from '../platform/logic-records.js'
import { WireError } from '../wire/wire-error.js'
import { runAsCaller, type HostAccess } from './run-as-caller.js'
import { withinLogicTimeout } from './within-logic-timeout.js'

/**
 * The logic itself threw (as opposed to a logic that cannot run): 500, or the `error` status of a mutation
 * envelope. `thrown` is what it threw, as a message.
 *
 * @internal
 */
export class LogicFailure extends WireError {
  /** The thrown error's message (or the thrown value as text). */
  readonly thrown: string

  constructor(detail: string, thrown: string, cause: unknown) {
    super('InternalError', detail, { cause })
    this.thrown = thrown
  }
}

/** A `DynamicLogic` record as the runner reads it. */
interface LogicRecord {
  readonly id: number
  readonly name: string
  readonly code: string | null
  readonly dynamicLogicEngine: { readonly name?: string } | null
}

/**
 * Runs dynamic logic: the `DynamicLogic` record a service, webhook, hook, action or widget references, by the
 * engine its `dynamicLogicEngine.name` names, with the plugin library bound, as the caller's tenant and user,
 * within the `logicTimeoutMs` option.
 *
 * @internal
 */
export class LogicRunner {
  readonly #engines: ReadonlyMap<string, LogicEngine>
  readonly #host: HostAccess
  readonly #timeoutMs: number

  /**
   * @param engines - The engines the emulator runs (`JAVASCRIPT_CODE`, `TYPESCRIPT_FUNCTION`, ...), by their name.
   */
  constructor(engines: readonly LogicEngine[], host: HostAccess, timeoutMs: number) {
    this.#engines = new Map(engines.map((engine) => [engine.name, engine]))
    this.#host = host
    this.#timeoutMs = timeoutMs
  }

  /**
   * Runs the logic a record references and resolves to what it returns.
   *
   * @param reference - The record's logic field (`{ id }`), or `null` when it has none.
   * @param owner - Who references it, for messages (`DynamicServiceProvider 'summary'`).
   * @param kind - Why it runs.
   * @param parameter - The one object the logic receives (`request` in `JAVASCRIPT_CODE`).
   * @param user - The caller, or `null`: the logic runs in the default tenant with no user.
   * @throws LogicFailure (500) when the logic throws; WireError 500 when the owner has no logic, the logic
   *   does not compile or does not settle within the `logicTimeoutMs` option, 501 when its engine cannot run
   *   here.
   */
  async run(
    reference: { readonly id: number } | null,
    owner: string,
    kind: LogicKind,
    parameter: unknown,
    user: RequestUser | null,
  ): Promise<unknown> {
    if (reference === null) {
      throw new WireError(
        'InternalError',
        `${owner} has no logic: set its logic field to a DynamicLogic record.`,
      )
    }
    const { record, engine } = runAsCaller(this.#host, user, () => {
      const found = SimpleQuery.getById('DynamicLogic', reference.id) as LogicRecord | null
      if (found === null) {
        throw new WireError(
          'InternalError',
          `${owner} references DynamicLogic ${reference.id}, which does not exist.`,
        )
      }
      return { record: found, engine: this.#engine(found) }
    })
    const what = `DynamicLogic '${record.name}' of ${owner}`
    const call: EngineCall = {
      record: { id: record.id, name: record.name, code: record.code },
      kind,
      parameter,
      user,
      owner,
      timeoutMs: this.#timeoutMs,
    }
    const work = runAsCaller(this.#host, user, async () => {
      try {
        return await engine.run(call)
      } catch (error) {
        if (error instanceof WireError) throw error
        const thrown = error instanceof Error ? error.message : String(error)
        throw new LogicFailure(
          `${what} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
          thrown,
          error,
        )
      }
    })
    // An engine that stops its logic at the time limit answers for itself (GROOVY_CODE stops the script's thread).
    return engine.stopsAtTimeout === true ? work : withinLogicTimeout(work, this.#timeoutMs, what)
  }

  #engine(record: LogicRecord): LogicEngine {
    const name = record.dynamicLogicEngine?.name
    const engine = name === undefined ? undefined : this.#engines.get(name)
    if (engine !== undefined) return engine
    const known = LOGIC_ENGINES.find((candidate) => candidate.name === name)
    const runs = [...this.#engines.values()]
      .map((candidate) => LOGIC_ENGINES.find((e) => e.name === candidate.name)?.runs ?? candidate.name)
      .join('; ')
    throw new WireError(
      'NotImplemented',
      `DynamicLogic '${record.name}' is written for the ${name ?? '(no)'} engine${known === undefined ? '' : ` (${known.runs})`}, which the emulator cannot run. ` +
        `It runs ${runs}; port the logic to one of them to run it here.`,
    )
  }
}
