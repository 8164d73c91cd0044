package tech.vendor.api

/**
 * The plugin library's AsyncHelper. The emulator runs a task at once, on the calling thread, within the call:
 * its writes land in the call's transaction, and what it throws fails the call rather than a thread nobody
 * watches. A periodic task is refused, as a script outlives no call here.
 */
class AsyncHelper {
    static void task(Closure task) { task.call() }

    static void task(boolean newThread, Closure task) { task.call() }

    static Object scheduleAtFixRate(long period, Closure task, boolean newThread = false) {
        throw new UnsupportedOperationException('AsyncHelper.scheduleAtFixRate: a Groovy logic of the emulator cannot leave a task running after its call; schedule it from a plugin')
    }
}
