import type { LibraryLine } from './runtime-description.js'
import type { FacetName } from './vendor-runtime.js'

/**
 * One host-backed member of the declared surface, with what the platform runtime really has of it: the single
 * source for the facades' dispatch, the mismatch table in the docs, and the checker's rules.
 *
 * @example
 * ```ts
 * import { memberSpecs } from '@tech-vendor/api/runtime-contract'
 *
 * for (const m of memberSpecs) if (m.runtime === 'absent') console.log(m.id)
 * ```
 */
export interface MemberSpec {
  /** A stable id: `Owner.name(SimpleParamTypes)`, with the library line appended where the lines declare it differently. */
  readonly id: string
  /** The facade class, such as `AsyncHelper`. */
  readonly owner: string
  /** The fully qualified Java class, such as `tech.vendor.api.AsyncHelper`. */
  readonly javaOwner: string
  /** The method name. */
  readonly name: string
  /** Whether the Java method is static. */
  readonly isStatic: boolean
  /** The Java parameter types, erased: `java.lang.String`, `long`, `boolean`, ... */
  readonly parameters: readonly string[]
  /** The declared Java return type, erased: `void`, `java.lang.Object`, ... */
  readonly returns: string
  /** The library lines that declare the member this way; empty for a member only the runtime has. */
  readonly declaredIn: readonly LibraryLine[]
  /** The runtime facet that backs it. */
  readonly facet: FacetName
  /** The facet member that backs it. */
  readonly member: string
  /** Whether the platform runtime (1.0.0-beta18) has the member. */
  readonly runtime: 'present' | 'absent'
  /** The return type the platform runtime really has; differs from `returns` for `task(Runnable)` in 0.0.5. */
  readonly runtimeReturns: string
  /** Why the platform runtime deprecates the member, and what to use instead; absent when it does not. */
  readonly runtimeDeprecated?: string
  /** What to call instead where the platform runtime lacks the member or links it differently. */
  readonly instead?: string
}

const API = 'tech.vendor.api.'
const BOTH: readonly LibraryLine[] = ['0.0.5', '1.0.0']
const ASYNC_DEPRECATION =
  'Its tasks keep the tenant and plugin context, not the logged-in user: pass the user explicitly.'

/** The runtime facet that backs each facade's members. */
const FACETS = {
  StorageUtils: 'storage',
  QueryHelper: 'query',
  SimpleQuery: 'query',
  DomainHelper: 'domain',
  BeanContainer: 'beans',
  AsyncHelper: 'async',
  MessageHelper: 'messages',
  DynamicRpcClientService: 'rpc',
} as const satisfies Record<string, FacetName>

type Owner = keyof typeof FACETS

type Options = Partial<
  Pick<
    MemberSpec,
    'isStatic' | 'declaredIn' | 'runtime' | 'runtimeReturns' | 'runtimeDeprecated' | 'instead' | 'member'
  >
> & {
  readonly idSuffix?: string
}

/** One entry of the table; the facet is the owner's, the facet member is named after the method unless given. */
function spec<O extends Owner>(
  owner: O,
  name: string,
  parameters: readonly string[],
  returns: string,
  options: Options = {},
): MemberSpec & {
  /** The runtime facet that backs it, known to the type system so that a facade calls that facet's type. */
  readonly facet: (typeof FACETS)[O]
} {
  const simple = parameters.map((p) => p.slice(p.lastIndexOf('.') + 1)).join(', ')
  return {
    id: `${owner}.${name}(${simple})${options.idSuffix ?? ''}`,
    owner,
    javaOwner: API + owner,
    name,
    isStatic: options.isStatic ?? true,
    parameters,
    returns,
    declaredIn: options.declaredIn ?? BOTH,
    facet: FACETS[owner],
    member: options.member ?? name,
    runtime: options.runtime ?? 'present',
    runtimeReturns: options.runtimeReturns ?? returns,
    ...(options.runtimeDeprecated === undefined ? {} : { runtimeDeprecated: options.runtimeDeprecated }),
    ...(options.instead === undefined ? {} : { instead: options.instead }),
  }
}

/**
 * A member spec with its key in {@link members}, such as `countName`: the property of the facades' `linked`
 * record that holds the facet it calls (see dispatch.ts). Not enumerable and not in the public type.
 *
 * @internal
 */
export type KeyedMember = MemberSpec & { readonly key: MemberKey }

/** Gives each entry its key in the table, and freezes the entries and the table. */
function keyed<T extends Record<string, MemberSpec>>(table: T): Readonly<T> {
  for (const [key, member] of Object.entries(table))
    Object.freeze(Object.defineProperty(member, 'key', { value: key }))
  return Object.freeze(table)
}

const STRING = 'java.lang.String'
const OBJECT = 'java.lang.Object'
const LONG_BOXED = 'java.lang.Long'
const CLASS = 'java.lang.Class'
const LIST = 'java.util.List'
const RUNNABLE = 'java.lang.Runnable'
const CLOSURE = 'groovy.lang.Closure'
const THREAD = 'java.lang.Thread'
const SIMPLE_QUERY = `${API}SimpleQuery`

/**
 * Every host-backed member, by a short constant name the facades use.
 *
 * @example
 * ```ts
 * import { members } from '@tech-vendor/api/runtime-contract'
 *
 * console.log(members.asyncTaskOnNewThread.runtime) // 'absent'
 * ```
 */
export const members = keyed({
  /** `StorageUtils.createStorageFileDomain(String, String, InputStream)`: declared by 0.0.5 and the 1.0.0 series. */
  createStorageFileDomain: spec(
    'StorageUtils',
    'createStorageFileDomain',
    [STRING, STRING, 'java.io.InputStream'],
    `${API}StorageFieldValue`,
  ),

  /** `QueryHelper.withSession(Closure)`: declared by 0.0.5 and the 1.0.0 series. */
  withSession: spec('QueryHelper', 'withSession', [CLOSURE], OBJECT),
  /** `QueryHelper.withNewSession(Closure)`: declared by 0.0.5 and the 1.0.0 series. */
  withNewSession: spec('QueryHelper', 'withNewSession', [CLOSURE], OBJECT),
  /** `QueryHelper.withTransaction(Closure)`: declared by 0.0.5 and the 1.0.0 series. */
  withTransaction: spec('QueryHelper', 'withTransaction', [CLOSURE], OBJECT),
  /** `QueryHelper.withSql(Function)`: declared by 0.0.5 and the 1.0.0 series. */
  withSql: spec('QueryHelper', 'withSql', ['java.util.function.Function'], OBJECT),

  /** `SimpleQuery.of(String)`: declared by 0.0.5 and the 1.0.0 series. */
  queryOfName: spec('SimpleQuery', 'of', [STRING], SIMPLE_QUERY, { member: 'resolveDomain' }),
  /** `SimpleQuery.of(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  queryOfClass: spec('SimpleQuery', 'of', [CLASS], SIMPLE_QUERY, { member: 'resolveDomain' }),
  /** `SimpleQuery.of(Class, boolean)`: declared by 0.0.5 and the 1.0.0 series. */
  queryOfClassAnd: spec('SimpleQuery', 'of', [CLASS, 'boolean'], SIMPLE_QUERY, { member: 'resolveDomain' }),
  /** `SimpleQuery.getById(String, Long)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdName: spec('SimpleQuery', 'getById', [STRING, LONG_BOXED], OBJECT),
  /** `SimpleQuery.getById(Class, Long)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdClass: spec('SimpleQuery', 'getById', [CLASS, LONG_BOXED], OBJECT),
  /** `SimpleQuery.getByIds(String, List)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdsName: spec('SimpleQuery', 'getByIds', [STRING, LIST], LIST),
  /** `SimpleQuery.getByIds(Class, List)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdsClass: spec('SimpleQuery', 'getByIds', [CLASS, LIST], LIST),
  /** `SimpleQuery.getAll(String)`: declared by 0.0.5 and the 1.0.0 series. */
  getAllName: spec('SimpleQuery', 'getAll', [STRING], LIST),
  /** `SimpleQuery.getAll(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  getAllClass: spec('SimpleQuery', 'getAll', [CLASS], LIST),
  /** `SimpleQuery.count(String)`: declared by 0.0.5 and the 1.0.0 series. */
  countName: spec('SimpleQuery', 'count', [STRING], 'long'),
  /** `SimpleQuery.count(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  countClass: spec('SimpleQuery', 'count', [CLASS], 'long'),
  /** `SimpleQuery.get()`: declared by 0.0.5 and the 1.0.0 series. */
  queryGet: spec('SimpleQuery', 'get', [], OBJECT, { isStatic: false }),
  /** `SimpleQuery.list(int, int)`: declared by 0.0.5 and the 1.0.0 series. */
  queryList: spec('SimpleQuery', 'list', ['int', 'int'], `${API}PaginationQueryResult`, {
    isStatic: false,
  }),
  /** `SimpleQuery.list(int, int, List)`: declared by 0.0.5 and the 1.0.0 series. */
  queryListOrdered: spec('SimpleQuery', 'list', ['int', 'int', LIST], `${API}PaginationQueryResult`, {
    isStatic: false,
  }),
  /** `SimpleQuery.list(int, int, List, boolean)`: declared by 0.0.5 and the 1.0.0 series. */
  queryListOrderedAsc: spec(
    'SimpleQuery',
    'list',
    ['int', 'int', LIST, 'boolean'],
    `${API}PaginationQueryResult`,
    { isStatic: false },
  ),
  /** `SimpleQuery.listAll()`: declared by 0.0.5 and the 1.0.0 series. */
  queryListAll: spec('SimpleQuery', 'listAll', [], LIST, { isStatic: false }),

  /** `DomainHelper.buildDomain(String)`: declared by 0.0.5 and the 1.0.0 series. */
  buildDomain: spec('DomainHelper', 'buildDomain', [STRING], OBJECT),
  /** `DomainHelper.buildDomain(String, Object)`: declared by 0.0.5 and the 1.0.0 series. */
  buildDomainWith: spec('DomainHelper', 'buildDomain', [STRING, OBJECT], OBJECT),
  /** `DomainHelper.createDomain(Object)`: declared by 0.0.5 and the 1.0.0 series. */
  createDomain: spec('DomainHelper', 'createDomain', [OBJECT], 'void'),
  /** `DomainHelper.updateDomain(Object)`: declared by 0.0.5 and the 1.0.0 series. */
  updateDomain: spec('DomainHelper', 'updateDomain', [OBJECT], 'void'),
  /** `DomainHelper.deleteDomain(Object)`: declared by 0.0.5 and the 1.0.0 series. */
  deleteDomain: spec('DomainHelper', 'deleteDomain', [OBJECT], 'void'),
  /** `DomainHelper.render(Object, DomainObjectRenderType)`: declared by 0.0.5 and the 1.0.0 series. */
  render: spec('DomainHelper', 'render', [OBJECT, `${API}DomainObjectRenderType`], 'java.util.Map'),
  /** `DomainHelper.batchCreate(Class, List)`: declared by 0.0.5 and the 1.0.0 series. */
  batchCreateClass: spec('DomainHelper', 'batchCreate', [CLASS, LIST], LIST),
  /** `DomainHelper.batchCreate(String, List)`: declared by 0.0.5 and the 1.0.0 series. */
  batchCreateName: spec('DomainHelper', 'batchCreate', [STRING, LIST], LIST),

  /** `BeanContainer.getBean(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  getBean: spec('BeanContainer', 'getBean', [CLASS], OBJECT),
  /** `BeanContainer.getBeansOfType(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  getBeansOfType: spec('BeanContainer', 'getBeansOfType', [CLASS], 'java.util.Collection'),

  /** `AsyncHelper.scheduleAtFixRate(long, Runnable)`: declared by 0.0.5 and the 1.0.0 series. */
  scheduleAtFixRate: spec('AsyncHelper', 'scheduleAtFixRate', ['long', RUNNABLE], RUNNABLE, {
    runtimeDeprecated: ASYNC_DEPRECATION,
  }),
  /** `AsyncHelper.scheduleAtFixRate(long, Runnable, boolean)`: declared by 0.0.5 and the 1.0.0 series. */
  scheduleAtFixRateThread: spec('AsyncHelper', 'scheduleAtFixRate', ['long', RUNNABLE, 'boolean'], RUNNABLE, {
    runtimeDeprecated: ASYNC_DEPRECATION,
  }),
  /** `AsyncHelper.task(Runnable)`: declared by 0.0.5 only. */
  asyncTask: spec('AsyncHelper', 'task', [RUNNABLE], 'void', {
    declaredIn: ['0.0.5'],
    runtimeReturns: THREAD,
    runtimeDeprecated: ASYNC_DEPRECATION,
    instead:
      'The 0.0.5 artifact declares task(Runnable) as void but the runtime returns java.lang.Thread, so statically linked code ' +
      "cannot find it. Compile against the 1.0.0 series ('@tech-vendor/api/v1', task returns Thread) or call it from dynamic code.",
  }),
  /** `AsyncHelper.task(Runnable)`: declared by the 1.0.0 series only. */
  asyncTaskV1: spec('AsyncHelper', 'task', [RUNNABLE], THREAD, {
    declaredIn: ['1.0.0'],
    idSuffix: ' [1.0.0]',
    runtimeDeprecated: ASYNC_DEPRECATION,
  }),
  /** `AsyncHelper.task(String, Runnable)`: declared by the 1.0.0 series only. */
  asyncTaskNamed: spec('AsyncHelper', 'task', [STRING, RUNNABLE], THREAD, {
    member: 'taskNamed',
    declaredIn: ['1.0.0'],
    runtimeDeprecated: ASYNC_DEPRECATION,
  }),
  /** `AsyncHelper.task(boolean, Runnable)`: declared by 0.0.5 only, absent from the runtime. */
  asyncTaskOnNewThread: spec('AsyncHelper', 'task', ['boolean', RUNNABLE], 'void', {
    member: 'taskOnNewThread',
    declaredIn: ['0.0.5'],
    runtime: 'absent',
    instead: 'Use AsyncHelper.task(runnable): the runtime always runs it on a thread of its own.',
  }),
  /** `AsyncHelper.task(ExecutorService, Runnable)`: declared by 0.0.5 only, absent from the runtime. */
  asyncTaskOnExecutor: spec(
    'AsyncHelper',
    'task',
    ['java.util.concurrent.ExecutorService', RUNNABLE],
    'void',
    {
      member: 'taskOnExecutor',
      declaredIn: ['0.0.5'],
      runtime: 'absent',
      instead:
        'Hand the task to the executor yourself (executor.execute(runnable)), or use AsyncHelper.task(runnable).',
    },
  ),
  /** `AsyncHelper.newForkJoinPool(int)`: declared by 0.0.5 only, absent from the runtime. */
  newForkJoinPool: spec('AsyncHelper', 'newForkJoinPool', ['int'], 'java.util.concurrent.ForkJoinPool', {
    declaredIn: ['0.0.5'],
    runtime: 'absent',
    instead: 'Use AsyncHelper.task(runnable), or supplyAsync(supplier) from the 1.0.0 series.',
  }),
  /** `AsyncHelper.supplyAsync(Supplier)`: declared by the 1.0.0 series only. */
  supplyAsync: spec(
    'AsyncHelper',
    'supplyAsync',
    ['java.util.function.Supplier'],
    'java.util.concurrent.CompletableFuture',
    {
      declaredIn: ['1.0.0'],
    },
  ),

  /** `MessageHelper.pushNotification(Notification)`: declared by 0.0.5 and the 1.0.0 series, absent from the runtime. */
  pushNotification: spec('MessageHelper', 'pushNotification', [`${API}Notification`], 'void', {
    runtime: 'absent',
    instead:
      'The runtime has MessageHelper.pushMessage(notification) instead, and its Notification names the recipient toUser ' +
      '(a user object), not toUserName. Type-check against the runtime profile to call it (docs/runtime-profiles.md).',
  }),
  /** `MessageHelper.pushMessage(Notification)`: the runtime only (declared by no library line). */
  pushMessage: spec('MessageHelper', 'pushMessage', [`${API}Notification`], 'void', { declaredIn: [] }),

  /** `DynamicRpcClientService.invoke(String, String, Object[])`: declared by the 1.0.0 series only. */
  rpcInvoke: spec('DynamicRpcClientService', 'invoke', [STRING, STRING, 'java.lang.Object[]'], OBJECT, {
    declaredIn: ['1.0.0'],
  }),
})

/**
 * The key of a member in {@link members}, such as `countName`.
 *
 * @internal
 */
export type MemberKey = keyof typeof members

/**
 * Every entry of {@link members}, in declaration order.
 *
 * @example
 * ```ts
 * import { memberSpecs } from '@tech-vendor/api/runtime-contract'
 *
 * const deprecated = memberSpecs.filter((m) => m.runtimeDeprecated !== undefined).map((m) => m.id)
 * ```
 */
export const memberSpecs: readonly MemberSpec[] = Object.freeze(Object.values(members))
