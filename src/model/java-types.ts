/**
 * The Java types that appear in the plugin library's signatures, mapped to what a TypeScript caller holds.
 * Each keeps its Java name so the Java documentation can be read beside this one.
 *
 * @module
 */

/**
 * A task with no argument and no result: `java.lang.Runnable`. Pass an arrow function or any object with a
 * `run()` method.
 *
 * @example
 * ```ts
 * import type { Runnable } from '@tech-vendor/api'
 *
 * const asFunction: Runnable = () => console.log('ran')
 * const asObject: Runnable = { run: () => console.log('ran') }
 * ```
 */
export type Runnable = (() => void) | RunnableObject

/**
 * The object form of a {@link Runnable}: anything with a `run()` method. `AsyncHelper.scheduleAtFixRate`
 * returns one whose `run()` cancels the schedule.
 *
 * @example
 * ```ts
 * import type { RunnableObject } from '@tech-vendor/api'
 *
 * const task: RunnableObject = { run: () => console.log('ran') }
 * task.run()
 * ```
 */
export interface RunnableObject {
  /** Runs the task (for a schedule's handle: cancels the schedule). */
  run(): void
}

/**
 * A Groovy `Closure<T>`: a function. The platform passes the closure its context object (the session, the
 * transaction status) as the one argument.
 *
 * @typeParam T - What the closure returns.
 * @typeParam A - The argument the platform passes it.
 * @example
 * ```ts
 * import type { Closure } from '@tech-vendor/api'
 *
 * const count: Closure<number> = () => 42
 * ```
 */
export type Closure<T, A = never> = [A] extends [never] ? () => T : (argument: A) => T

/**
 * A `java.lang.Class<T>`: a class constructor, abstract classes included. The platform maps a class to a
 * domain by its static `domainName`, or else by its name (see {@link DynamicDomainEntity}).
 *
 * @typeParam T - The instance type.
 * @example
 * ```ts
 * import type { Class } from '@tech-vendor/api'
 *
 * class Invoice { id = 0 }
 * const type: Class<Invoice> = Invoice
 * ```
 */
export type Class<T> = abstract new (...args: never[]) => T

/**
 * A `java.io.InputStream`, as a TypeScript caller holds it synchronously: a `Uint8Array` (so a `Buffer`), an
 * `ArrayBuffer`, a string (written as UTF-8), or an iterable of `Uint8Array` chunks.
 *
 * @example
 * ```ts
 * import type { InputStream } from '@tech-vendor/api'
 *
 * const text: InputStream = 'a,b\n1,2\n'
 * const bytes: InputStream = new Uint8Array([0x25, 0x50, 0x44, 0x46])
 * const chunks: InputStream = [new Uint8Array([1]), new Uint8Array([2])]
 * ```
 */
export type InputStream = Uint8Array | ArrayBuffer | string | Iterable<Uint8Array>

/**
 * A `java.util.concurrent.ExecutorService`: something that runs tasks. Only appears in the declared-but-absent
 * `AsyncHelper.task(ExecutorService, Runnable)` overload.
 *
 * @example
 * ```ts
 * import type { ExecutorService } from '@tech-vendor/api'
 *
 * function stop(pool: ExecutorService): void {
 *   if (!pool.isShutdown()) pool.shutdown()
 * }
 * ```
 */
export interface ExecutorService {
  /** Runs the task at some point. */
  execute(command: Runnable): void
  /** Stops accepting tasks. */
  shutdown(): void
  /** Whether {@link ExecutorService.shutdown} was called. */
  isShutdown(): boolean
}

/**
 * A `java.util.concurrent.ForkJoinPool`, as returned by the declared-but-absent `AsyncHelper.newForkJoinPool`.
 *
 * @example
 * ```ts
 * import type { ForkJoinPool } from '@tech-vendor/api'
 *
 * const describe = (pool: ForkJoinPool) => `parallelism ${pool.getParallelism()}`
 * ```
 */
export interface ForkJoinPool extends ExecutorService {
  /** The target parallelism the pool was created with. */
  getParallelism(): number
}

/**
 * A handle on an asynchronous task, the runtime's `java.lang.Thread`: what `AsyncHelper.task` really returns
 * at runtime (the 0.0.5 artifact declares `void`).
 *
 * @example
 * ```ts
 * import type { Thread } from '@tech-vendor/api'
 *
 * async function waitFor(thread: Thread): Promise<void> {
 *   console.log(thread.getName(), thread.isAlive())
 *   await thread.join()
 * }
 * ```
 */
export interface Thread {
  /** The thread's name (the `threadName` given to `task`, or one the host chose). */
  getName(): string
  /** `true` until the task has run (or was interrupted before it ran). */
  isAlive(): boolean
  /** Resolves once the task has run; never rejects (a failing task reports to the host's error sink). */
  join(): Promise<void>
  /** Cancels the task if it has not started yet. */
  interrupt(): void
}

/**
 * A `java.util.function.Supplier<T>`: a function that produces a value, or an object with a `get()` method
 * that does. Asynchronous suppliers are fine.
 *
 * @typeParam T - What it supplies.
 * @example
 * ```ts
 * import type { Supplier } from '@tech-vendor/api/v1'
 *
 * const answer: Supplier<number> = () => 42
 * const asObject: Supplier<number> = { get: () => 42 }
 * ```
 */
export type Supplier<T> =
  | (() => T | PromiseLike<T>)
  | {
      /** Produces the value. */
      get(): T | PromiseLike<T>
    }
