import { afterEach, beforeEach, vi } from 'vitest'
import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import { conformanceDomains } from './conformance-domains.js'
import type { ConformanceFactory, ConformanceHost, ConformanceSetup } from './conformance-host.js'

/** The tenants every host of the suite knows; code outside `runAs` runs as the first. @internal */
export const TENANTS: readonly string[] = Object.freeze(['acme', 'globex'])

/** What a test can change of the setup. @internal */
export interface SetupOverrides {
  readonly linkage?: Linkage
  readonly beans?: readonly object[]
}

/** A host a test started: installed, with the errors its asynchronous tasks reported. @internal */
export interface Started {
  readonly host: ConformanceHost
  /** What the host passed to `setup.onError`, oldest first. */
  readonly errors: readonly unknown[]
}

/** One `process.emitWarning` call of type `DeprecationWarning`. @internal */
export interface DeprecationCall {
  readonly message: string
  readonly code: string | undefined
}

/**
 * The per-test plumbing every group shares: starts hosts from the factory, uninstalls them after the test,
 * records deprecation warnings instead of printing them, and runs every test on real timers.
 * @internal
 */
export interface SuiteContext {
  /** Makes a host for this test and checks its shape, without installing it; the test must clean it up. */
  readonly create: (overrides?: SetupOverrides) => Started
  /** Makes a host for this test, checks its shape and installs it; it is uninstalled after the test. */
  readonly start: (overrides?: SetupOverrides) => Started
  /** Uninstalls a started host now (the suite then leaves it alone after the test). */
  readonly stop: (host: ConformanceHost) => void
  /** The deprecation warnings emitted since the test began. */
  readonly deprecations: () => readonly DeprecationCall[]
}

const HOST_METHODS = ['install', 'uninstall', 'runAs', 'current', 'whenIdle', 'readStoredFile'] as const

/** The optional adapters of a host, with the methods each must have when it is given. */
const ADAPTER_METHODS: readonly (readonly [adapter: string, methods: readonly string[]])[] = [
  ['pluginLoader', ['load', 'unload', 'reload']],
  ['seedData', ['importCsv']],
]

/**
 * Registers the hooks in the calling `describe` block and returns the context its tests use.
 * @internal
 */
export function createSuiteContext(hostName: string, factory: ConformanceFactory): SuiteContext {
  let running: ConformanceHost[] = []
  let warnings: DeprecationCall[] = []
  let restoreWarnings: (() => void) | undefined

  beforeEach(() => {
    // Timing checks use short real timers, which every host has; a caller's fake timers would stall them.
    vi.useRealTimers()
    warnings = []
    // Replaced by hand, not with vi.spyOn: a spy on an already spied method is the caller's own spy, and
    // restoring it would remove theirs. Other warnings go on to whatever was there before.
    const original = Reflect.get(process, 'emitWarning') as (...args: unknown[]) => void
    const record = (warning: unknown, ...rest: unknown[]): void => {
      const [options] = rest
      const type = typeof options === 'string' ? options : (options as { type?: unknown } | undefined)?.type
      if (type !== 'DeprecationWarning') {
        Reflect.apply(original, process, [warning, ...rest])
        return
      }
      const code =
        typeof options === 'object' && options !== null ? (options as { code?: unknown }).code : undefined
      warnings.push({ message: String(warning), code: typeof code === 'string' ? code : undefined })
    }
    Reflect.set(process, 'emitWarning', record)
    restoreWarnings = () => {
      if (Reflect.get(process, 'emitWarning') === record) Reflect.set(process, 'emitWarning', original)
    }
  })

  afterEach(() => {
    const hosts = running
    running = []
    restoreWarnings?.()
    restoreWarnings = undefined
    let failure: Error | undefined
    for (const host of hosts.reverse()) {
      try {
        host.uninstall()
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(`uninstall() threw ${String(error)}`)
      }
    }
    if (failure !== undefined) throw failure
  })

  const context: SuiteContext = {
    create: (overrides = {}) => {
      const errors: unknown[] = []
      const setup: ConformanceSetup = Object.freeze({
        domains: conformanceDomains,
        linkage: overrides.linkage ?? 'dynamic',
        tenants: TENANTS,
        onError: (error: unknown) => void errors.push(error),
        beans: Object.freeze([...(overrides.beans ?? [])]),
      })
      const host = factory(setup)
      checkHost(hostName, host)
      return { host, errors }
    },
    start: (overrides = {}) => {
      const started = context.create(overrides)
      started.host.install()
      running.push(started.host)
      return started
    },
    stop: (host) => {
      const index = running.indexOf(host)
      if (index < 0) return
      running.splice(index, 1)
      host.uninstall()
    },
    deprecations: () => warnings,
  }
  return context
}

function checkHost(hostName: string, host: unknown): asserts host is ConformanceHost {
  if (typeof host !== 'object' || host === null) {
    throw new IllegalArgumentException(
      `The conformance factory of '${hostName}' returned ${host === null ? 'null' : typeof host}; it must return a ConformanceHost ` +
        `({ ${HOST_METHODS.join(', ')} }) that is not yet installed.`,
    )
  }
  const missing = HOST_METHODS.filter((name) => typeof (host as Record<string, unknown>)[name] !== 'function')
  if (missing.length > 0) {
    throw new IllegalArgumentException(
      `The conformance factory of '${hostName}' returned a host without ${missing.join(', ')}. ` +
        'A ConformanceHost has install(), uninstall(), runAs(identity, fn), current(), whenIdle() and readStoredFile(key) ' +
        '(docs/conformance.md).',
    )
  }
  // The adapters are optional, but one that is given must be whole: a half adapter would skip nothing and
  // fail in the middle of a test.
  const problems: string[] = []
  for (const [adapter, methods] of ADAPTER_METHODS) {
    const value = (host as unknown as Record<string, unknown>)[adapter]
    if (value === undefined) continue
    const missing =
      typeof value === 'object' && value !== null
        ? methods.filter((name) => typeof (value as Record<string, unknown>)[name] !== 'function')
        : methods
    if (missing.length > 0)
      problems.push(`${adapter} lacks ${missing.join(', ')} (give { ${methods.join(', ')} } or leave it out)`)
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(
      `The conformance factory of '${hostName}' returned a host whose optional adapters are incomplete: ` +
        `${problems.join('; ')}. See docs/conformance.md.`,
    )
  }
}
