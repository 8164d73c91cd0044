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

/**
 * The emulator's `JAVASCRIPT_CODE` engine: a logic's `code` is the body of an async function of one parameter,
 * `request` (what the logic's kind hands it), with the plugin library's facades in scope by name. Compiled once
 * per distinct code.
 *
 * @internal
 */
export class JavaScriptCodeEngine implements LogicEngine {
  readonly name = LOGIC_ENGINE_NAMES.javaScriptCode
  readonly #compiled = new Map<string, (...args: unknown[]) => Promise<unknown>>()

  /**
   * Runs the record's code with the call's parameter as `request`.
   *
   * @throws WireError 500 when the code does not compile; what the code throws, as it is.
   */
  run(call: EngineCall): Promise<unknown> {
    const code = call.record.code ?? ''
    // Stack frames of the code name the logic (see describeError): one compiled function per name and code.
    const source = `${code}\n//# sourceURL=DynamicLogic/${encodeURIComponent(call.record.name)}`
    let compiled = this.#compiled.get(source)
    if (compiled === undefined) {
      try {
        compiled = new AsyncFunction(...SCOPE_NAMES, 'request', source)
      } catch (error) {
        throw new WireError(
          'InternalError',
          `DynamicLogic '${call.record.name}' (${this.name}) does not compile: ${(error as Error).message}. Its code is the body of an async function of request.`,
          { cause: error },
        )
      }
      this.#compiled.set(source, compiled)
    }
    return compiled(...SCOPE_VALUES, call.parameter)
  }
}
