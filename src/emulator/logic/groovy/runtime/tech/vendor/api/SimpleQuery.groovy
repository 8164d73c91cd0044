package tech.vendor.api

import tech.vendor.emulator.Channel
import tech.vendor.emulator.DomainObject

/**
 * The plugin library's SimpleQuery: conditions collected here, run by the emulator's host as the caller when a
 * terminal method (`get`, `list`, `listAll`) is called. A domain is named by its short name or its class.
 */
class SimpleQuery {
    private final String domain
    private final boolean and
    private final List<Map> conditions = []

    private SimpleQuery(String domain, boolean and) {
        this.domain = domain
        this.and = and
    }

    static SimpleQuery of(Object domain, boolean and = true) { new SimpleQuery(nameOf(domain), and) }

    static Object getById(Object domain, Object id) { Channel.request('record', 'get', [domain: nameOf(domain), id: id as long]) }

    static List getByIds(Object domain, Collection ids) { (List) Channel.request('record', 'getByIds', [domain: nameOf(domain), ids: ids.collect { it as long }]) }

    static List getAll(Object domain) { (List) Channel.request('record', 'getAll', [domain: nameOf(domain)]) }

    static long count(Object domain) { ((Number) Channel.request('record', 'count', [domain: nameOf(domain)])).longValue() }

    SimpleQuery eq(String field, Object value) { add('eq', field, value) }

    SimpleQuery ne(String field, Object value) { add('ne', field, value) }

    SimpleQuery gt(String field, Object value) { add('gt', field, value) }

    SimpleQuery ge(String field, Object value) { add('ge', field, value) }

    SimpleQuery lt(String field, Object value) { add('lt', field, value) }

    SimpleQuery le(String field, Object value) { add('le', field, value) }

    SimpleQuery iLike(String field, String pattern) { add('iLike', field, pattern) }

    SimpleQuery notILike(String field, String pattern) { add('notILike', field, pattern) }

    SimpleQuery 'in'(String field, Collection values) { add('in', field, values) }

    SimpleQuery notIn(String field, Collection values) { add('notIn', field, values) }

    SimpleQuery isNull(String field) { conditions << [op: 'isNull', field: field, values: []]; this }

    SimpleQuery notNull(String field) { conditions << [op: 'notNull', field: field, values: []]; this }

    /** The first match in id order, or null. */
    Object get() { run('get', [:]) }

    /** One page (a list with `totalCount`), optionally ordered by fields, ascending unless `asc` is false. */
    List list(int offset, int limit, List<String> orderBy = null, boolean asc = true) {
        Map paging = [offset: offset, max: limit, asc: asc]
        if (orderBy != null) paging.orderBy = orderBy
        (List) run('page', paging)
    }

    List listAll() { (List) run('all', [:]) }

    private SimpleQuery add(String op, String field, Object value) {
        conditions << [op: op, field: field, values: [value]]
        this
    }

    private Object run(String mode, Map paging) {
        Channel.request('query', mode, [domain: domain, and: and, conditions: conditions, mode: mode] + paging)
    }

    private static String nameOf(Object domain) {
        if (domain instanceof Class && DomainObject.isAssignableFrom((Class) domain)) return ((Class) domain).simpleName
        if (domain instanceof CharSequence) return domain.toString()
        throw new IllegalArgumentException("a domain is named by its short name or its class, not ${domain}".toString())
    }
}
