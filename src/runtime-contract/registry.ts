import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { IllegalStateException } from '../errors/illegal-state-exception.js'
import type { Linkage } from './runtime-description.js'
import type { FacetName, VendorRuntime } from './vendor-runtime.js'

/** The major version of this contract; part of the slot key, so that incompatible copies never share a binding. */
const CONTRACT_MAJOR = 1

/**
 * Where the one binding of the process lives: a `Symbol.for` key on `globalThis`, so that an ESM copy, a
 * CommonJS copy and a copy bundled into a plugin all see the same host.
 */
export const SLOT_KEY: unique symbol = Symbol.for(
  `@tech-vendor/api/runtime-contract@${CONTRACT_MAJOR}`,
) as never

/** The runtime's facets as a binding holds them: read once, when the runtime is bound. */
export type BoundFacets = { readonly [F in FacetName]?: VendorRuntime[F] | undefined }

/**
 * The state of one binding, shared by every copy of the package. Its facets are the runtime's, read once by
 * {@link bindRuntime}: the facades call them, never a facet the runtime hands out later.
 */
export interface Binding {
  readonly runtime: VendorRuntime
  /**
   * Runtime-deprecated members already warned about (`Owner.name`): for this binding, or the process-wide set
   * when the binding asked for one warning per member per process.
   */
  readonly warned: Set<string>
  /** The runtime's facets, read when it was bound. Missing on a binding made by a copy that predates it. */
  readonly facets?: BoundFacets
  /** The runtime's linkage, read with its facets; missing with them. */
  readonly linkage?: Linkage
}

/**
 * What a copy of the package registers to be told of every change of the binding (see {@link registerCopy}).
 * It is called with the new binding, or `undefined` when the runtime is unbound, before the binding changes:
 * it reads what it needs (host code may run, and throw, and then nothing changes), and returns what writes
 * that into the copy's record once the binding has changed, which runs no host code and does not throw.
 */
export type Relinker = (binding: Binding | undefined) => () => void

/** The process-wide slot. */
export interface Slot {
  readonly contractMajor: number
  /**
   * The binding, `undefined` when no runtime is bound. Assigning it tells every copy of the package that
   * registered (see {@link registerCopy}), whichever copy assigns it.
   */
  binding: Binding | undefined
  /**
   * The copies of the package loaded so far, each by the record it links (see {@link registerCopy}). Missing on
   * a slot made by a copy that predates it until a newer copy adds it.
   */
  readonly copies?: Copies
  /** Members warned about once for the whole process (`deprecationWarnings: 'per-process'`); made on first use. */
  warnedInProcess?: Set<string>
  /**
   * Set by a host that tracks the code it runs (the reference host): when the code calling `member` while no
   * runtime is bound is work that host left running after it was uninstalled, the error that refuses it (naming
   * the host, and already reported to it); `undefined` otherwise.
   */
  refuseOrphan?: (member: string) => Error | undefined
}

/** The slot on `globalThis`, created on first use. */
export function registrySlot(): Slot {
  const global = globalThis as unknown as Record<symbol, Slot | undefined>
  let slot = global[SLOT_KEY]
  if (slot === undefined) {
    slot = { contractMajor: CONTRACT_MAJOR, binding: undefined }
    tellCopiesOfBindings(slot)
    // Never replaced or deleted, so that every copy (and dispatch's cached reference) keeps seeing the same slot.
    Object.defineProperty(globalThis, SLOT_KEY, {
      value: slot,
      enumerable: false,
      configurable: false,
      writable: false,
    })
  } else if (slot.copies === undefined) {
    // Made by a copy that assigns its binding without telling the copies: from now on, an assignment tells them.
    tellCopiesOfBindings(slot)
  }
  return slot
}

/**
 * The registered copies of the package. Each is held no longer than the record it links: the slot keeps a weak
 * reference to the record, and the relinker in a `WeakMap` by the record, since the relinker's code keeps its
 * copy's module, and with it the record, alive. So a copy a test runner drops can be collected.
 */
interface Copies {
  readonly records: Set<WeakRef<object>>
  readonly relinkers: WeakMap<object, Relinker>
}

/**
 * Makes the slot's `binding` an accessor that tells every registered copy of a new binding, so that no copy can
 * bind or unbind (an older one included, which assigns the property directly) without the others knowing.
 *
 * It does so in two steps, so that the binding and every copy's record always agree: each copy first reads
 * what it needs, where the host's code runs (a getter that throws, or that binds or unbinds in turn); then the
 * binding changes and every copy writes its record, with no host code in between. If a read throws, nothing has
 * changed. If host code assigns the binding during the reads, that assignment completes first and this one,
 * which completes last, stands.
 */
function tellCopiesOfBindings(slot: Slot): void {
  const copies: Copies = { records: new Set(), relinkers: new WeakMap() }
  let binding = slot.binding
  Object.defineProperty(slot, 'copies', {
    value: copies,
    enumerable: false,
    writable: false,
    configurable: false,
  })
  Object.defineProperty(slot, 'binding', {
    get: () => binding,
    set: (next: Binding | undefined) => {
      const writes: (() => void)[] = []
      for (const record of liveRecords(copies)) {
        const relink = copies.relinkers.get(record)
        if (relink !== undefined) writes.push(relink(next))
      }
      binding = next
      for (const write of writes) write()
    },
    enumerable: true,
    configurable: false,
  })
}

/**
 * Registers a copy of the package: `relink` is called at once with the current binding, and again with every
 * new binding (or `undefined` when the runtime is unbound), whichever copy makes it, for as long as `record`,
 * what it fills, is alive.
 *
 * @param record - What the copy's facades read, and `relink` fills; the copy keeps it alive.
 * @param relink - Reads what `record` needs of a binding, and returns what writes it there (see
 *   {@link Relinker}).
 */
export function registerCopy(record: object, relink: Relinker): void {
  const slot = registrySlot()
  const copies = slot.copies as Copies
  liveRecords(copies) // forgets the copies collected since, so that reloading copies leaves nothing behind
  copies.records.add(new WeakRef(record))
  copies.relinkers.set(record, relink)
  relink(slot.binding)()
}

/** The records of the copies still alive; forgets the others. */
function liveRecords(copies: Copies): object[] {
  const live: object[] = []
  for (const ref of copies.records) {
    const record = ref.deref()
    if (record === undefined) copies.records.delete(ref)
    else live.push(record)
  }
  return live
}

/**
 * What {@link bindRuntime} returns: the bound runtime and a way to unbind it. Works with `using`.
 *
 * @example
 * ```ts
 * import { bindRuntime, type VendorRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * declare const runtime: VendorRuntime
 * {
 *   using binding = bindRuntime(runtime)
 *   // plugin code runs against `runtime` here
 * } // unbound here
 * ```
 */
export interface RuntimeBinding extends Disposable {
  /** The runtime this binding bound. */
  readonly runtime: VendorRuntime
  /**
   * Unbinds the runtime if this binding is still the current one; does nothing otherwise, so that a handle kept
   * from an earlier binding of the same runtime cannot unbind a later one. Binding the bound runtime again gives
   * a handle on the same binding.
   */
  unbind(): void
}

/**
 * Options of {@link bindRuntime}.
 *
 * @example
 * ```ts
 * import type { BindOptions } from '@tech-vendor/api/runtime-contract'
 *
 * const forTests: BindOptions = { replace: true, deprecationWarnings: 'per-process' }
 * ```
 */
export interface BindOptions {
  /** Replace a runtime that is already bound instead of refusing (for tests). */
  readonly replace?: boolean
  /**
   * How often a runtime-deprecated member warns: once per binding (`'per-binding'`, the default, as the
   * platform logs it once per start), or once per process (`'per-process'`), for a test suite that binds a
   * host for each of thousands of tests.
   */
  readonly deprecationWarnings?: 'per-binding' | 'per-process'
}

/**
 * Binds the host's implementation, so that every facade call of every copy of the package reaches it. The
 * runtime's facets are read here, once: a getter that hands out another facet object later is not seen; bind
 * again to change them.
 *
 * @param runtime - The host's implementation and self-description.
 * @param options - `replace: true` replaces a bound runtime instead of refusing; `deprecationWarnings` says how
 *   often a runtime-deprecated member warns.
 * @returns The binding; `unbind()` it (or let `using` do it) when the host stops.
 * @throws {@link IllegalStateException} when another runtime is bound; the message names both hosts.
 * @throws {@link IllegalArgumentException} when `runtime` does not have the contract's shape.
 * @see {@link unbindRuntime}
 * @example
 * ```ts
 * import { bindRuntime, unbindRuntime, type VendorRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * declare const runtime: VendorRuntime
 * bindRuntime(runtime)
 * // ...
 * unbindRuntime()
 * ```
 */
export function bindRuntime(runtime: VendorRuntime, options: BindOptions = {}): RuntimeBinding {
  const warnings: unknown = options.deprecationWarnings
  if (warnings !== undefined && warnings !== 'per-binding' && warnings !== 'per-process') {
    throw new IllegalArgumentException(
      `bindRuntime: deprecationWarnings must be 'per-binding' or 'per-process', got ${JSON.stringify(warnings)}.`,
    )
  }
  const slot = registrySlot()
  const bound = slot.binding
  // Binding the runtime that is bound keeps its binding as it is, facets included: nothing is read again.
  if (bound?.runtime !== runtime) {
    const { facets, linkage } = readRuntime(runtime)
    if (bound !== undefined && options.replace !== true) {
      throw new IllegalStateException(
        `Cannot bind runtime '${runtime.description.name}' (platform ${runtime.description.platformVersion}): ` +
          `runtime '${bound.runtime.description.name}' (platform ${bound.runtime.description.platformVersion}) is already bound. ` +
          `Unbind it first (unbindRuntime(), or host.uninstall() for a test host), or pass { replace: true } in tests.`,
      )
    }
    slot.binding = newBinding(slot, runtime, facets, linkage, options)
  }
  // What this handle unbinds: the binding made here, or the one kept when the bound runtime is bound again.
  const made = slot.binding
  const binding: RuntimeBinding = {
    runtime,
    unbind: () => {
      if (slot.binding === made) slot.binding = undefined
    },
    [Symbol.dispose]: () => binding.unbind(),
  }
  return binding
}

/** A binding of `runtime` with the facets read from it. */
function newBinding(
  slot: Slot,
  runtime: VendorRuntime,
  facets: BoundFacets,
  linkage: Linkage,
  options: BindOptions,
): Binding {
  const warned =
    options.deprecationWarnings === 'per-process' ? (slot.warnedInProcess ??= new Set()) : new Set<string>()
  return { runtime, warned, facets, linkage }
}

/**
 * Unbinds the bound runtime, restoring the unbound state in which every host-backed call throws
 * `IllegalStateException`.
 *
 * @param runtime - When given, unbind only if this runtime is the bound one.
 * @returns `true` when a runtime was unbound.
 * @see {@link bindRuntime}
 * @example
 * ```ts
 * import { unbindRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * unbindRuntime() // false when nothing was bound
 * ```
 */
export function unbindRuntime(runtime?: VendorRuntime): boolean {
  const slot = registrySlot()
  if (slot.binding === undefined) return false
  if (runtime !== undefined && slot.binding.runtime !== runtime) return false
  slot.binding = undefined
  return true
}

/**
 * The bound runtime, or `undefined` when none is bound. Its `description` says which platform version,
 * library line and linkage it provides.
 *
 * @returns The bound runtime, if any.
 * @example
 * ```ts
 * import { currentRuntime } from '@tech-vendor/api/runtime-contract'
 *
 * const linkage = currentRuntime()?.description.linkage ?? 'unbound'
 * ```
 */
export function currentRuntime(): VendorRuntime | undefined {
  return registrySlot().binding?.runtime
}

const FACETS = ['storage', 'query', 'domain', 'beans', 'async', 'messages', 'rpc'] as const

/**
 * The runtime's facets and linkage, each read once (a getter on the runtime runs once per binding), after
 * checking that the runtime has the contract's shape.
 */
function readRuntime(runtime: unknown): { facets: BoundFacets; linkage: Linkage } {
  const problems: string[] = []
  if (typeof runtime !== 'object' || runtime === null) {
    throw new IllegalArgumentException(
      `bindRuntime expects a runtime object with a description and facets, got ${runtime === null ? 'null' : typeof runtime}.`,
    )
  }
  const r = runtime as Record<string, unknown>
  const d = r['description'] as Record<string, unknown> | undefined
  if (typeof d !== 'object' || d === null) {
    problems.push('description is missing: give { name, platformVersion, libraryLine, linkage }')
  } else {
    if (typeof d['name'] !== 'string' || d['name'] === '')
      problems.push('description.name must be a non-empty string')
    if (typeof d['platformVersion'] !== 'string' || d['platformVersion'] === '')
      problems.push("description.platformVersion must be a non-empty string such as '1.0.0-beta18'")
    if (d['libraryLine'] !== '0.0.5' && d['libraryLine'] !== '1.0.0')
      problems.push(
        `description.libraryLine must be '0.0.5' or '1.0.0', got ${JSON.stringify(d['libraryLine'])}`,
      )
    if (d['linkage'] !== 'dynamic' && d['linkage'] !== 'static')
      problems.push(`description.linkage must be 'dynamic' or 'static', got ${JSON.stringify(d['linkage'])}`)
  }
  const facets: Record<string, unknown> = {}
  for (const facet of FACETS) {
    const value = r[facet]
    facets[facet] = value
    if (value !== undefined && (typeof value !== 'object' || value === null))
      problems.push(
        `${facet} must be an object of methods when given, got ${value === null ? 'null' : typeof value}`,
      )
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `bindRuntime was given an invalid runtime:\n  - ${problems.join('\n  - ')}`,
    )
  }
  return { facets: Object.freeze(facets), linkage: (d as { linkage: Linkage }).linkage }
}
