package tech.vendor.emulator

/**
 * GORM's static methods of a domain class: `get`, `getAll`, `count`, `list(max:, offset:, sort:, order:)`, and
 * the dynamic finders `findBy<F>`, `findAllBy<F>`, `countBy<F>` with `And`/`Or` and GORM's comparators
 * (`GreaterThan`, `LessThanEquals`, `Like`, `Ilike`, `NotEqual`, `InList`, `IsNull`, `IsNotNull`, `Between`).
 * Each asks the emulator, which runs it with the plugin library's SimpleQuery as the caller.
 */
class Gorm {
    /** GORM's comparators, longest first, with SimpleQuery's operator and how many arguments each takes. */
    private static final List<List> COMPARATORS = [
        ['GreaterThanEquals', 'ge', 1], ['LessThanEquals', 'le', 1], ['GreaterThan', 'gt', 1], ['LessThan', 'lt', 1],
        ['NotEqual', 'ne', 1], ['NotInList', 'notIn', 1], ['InList', 'in', 1], ['IsNotNull', 'notNull', 0],
        ['IsNull', 'isNull', 0], ['NotIlike', 'notILike', 1], ['NotLike', 'notLike', 1], ['Ilike', 'iLike', 1],
        ['Like', 'like', 1], ['Between', 'between', 2], ['Equal', 'eq', 1],
    ]

    static Object get(String domain, Object id) {
        id == null ? null : Channel.request('record', 'get', [domain: domain, id: id as long])
    }

    static List getAll(String domain, List ids = null) {
        (List) (ids == null ? Channel.request('record', 'getAll', [domain: domain])
            : Channel.request('record', 'getByIds', [domain: domain, ids: ids.collect { it as long }]))
    }

    static long count(String domain) { ((Number) Channel.request('record', 'count', [domain: domain])).longValue() }

    static List list(String domain, Map params) {
        (List) query(domain, true, [], 'all', params ?: [:])
    }

    /** `findBy...`, `findAllBy...`, `countBy...`; anything else is a MissingMethodException, as in GORM. */
    static Object dynamic(Class type, String domain, String method, Object[] args) {
        def match = method =~ /^(findAllBy|findBy|countBy)([A-Z]\w*)$/
        if (!match.matches()) throw new MissingMethodException(method, type, args, true)
        String mode = [findAllBy: 'all', findBy: 'first', countBy: 'count'][match.group(1)]
        String expression = match.group(2)
        List<Object> rest = args as List
        Map params = !rest.isEmpty() && rest.last() instanceof Map && mode == 'all' ? (Map) rest.remove(rest.size() - 1) : [:]
        boolean and = true
        List<String> parts = [expression]
        def split = expression.split(/(?<=[a-z0-9])(?=(And|Or)[A-Z])/)
        if (split.length > 1) {
            List<String> pieces = []
            String joiner = null
            boolean consistent = true
            split.eachWithIndex { String piece, int i ->
                if (i == 0) { pieces << piece; return }
                String word = piece.startsWith('And') ? 'And' : 'Or'
                if (joiner != null && joiner != word) consistent = false
                joiner = word
                pieces << piece.substring(word.length())
            }
            if (consistent && pieces.every { fieldOf(domain, it) != null }) {
                parts = pieces
                and = joiner == 'And'
            }
        }
        List conditions = []
        int at = 0
        for (String part : parts) {
            def (String field, String op, int arity) = fieldOf(domain, part) ?: [null, null, 0]
            if (field == null) {
                throw new MissingMethodException(method, type, args, true)
            }
            if (at + arity > rest.size()) {
                throw new MissingMethodException(method, type, args, true)
            }
            conditions << [op: op, field: field, values: rest.subList(at, at + arity).collect { it }]
            at += arity
        }
        if (at != rest.size()) throw new MissingMethodException(method, type, args, true)
        query(domain, and, conditions, mode, params)
    }

    /** A finder part (`StatusNotEqual`) as [field, operator, arity], or null when the domain has no such field. */
    private static List fieldOf(String domain, String part) {
        for (List c : COMPARATORS) {
            String suffix = (String) c[0]
            if (part.endsWith(suffix) && part.length() > suffix.length()) {
                String field = decapitalize(part.substring(0, part.length() - suffix.length()))
                if (field == 'id' || Domains.hasField(domain, field)) return [field, c[1], c[2]]
            }
        }
        String field = decapitalize(part)
        (field == 'id' || Domains.hasField(domain, field)) ? [field, 'eq', 1] : null
    }

    private static String decapitalize(String text) {
        text.length() > 1 && Character.isUpperCase(text.charAt(1)) ? text : text[0].toLowerCase() + text.substring(1)
    }

    static Object query(String domain, boolean and, List conditions, String mode, Map params) {
        Map args = [domain: domain, and: and, conditions: conditions, mode: mode]
        if (params.max != null) args.max = params.max as int
        if (params.offset != null) args.offset = params.offset as int
        if (params.sort != null) args.sort = String.valueOf(params.sort)
        if (params.order != null) args.asc = String.valueOf(params.order).toLowerCase() != 'desc'
        Object found = Channel.request('query', mode, args)
        mode == 'count' ? ((Number) found).longValue() : found
    }
}
