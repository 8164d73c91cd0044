import * as LIBRARY_SCOPE from './library-scope.js'
import type { EngineCall, LogicEngine } from './logic-engine.js'
import { LOGIC_ENGINE_NAMES } from '../platform/logic-records.js'
import { WireError } from '../wire/wire-error.js'

/** The constructor of `async function`s: a `JAVASCRIPT_CODE` logic may `await`. */
const AsyncFunction = (Object.getPrototypeOf(async function () {}) as { constructor: unknown })
  .constructor as new (...parameters: string[]) => (...args: unknown[]) => Promise<unknown>

/** The names a `JAVASCRIPT_CODE` logic has in scope: every value of the plugin library's root entry. */
const SCOPE_NAMES = Object.keys(LIBRARY_SCOPE)
const SCOPE_VALUES = Object.values(LIBRARY_SCOPE)

/** A logic's code compiled: the library's values, then `request`. */
type Compiled = (...args: unknown[]) => Promise<unknown>

/**
 * The emulator's `JAVASCRIPT_CODE` engine: a logic's `code` is the body of an async function of one parameter,
 * `request` (what the logic's kind hands it), with the plugin library's facades in scope by name. Compiled once
 * per logic name and distinct code, with a `sourceURL` naming the logic, so that its stack frames name it (see
 * `describeError`).
 *
 * @internal
 */
export class JavaScriptCodeEngine implements LogicEngine {
  readonly name = LOGIC_ENGINE_NAMES.javaScriptCode
  /** The compiled functions by logic name, then by code. */
  readonly #compiled = new Map<string, Map<string, Compiled>>()

  /**
   * Runs the record's code with the call's parameter as `request`.
   *
   * @throws WireError 500 when the code does not compile; what the code throws, as it is.
   */
  run(call: EngineCall): Promise<unknown> {
    const { name } = call.record
    const code = call.record.code ?? ''
    let byCode = this.#compiled.get(name)
    if (byCode === undefined) this.#compiled.set(name, (byCode = new Map<string, Compiled>()))
    let compiled = byCode.get(code)
    if (compiled === undefined) {
      try {
        compiled = new AsyncFunction(
          ...SCOPE_NAMES,
          'request',
          `${code}\n//# sourceURL=DynamicLogic/${encodeURIComponent(name)}`,
        )
      } catch (error) {
        throw new WireError(
          'InternalError',
          `DynamicLogic '${name}' (${this.name}) does not compile: ${(error as Error).message}. Its code is the body of an async function of request.`,
          { cause: error },
        )
      }
      byCode.set(code, compiled)
    }
    return compiled(...SCOPE_VALUES, call.parameter)
  }
}
