package tech.vendor.emulator

/**
 * An object of an application domain, as GORM gives it to a script: its fields as properties (`order.status`,
 * `order.customer.name`), `save()`, `save(flush: true)` and `delete()`. Each domain is a subclass of its name
 * (Domains makes them), so `Order.findByStatus('OPEN')` and `new Order(status: 'OPEN').save()` read as on the
 * platform. The state lives in `$`-named fields so that no field name of a domain is taken.
 *
 * A reference that arrives as its id only (a hook's object, an action's objects: the wire's `{"id": n}`) is
 * loaded when the script first reads one of its other fields, as GORM's proxy is.
 */
class DomainObject {
    protected final String $domain
    protected final Map<String, Object> $values = new LinkedHashMap<>()
    /** Whether only the id is known, the fields still to be loaded. */
    protected boolean $stub = false

    DomainObject(String domain) { this.$domain = domain }

    DomainObject(String domain, Map properties) {
        this(domain)
        properties?.each { k, v -> propertyMissing(String.valueOf(k), v) }
    }

    def propertyMissing(String name) {
        if (name == 'id') return $values.get(name)
        if (!Domains.hasField($domain, name)) throw new MissingPropertyException(name, getClass())
        load()
        $values.get(name)
    }

    /** A reference known by its id: its fields, from the emulator, once. */
    private void load() {
        if (!$stub) return
        $stub = false
        DomainObject stored = (DomainObject) Channel.request('record', 'get', [domain: $domain, id: $values.id])
        if (stored == null) return
        stored.$values.each { k, v -> if (!$values.containsKey(k)) $values.put(k, v) }
    }

    def propertyMissing(String name, Object value) {
        if (name != 'id' && !Domains.hasField($domain, name)) throw new MissingPropertyException(name, getClass())
        $values.put(name, value)
    }

    /** The domain's short name. */
    String getDomainName() { $domain }

    /** Creates the object (no id yet) or updates it, as the caller; throws ValidationException when refused. */
    def save(Map options = [:]) {
        DomainObject written = (DomainObject) Channel.request('record', 'save', [object: this])
        $values.clear()
        $values.putAll(written.$values)
        this
    }

    /** Deletes the object, as the caller. */
    void delete(Map options = [:]) {
        Channel.request('record', 'delete', [object: this])
    }

    /** The object's fields, by name, the id included. */
    Map getProperties() {
        load()
        new LinkedHashMap($values)
    }

    /** The object on the wire: `{"$domain": name, id, ...fields}`, references nested. */
    Map toWire() {
        Map out = ['$domain': $domain]
        $values.each { k, v -> out.put(k, Codec.toWire(v)) }
        out
    }

    boolean equals(Object other) {
        other instanceof DomainObject && ((DomainObject) other).$domain == $domain &&
            $values.id != null && ((DomainObject) other).$values.id == $values.id
    }

    int hashCode() { Objects.hash($domain, $values.id) }

    String toString() { "${$domain} : ${$values.id ?: '(unsaved)'}" }
}
