import type { WriteWatch } from '../platform/write-watch.js'

/** A `DynamicObjectHook` record as the hooks read it. @internal */
export interface HookRecord {
  readonly id: number
  readonly name: string
  readonly coreLogic: { readonly id: number } | null
}

/** How many (tenant, domain, hook type) lookups are kept before starting again. */
const KEPT_LOOKUPS = 4096

/** Options of {@link HookRecords}. */
export interface HookRecordsOptions {
  /**
   * Whether to keep the hooks found until a write may have changed `DomainClass` or `DynamicObjectHook` (default
   * `true`). Turn it off where other processes write the same store (several emulators on one PostgreSQL
   * database, SPEC §15.2): their writes do not change this process's {@link WriteWatch}.
   */
  readonly cache?: boolean
}

/**
 * The active `DynamicObjectHook`s of a tenant, domain and hook type, read once and kept until the
 * {@link WriteWatch} of `DomainClass` and `DynamicObjectHook` says they may have changed: every REST write looks
 * its hooks up twice (before and after), and reading them was a tenth of a create. A hook written by REST, a
 * logic or a test applies from the next write on.
 *
 * @internal
 */
export class HookRecords {
  readonly #writes: WriteWatch
  readonly #cache: boolean
  readonly #kept = new Map<string, readonly HookRecord[]>()
  #version: number

  /**
   * @param writes - What tells when `DomainClass` or `DynamicObjectHook` may have changed.
   * @param options - Whether to keep what was read.
   */
  constructor(writes: WriteWatch, options: HookRecordsOptions = {}) {
    this.#writes = writes
    this.#cache = options.cache ?? true
    this.#version = writes.version
  }

  /**
   * The hooks, from what was kept or from `read`.
   *
   * @param read - Reads them on the host, in the tenant.
   */
  find(
    tenant: string,
    domain: string,
    hookType: string,
    read: () => readonly HookRecord[],
  ): readonly HookRecord[] {
    if (!this.#cache) return read()
    if (this.#version !== this.#writes.version || this.#kept.size >= KEPT_LOOKUPS) {
      this.#kept.clear()
      this.#version = this.#writes.version
    }
    const key = `${tenant}\u0000${domain}\u0000${hookType}`
    let hooks = this.#kept.get(key)
    if (hooks === undefined) this.#kept.set(key, (hooks = Object.freeze(read())))
    return hooks
  }
}
