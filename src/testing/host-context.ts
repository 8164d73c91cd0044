import { AsyncLocalStorage } from 'node:async_hooks'
import type { PlatformUser } from '../runtime-contract/facets.js'
import type { StoredRow } from './engine/schema.js'

/** The transaction a session runs in: its writes stay in `overlay` until it commits. */
export interface TransactionState {
  /** The tenant it writes to; a transaction never crosses tenants. */
  readonly tenant: string
  /** Set by `setRollbackOnly()` or by a joined call that threw. */
  rollbackOnly: boolean
  /** Uncommitted writes, by domain then id: the row written, or `null` for a delete. */
  readonly overlay: Map<string, Map<number, StoredRow | null>>
}

/** A database session: what `withSession` runs in and `withNewSession` replaces. */
export interface SessionState {
  /** The transaction in progress, if any. */
  transaction: TransactionState | undefined
}

/**
 * Who and where code runs as: the tenant, the logged-in user, the plugin whose code it is, and its session.
 * Kept in an `AsyncLocalStorage` so that it follows `await` inside `runAs`; tasks capture it explicitly when
 * scheduled (so that fake timers carry it too).
 */
export interface HostContext {
  readonly tenant: string
  readonly user: PlatformUser | null
  /** The name of the plugin whose code runs, `null` for test code outside any plugin. */
  readonly plugin: string | null
  readonly session: SessionState
}

/** Holds the current {@link HostContext} of one host. */
export class ContextStore {
  readonly #storage = new AsyncLocalStorage<HostContext>()
  readonly #root: HostContext

  constructor(defaultTenant: string) {
    this.#root = Object.freeze({
      tenant: defaultTenant,
      user: null,
      plugin: null,
      session: { transaction: undefined },
    })
  }

  /** The context code runs in now: the default tenant with no user outside `runAs`. */
  current(): HostContext {
    return this.#storage.getStore() ?? this.#root
  }

  /** Runs `fn` in `context`. */
  run<T>(context: HostContext, fn: () => T): T {
    return this.#storage.run(context, fn)
  }

  /** A fresh session (no transaction) with the given identity. */
  static fresh(tenant: string, user: PlatformUser | null, plugin: string | null): HostContext {
    return Object.freeze({ tenant, user, plugin, session: { transaction: undefined } })
  }
}
