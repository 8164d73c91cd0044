import { QueryHelper } from '../../index.js'
import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { TestHost } from '../../testing/index.js'

/** The advisory lock every emulator on a database takes for its start, as PostgreSQL's `hashtext` of this. */
const LOCK = "hashtext('@tech-vendor/api emulator start')"
/** How long a start waits for another process's start, and how often it looks. */
const WAIT_MS = 120_000
const POLL_MS = 50

/**
 * Runs an emulator's start (its seeding: users, platform records, the data folder) while no other emulator on the
 * same database starts: with a shared store (SPEC §15.2), two processes that start at once would each find no
 * engine, no user, no import, and each write them. The lock is PostgreSQL's session-level advisory lock, taken on
 * the connection the host runs code outside a transaction on, and given back at the end.
 *
 * @param host - The emulator's host, installed.
 * @param tenant - A tenant to run the lock's statements in.
 * @param work - The start.
 * @returns What the start returned.
 * @throws `IllegalStateException` when another start holds the lock for longer than two minutes.
 * @internal
 */
export function underStartLock<T>(host: TestHost, tenant: string, work: () => T): T {
  const locked = (): boolean =>
    host.runAs({ tenant, user: null }, () =>
      QueryHelper.withSql(
        (sql) => sql.firstRow(`SELECT pg_try_advisory_lock(${LOCK}) AS locked`)?.['locked'] === true,
      ),
    )
  const deadline = Date.now() + WAIT_MS
  while (!locked()) {
    if (Date.now() > deadline)
      throw new IllegalStateException(
        `Another emulator on this database has been starting for ${WAIT_MS / 1000} s (it holds the start lock): ` +
          'wait for it, or stop it, and start again.',
      )
    // The start is synchronous: wait without spinning.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, POLL_MS)
  }
  try {
    return work()
  } finally {
    host.runAs({ tenant, user: null }, () =>
      QueryHelper.withSql((sql) => sql.firstRow(`SELECT pg_advisory_unlock(${LOCK})`)),
    )
  }
}
