package tech.vendor.emulator

import groovy.json.JsonOutput
import groovy.json.JsonSlurper

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.atomic.AtomicInteger

/**
 * The JVM's end of the stdio protocol: writes messages to the emulator (one JSON object a line, one writer at a
 * time) and hands each reply to the call that waits for it. A script's facade call blocks its thread until the
 * emulator answers, so the emulator can run the facade as the caller, in the caller's tenant.
 */
class Channel {
    private static PrintStream out
    private static final Map<String, LinkedBlockingQueue<Map>> waiting = new ConcurrentHashMap<>()
    private static final AtomicInteger nextCall = new AtomicInteger()

    static void open(PrintStream protocolOut) { out = protocolOut }

    static synchronized void send(Map message) {
        out.println(JsonOutput.toJson(message))
        out.flush()
    }

    static Map parse(String line) { (Map) new JsonSlurper().parseText(line) }

    /** Hands a `reply` to the call waiting for it; a reply nobody waits for (a cancelled call's) is dropped. */
    static void deliver(Map reply) {
        waiting.get("${reply.id}/${reply.call}".toString())?.offer(reply)
    }

    /**
     * Asks the emulator to run `op` of `target` for the current call, and waits for its answer: the value, or
     * the exception the emulator's answer names (a validation failure as grails.validation.ValidationException).
     */
    static Object request(String target, String op, Map args) {
        CallContext call = CallContext.current()
        String callId = String.valueOf(nextCall.incrementAndGet())
        String key = "${call.id}/${callId}".toString()
        def queue = new LinkedBlockingQueue<Map>(1)
        waiting.put(key, queue)
        try {
            send([type: 'call', id: call.id, call: callId, target: target, op: op, args: Codec.toWire(args)])
            Map reply = queue.take()
            if (reply.ok) return Codec.fromWire(reply.value)
            throw Errors.fromEmulator((Map) reply.error)
        } finally {
            waiting.remove(key)
        }
    }
}
