package tech.vendor.emulator

import java.util.concurrent.ConcurrentHashMap

/**
 * The application's domains, as the emulator describes them at start (`init`): each becomes a class of its
 * name, a DomainObject subclass with GORM's statics, compiled once into the loader the scripts compile in.
 */
class Domains {
    private static final Map<String, Set<String>> fields = new ConcurrentHashMap<>()
    private static final Map<String, Class> classes = new ConcurrentHashMap<>()

    /** Defines the domain classes from `{name: [field, ...]}`, in `loader`. */
    static void define(Map<String, List<String>> domains, GroovyClassLoader loader) {
        domains.each { String name, List<String> names -> fields.put(name, new HashSet<String>(names)) }
        domains.keySet().findAll { it ==~ /[A-Za-z_][A-Za-z0-9_]*/ }.each { String name ->
            classes.put(name, loader.parseClass(source(name), "${name}.groovy"))
        }
    }

    static boolean hasField(String domain, String field) { fields.get(domain)?.contains(field) ?: false }

    static Class classOf(String domain) {
        Class type = classes.get(domain)
        if (type == null) throw new IllegalArgumentException("there is no application domain named ${domain}".toString())
        type
    }

    /** A domain object from the wire, as an instance of its domain's class (DomainObject for another domain). */
    static DomainObject wrap(Map wire) {
        String domain = (String) wire.get('$domain')
        Class type = classes.get(domain)
        DomainObject object = type != null ? (DomainObject) type.newInstance() : new DomainObject(domain)
        wire.each { k, v -> if (k != '$domain') object.$values.put((String) k, Codec.fromWire(v)) }
        // A reference as the wire carries it, `{"id": n}`: loaded on first read (DomainObject).
        object.$stub = type != null && wire.size() == 2 && wire.get('id') != null
        object
    }

    /** The class of one domain: its constructors and GORM's statics, each a call into Gorm with its name. */
    private static String source(String name) {
        """
        class ${name} extends tech.vendor.emulator.DomainObject {
            ${name}() { super('${name}') }
            ${name}(Map properties) { super('${name}', properties) }
            static ${name} get(Object id) { (${name}) tech.vendor.emulator.Gorm.get('${name}', id) }
            static ${name} read(Object id) { get(id) }
            static List<${name}> getAll() { tech.vendor.emulator.Gorm.getAll('${name}') }
            static List<${name}> getAll(List ids) { tech.vendor.emulator.Gorm.getAll('${name}', ids) }
            static List<${name}> getAll(Object... ids) { tech.vendor.emulator.Gorm.getAll('${name}', ids as List) }
            static long count() { tech.vendor.emulator.Gorm.count('${name}') }
            static List<${name}> list() { tech.vendor.emulator.Gorm.list('${name}', [:]) }
            static List<${name}> list(Map params) { tech.vendor.emulator.Gorm.list('${name}', params) }
            static Object \$static_methodMissing(String method, Object args) {
                tech.vendor.emulator.Gorm.dynamic(${name}, '${name}', method, (Object[]) args)
            }
        }
        """
    }
}
