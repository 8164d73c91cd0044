package tech.vendor.api

/**
 * The plugin library's QueryHelper. A logic call already runs in one transaction of the emulator's host, which
 * commits when the call succeeds and rolls back when it fails; these run their closure inside it.
 */
class QueryHelper {
    static Object withTransaction(Closure closure) { closure.call(new Status()) }

    static Object withSession(Closure closure) { closure.call(null) }

    static Object withNewSession(Closure closure) { closure.call(null) }

    static Object withSql(Closure closure) {
        throw new UnsupportedOperationException('QueryHelper.withSql: the emulator has no SQL connection for Groovy logic; use SimpleQuery or the domain classes')
    }

    /** The transaction's status: `setRollbackOnly()` makes the call fail, so that nothing it wrote is kept. */
    static class Status {
        boolean rollbackOnly = false

        void setRollbackOnly() {
            throw new IllegalStateException('the transaction was marked rollback-only; nothing this call wrote is kept')
        }
    }
}
