package tech.vendor.emulator

/** The logic call a script thread runs: its protocol id, so that facade calls and log lines name it. */
class CallContext {
    private static final ThreadLocal<CallContext> CURRENT = new ThreadLocal<>()

    final String id

    CallContext(String id) { this.id = id }

    static CallContext current() {
        CallContext call = CURRENT.get()
        if (call == null) throw new IllegalStateException('no logic call runs on this thread: the platform library is reachable only while a logic runs')
        call
    }

    static void enter(CallContext call) { CURRENT.set(call) }

    static void leave() { CURRENT.remove() }
}
