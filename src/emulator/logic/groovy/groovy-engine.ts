import type { DomainDefinition } from '../../../testing/index.js'
import type { EngineCall, LogicEngine } from '../logic-engine.js'
import type { LogicRequest, RequestUser } from '../logic-request.js'
import { AsyncResource } from 'node:async_hooks'
import { runAsCaller, runAsCallerInTransaction, type HostAccess } from '../run-as-caller.js'
import { WireError } from '../../wire/wire-error.js'
import { findGroovyInstallation, INSTALL_HINT } from './groovy-installation.js'
import { GroovyProcess, type ProtocolMessage } from './groovy-process.js'
import { groovyRuntimeFolder } from './groovy-runtime-folder.js'
import { runHostCall } from './groovy-host-calls.js'
import { GroovyValues } from './groovy-values.js'

/** A Groovy logic failed in the script: its Java exception, message and line. */
export class GroovyScriptError extends Error {
  /** The Java class of the exception (`java.lang.NullPointerException`). */
  readonly javaClass: string
  readonly line: number | undefined

  constructor(javaClass: string, message: string, line: number | undefined) {
    super(message)
    this.javaClass = javaClass
    this.line = line
    this.name = javaClass
  }
}

/** How the engine is set up: the host, the application's domains, where `log(...)` lines go, on or off. */
export interface GroovyEngineOptions {
  readonly access: HostAccess
  readonly domains: Readonly<Record<string, DomainDefinition>>
  readonly log: ((line: string) => void) | undefined
  /** `false` turns the engine off (the `groovy: false` option). */
  readonly enabled: boolean
  /** The environment to find Java and Groovy in (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/**
 * The `GROOVY_CODE` engine: one JVM per emulator, started on the first Groovy call and stopped by
 * {@link GroovyEngine.close}, runs each call on a thread of its own. A script's facade calls and GORM calls come
 * back mid-call and run here, on the host, as the caller in the caller's tenant. A call past its time is
 * stopped in the JVM and answers 500; no failure of one call stops the JVM for the others.
 *
 * @internal
 */
export class GroovyEngine implements LogicEngine {
  readonly name = 'GROOVY_CODE'
  readonly stopsAtTimeout = true
  readonly #options: GroovyEngineOptions
  readonly #values: GroovyValues
  #process: GroovyProcess | undefined
  #next = 0
  #closed = false

  constructor(options: GroovyEngineOptions) {
    this.#options = options
    this.#values = new GroovyValues(options.domains)
  }

  /**
   * Runs a Groovy logic and resolves to its value, as JSON (maps, lists, text, numbers, booleans, null, dates as
   * ISO text); `{ warning }` when it threw CustomLogicWarningException. For a hook, what the script set on
   * `object` is copied onto the parameter's `object`.
   *
   * @throws WireError 501 when the engine is off or Java or Groovy is missing; 500 when the script does not
   *   compile, runs past `timeoutMs` or the JVM stopped.
   * @throws GroovyScriptError when the script threw (CustomLogicInterruptException: its message).
   */
  async run(call: EngineCall): Promise<unknown> {
    const what = `DynamicLogic '${call.record.name}' of ${call.owner}`
    const jvm = await this.#start(what)
    // One transaction for the call: what the script wrote is kept when it succeeds and undone when it fails.
    return runAsCallerInTransaction(this.#options.access, call.user, () => this.#call(jvm, call, what))
  }

  async #call(jvm: GroovyProcess, call: EngineCall, what: string): Promise<unknown> {
    // The script's facade calls arrive on the JVM's stdout; they run in this call's context, so in its transaction.
    const inCall = AsyncResource.bind(<T>(fn: () => T): T => fn())
    const id = String(++this.#next)
    const hook = call.kind === 'hook'
    const variables = scriptVariables(call, this.#values)
    const outcome = await new Promise<ProtocolMessage>((resolve) => {
      const timer = setTimeout(() => {
        jvm.cancel(id)
        resolve({ type: 'result', id, ok: false, error: { kind: 'timeout' } })
      }, call.timeoutMs)
      timer.unref()
      jvm.run(
        {
          type: 'run',
          id,
          logic: { ...call.record, code: call.record.code ?? '' },
          variables,
          ...(hook ? { echo: ['object'] } : {}),
        },
        {
          onCall: (target, op, args) =>
            inCall(() =>
              runAsCaller(this.#options.access, call.user, () =>
                runHostCall(this.#values, target, op, (args ?? {}) as Readonly<Record<string, unknown>>),
              ),
            ),
          onLog: (level, message) => this.#options.log?.(`[groovy] ${level} ${what}: ${message}`),
          onResult: (result) => {
            clearTimeout(timer)
            resolve(result)
          },
        },
      )
    })
    if (outcome['ok'] === true) {
      if (hook) {
        const changed = this.#values.fromJvm(
          (outcome['variables'] as Record<string, unknown> | undefined)?.['object'],
          'host',
        )
        const domain = String((call.parameter as Readonly<Record<string, unknown>>)['domain'])
        if (isRecord(changed)) copyObject(call.parameter, this.#values.referencesAsIds(domain, changed))
      }
      if (typeof outcome['warning'] === 'string') return { warning: outcome['warning'] }
      return this.#values.fromJvm(outcome['value'], 'json')
    }
    const error = (outcome['error'] ?? {}) as Readonly<Record<string, unknown>>
    const message = typeof error['message'] === 'string' ? error['message'] : undefined
    const line = typeof error['line'] === 'number' ? error['line'] : undefined
    switch (error['kind']) {
      case 'compile':
        throw new WireError(
          'InternalError',
          `${what} (Groovy) does not compile: ${String(error['message'])} at line ${String(error['line'])}, column ${String(error['column'])}.`,
        )
      case 'timeout':
        throw new WireError(
          'InternalError',
          `${what} did not finish within ${call.timeoutMs} ms (logicTimeoutMs) and was stopped; nothing more of it runs. ` +
            'Make it return sooner, or raise logicTimeoutMs in the emulator options.',
        )
      case 'jvm':
        this.#process = undefined
        throw new WireError(
          'InternalError',
          `${what} could not run: ${String(error['message'])}. The next Groovy call starts a new JVM.`,
        )
      case 'interrupt':
        throw new GroovyScriptError(String(error['class']), message ?? '', line)
      default:
        throw new GroovyScriptError(
          String(error['class']),
          `${message ?? '(no message)'}${line === undefined ? '' : ` (script line ${line})`}`,
          line,
        )
    }
  }

  /** Stops the JVM, if it was started; calls still running answer 500. */
  async close(): Promise<void> {
    this.#closed = true
    const jvm = this.#process
    this.#process = undefined
    await jvm?.close()
  }

  async #start(what: string): Promise<GroovyProcess> {
    if (!this.#options.enabled) {
      throw new WireError(
        'NotImplemented',
        `${what} is written for the GROOVY_CODE engine, which this emulator runs with its option groovy: false. Remove the option to run Groovy logic (it needs ${INSTALL_HINT}).`,
      )
    }
    if (this.#closed) throw new WireError('InternalError', `${what} cannot run: the emulator is closed.`)
    if (this.#process === undefined || this.#process.exited !== undefined) {
      const found = findGroovyInstallation(this.#options.env ?? process.env)
      if ('missing' in found) {
        throw new WireError(
          'NotImplemented',
          `${what} is written for the GROOVY_CODE engine, and ${found.missing}. To run Groovy logic, ${INSTALL_HINT}.`,
        )
      }
      const folder = groovyRuntimeFolder()
      if (folder === undefined) {
        throw new WireError(
          'NotImplemented',
          `${what} is written for the GROOVY_CODE engine, and this build of the package lacks its Groovy runtime folder (groovy-runtime); reinstall the package.`,
        )
      }
      this.#process = new GroovyProcess(found, folder, this.#values.fieldNames())
    }
    const jvm = this.#process
    try {
      await jvm.ready
    } catch (error) {
      this.#process = undefined
      throw new WireError('InternalError', `${what} could not run: ${(error as Error).message}.`, {
        cause: error,
      })
    }
    return jvm
  }
}

/** The user as a script sees it (`user.username`, `user.name`, `user.roles`), or null for an anonymous call. */
function userMap(user: RequestUser | null): Record<string, unknown> | null {
  return user === null
    ? null
    : { id: user.id, username: user.username, name: user.name, roles: [...user.roles], tenant: user.tenant }
}

/**
 * The script's variables per kind of logic, as the platform injects them (docs/emulator.md, "Groovy logic"),
 * encoded for the JVM: a hook's object and an action's objects as objects of their domain.
 */
function scriptVariables(call: EngineCall, values: GroovyValues): Record<string, unknown> {
  const plain = (variables: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, values.toJvm(value)]))
  const user = userMap(call.user)
  const userContext = {
    user,
    username: call.user?.username ?? null,
    roles: user?.['roles'] ?? [],
    tenant: call.user?.tenant ?? null,
  }
  const parameter = (call.parameter ?? {}) as Readonly<Record<string, unknown>>
  switch (call.kind) {
    case 'service':
    case 'webhook': {
      const request = parameter as unknown as LogicRequest
      const form = (request.headers?.['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      const params =
        form && isRecord(request.body) ? { ...request.params, ...request.body } : { ...request.params }
      return plain({
        user,
        userContext,
        params,
        protocol: 'HTTP',
        method: request.method,
        headers: request.headers,
        body: request.body,
      })
    }
    case 'hook': {
      const domain = String(parameter['domain'])
      return {
        ...plain({ hookType: parameter['hookType'], objectType: domain, userContext, user }),
        object: values.toJvm(parameter['object'], domain),
      }
    }
    case 'action':
    case 'actionEnable': {
      const domain = String(parameter['domain'])
      return {
        ...plain({
          objectIds: parameter['objectIds'] ?? [],
          objectType: domain,
          parameters: parameter['parameters'] ?? {},
          userContext,
          user,
        }),
        objects: values.toJvm(parameter['objects'] ?? [], domain),
      }
    }
    default:
      return plain({ ...parameter, user, userContext })
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What a BEFORE hook's script left in `object`, copied onto the object to be written. */
function copyObject(parameter: unknown, changed: Record<string, unknown>): void {
  if (!isRecord(parameter) || !isRecord(parameter['object'])) return
  const target = parameter['object']
  for (const [key, value] of Object.entries(changed)) {
    if (key !== 'id') target[key] = value
  }
}
