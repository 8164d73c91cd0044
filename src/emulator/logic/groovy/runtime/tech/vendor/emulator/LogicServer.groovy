package tech.vendor.emulator

import org.codehaus.groovy.control.MultipleCompilationErrorsException
import org.codehaus.groovy.control.messages.SyntaxErrorMessage
import org.codehaus.groovy.runtime.InvokerHelper
import tech.vendor.exception.CustomLogicInterruptException
import tech.vendor.exception.CustomLogicWarningException

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.ThreadFactory

/**
 * The JVM's main loop: reads the emulator's messages (`init`, `run`, `reply`, `cancel`) from stdin and runs
 * each logic call on a thread of its own, so a call waiting for the emulator or stuck in a loop never blocks
 * another. stdout carries the protocol only; what else would write there goes to stderr.
 */
class LogicServer {
    private static final Map<String, Thread> running = new ConcurrentHashMap<>()
    private static final ExecutorService pool = Executors.newCachedThreadPool({ Runnable r ->
        Thread t = new Thread(r, 'logic')
        t.daemon = true
        t
    } as ThreadFactory)

    static void serve() {
        PrintStream protocol = System.out
        System.setOut(System.err)
        Channel.open(protocol)
        def input = new BufferedReader(new InputStreamReader(System.in, 'UTF-8'))
        String line
        while ((line = input.readLine()) != null) {
            if (line.trim().isEmpty()) continue
            Map message = Channel.parse(line)
            switch (message.type) {
                case 'init':
                    Domains.define((Map) message.domains, Scripts.loader)
                    Channel.send([type: 'ready', groovyVersion: GroovySystem.version, javaVersion: System.getProperty('java.version')])
                    break
                case 'run':
                    pool.execute({ run(message) } as Runnable)
                    break
                case 'reply':
                    Channel.deliver(message)
                    break
                case 'cancel':
                    cancel(String.valueOf(message.id))
                    break
                default:
                    System.err.println("logic-server: unknown message type ${message.type}")
            }
        }
        System.exit(0)
    }

    /** Runs one logic call and sends its result: its value, a warning, or the error as the emulator reports it. */
    static void run(Map message) {
        String id = String.valueOf(message.id)
        Map logic = (Map) message.logic
        CallContext.enter(new CallContext(id))
        running.put(id, Thread.currentThread())
        Map result
        Class type = null
        try {
            type = Scripts.classOf(String.valueOf(logic.id), String.valueOf(logic.code ?: ''))
            Binding binding = new Binding()
            ((Map) Codec.fromWire(message.variables ?: [:])).each { k, v -> binding.setVariable((String) k, v) }
            binding.setVariable('log', new ScriptLog(id))
            binding.setVariable('out', new PrintWriter(new LogWriter(id), true))
            Object value = InvokerHelper.createScript(type, binding).run()
            result = [ok: true, value: Codec.toWire(value)]
            echo(result, binding, (List) message.echo)
        } catch (MultipleCompilationErrorsException e) {
            result = [ok: false, error: compileError(e)]
        } catch (CustomLogicWarningException e) {
            result = [ok: true, value: null, warning: e.message]
        } catch (CustomLogicInterruptException e) {
            result = [ok: false, error: [kind: 'interrupt', 'class': e.class.name, message: e.message, line: lineOf(e, type)]]
        } catch (InterruptedException | ThreadDeath e) {
            result = [ok: false, error: [kind: 'cancelled', 'class': e.class.name, message: 'stopped: the call ran past its time']]
        } catch (Throwable e) {
            Throwable cause = e
            result = [ok: false, error: [kind: 'runtime', 'class': cause.class.name, message: cause.message, line: lineOf(cause, type)]]
        } finally {
            running.remove(id)
            CallContext.leave()
        }
        try {
            Channel.send([type: 'result', id: id] + result)
        } catch (Throwable e) {
            Channel.send([type: 'result', id: id, ok: false, error: [kind: 'runtime', 'class': e.class.name, message: "the script's value cannot be sent: ${e.message}".toString()]])
        }
    }

    /** The variables the emulator asked back (a hook's `object`, which a BEFORE hook may change). */
    private static void echo(Map result, Binding binding, List names) {
        if (names == null) return
        Map variables = [:]
        names.each { String name -> if (binding.hasVariable(name)) variables.put(name, Codec.toWire(binding.getVariable(name))) }
        result.variables = variables
    }

    private static Map compileError(MultipleCompilationErrorsException e) {
        def first = e.errorCollector.errors.find { it instanceof SyntaxErrorMessage }
        if (first == null) return [kind: 'compile', message: e.message]
        def cause = ((SyntaxErrorMessage) first).cause
        String message = cause.originalMessage ?: cause.message
        [kind: 'compile', 'class': cause.class.name, message: message, line: cause.line, column: cause.startColumn]
    }

    /** The script line an exception was thrown at: the first frame of the script's class (or a closure of it). */
    private static Integer lineOf(Throwable e, Class type) {
        if (type == null) return null
        for (Throwable t = e; t != null; t = t.cause == t ? null : t.cause) {
            def frame = t.stackTrace.find { it.className == type.name || it.className.startsWith(type.name + '$') }
            if (frame != null && frame.lineNumber > 0) return frame.lineNumber
        }
        null
    }

    /**
     * Stops a call past its time: interrupts its thread (every loop of a script checks), and, should it still
     * run a second later (blocked in a library), stops the thread outright where the JVM still allows it.
     */
    static void cancel(String id) {
        Thread thread = running.get(id)
        if (thread == null) return
        thread.interrupt()
        Thread.startDaemon {
            sleep(1000)
            if (running.get(id) == thread) {
                try {
                    thread.stop()
                } catch (UnsupportedOperationException ignored) {
                    System.err.println("logic-server: call ${id} does not stop; its thread keeps running")
                }
            }
        }
    }
}
