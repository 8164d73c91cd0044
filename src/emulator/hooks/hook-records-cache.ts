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
  /** The hooks found, by tenant, domain and hook type. */
  readonly #kept = new Map<string, Map<string, Map<string, readonly HookRecord[]>>>()
  /** How many lookups {@link HookRecords.#kept} holds. */
  #size = 0
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
    if (this.#version !== this.#writes.version || this.#size >= KEPT_LOOKUPS) {
      this.#kept.clear()
      this.#size = 0
      this.#version = this.#writes.version
    }
    let byDomain = this.#kept.get(tenant)
    if (byDomain === undefined)
      this.#kept.set(tenant, (byDomain = new Map<string, Map<string, readonly HookRecord[]>>()))
    let byType = byDomain.get(domain)
    if (byType === undefined) byDomain.set(domain, (byType = new Map<string, readonly HookRecord[]>()))
    let hooks = byType.get(hookType)
    if (hooks === undefined) {
      byType.set(hookType, (hooks = Object.freeze(read())))
      this.#size += 1
    }
    return hooks
  }
}
