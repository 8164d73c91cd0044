import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { checkedFacet, linked, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import type { QuerySpec } from '../runtime-contract/facets.js'
import { members } from '../runtime-contract/members.js'
import { currentRuntime } from '../runtime-contract/registry.js'
import {
  describeValue,
  requireBoolean,
  requireCollection,
  notANonEmptyString,
  requireDomainName,
  requireId,
  requireName,
} from './argument-checks.js'
import type {
  ComparableField,
  ConditionValue,
  DomainName,
  DomainObject,
  DomainRegistry,
  FieldName,
  TextField,
} from '../model/domain-registry.js'
import type { Class } from '../model/java-types.js'
import { createPaginationQueryResult, type PaginationQueryResult } from './pagination-query-result.js'
import type { QueryCondition, QueryOperator } from '../model/query-condition.js'
import { QUERY_OPERATORS, operatorKind } from '../model/query-operators.js'

/** What `of`, `getById`, ... take: a domain name or a class. */
type Target = string | Class<unknown>

/**
 * A query on one domain: conditions added one by one, then one of the execution methods (`get`, `list`,
 * `listAll`). Start it with {@link SimpleQuery.of}.
 *
 * Condition methods record the condition and return the same query, as the Java builder does, so the chained
 * form `q.eq(...).list(...)` and the statement form `q.eq(...); q.list(...)` mean the same. Conditions combine
 * with AND, or with OR for a query made by `of(Class, false)`. The platform runs the query on PostgreSQL
 * (through GORM/Hibernate), with SQL's three-valued logic: a condition on a null field is never true except
 * `isNull`.
 *
 * With the domain declared in {@link DomainRegistry}, field names, condition values and results are typed by
 * it; an undeclared domain is queried loosely, as in Java.
 *
 * @typeParam T - The type of the domain's objects.
 * @example
 * ```ts
 * import { SimpleQuery } from '@tech-vendor/api'
 *
 * const q = SimpleQuery.of('Order')
 * q.eq('status', 'OPEN')
 * q.gt('total', 100)
 * const page = q.list(0, 20, ['total'], false)
 * console.log(page.length, page.totalCount)
 * ```
 */
export class SimpleQuery<T = DomainObject> {
  readonly #target: Target
  readonly #domain: string
  readonly #and: boolean
  readonly #conditions: QueryCondition[] = []

  private constructor(target: Target, domain: string, and: boolean) {
    this.#target = target
    this.#domain = domain
    this.#and = and
  }

  /**
   * Starts a query on a domain declared in {@link DomainRegistry}, typed by it; its conditions combine with AND.
   *
   * @typeParam N - The declared domain name.
   * @param domainName - The domain's short name, such as `Order`.
   * @returns A new query with no condition.
   * @throws {@link IllegalArgumentException} when the platform has no such domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const open = SimpleQuery.of('Order').eq('status', 'OPEN').listAll()
   * ```
   */
  static of<N extends DomainName>(domainName: N): SimpleQuery<DomainRegistry[N]>
  /**
   * Starts a query on a domain by its short name (`SimpleQuery<?>` in Java); its conditions combine with AND.
   * A domain not declared in {@link DomainRegistry} is loosely typed: any field, objects as {@link DomainObject}.
   *
   * @param domainName - The domain's short name, such as `Order`.
   * @returns A new query with no condition.
   * @throws {@link IllegalArgumentException} when `domainName` is blank, or the platform has no such domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const tags = SimpleQuery.of('Tag').iLike('name', 'urgent%').listAll()
   * ```
   */
  static of(domainName: string): SimpleQuery<DomainObject>
  /**
   * Starts a query on the domain a class is bound to (a {@link DynamicDomainEntity}: its static
   * `domainName`, else the class name), typed by the class; its conditions combine with AND.
   *
   * @typeParam T - The class's instance type.
   * @param type - The class.
   * @returns A new query with no condition.
   * @throws {@link IllegalArgumentException} when the class is bound to no domain of the platform.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DynamicDomainEntity, SimpleQuery } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {
   *   declare total: number
   * }
   * const large = SimpleQuery.of(Invoice).gt('total', 1000).listAll() // Invoice[]
   * ```
   */
  static of<T>(type: Class<T>): SimpleQuery<T>
  /**
   * Starts a query on the domain a class is bound to, choosing how its conditions combine: all of them
   * (`and` true, AND) or any of them (`and` false, OR).
   *
   * @typeParam T - The class's instance type.
   * @param type - The class.
   * @param and - `true` for AND, `false` for OR.
   * @returns A new query with no condition.
   * @throws {@link IllegalArgumentException} when `and` is not a boolean, or the class is bound to no domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DynamicDomainEntity, SimpleQuery } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {
   *   declare status: string
   *   declare total: number
   * }
   * // status is DRAFT, or the total is over 1000:
   * const toReview = SimpleQuery.of(Invoice, false).eq('status', 'DRAFT').gt('total', 1000).listAll()
   * ```
   */
  static of<T>(type: Class<T>, and: boolean): SimpleQuery<T>
  static of(target: Target, and?: boolean): unknown {
    const byClass = typeof target === 'function'
    const facet = !byClass
      ? ((this as FacadeClass)?.[LINKED]?.queryOfName ??
        checkedFacet(members.queryOfName, arguments, SimpleQuery))
      : arguments.length > 1
        ? ((this as FacadeClass)?.[LINKED]?.queryOfClassAnd ??
          checkedFacet(members.queryOfClassAnd, arguments, SimpleQuery))
        : ((this as FacadeClass)?.[LINKED]?.queryOfClass ??
          checkedFacet(members.queryOfClass, arguments, SimpleQuery))
    if (!byClass) {
      requireDomainName(target, 'SimpleQuery.of(domainName)', 'domainName')
      if (arguments.length > 1) {
        throw new IllegalArgumentException(
          'SimpleQuery.of(domainName) takes only the domain name. To combine conditions with OR, query by class: ' +
            'SimpleQuery.of(Class, false).',
        )
      }
    } else if (arguments.length > 1) {
      requireBoolean(and, 'SimpleQuery.of(Class, and)', 'and')
    }
    return new SimpleQuery(target, facet.resolveDomain(target), and ?? true)
  }

  /**
   * The object of a declared domain with this id, or `null` when there is none.
   *
   * @typeParam N - The declared domain name.
   * @param domainName - The domain's short name.
   * @param id - The object's id.
   * @returns The object, or `null`.
   * @throws {@link IllegalArgumentException} when `id` is not an integer, or the domain does not exist.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link SimpleQuery.getByIds} for several ids.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const order = SimpleQuery.getById('Order', 42)
   * if (order !== null) console.log(order.id)
   * ```
   */
  static getById<N extends DomainName>(domainName: N, id: number): DomainRegistry[N] | null
  /**
   * The object of a domain with this id, or `null` when there is none.
   *
   * @param domainName - The domain's short name.
   * @param id - The object's id.
   * @returns The object, or `null`.
   * @throws {@link IllegalArgumentException} when `domainName` is blank, `id` is not an integer, or the domain
   *   does not exist.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const tag = SimpleQuery.getById('Tag', 7)
   * ```
   */
  static getById(domainName: string, id: number): DomainObject | null
  /**
   * The object of the class's domain with this id, or `null` when there is none.
   *
   * @typeParam T - The class's instance type.
   * @param type - The class.
   * @param id - The object's id.
   * @returns The object, or `null`.
   * @throws {@link IllegalArgumentException} when `id` is not an integer, or the class is bound to no domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DynamicDomainEntity, SimpleQuery } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {}
   * const invoice = SimpleQuery.getById(Invoice, 42) // Invoice | null
   * ```
   */
  static getById<T>(type: Class<T>, id: number): T | null
  static getById(target: Target, id: number): unknown {
    const facet =
      typeof target === 'function'
        ? ((this as FacadeClass)?.[LINKED]?.getByIdClass ??
          checkedFacet(members.getByIdClass, arguments, SimpleQuery))
        : ((this as FacadeClass)?.[LINKED]?.getByIdName ??
          checkedFacet(members.getByIdName, arguments, SimpleQuery))
    const where = 'SimpleQuery.getById(domain, id)'
    requireTarget(target, where)
    requireId(id, where, 'id')
    return facet.getById(target, id) ?? null
  }

  /**
   * The objects of a declared domain with these ids, in the order of `ids`; ids with no object are skipped.
   *
   * @typeParam N - The declared domain name.
   * @param domainName - The domain's short name.
   * @param ids - The ids.
   * @returns The objects found.
   * @throws {@link IllegalArgumentException} when `ids` is not a list of integers, or the domain does not exist.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link SimpleQuery.getById} for one id.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const orders = SimpleQuery.getByIds('Order', [1, 2, 3])
   * ```
   */
  static getByIds<N extends DomainName>(domainName: N, ids: readonly number[]): DomainRegistry[N][]
  /**
   * The objects of a domain with these ids, in the order of `ids`; ids with no object are skipped.
   *
   * @param domainName - The domain's short name.
   * @param ids - The ids.
   * @returns The objects found.
   * @throws {@link IllegalArgumentException} when `domainName` is blank, `ids` is not a list of integers, or
   *   the domain does not exist.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const tags = SimpleQuery.getByIds('Tag', [7, 8])
   * ```
   */
  static getByIds(domainName: string, ids: readonly number[]): DomainObject[]
  /**
   * The objects of the class's domain with these ids, in the order of `ids`; ids with no object are skipped.
   *
   * @typeParam T - The class's instance type.
   * @param type - The class.
   * @param ids - The ids.
   * @returns The objects found.
   * @throws {@link IllegalArgumentException} when `ids` is not a list of integers, or the class is bound to no
   *   domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DynamicDomainEntity, SimpleQuery } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {}
   * const invoices = SimpleQuery.getByIds(Invoice, [1, 2]) // Invoice[]
   * ```
   */
  static getByIds<T>(type: Class<T>, ids: readonly number[]): T[]
  static getByIds(target: Target, ids: readonly number[]): unknown[] {
    const facet =
      typeof target === 'function'
        ? ((this as FacadeClass)?.[LINKED]?.getByIdsClass ??
          checkedFacet(members.getByIdsClass, arguments, SimpleQuery))
        : ((this as FacadeClass)?.[LINKED]?.getByIdsName ??
          checkedFacet(members.getByIdsName, arguments, SimpleQuery))
    const where = 'SimpleQuery.getByIds(domain, ids)'
    requireTarget(target, where)
    const list = requireCollection(ids, where, 'ids')
    list.forEach((id, index) => requireId(id, where, `ids[${index}]`))
    return Array.from(facet.getByIds(target, list as readonly number[]))
  }

  /**
   * Every object of a declared domain.
   *
   * @typeParam N - The declared domain name.
   * @param domainName - The domain's short name.
   * @returns All its objects (of the current tenant).
   * @throws {@link IllegalArgumentException} when the domain does not exist.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link SimpleQuery.count} for how many there are.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const all = SimpleQuery.getAll('Order')
   * ```
   */
  static getAll<N extends DomainName>(domainName: N): DomainRegistry[N][]
  /**
   * Every object of a domain.
   *
   * @param domainName - The domain's short name.
   * @returns All its objects (of the current tenant).
   * @throws {@link IllegalArgumentException} when `domainName` is blank or the domain does not exist.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const tags = SimpleQuery.getAll('Tag')
   * ```
   */
  static getAll(domainName: string): DomainObject[]
  /**
   * Every object of the class's domain.
   *
   * @typeParam T - The class's instance type.
   * @param type - The class.
   * @returns All its objects (of the current tenant).
   * @throws {@link IllegalArgumentException} when the class is bound to no domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DynamicDomainEntity, SimpleQuery } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {}
   * const invoices = SimpleQuery.getAll(Invoice) // Invoice[]
   * ```
   */
  static getAll<T>(type: Class<T>): T[]
  static getAll(target: Target): unknown[] {
    const facet =
      typeof target === 'function'
        ? ((this as FacadeClass)?.[LINKED]?.getAllClass ??
          checkedFacet(members.getAllClass, arguments, SimpleQuery))
        : ((this as FacadeClass)?.[LINKED]?.getAllName ??
          checkedFacet(members.getAllName, arguments, SimpleQuery))
    requireTarget(target, 'SimpleQuery.getAll(domain)')
    return Array.from(facet.getAll(target))
  }

  /**
   * How many objects a domain holds (of the current tenant).
   *
   * @param domainName - The domain's short name.
   * @returns The count.
   * @throws {@link IllegalArgumentException} when `domainName` is blank or the domain does not exist.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link SimpleQuery.getAll} for the objects themselves.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const orders = SimpleQuery.count('Order')
   * ```
   */
  static count(domainName: string): number
  /**
   * How many objects the class's domain holds (of the current tenant).
   *
   * @typeParam T - The class's instance type.
   * @param type - The class.
   * @returns The count.
   * @throws {@link IllegalArgumentException} when the class is bound to no domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DynamicDomainEntity, SimpleQuery } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {}
   * const invoices = SimpleQuery.count(Invoice)
   * ```
   */
  static count<T>(type: Class<T>): number
  static count(target: Target): number {
    const facet =
      typeof target === 'function'
        ? ((this as FacadeClass)?.[LINKED]?.countClass ??
          checkedFacet(members.countClass, arguments, SimpleQuery))
        : ((this as FacadeClass)?.[LINKED]?.countName ??
          checkedFacet(members.countName, arguments, SimpleQuery))
    requireTarget(target, 'SimpleQuery.count(domain)')
    return facet.count(target)
  }

  /**
   * Keeps objects whose field equals `value`. For a DOMAIN_OBJECT field, pass the referenced object itself,
   * not its id (the platform compares by the object's id; a bare id is an `IllegalArgumentException`). A
   * null value never matches (SQL): use {@link SimpleQuery.isNull}.
   *
   * @typeParam K - The field.
   * @param field - The field name.
   * @param value - The value to compare with; typed by the field for a declared domain.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `value` is `undefined`.
   * @see {@link SimpleQuery.ne} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const customer = SimpleQuery.getById('Customer', 7)
   * if (customer !== null) {
   *   const orders = SimpleQuery.of('Order').eq('customer', customer).eq('status', 'OPEN').listAll()
   * }
   * ```
   */
  eq<K extends FieldName<T>>(field: K, value: ConditionValue<T, K>): this {
    return this.#addValue('eq', field, value)
  }

  /**
   * Keeps objects whose field differs from `value`. As in SQL, a null field never matches: add
   * `isNull(field)` through an OR query to include it.
   *
   * @typeParam K - The field.
   * @param field - The field name.
   * @param value - The value to compare with; the referenced object for a DOMAIN_OBJECT field.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `value` is `undefined`.
   * @see {@link SimpleQuery.eq} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const notClosed = SimpleQuery.of('Order').ne('status', 'CLOSED').listAll()
   * ```
   */
  ne<K extends FieldName<T>>(field: K, value: ConditionValue<T, K>): this {
    return this.#addValue('ne', field, value)
  }

  /**
   * Keeps objects whose field is greater than `value`: numbers compare numerically, strings by code point,
   * dates by instant. A null field never matches.
   *
   * @typeParam K - A comparable field (number, decimal, string, date).
   * @param field - The field name.
   * @param value - The bound, excluded.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `value` is `undefined`.
   * @see {@link SimpleQuery.le} for the inverse, {@link SimpleQuery.ge} to include the bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const large = SimpleQuery.of('Order').gt('total', 1000).listAll()
   * ```
   */
  gt<K extends ComparableField<T>>(field: K, value: ConditionValue<T, K>): this {
    return this.#addValue('gt', field, value)
  }

  /**
   * Keeps objects whose field is greater than or equal to `value`. A null field never matches.
   *
   * @typeParam K - A comparable field (number, decimal, string, date).
   * @param field - The field name.
   * @param value - The bound, included.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `value` is `undefined`.
   * @see {@link SimpleQuery.lt} for the inverse, {@link SimpleQuery.gt} to exclude the bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const thisYear = SimpleQuery.of('Order').ge('createdOn', '2024-01-01').listAll()
   * ```
   */
  ge<K extends ComparableField<T>>(field: K, value: ConditionValue<T, K>): this {
    return this.#addValue('ge', field, value)
  }

  /**
   * Keeps objects whose field is less than `value`. A null field never matches.
   *
   * @typeParam K - A comparable field (number, decimal, string, date).
   * @param field - The field name.
   * @param value - The bound, excluded.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `value` is `undefined`.
   * @see {@link SimpleQuery.ge} for the inverse, {@link SimpleQuery.le} to include the bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const small = SimpleQuery.of('Order').lt('total', 10).listAll()
   * ```
   */
  lt<K extends ComparableField<T>>(field: K, value: ConditionValue<T, K>): this {
    return this.#addValue('lt', field, value)
  }

  /**
   * Keeps objects whose field is less than or equal to `value`. A null field never matches.
   *
   * @typeParam K - A comparable field (number, decimal, string, date).
   * @param field - The field name.
   * @param value - The bound, included.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `value` is `undefined`.
   * @see {@link SimpleQuery.gt} for the inverse, {@link SimpleQuery.lt} to exclude the bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const due = SimpleQuery.of('Invoice').le('dueOn', '2024-06-30').listAll()
   * ```
   */
  le<K extends ComparableField<T>>(field: K, value: ConditionValue<T, K>): this {
    return this.#addValue('le', field, value)
  }

  /**
   * Keeps objects whose text field matches `pattern` case-insensitively (SQL `ILIKE`): the pattern matches
   * the whole value, `%` stands for any run of characters, `_` for one character, and `\` escapes them. A
   * null field never matches.
   *
   * @typeParam K - A text field.
   * @param field - The field name.
   * @param pattern - The pattern, such as `%smith%`.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `pattern` is not a string (a null pattern
   *   included).
   * @see {@link SimpleQuery.notILike} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const smiths = SimpleQuery.of('Customer').iLike('name', '%smith%').listAll()
   * const literal = SimpleQuery.of('Product').iLike('code', '100\\%').listAll() // the text "100%"
   * ```
   */
  iLike<K extends TextField<T>>(field: K, pattern: string): this {
    return this.#addPattern('iLike', field, pattern)
  }

  /**
   * Keeps objects whose text field does not match `pattern` case-insensitively (SQL `NOT ILIKE`), with the
   * wildcards of {@link SimpleQuery.iLike}. A null field never matches.
   *
   * @typeParam K - A text field.
   * @param field - The field name.
   * @param pattern - The pattern, such as `test%`.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `pattern` is not a string (a null pattern
   *   included).
   * @see {@link SimpleQuery.iLike} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const real = SimpleQuery.of('Customer').notILike('name', 'test%').listAll()
   * ```
   */
  notILike<K extends TextField<T>>(field: K, pattern: string): this {
    return this.#addPattern('notILike', field, pattern)
  }

  /**
   * Keeps objects whose field equals one of `values` (SQL `IN`). An empty collection matches nothing; a null
   * field never matches. For a DOMAIN_OBJECT field, pass the referenced objects.
   *
   * @typeParam K - The field.
   * @param field - The field name.
   * @param values - The values: an array or another iterable (not a string); copied when the condition is added.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `values` is not a collection.
   * @see {@link SimpleQuery.notIn} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const active = SimpleQuery.of('Order').in('status', ['OPEN', 'PAID']).listAll()
   * ```
   */
  in<K extends FieldName<T>>(field: K, values: Iterable<ConditionValue<T, K>> & object): this {
    return this.#addCollection('in', field, values)
  }

  /**
   * Keeps objects whose field equals none of `values` (SQL `NOT IN`). An empty collection matches every
   * object with a value; a null field never matches, and a collection that holds null matches nothing.
   *
   * @typeParam K - The field.
   * @param field - The field name.
   * @param values - The values: an array or another iterable (not a string); copied when the condition is added.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank or `values` is not a collection.
   * @see {@link SimpleQuery.in} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const others = SimpleQuery.of('Order').notIn('status', new Set(['CLOSED', 'CANCELLED'])).listAll()
   * ```
   */
  notIn<K extends FieldName<T>>(field: K, values: Iterable<ConditionValue<T, K>> & object): this {
    return this.#addCollection('notIn', field, values)
  }

  /**
   * Keeps objects whose field is null (empty).
   *
   * @typeParam K - The field.
   * @param field - The field name.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank.
   * @see {@link SimpleQuery.notNull} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const unassigned = SimpleQuery.of('Order').isNull('customer').listAll()
   * ```
   */
  isNull<K extends FieldName<T>>(field: K): this {
    return this.#push(Object.freeze({ operator: 'isNull', field: this.#field('isNull', field) }))
  }

  /**
   * Keeps objects whose field is not null.
   *
   * @typeParam K - The field.
   * @param field - The field name.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `field` is blank.
   * @see {@link SimpleQuery.isNull} for the inverse.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const assigned = SimpleQuery.of('Order').notNull('customer').listAll()
   * ```
   */
  notNull<K extends FieldName<T>>(field: K): this {
    return this.#push(Object.freeze({ operator: 'notNull', field: this.#field('notNull', field) }))
  }

  /**
   * Adds several conditions at once, each as the condition method of its `operator` would. Every condition is
   * checked before any is added, so a bad one adds none.
   *
   * @param conditions - The conditions, in order.
   * @returns This query.
   * @throws {@link IllegalArgumentException} when `conditions` is not a list, or a condition is malformed (the
   *   message names its index).
   * @see {@link QueryCondition} for the shape of a condition.
   * @example
   * ```ts
   * import { SimpleQuery, type QueryCondition } from '@tech-vendor/api'
   *
   * const filters: QueryCondition[] = [
   *   { operator: 'eq', field: 'status', value: 'OPEN' },
   *   { operator: 'ge', field: 'total', value: 100 },
   * ]
   * const rows = SimpleQuery.of('Order').addConditions(filters).list(0, 50)
   * ```
   */
  addConditions(conditions: readonly QueryCondition<T>[]): this {
    const where = 'SimpleQuery.addConditions(conditions)'
    const list = requireCollection(conditions, where, 'conditions')
    const normalised = list.map((condition, index) =>
      normaliseCondition(condition, `${where}: condition ${index}`),
    )
    this.#conditions.push(...normalised)
    return this
  }

  /**
   * The single object that matches, or `null` when none does.
   *
   * @returns The match, or `null`.
   * @throws {@link NonUniqueResultException} when more than one object matches.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link SimpleQuery.list} for several matches.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const ann = SimpleQuery.of('Customer').eq('email', 'ann@example.com').get()
   * ```
   */
  get(): T | null {
    const facet = linked.queryGet ?? checkedFacet(members.queryGet, arguments)
    return (facet.get(this.#spec()) ?? null) as T | null
  }

  /**
   * One page of the matches in the default order (by id), with the count of all matches.
   *
   * @param offset - 0-based index of the first match to return; a Java int (0 to 2147483647).
   * @param limit - Most matches to return; a Java int (0 to 2147483647).
   * @returns The page, which also carries `totalCount`.
   * @throws {@link IllegalArgumentException} when `offset` or `limit` is negative or not an integer.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link SimpleQuery.listAll} for every match.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const second = SimpleQuery.of('Order').eq('status', 'OPEN').list(20, 20) // matches 21 to 40
   * ```
   */
  list(offset: number, limit: number): PaginationQueryResult<T>
  /**
   * One page of the matches, ordered ascending by `orderBy` (most significant field first; ties by id), with
   * the count of all matches. Nulls sort last.
   *
   * @param offset - 0-based index of the first match to return; a Java int (0 to 2147483647).
   * @param limit - Most matches to return; a Java int (0 to 2147483647).
   * @param orderBy - Fields to order by.
   * @returns The page, which also carries `totalCount`.
   * @throws {@link IllegalArgumentException} when `offset` or `limit` is negative or not an integer, or
   *   `orderBy` is not a list of field names.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const cheapest = SimpleQuery.of('Order').list(0, 10, ['total'])
   * ```
   */
  list(offset: number, limit: number, orderBy: readonly FieldName<T>[]): PaginationQueryResult<T>
  /**
   * One page of the matches, ordered by `orderBy` ascending (`asc` true) or descending (`asc` false), ties
   * by id, with the count of all matches. Nulls sort last ascending and first descending.
   *
   * @param offset - 0-based index of the first match to return; a Java int (0 to 2147483647).
   * @param limit - Most matches to return; a Java int (0 to 2147483647).
   * @param orderBy - Fields to order by, most significant first.
   * @param asc - `true` for ascending, `false` for descending.
   * @returns The page, which also carries `totalCount`.
   * @throws {@link IllegalArgumentException} when `offset` or `limit` is negative or not an integer, `orderBy`
   *   is not a list of field names, or `asc` is not a boolean.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * const latest = SimpleQuery.of('Order').list(0, 10, ['createdAt'], false)
   * ```
   */
  list(
    offset: number,
    limit: number,
    orderBy: readonly FieldName<T>[],
    asc: boolean,
  ): PaginationQueryResult<T>
  list(offset: number, limit: number, orderBy?: readonly string[], asc?: boolean): PaginationQueryResult<T> {
    const facet =
      arguments.length <= 2
        ? (linked.queryList ?? checkedFacet(members.queryList, arguments))
        : arguments.length === 3
          ? (linked.queryListOrdered ?? checkedFacet(members.queryListOrdered, arguments))
          : (linked.queryListOrderedAsc ?? checkedFacet(members.queryListOrderedAsc, arguments))
    const where = 'SimpleQuery.list(offset, limit, orderBy, asc)'
    requirePaging(offset, where, 'offset')
    requirePaging(limit, where, 'limit')
    let fields: readonly string[] = Object.freeze([])
    if (arguments.length >= 3) {
      fields = requireCollection(
        orderBy,
        where,
        'orderBy',
        " Pass field names, such as ['total'].",
      ) as readonly string[]
      fields.forEach((field, index) => requireName(field, where, `orderBy[${index}]`))
    }
    const ascending = arguments.length >= 4 ? requireBoolean(asc, where, 'asc') : true
    const page = facet.list(this.#spec(), Object.freeze({ offset, limit, orderBy: fields, asc: ascending }))
    return createPaginationQueryResult<T>(
      page?.items,
      page?.totalCount,
      currentRuntime()?.description.name ?? 'unknown',
    )
  }

  /**
   * Every match, in the default order (by id).
   *
   * @returns The matches.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link SimpleQuery.list} for one page with the total count.
   * @example
   * ```ts
   * import { SimpleQuery } from '@tech-vendor/api'
   *
   * for (const order of SimpleQuery.of('Order').eq('status', 'OPEN').listAll()) console.log(order.id)
   * ```
   */
  listAll(): T[] {
    const facet = linked.queryListAll ?? checkedFacet(members.queryListAll, arguments)
    return Array.from(facet.listAll(this.#spec())) as T[]
  }

  /** The frozen snapshot the host receives: later conditions do not change a query already handed over. */
  #spec(): QuerySpec {
    return Object.freeze({
      target: this.#target,
      domain: this.#domain,
      and: this.#and,
      conditions: Object.freeze([...this.#conditions]),
    })
  }

  #field(operator: QueryOperator, field: unknown): string {
    return requireName(field, `SimpleQuery.${operator}(field, ...)`, 'field')
  }

  #addValue(operator: QueryOperator, field: unknown, value: unknown): this {
    const name = this.#field(operator, field)
    requireDefined(value, `SimpleQuery.${operator}('${name}', value)`, name)
    return this.#push(Object.freeze({ operator, field: name, value }))
  }

  #addPattern(operator: QueryOperator, field: unknown, pattern: unknown): this {
    const name = this.#field(operator, field)
    requirePattern(pattern, `SimpleQuery.${operator}('${name}', pattern)`)
    return this.#push(Object.freeze({ operator, field: name, value: pattern }))
  }

  #addCollection(operator: QueryOperator, field: unknown, values: unknown): this {
    const name = this.#field(operator, field)
    const list = requireValues(values, `SimpleQuery.${operator}('${name}', values)`, operator)
    return this.#push(Object.freeze({ operator, field: name, value: list }))
  }

  #push(condition: object): this {
    this.#conditions.push(condition as QueryCondition)
    return this
  }
}

/** Checks a domain name or class argument. */
function requireTarget(target: unknown, where: string): void {
  // A function is a class (requireClass accepts any function). A name is the usual case, so it is tested first;
  // written out here rather than through requireDomainName, which the facade bench measures 0.05x slower.
  if (typeof target === 'string' ? target.length === 0 : typeof target !== 'function')
    throw notANonEmptyString(target, where, 'the domain name (or a class)')
}

/** Java's `Integer.MAX_VALUE`: `list(int offset, int limit)` takes Java ints. */
const INT_MAX = 2147483647

function requirePaging(value: unknown, where: string, what: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > INT_MAX) {
    throw new IllegalArgumentException(
      `${where} expects ${what} as a Java int from 0 to ${INT_MAX} (offset is 0-based), got ${describeValue(value)}.` +
        (what === 'limit' && typeof value === 'number' && value > INT_MAX
          ? ' To read every match, call listAll().'
          : ''),
    )
  }
}

function requireDefined(value: unknown, where: string, field: string): void {
  if (value === undefined) {
    throw new IllegalArgumentException(
      `${where} got undefined. Pass the value to compare with; to match an empty field use isNull('${field}').`,
    )
  }
}

function requirePattern(pattern: unknown, where: string): void {
  if (typeof pattern !== 'string') {
    throw new IllegalArgumentException(
      `${where} expects the pattern as a string (with % and _ as wildcards), got ${describeValue(pattern)}. ` +
        'A null pattern is not allowed: use isNull or notNull to test for an empty field.',
    )
  }
}

function requireValues(values: unknown, where: string, operator: QueryOperator): readonly unknown[] {
  const single = operator === 'in' ? 'eq' : 'ne'
  const hint = typeof values === 'string' ? ` For one value, wrap it ([value]) or use ${single}.` : ''
  const list = requireCollection(values, where, 'values', hint)
  const index = list.indexOf(undefined)
  if (index >= 0) {
    throw new IllegalArgumentException(
      `${where} got undefined at values[${index}]. Pass only defined values.`,
    )
  }
  return list
}

/** A frozen copy of one `addConditions` entry, checked as the matching condition method checks it. */
function normaliseCondition(condition: unknown, where: string): QueryCondition {
  if (typeof condition !== 'object' || condition == null || Array.isArray(condition)) {
    throw new IllegalArgumentException(
      `${where} must be an object { operator, field, value }, got ${describeValue(condition)}.`,
    )
  }
  const { operator, field, value } = condition as { operator?: unknown; field?: unknown; value?: unknown }
  const kind = operatorKind(operator)
  if (kind === undefined) {
    throw new IllegalArgumentException(
      `${where} has operator ${describeValue(operator)}; use one of ${QUERY_OPERATORS.join(', ')}.`,
    )
  }
  const op = operator as QueryOperator
  const name = requireName(field, where, 'field')
  if (kind === 'presence') return Object.freeze({ operator: op, field: name }) as QueryCondition
  if (kind === 'pattern') requirePattern(value, `${where} (${op} '${name}')`)
  else if (kind === 'collection') {
    const list = requireValues(value, `${where} (${op} '${name}')`, op)
    return Object.freeze({ operator: op, field: name, value: list }) as QueryCondition
  } else requireDefined(value, `${where} (${op} '${name}')`, name)
  return Object.freeze({ operator: op, field: name, value }) as QueryCondition
}
