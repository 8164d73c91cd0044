import { SimpleQuery } from '../../index.js'
import * as LIBRARY_SCOPE from './library-scope.js'
import type { LogicFunction, LogicRequest, RequestUser } from './logic-request.js'
import { ENGINES } from '../platform/platform-domains.js'
import { WireError } from '../wire/wire-error.js'
import { runAsCaller, type HostAccess } from './run-as-caller.js'
import { withinLogicTimeout } from './within-logic-timeout.js'

/** The constructor of `async function`s: a `JavaScript` logic may `await`. */
const AsyncFunction = (Object.getPrototypeOf(async function () {}) as { constructor: unknown })
  .constructor as new (...parameters: string[]) => (...args: unknown[]) => Promise<unknown>

/** The names a `JavaScript` logic has in scope: every value of the plugin library's root entry. */
const SCOPE_NAMES = Object.keys(LIBRARY_SCOPE)
const SCOPE_VALUES = Object.values(LIBRARY_SCOPE)

/**
 * The logic itself threw (as opposed to a logic that cannot run): 500, or the `error` status of an object
 * action's envelope.
 *
 * @internal
 */
export class LogicFailure extends WireError {
  constructor(detail: string, cause: unknown) {
    super('InternalError', detail, { cause })
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
 * Runs dynamic logic: the `DynamicLogic` record a service, webhook, action or widget references, resolved by its
 * engine (`dynamicLogicEngine.name`) to a TypeScript function of `options.logic` (by the record's name) or to
 * its `JavaScript` code, compiled as the body of an async function of `request` with the library's facades in
 * scope. It runs with the plugin library bound, as the caller's tenant and user.
 *
 * @internal
 */
export class LogicRunner {
  readonly #functions: Readonly<Record<string, LogicFunction>>
  readonly #compiled = new Map<string, (...args: unknown[]) => Promise<unknown>>()
  readonly #host: HostAccess
  readonly #timeoutMs: number

  constructor(functions: Readonly<Record<string, LogicFunction>>, host: HostAccess, timeoutMs: number) {
    this.#functions = functions
    this.#host = host
    this.#timeoutMs = timeoutMs
  }

  /**
   * Runs the logic a record references and resolves to what it returns.
   *
   * @param reference - The record's `logic` field (`{ id }`), or `null` when it has none.
   * @param owner - Who references it, for messages (`DynamicService 'summary'`).
   * @throws LogicFailure (500) when the logic throws; WireError 500 when the owner has no logic, the logic
   *   does not compile or does not settle within the `logicTimeoutMs` option, 501 when its engine cannot run
   *   here.
   */
  async run(
    reference: { readonly id: number } | null,
    owner: string,
    request: LogicRequest,
    user: RequestUser | null,
  ): Promise<unknown> {
    if (reference === null) {
      throw new WireError(
        'InternalError',
        `${owner} has no logic: set its logic field to a DynamicLogic record.`,
      )
    }
    const { name, fn } = runAsCaller(this.#host, user, () => {
      const record = SimpleQuery.getById('DynamicLogic', reference.id) as LogicRecord | null
      if (record === null) {
        throw new WireError(
          'InternalError',
          `${owner} references DynamicLogic ${reference.id}, which does not exist.`,
        )
      }
      return { name: record.name, fn: this.#resolve(record) }
    })
    const what = `DynamicLogic '${name}' of ${owner}`
    const work = runAsCaller(this.#host, user, async () => {
      try {
        return await fn(request)
      } catch (error) {
        if (error instanceof WireError) throw error
        throw new LogicFailure(
          `${what} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
          error,
        )
      }
    })
    return withinLogicTimeout(work, this.#timeoutMs, what)
  }

  #resolve(record: LogicRecord): (request: LogicRequest) => unknown {
    const engine = record.dynamicLogicEngine?.name
    if (engine === ENGINES.typeScript) {
      const fn = Object.hasOwn(this.#functions, record.name) ? this.#functions[record.name] : undefined
      if (fn === undefined) {
        throw new WireError(
          'InternalError',
          `DynamicLogic '${record.name}' is a TypeScript logic, and no function of that name was given: pass it in createEmulator({ logic: { ${JSON.stringify(record.name)}: (request) => ... } }).`,
        )
      }
      return fn
    }
    if (engine === ENGINES.javaScript) {
      const code = record.code ?? ''
      let compiled = this.#compiled.get(code)
      if (compiled === undefined) {
        try {
          compiled = new AsyncFunction(...SCOPE_NAMES, 'request', code)
        } catch (error) {
          throw new WireError(
            'InternalError',
            `DynamicLogic '${record.name}' (JavaScript) does not compile: ${(error as Error).message}. Its code is the body of a function of request.`,
            { cause: error },
          )
        }
        this.#compiled.set(code, compiled)
      }
      const run = compiled
      return (request) => run(...SCOPE_VALUES, request)
    }
    throw new WireError(
      'NotImplemented',
      `DynamicLogic '${record.name}' is written for the ${engine ?? '(no)'} engine, which the emulator cannot run. ` +
        `It runs the ${ENGINES.javaScript} engine (code: the body of a function of request) and ${ENGINES.typeScript} functions given in createEmulator({ logic }); ` +
        'port the logic to one of them to run it here.',
    )
  }
}
