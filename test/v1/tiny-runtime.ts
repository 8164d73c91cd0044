import type { Thread } from '../../src/v1/index.js'
import { bindRuntime, type Linkage, type VendorRuntime } from '../../src/runtime-contract/index.js'

/** One call a tiny runtime received: the facet member and its arguments. */
export type Call = readonly [member: string, ...args: unknown[]]

/** A Thread handle as a host returns it. */
export function fakeThread(name: string): Thread {
  return {
    getName: () => name,
    isAlive: () => false,
    join: () => Promise.resolve(),
    interrupt: () => undefined,
  }
}

/**
 * Binds (replacing any binding) a runtime of the 1.0.0 series with the platform's AsyncHelper and dynamic RPC,
 * recording every call. `rpc: false` leaves dynamic RPC out, as a 0.0.5 runtime does.
 */
export function bindTinyRuntime(linkage: Linkage, options: { readonly rpc?: boolean } = {}) {
  const calls: Call[] = []
  const thread = fakeThread('vendor-async-1')
  const runtime: VendorRuntime = {
    description: { name: `tiny-${linkage}`, platformVersion: '1.0.0-beta18', libraryLine: '1.0.0', linkage },
    async: {
      scheduleAtFixRate: (period, task, newThread) => {
        calls.push(['scheduleAtFixRate', period, task, newThread])
        return () => void calls.push(['cancel'])
      },
      task: (task) => {
        calls.push(['task', task])
        return thread
      },
      taskNamed: (threadName, task) => {
        calls.push(['taskNamed', threadName, task])
        return fakeThread(threadName)
      },
      supplyAsync: (supplier) => {
        calls.push(['supplyAsync', supplier])
        return Promise.resolve().then(supplier)
      },
    },
    ...(options.rpc === false
      ? {}
      : {
          rpc: {
            invoke: (serviceName: string, method: string, args: readonly unknown[]) => {
              calls.push(['invoke', serviceName, method, args])
              return `${serviceName}.${method} answered`
            },
          },
        }),
  }
  bindRuntime(runtime, { replace: true })
  return { runtime, calls, thread }
}
