import type { EngineCall, LogicEngine } from './logic-engine.js'
import type { LogicFunction } from './logic-request.js'
import { LOGIC_ENGINE_NAMES } from '../platform/logic-records.js'
import { WireError } from '../wire/wire-error.js'

/**
 * The emulator's `TYPESCRIPT_FUNCTION` engine: the function of the `logic` option named like the record, called
 * with the call's parameter.
 *
 * @internal
 */
export class TypeScriptFunctionEngine implements LogicEngine {
  readonly name = LOGIC_ENGINE_NAMES.typeScriptFunction
  readonly #functions: Readonly<Record<string, LogicFunction>>

  constructor(functions: Readonly<Record<string, LogicFunction>>) {
    this.#functions = functions
  }

  /**
   * Calls the function of the record's name.
   *
   * @throws WireError 500 when no function of that name was given; what the function throws, as it is.
   */
  run(call: EngineCall): Promise<unknown> {
    const { name } = call.record
    const fn = Object.hasOwn(this.#functions, name) ? this.#functions[name] : undefined
    if (fn === undefined) {
      throw new WireError(
        'InternalError',
        `DynamicLogic '${name}' is a ${this.name} logic, and no function of that name was given: pass it in createEmulator({ logic: { ${JSON.stringify(name)}: (request) => ... } }).`,
      )
    }
    // A throw of the function is a rejection, as an async function's is.
    return new Promise((resolve) => resolve((fn as (parameter: unknown) => unknown)(call.parameter)))
  }
}
