import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import { IllegalStateException } from '../../../errors/illegal-state-exception.js'
import type { BridgeReply, BridgeRequest, WorkerSetup } from './bridge-messages.js'

/**
 * A synchronous call into an asynchronous worker: the main thread posts a request on a `MessageChannel` and
 * sleeps in `Atomics.wait` on a shared word until the worker has posted its answer and flipped the word; then
 * it takes the answer off the port with `receiveMessageOnPort`. No timer is involved, so a test's fake timers
 * cannot stall it, and it works from vitest's forks and threads pools alike.
 *
 * @internal
 */
export class SyncBridge {
  readonly #worker: Worker
  readonly #port: MessagePort
  readonly #signal = new Int32Array(new SharedArrayBuffer(4))
  readonly #timeoutMs: number
  #broken: string | undefined

  /**
   * Starts the worker. It is unreferenced: a store nobody closes does not keep Node running.
   *
   * @param setup - How the worker connects (its port and signal are added here).
   * @param timeoutMs - How long one call may take before the worker is stopped and the bridge refuses
   *   further calls: more than the server's own statement and lock timeouts, so that those report first.
   */
  constructor(setup: Omit<WorkerSetup, 'port' | 'signal'>, timeoutMs: number) {
    const { port1, port2 } = new MessageChannel()
    this.#port = port1
    this.#timeoutMs = timeoutMs
    const data: WorkerSetup = { ...setup, port: port2, signal: this.#signal }
    const { code, file } = workerSource()
    this.#worker =
      code === undefined
        ? new Worker(file, { workerData: data, transferList: [port2] })
        : new Worker(code, { eval: true, workerData: data, transferList: [port2] })
    this.#worker.unref()
  }

  /** Whether the bridge refuses calls: the store was closed, or the worker stopped after a call timed out. */
  get closed(): boolean {
    return this.#broken !== undefined
  }

  /**
   * Sends a request and waits for the answer.
   *
   * @throws `IllegalStateException` when the worker does not answer in time (it is then stopped, and the
   *   bridge refuses every later call) or has already failed so.
   */
  call(request: BridgeRequest): BridgeReply {
    if (this.#broken !== undefined) throw new IllegalStateException(this.#broken)
    Atomics.store(this.#signal, 0, 0)
    this.#port.postMessage(request)
    if (Atomics.wait(this.#signal, 0, 0, this.#timeoutMs) === 'timed-out') {
      this.#broken =
        `The PostgreSQL store's connection worker did not answer within ${this.#timeoutMs} ms, so it was stopped: its ` +
        'connections closed and the server rolled back what they had not committed. Make a new store with postgresStore().'
      void this.#worker.terminate()
      throw new IllegalStateException(this.#broken)
    }
    const received = receiveMessageOnPort(this.#port)
    if (received === undefined)
      throw new IllegalStateException('internal: the PostgreSQL worker flipped its signal without an answer')
    return received.message as BridgeReply
  }

  /** Stops the worker after its connections are closed. */
  async close(): Promise<void> {
    if (this.#broken === undefined) {
      this.call({ kind: 'shutdown' })
      this.#broken = 'The PostgreSQL store is closed; make a new one with postgresStore().'
    }
    this.#port.close()
    await this.#worker.terminate()
  }
}

/**
 * The worker's code: the built `testing/postgres-worker.js` beside the package's chunks, or, when the package
 * runs from its TypeScript sources (vitest, tsx), `postgres-worker.ts` loaded through tsx's CommonJS hook (Node
 * 20 does not apply module hooks to a worker's entry file).
 */
function workerSource(): { code?: string; file: string } {
  const here = import.meta.url
  if (here.endsWith('.ts')) {
    const file = fileURLToPath(new URL('./postgres-worker.ts', here))
    const tsx = createRequire(here).resolve('tsx/cjs/api')
    return {
      file,
      code: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(file)}, ${JSON.stringify(file)})`,
    }
  }
  // From the package's shared chunks, from the testing entry, or from the bin's own chunks (`vendor-api serve
  // --store`, built beside dist/checker/cli.js).
  for (const candidate of [
    './testing/postgres-worker.js',
    './postgres-worker.js',
    '../testing/postgres-worker.js',
  ]) {
    const file = fileURLToPath(new URL(candidate, here))
    if (existsSync(file)) return { file }
  }
  throw new IllegalStateException(
    `postgresStore cannot find its worker, testing/postgres-worker.js, beside ${fileURLToPath(here)}: the package's dist/ ` +
      'folder is incomplete, or the package was bundled into another file. Install @tech-vendor/api as published, unbundled.',
  )
}
