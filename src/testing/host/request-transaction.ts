import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { RunAs, TestHost } from './test-host.js'

/**
 * The key under which a reference host keeps {@link runInTransaction}'s implementation: a member of the host
 * that is not part of its public type, for the emulator of the same package.
 *
 * @internal
 */
export const RUN_IN_TRANSACTION: unique symbol = Symbol('tech-vendor.runInTransaction')

/** A host that can run asynchronous work in one store transaction. */
interface TransactionalHost {
  [RUN_IN_TRANSACTION]<T>(identity: RunAs, work: () => Promise<T>): Promise<T>
}

/**
 * Runs asynchronous work as an identity in one store transaction that lasts across its `await`s: it commits when
 * the work resolves and rolls back when it rejects (or marked the transaction rollback-only). Facade calls inside
 * join it, as they join a `QueryHelper.withTransaction` that is running.
 *
 * Inside a transaction of the same tenant that is running (a logic's call inside a request that writes), it joins
 * that one instead: its writes commit with it, and are undone to a savepoint when the work rejects.
 *
 * `QueryHelper.withTransaction` ends with its closure, as the platform's does, so it cannot hold a transaction
 * across an await; a request of the emulator can (an object hook after a write, a logic that awaits), as a
 * request thread on the platform holds its transaction until it answers. The caller must not run other work on
 * the host while the transaction is open: a PostgreSQL store has one connection per host, so the emulator runs
 * one request at a time (see its request gate).
 *
 * @param host - A host made by this package's `createTestHost`, installed.
 * @param identity - Who to run as, as `host.runAs` takes it.
 * @param work - The work; its result is the result.
 * @returns What the work resolved to, once committed.
 * @throws What the work threw, after the rollback; `IllegalStateException` when the work marked the transaction
 *   rollback-only without throwing, or when the host is not one of this package's.
 * @internal
 */
export function runInTransaction<T>(host: TestHost, identity: RunAs, work: () => Promise<T>): Promise<T> {
  const transactional = host as Partial<TransactionalHost>
  const run = transactional[RUN_IN_TRANSACTION]
  if (typeof run !== 'function') {
    throw new IllegalStateException(
      'runInTransaction needs a host made by createTestHost of the same copy of @tech-vendor/api.',
    )
  }
  return run.call(host, identity, work) as Promise<T>
}
