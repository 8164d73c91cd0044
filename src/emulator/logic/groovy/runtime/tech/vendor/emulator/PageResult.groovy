package tech.vendor.emulator

/** One page of a query (SimpleQuery.list): the objects, as a list, and the count of every match. */
class PageResult extends ArrayList {
    final long totalCount

    PageResult(Collection items, long totalCount) {
        super(items)
        this.totalCount = totalCount
    }

    List getResult() { new ArrayList(this) }
}
