package tech.vendor.api

import tech.vendor.emulator.Channel
import tech.vendor.emulator.DomainObject

/** The plugin library's DomainHelper: builds, creates, updates, deletes and renders objects through the host. */
class DomainHelper {
    static Object buildDomain(String domainName, Map properties = [:]) {
        Channel.request('record', 'build', [domain: domainName, properties: properties])
    }

    static void createDomain(Object requestData) { written(requestData, Channel.request('record', 'create', [object: requestData])) }

    static void updateDomain(Object requestData) { written(requestData, Channel.request('record', 'update', [object: requestData])) }

    static void deleteDomain(Object requestData) { Channel.request('record', 'delete', [object: requestData]) }

    static List batchCreate(Object domain, List objects) {
        String name = domain instanceof Class ? ((Class) domain).simpleName : domain.toString()
        (List) Channel.request('record', 'batchCreate', [domain: name, objects: objects])
    }

    static Map render(Object domainObj, Object renderType = 'ALL_COLUMNS') {
        (Map) Channel.request('record', 'render', [object: domainObj, renderType: renderType.toString()])
    }

    /** What the host wrote (its id, its defaults) lands in the script's object, as GORM's save fills it. */
    private static void written(Object target, Object result) {
        if (target instanceof DomainObject && result instanceof DomainObject) {
            ((DomainObject) target).$values.clear()
            ((DomainObject) target).$values.putAll(((DomainObject) result).$values)
        } else if (target instanceof Map && result instanceof DomainObject) {
            ((Map) target).putAll(((DomainObject) result).properties)
        }
    }
}
