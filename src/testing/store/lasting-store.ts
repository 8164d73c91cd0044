import type { Store } from './store.js'

/**
 * A view of a store whose hosts keep what they commit (`OpenRequest.lasting`): the emulator's `persist` and shared
 * `store` (SPEC §15.2). Closing the view closes the store.
 *
 * @param store - A store made by `pgliteStore`, `postgresStore` or `memoryStore`.
 * @returns The view, to pass as `createTestHost({ store })`.
 * @internal
 */
export function lastingStore(store: Store): Store {
  return {
    kind: store.kind,
    open: (request) => store.open({ ...request, lasting: true }),
    close: () => store.close(),
  }
}
