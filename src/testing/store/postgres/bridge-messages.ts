import type { MessagePort } from 'node:worker_threads'
import type { ServerError, Statement, StatementResult } from '../sql/statement.js'

/**
 * What the main thread asks the server worker: run statements on one of its connections (opened on first
 * use), close a connection, or close them all.
 *
 * @internal
 */
export type BridgeRequest =
  | {
      readonly kind: 'run'
      readonly connection: number
      readonly statements: readonly Statement[]
      readonly onError: readonly Statement[]
    }
  | { readonly kind: 'close'; readonly connection: number }
  | { readonly kind: 'shutdown' }

/**
 * The worker's answer: what the statements returned and the error that stopped them, or a failure of the
 * worker itself (no `pg`, no connection) as a message for the user.
 *
 * @internal
 */
export type BridgeReply =
  | { readonly kind: 'ran'; readonly results: StatementResult[]; readonly error: ServerError | undefined }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly message: string; readonly sqlState: string | undefined }

/**
 * What the worker starts with: the port it answers on, the word it flips when an answer is posted, and how
 * to connect.
 *
 * @internal
 */
export interface WorkerSetup {
  readonly port: MessagePort
  /** An `Int32Array` over a `SharedArrayBuffer`: 0 while the main thread waits, 1 once the answer is posted. */
  readonly signal: Int32Array
  readonly url: string
  /** `SET` statements every connection runs first. */
  readonly settings: readonly string[]
}
