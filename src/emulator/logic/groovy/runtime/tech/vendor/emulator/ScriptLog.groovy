package tech.vendor.emulator

/**
 * `log` in a script: called as a closure (`log('saved')`) or as a logger (`log.info('saved {}', id)`, with
 * SLF4J's `{}` placeholders), it writes a line to the emulator's log, naming the logic.
 */
class ScriptLog {
    private final String callId

    ScriptLog(String callId) { this.callId = callId }

    void call(Object... parts) { write('INFO', parts) }

    void info(Object... parts) { write('INFO', parts) }

    void warn(Object... parts) { write('WARN', parts) }

    void error(Object... parts) { write('ERROR', parts) }

    void debug(Object... parts) { write('DEBUG', parts) }

    void trace(Object... parts) { write('TRACE', parts) }

    boolean isDebugEnabled() { true }

    boolean isInfoEnabled() { true }

    private void write(String level, Object[] parts) {
        Channel.send([type: 'log', id: callId, level: level, message: format(parts)])
    }

    static String format(Object[] parts) {
        if (parts == null || parts.length == 0) return ''
        String text = String.valueOf(parts[0])
        List rest = parts.length > 1 ? parts[1..-1] as List : []
        Throwable thrown = !rest.isEmpty() && rest.last() instanceof Throwable ? (Throwable) rest.last() : null
        if (thrown != null) rest = rest.subList(0, rest.size() - 1)
        Iterator args = rest.iterator()
        StringBuilder out = new StringBuilder()
        int at = 0
        int found
        while ((found = text.indexOf('{}', at)) >= 0 && args.hasNext()) {
            out.append(text, at, found).append(String.valueOf(args.next()))
            at = found + 2
        }
        out.append(text.substring(at))
        while (args.hasNext()) out.append(' ').append(String.valueOf(args.next()))
        if (thrown != null) out.append(' ').append(thrown.getClass().name).append(': ').append(thrown.message)
        out.toString()
    }
}
