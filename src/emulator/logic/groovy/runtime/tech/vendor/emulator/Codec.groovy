package tech.vendor.emulator

import java.time.Instant
import java.time.LocalDate
import java.time.temporal.TemporalAccessor

/**
 * Values between the emulator and a script. On the wire, what JSON cannot say is tagged: `{"$date": iso}`,
 * `{"$decimal": "12.50"}`, `{"$domain": "Order", "id": 1, ...fields}` (a domain object, references nested the
 * same way), `{"$class": "Order"}` (a domain class passed as a value), `{"$page": [...], "totalCount": n}`.
 */
class Codec {
    /** A script's value as the wire carries it. */
    static Object toWire(Object value) {
        if (value == null || value instanceof Boolean || value instanceof String) return value
        if (value instanceof BigDecimal) return ['$decimal': ((BigDecimal) value).toPlainString()]
        if (value instanceof Number) {
            if (value instanceof Double || value instanceof Float) {
                double d = ((Number) value).doubleValue()
                return Double.isFinite(d) ? value : null
            }
            return value
        }
        if (value instanceof CharSequence || value instanceof Character) return value.toString()
        if (value instanceof Date) return ['$date': ((Date) value).toInstant().toString()]
        if (value instanceof Calendar) return ['$date': ((Calendar) value).toInstant().toString()]
        if (value instanceof Instant) return ['$date': value.toString()]
        if (value instanceof LocalDate) return value.toString()
        if (value instanceof TemporalAccessor) return value.toString()
        if (value instanceof Enum) return ((Enum) value).name()
        if (value instanceof DomainObject) return ((DomainObject) value).toWire()
        if (value instanceof Class && DomainObject.isAssignableFrom((Class) value)) return ['$class': ((Class) value).simpleName]
        if (value instanceof Map) {
            Map out = new LinkedHashMap()
            ((Map) value).each { k, v -> out.put(String.valueOf(k), toWire(v)) }
            return out
        }
        if (value instanceof Iterable) return ((Iterable) value).collect { toWire(it) }
        if (value instanceof Iterator) return ((Iterator) value).collect { toWire(it) }
        if (value != null && value.getClass().isArray()) return (value as List).collect { toWire(it) }
        if (value instanceof Closure) throw new IllegalArgumentException('a closure cannot leave the script: return its result instead (closure.call())')
        return value.toString()
    }

    /** A value from the wire as a script sees it. */
    static Object fromWire(Object value) {
        if (value instanceof Map) {
            Map map = (Map) value
            if (map.containsKey('$date')) return Date.from(Instant.parse((String) map.get('$date')))
            if (map.containsKey('$decimal')) return new BigDecimal((String) map.get('$decimal'))
            if (map.containsKey('$domain')) return Domains.wrap(map)
            if (map.containsKey('$class')) return Domains.classOf((String) map.get('$class'))
            if (map.containsKey('$page')) return new PageResult(((List) map.get('$page')).collect { fromWire(it) }, ((Number) map.get('totalCount')).longValue())
            Map out = new LinkedHashMap()
            map.each { k, v -> out.put(k, fromWire(v)) }
            return out
        }
        if (value instanceof List) return new ArrayList(((List) value).collect { fromWire(it) })
        return value
    }
}
