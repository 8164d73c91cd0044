import { IllegalStateException } from '../../../errors/illegal-state-exception.js'

/**
 * Refuses to open a PostgreSQL store for a host when the store is closed, or when another host holds it: such
 * a store serves one host at a time.
 *
 * @param store - The store's kind (`PGlite`, `PostgreSQL`) and the function that makes one.
 * @param closed - Whether the store was closed.
 * @param holder - The test host that holds the store, if any.
 * @param hostName - The test host that asks for it.
 * @throws `IllegalStateException` saying what to do.
 * @internal
 */
export function checkStoreFree(
  store: { readonly kind: string; readonly factory: string },
  closed: boolean,
  holder: string | undefined,
  hostName: string,
): void {
  if (closed)
    throw new IllegalStateException(
      `The ${store.kind} store of test host '${hostName}' is closed; make a new one with ${store.factory}().`,
    )
  if (holder !== undefined) {
    throw new IllegalStateException(
      `The ${store.kind} store serves one host at a time, and test host '${holder}' holds it: uninstall that host ` +
        `(host.uninstall(), or \`using\`) before test host '${hostName}' uses the store, or give each a store of its own.`,
    )
  }
}
