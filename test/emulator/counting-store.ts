import { memoryStore, type Store } from '../../src/testing/index.js'
import type { HostData } from '../../src/testing/store/store.js'

/**
 * The in-memory store, counting by domain the reads that reach it (`get`, `select` and `count` calls) in
 * `reads`: what a test holds a cache to, without timing anything.
 */
export function countingStore(reads: Map<string, number>): Store {
  const inner = memoryStore()
  return {
    kind: inner.kind,
    close: () => inner.close(),
    open(request) {
      const data = inner.open(request)
      return new Proxy(data, {
        get(target, key) {
          const value = Reflect.get(target, key, target) as unknown
          if (typeof value !== 'function') return value
          if (key !== 'get' && key !== 'select' && key !== 'count') return value.bind(target)
          return (...args: [unknown, string, ...unknown[]]) => {
            reads.set(args[1], (reads.get(args[1]) ?? 0) + 1)
            return Reflect.apply(value, target, args)
          }
        },
      }) as HostData
    },
  }
}
