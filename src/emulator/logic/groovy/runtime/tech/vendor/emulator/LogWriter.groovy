package tech.vendor.emulator

/** `println` in a script: each line goes to the emulator's log, as stdout belongs to the protocol. */
class LogWriter extends Writer {
    private final String callId
    private StringBuilder line = new StringBuilder()

    LogWriter(String callId) { this.callId = callId }

    void write(char[] chars, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (chars[i] == '\n' as char) flushLine() else line.append(chars[i])
        }
    }

    void flush() {}

    void close() { if (line.length() > 0) flushLine() }

    private void flushLine() {
        Channel.send([type: 'log', id: callId, level: 'INFO', message: line.toString()])
        line = new StringBuilder()
    }
}
