import { AsyncLocalStorage } from 'node:async_hooks'
import { inspect } from 'node:util'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { PlatformUser } from '../../runtime-contract/facets.js'
import { registrySlot } from '../../runtime-contract/registry.js'
import type { ErrorSink } from './error-sink.js'
import type { StoreContext, StoreTransaction } from '../store/store.js'

/**
 * A database session: what `withSession` runs in and `withNewSession` replaces. It is what the store reads and
 * writes through: its tenant and the transaction in progress.
 */
export interface SessionState extends StoreContext {
  /** The tenant the session reads and writes. */
  readonly tenant: string
  /** The transaction in progress, if any. */
  transaction: StoreTransaction | undefined
  /**
   * The call that opened the session (`QueryHelper.withTransaction`, `QueryHelper.withNewSession`), once it
   * has failed: work its closure left running that reaches the host afterwards is refused.
   */
  ended?: string
}

/**
 * One `install()` of one host. Every context made while it lasts belongs to it, so that work it started
 * (a task's continuation, an awaited `runAs`) can be told apart from another host's, or from its own next
 * installation's, once it has ended.
 *
 * Read across copies of the package (the context storage is process-wide), so it is duck-typed: a name, a
 * flag and a way to report.
 */
export interface Installation {
  /** The host's name, for messages. */
  readonly hostName: string
  /** `false` once the host was uninstalled (or, before its first `install()`, for host APIs only). */
  readonly live: boolean
  /** Sends an error of work left running after the installation ended (its refusal) to the host's error sink, once. */
  reportLeftover(error: object): void
  /**
   * Sends the reason of a promise rejection nobody handled, made by work of this installation, to the host's
   * error sink. Optional: a context made by an older copy of the package has none.
   */
  reportFloating?(reason: unknown): void
}

/**
 * Who and where code runs as: the tenant, the logged-in user, the plugin whose code it is, its session, and
 * the installation it belongs to. Kept in the process's one `AsyncLocalStorage` so that it follows `await`
 * inside `runAs`; tasks capture it explicitly when scheduled (so that fake timers carry it too).
 */
export interface HostContext {
  readonly tenant: string
  readonly user: PlatformUser | null
  /** The name of the plugin whose code runs, `null` for test code outside any plugin. */
  readonly plugin: string | null
  readonly session: SessionState
  /** The host installation the code runs for. */
  readonly owner: Installation
}

/** Who to run as. */
export interface Identity {
  readonly tenant: string
  readonly user: PlatformUser | null
  readonly plugin: string | null
}

/**
 * The process-wide slot of the context storage: one `AsyncLocalStorage` for every host and every copy of the
 * package, and how many things need it now. Each enabled `AsyncLocalStorage` is visited by every promise and
 * timer the process makes, so one per host would make a suite slower with each test (and keep every host's
 * contexts reachable); and while no host is installed and no work of one is under way, the one there is is
 * disabled, so that a process is as fast after its hosts as before them.
 */
interface ContextSlot {
  readonly storage: AsyncLocalStorage<HostContext>
  /** Live installations plus pending work of any installation (tasks, async runAs, periodic runs). */
  holds: number
  /**
   * The process's `unhandledRejection` listener while held, see {@link watchRejections}. Added to the slot by
   * the first copy of the package that has it: a slot an older copy made has none.
   */
  rejections?: RejectionWatch
}

const SLOT_KEY = Symbol.for('@tech-vendor/api/testing.context-storage@1')

/** Enables the storage without leaving a store behind (`run` enables it; it skips the store it already has). */
const ENABLE: HostContext = Object.freeze({}) as HostContext

function contextSlot(): ContextSlot {
  const global = globalThis as unknown as Record<symbol, ContextSlot | undefined>
  let slot = global[SLOT_KEY]
  if (slot === undefined) {
    const storage = new AsyncLocalStorage<HostContext>()
    slot = { storage, holds: 0 }
    Object.defineProperty(globalThis, SLOT_KEY, {
      value: slot,
      enumerable: false,
      configurable: false,
      writable: false,
    })
    // A facade called while no runtime is bound asks this who the calling code belongs to, so that work left
    // running by an uninstalled host is refused naming it, as it is when another host is bound.
    registrySlot().refuseOrphan ??= (member) => {
      const owner = storage.getStore()?.owner
      if (owner === undefined || owner.live) return undefined
      const error = new IllegalStateException(
        leftoverWork(owner.hostName, `called ${member} while no runtime is bound`),
      )
      owner.reportLeftover(error)
      return error
    }
  }
  slot.rejections ??= watchRejections(slot.storage)
  return slot
}

/**
 * Keeps the context storage enabled until the returned function is called (once): for an installation, and
 * for work an uninstalled host may still have under way, whose continuations must still be told apart.
 */
export function holdContexts(): () => void {
  const slot = contextSlot()
  // Enabled from the first hold on, so that what code starts from now on (a plugin's own timers included)
  // carries its context, not only what runs inside a host's run().
  if (slot.holds++ === 0) {
    slot.storage.run(ENABLE, () => undefined)
    slot.rejections?.attach()
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--slot.holds === 0) {
      slot.storage.disable()
      slot.rejections?.detach()
    }
  }
}

/**
 * Whether the code running now is the work of a host (a task, a plugin's code, a `runAs` closure, what they
 * started), as opposed to test code or code of no host.
 *
 * @internal
 */
export function runsForHost(): boolean {
  return contextSlot().storage.getStore()?.owner !== undefined
}

/** The process listener that {@link watchRejections} makes, attached while contexts are held. */
interface RejectionWatch {
  attach(): void
  detach(): void
}

/**
 * A promise rejection nobody handles, made by a host's work (a plugin's floating promise inside an
 * `AsyncHelper` task, a `supplyAsync` future nobody awaits), goes to that host's errors (or `onError`) instead of
 * ending the process: on the platform such work runs on a thread of its own, whose failure stops nothing else.
 * Node emits `unhandledRejection` in the async context of the rejected promise, which names the host whose work
 * made it.
 *
 * Any other rejection is left as Node would leave it without this listener: the listener takes itself off for
 * that event (test runners such as vitest count the process's listeners to decide whether someone else handles
 * it), and with no other listener it throws the rejection as Node's default mode (`--unhandled-rejections=throw`)
 * does.
 */
function watchRejections(storage: AsyncLocalStorage<HostContext>): RejectionWatch {
  let wanted = false
  let attached = false
  const onRejection = (reason: unknown): void => {
    const owner = storage.getStore()?.owner
    if (owner?.reportFloating !== undefined) {
      owner.reportFloating(reason)
      return
    }
    process.off('unhandledRejection', onRejection)
    attached = false
    process.nextTick(attach)
    if (process.listenerCount('unhandledRejection') === 0 && rejectionsThrow()) throw asUncaught(reason)
  }
  function attach(): void {
    if (!wanted || attached) return
    attached = true
    // First, so that a runner's own listener sees it and leaves the rejection to it.
    process.prependListener('unhandledRejection', onRejection)
  }
  return {
    attach: () => {
      wanted = true
      attach()
    },
    detach: () => {
      wanted = false
      if (!attached) return
      attached = false
      process.off('unhandledRejection', onRejection)
    },
  }
}

/** Whether Node ends the process on an unhandled rejection nobody listens to (its default mode, `throw`). */
function rejectionsThrow(): boolean {
  const flags = [...process.execArgv, process.env['NODE_OPTIONS'] ?? ''].join(' ')
  const mode = /--unhandled-rejections[= ](\S+)/.exec(flags)?.[1] ?? 'throw'
  return mode === 'throw'
}

/** What Node throws for an unhandled rejection: the reason when it is an error, else an error naming it. */
function asUncaught(reason: unknown): unknown {
  if (reason instanceof Error) return reason
  const error = new Error(
    'This error originated either by throwing inside of an async function without a catch block, or by rejecting ' +
      `a promise which was not handled with .catch(). The promise rejected with the reason "${typeof reason === 'string' ? reason : inspect(reason)}".`,
  )
  error.name = 'UnhandledPromiseRejection'
  return Object.assign(error, { code: 'ERR_UNHANDLED_REJECTION' })
}

/** One installation of a host, as {@link ContextStore} makes them. */
class HostInstallation implements Installation {
  readonly hostName: string
  readonly #sink: ErrorSink
  live: boolean

  constructor(hostName: string, sink: ErrorSink, live: boolean) {
    this.hostName = hostName
    this.#sink = sink
    this.live = live
  }

  reportLeftover(error: object): void {
    this.#sink.reportLeftover(error)
  }

  reportFloating(reason: unknown): void {
    if (!this.live && typeof reason === 'object' && reason !== null) this.#sink.reportLeftover(reason)
    else this.#sink.report(reason)
  }
}

/**
 * Holds the contexts of one host: the root context that code outside `runAs` runs in, and the contexts of its
 * current installation. {@link ContextStore.current} refuses a context that belongs to another host, or to an
 * installation of this one that has ended: work left running by a host that is gone never reads or writes the
 * host that is bound now.
 */
export class ContextStore {
  readonly #slot = contextSlot()
  readonly #hostName: string
  readonly #sink: ErrorSink
  readonly #defaultTenant: string
  #installation: HostInstallation
  #root: HostContext
  #releaseHold: (() => void) | undefined

  constructor(hostName: string, defaultTenant: string, sink: ErrorSink) {
    this.#hostName = hostName
    this.#sink = sink
    this.#defaultTenant = defaultTenant
    // Before the first install(): host APIs (seed data) run in a root context of their own.
    this.#installation = new HostInstallation(hostName, sink, false)
    this.#root = this.#rootContext()
  }

  /** Whether an installation is running (between {@link ContextStore.start} and {@link ContextStore.end}). */
  get live(): boolean {
    return this.#installation.live
  }

  /** Starts an installation: contexts made from now on belong to it. */
  start(): void {
    if (this.#installation.live) return
    this.#installation = new HostInstallation(this.#hostName, this.#sink, true)
    this.#root = this.#rootContext()
    this.#releaseHold = holdContexts()
  }

  /** Ends the installation: its contexts are refused from now on. */
  end(): void {
    if (!this.#installation.live) return
    this.#installation.live = false
    this.#installation = new HostInstallation(this.#hostName, this.#sink, false)
    this.#root = this.#rootContext()
    this.#releaseHold?.()
    this.#releaseHold = undefined
  }

  /**
   * The context code runs in now: the default tenant with no user outside `runAs`.
   *
   * @throws {@link IllegalStateException} when the code runs for another host, or for an installation of this
   *   one that has ended; the error also reaches the sink of the host the code belongs to.
   */
  current(): HostContext {
    const context = this.#slot.storage.getStore()
    if (context === undefined) return this.#root
    if (context.owner !== this.#installation) throw this.#foreign(context.owner)
    if (context.session.ended !== undefined) throw this.#ended(context)
    return context
  }

  /**
   * Runs `fn` in a session of its own, with the identity of `context` and the transaction given. When `fn`
   * throws (a closure that returned a Promise included, which the facade refuses), the session ends, so that
   * what the closure left running cannot write after its failure (see {@link SessionState.ended}). When it
   * returns, work it started (an AsyncHelper future's callbacks, a timer) goes on in that session, without
   * the transaction, as work on another thread would on the platform.
   *
   * @param context - Whose identity the session has.
   * @param transaction - The session's transaction, if it has one.
   * @param call - What opens the session, for the refusal's message.
   */
  inSession<T>(
    context: HostContext,
    transaction: StoreTransaction | undefined,
    call: string,
    fn: () => T,
  ): T {
    const session: SessionState = { tenant: context.tenant, transaction }
    try {
      return this.run(Object.freeze({ ...context, session }), fn)
    } catch (error) {
      session.ended = call
      throw error
    } finally {
      session.transaction = undefined
    }
  }

  /** Runs `fn` in `context`. */
  run<T>(context: HostContext, fn: () => T): T {
    const result = this.#slot.storage.run(context, fn)
    // run() enables the storage; with nothing holding it (a host API of a host that is not installed), it
    // has nothing to follow afterwards.
    if (this.#slot.holds === 0) this.#slot.storage.disable()
    return result
  }

  /** A fresh session (no transaction) with the given identity, belonging to the current installation. */
  fresh(identity: Identity): HostContext {
    return Object.freeze({
      tenant: identity.tenant,
      user: identity.user,
      plugin: identity.plugin,
      session: { tenant: identity.tenant, transaction: undefined },
      owner: this.#installation,
    })
  }

  #rootContext(): HostContext {
    return this.fresh({ tenant: this.#defaultTenant, user: null, plugin: null })
  }

  /** Sends the refusal of work left running by a call that has returned to this host's errors, once. */
  reportLeftover(error: object): void {
    this.#installation.reportLeftover(error)
  }

  #ended(context: HostContext): IllegalStateException {
    const error = new IllegalStateException(
      `${context.session.ended} failed, but work its closure started (the rest of an async closure, or a timer or ` +
        'promise its code made) reached the host afterwards; it was refused before it read or wrote anything, so ' +
        'that nothing of the failed call is written. Keep the closure synchronous (the API is), and start ' +
        'asynchronous work after the call returns.',
    )
    context.owner.reportLeftover(error)
    return error
  }

  #foreign(owner: Installation): IllegalStateException {
    if (owner.live) {
      // Test code that calls one host from inside another's runAs: a mistake of the caller, not asynchronous
      // work, so it is thrown and not reported.
      return new IllegalStateException(
        `Code running for test host '${owner.hostName}' called test host '${this.#hostName}': a host serves only the ` +
          'code it runs. Call the host the code belongs to.',
      )
    }
    const error = new IllegalStateException(
      leftoverWork(owner.hostName, `reached test host '${this.#hostName}'`),
    )
    owner.reportLeftover(error)
    return error
  }
}

/**
 * The message of a refusal of work left running by an uninstalled host: who it belongs to, where it got, and
 * what to do.
 *
 * @param hostName - The uninstalled host.
 * @param reached - What the work reached, such as `reached test host 'b'`.
 */
export function leftoverWork(hostName: string, reached: string): string {
  return (
    `Test host '${hostName}' was uninstalled, but work it started (an AsyncHelper task, a scheduled run, an ` +
    `awaited host.runAs, or a timer or promise its code made) is still running and ${reached}; it was stopped before ` +
    'it read or wrote anything. Wait for that work before uninstalling (await host.whenIdle(), await the runAs), or cancel it.'
  )
}
