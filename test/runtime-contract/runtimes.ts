import type { Linkage, RuntimeDescription, VendorRuntime } from '../../src/runtime-contract/index.js'

/** The facets a test runtime provides, loosely typed so that a test can leave members out or add extra ones. */
export type Facets = Partial<Record<Exclude<keyof VendorRuntime, 'description'>, Record<string, unknown>>>

/**
 * A tiny runtime for tests: a description and whatever facets the test gives.
 *
 * @param name - The host name, as messages show it.
 * @param linkage - How plugin code is linked to it.
 * @param facets - The facets, with only the members the test needs.
 */
export function tinyRuntime(name: string, linkage: Linkage, facets: Facets = {}): VendorRuntime {
  const description: RuntimeDescription = {
    name,
    platformVersion: '1.0.0-beta18',
    libraryLine: '0.0.5',
    linkage,
  }
  return { description, ...facets } as unknown as VendorRuntime
}

/** A Thread handle as a host returns it. */
export interface FakeThread {
  readonly name: string
  isAlive(): boolean
  join(): void
}

/** What the platform runtime's AsyncHelper has (task returns a Thread), recording every call. */
export function platformAsync(
  calls: unknown[][] = [],
): Record<string, unknown> & { readonly thread: FakeThread } {
  const thread: FakeThread = { name: 'vendor-async-1', isAlive: () => false, join: () => undefined }
  return {
    thread,
    task: (...args: unknown[]) => {
      calls.push(['task', ...args])
      return thread
    },
    taskNamed: (...args: unknown[]) => {
      calls.push(['taskNamed', ...args])
      return thread
    },
    scheduleAtFixRate: (...args: unknown[]) => {
      calls.push(['scheduleAtFixRate', ...args])
      return () => calls.push(['cancel'])
    },
  }
}
