package tech.vendor.emulator

import groovy.transform.ThreadInterrupt
import org.codehaus.groovy.control.CompilerConfiguration
import org.codehaus.groovy.control.customizers.ASTTransformationCustomizer
import org.codehaus.groovy.control.customizers.ImportCustomizer

import java.security.MessageDigest

/**
 * Compiled scripts, one per logic id, compiled again when the logic's code changes. Every loop and closure of a
 * script checks for an interrupt (ThreadInterrupt), so a script past its time stops when its thread is
 * interrupted. The library's packages are imported for the script, as the platform's scripts import them.
 */
class Scripts {
    static final GroovyClassLoader loader = new GroovyClassLoader(Scripts.classLoader, configuration())
    private static final Map<String, List> compiled = [:]
    private static int version = 0

    private static CompilerConfiguration configuration() {
        def config = new CompilerConfiguration()
        config.addCompilationCustomizers(
            new ASTTransformationCustomizer(ThreadInterrupt),
            new ImportCustomizer().addStarImports('tech.vendor.api', 'tech.vendor.exception', 'grails.validation'))
        config
    }

    /** The script class of a logic, compiled from `code` unless this code is compiled already. */
    static synchronized Class classOf(String logicId, String code) {
        String digest = MessageDigest.getInstance('SHA-256').digest(code.getBytes('UTF-8')).encodeHex().toString()
        List entry = compiled.get(logicId)
        if (entry != null && entry[0] == digest) return (Class) entry[1]
        String name = "Logic${logicId.replaceAll(/\W/, '_')}v${++version}"
        Class type = loader.parseClass(new GroovyCodeSource(code, "${name}.groovy", '/groovy/script'))
        compiled.put(logicId, [digest, type])
        type
    }

    /** How many scripts are compiled: the emulator's tests count compilations through it. */
    static synchronized int getCompilations() { version }
}
