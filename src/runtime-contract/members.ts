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
  'AsyncHelper is deprecated at runtime: it carries the tenant and the plugin class loader but not the logged-in user. ' +
  'Keep the use small and pass the user explicitly where the task needs one.'

type Options = Partial<
  Pick<MemberSpec, 'isStatic' | 'declaredIn' | 'runtime' | 'runtimeReturns' | 'runtimeDeprecated' | 'instead'>
> & {
  readonly idSuffix?: string
}

function spec<F extends FacetName>(
  owner: string,
  name: string,
  parameters: readonly string[],
  returns: string,
  facet: F,
  member: string,
  options: Options = {},
): MemberSpec & {
  /** The runtime facet that backs it, known to the type system so that `hostFacet` returns that facet's type. */
  readonly facet: F
} {
  const simple = parameters.map((p) => p.slice(p.lastIndexOf('.') + 1)).join(', ')
  const result: MemberSpec & { readonly facet: F } = {
    id: `${owner}.${name}(${simple})${options.idSuffix ?? ''}`,
    owner,
    javaOwner: `${owner === 'VendorWebSocketComponent' ? `${API}websocket.` : API}${owner}`,
    name,
    isStatic: options.isStatic ?? true,
    parameters,
    returns,
    declaredIn: options.declaredIn ?? BOTH,
    facet,
    member,
    runtime: options.runtime ?? 'present',
    runtimeReturns: options.runtimeReturns ?? returns,
    ...(options.runtimeDeprecated === undefined ? {} : { runtimeDeprecated: options.runtimeDeprecated }),
    ...(options.instead === undefined ? {} : { instead: options.instead }),
  }
  Object.freeze(result)
  return result
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
export const members = Object.freeze({
  /** `StorageUtils.createStorageFileDomain(String, String, InputStream)`: declared by 0.0.5 and the 1.0.0 series. */
  createStorageFileDomain: spec(
    'StorageUtils',
    'createStorageFileDomain',
    [STRING, STRING, 'java.io.InputStream'],
    `${API}StorageFieldValue`,
    'storage',
    'createStorageFileDomain',
  ),

  /** `QueryHelper.withSession(Closure)`: declared by 0.0.5 and the 1.0.0 series. */
  withSession: spec('QueryHelper', 'withSession', [CLOSURE], OBJECT, 'query', 'withSession'),
  /** `QueryHelper.withNewSession(Closure)`: declared by 0.0.5 and the 1.0.0 series. */
  withNewSession: spec('QueryHelper', 'withNewSession', [CLOSURE], OBJECT, 'query', 'withNewSession'),
  /** `QueryHelper.withTransaction(Closure)`: declared by 0.0.5 and the 1.0.0 series. */
  withTransaction: spec('QueryHelper', 'withTransaction', [CLOSURE], OBJECT, 'query', 'withTransaction'),
  /** `QueryHelper.withSql(Function)`: declared by 0.0.5 and the 1.0.0 series. */
  withSql: spec('QueryHelper', 'withSql', ['java.util.function.Function'], OBJECT, 'query', 'withSql'),

  /** `SimpleQuery.of(String)`: declared by 0.0.5 and the 1.0.0 series. */
  queryOfName: spec('SimpleQuery', 'of', [STRING], SIMPLE_QUERY, 'query', 'resolveDomain'),
  /** `SimpleQuery.of(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  queryOfClass: spec('SimpleQuery', 'of', [CLASS], SIMPLE_QUERY, 'query', 'resolveDomain'),
  /** `SimpleQuery.of(Class, boolean)`: declared by 0.0.5 and the 1.0.0 series. */
  queryOfClassAnd: spec('SimpleQuery', 'of', [CLASS, 'boolean'], SIMPLE_QUERY, 'query', 'resolveDomain'),
  /** `SimpleQuery.getById(String, Long)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdName: spec('SimpleQuery', 'getById', [STRING, LONG_BOXED], OBJECT, 'query', 'getById'),
  /** `SimpleQuery.getById(Class, Long)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdClass: spec('SimpleQuery', 'getById', [CLASS, LONG_BOXED], OBJECT, 'query', 'getById'),
  /** `SimpleQuery.getByIds(String, List)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdsName: spec('SimpleQuery', 'getByIds', [STRING, LIST], LIST, 'query', 'getByIds'),
  /** `SimpleQuery.getByIds(Class, List)`: declared by 0.0.5 and the 1.0.0 series. */
  getByIdsClass: spec('SimpleQuery', 'getByIds', [CLASS, LIST], LIST, 'query', 'getByIds'),
  /** `SimpleQuery.getAll(String)`: declared by 0.0.5 and the 1.0.0 series. */
  getAllName: spec('SimpleQuery', 'getAll', [STRING], LIST, 'query', 'getAll'),
  /** `SimpleQuery.getAll(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  getAllClass: spec('SimpleQuery', 'getAll', [CLASS], LIST, 'query', 'getAll'),
  /** `SimpleQuery.count(String)`: declared by 0.0.5 and the 1.0.0 series. */
  countName: spec('SimpleQuery', 'count', [STRING], 'long', 'query', 'count'),
  /** `SimpleQuery.count(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  countClass: spec('SimpleQuery', 'count', [CLASS], 'long', 'query', 'count'),
  /** `SimpleQuery.get()`: declared by 0.0.5 and the 1.0.0 series. */
  queryGet: spec('SimpleQuery', 'get', [], OBJECT, 'query', 'get', { isStatic: false }),
  /** `SimpleQuery.list(int, int)`: declared by 0.0.5 and the 1.0.0 series. */
  queryList: spec('SimpleQuery', 'list', ['int', 'int'], `${API}PaginationQueryResult`, 'query', 'list', {
    isStatic: false,
  }),
  /** `SimpleQuery.list(int, int, List)`: declared by 0.0.5 and the 1.0.0 series. */
  queryListOrdered: spec(
    'SimpleQuery',
    'list',
    ['int', 'int', LIST],
    `${API}PaginationQueryResult`,
    'query',
    'list',
    { isStatic: false },
  ),
  /** `SimpleQuery.list(int, int, List, boolean)`: declared by 0.0.5 and the 1.0.0 series. */
  queryListOrderedAsc: spec(
    'SimpleQuery',
    'list',
    ['int', 'int', LIST, 'boolean'],
    `${API}PaginationQueryResult`,
    'query',
    'list',
    { isStatic: false },
  ),
  /** `SimpleQuery.listAll()`: declared by 0.0.5 and the 1.0.0 series. */
  queryListAll: spec('SimpleQuery', 'listAll', [], LIST, 'query', 'listAll', { isStatic: false }),

  /** `DomainHelper.buildDomain(String)`: declared by 0.0.5 and the 1.0.0 series. */
  buildDomain: spec('DomainHelper', 'buildDomain', [STRING], OBJECT, 'domain', 'buildDomain'),
  /** `DomainHelper.buildDomain(String, Object)`: declared by 0.0.5 and the 1.0.0 series. */
  buildDomainWith: spec('DomainHelper', 'buildDomain', [STRING, OBJECT], OBJECT, 'domain', 'buildDomain'),
  /** `DomainHelper.createDomain(Object)`: declared by 0.0.5 and the 1.0.0 series. */
  createDomain: spec('DomainHelper', 'createDomain', [OBJECT], 'void', 'domain', 'createDomain'),
  /** `DomainHelper.updateDomain(Object)`: declared by 0.0.5 and the 1.0.0 series. */
  updateDomain: spec('DomainHelper', 'updateDomain', [OBJECT], 'void', 'domain', 'updateDomain'),
  /** `DomainHelper.deleteDomain(Object)`: declared by 0.0.5 and the 1.0.0 series. */
  deleteDomain: spec('DomainHelper', 'deleteDomain', [OBJECT], 'void', 'domain', 'deleteDomain'),
  /** `DomainHelper.render(Object, DomainObjectRenderType)`: declared by 0.0.5 and the 1.0.0 series. */
  render: spec(
    'DomainHelper',
    'render',
    [OBJECT, `${API}DomainObjectRenderType`],
    'java.util.Map',
    'domain',
    'render',
  ),
  /** `DomainHelper.batchCreate(Class, List)`: declared by 0.0.5 and the 1.0.0 series. */
  batchCreateClass: spec('DomainHelper', 'batchCreate', [CLASS, LIST], LIST, 'domain', 'batchCreate'),
  /** `DomainHelper.batchCreate(String, List)`: declared by 0.0.5 and the 1.0.0 series. */
  batchCreateName: spec('DomainHelper', 'batchCreate', [STRING, LIST], LIST, 'domain', 'batchCreate'),

  /** `BeanContainer.getBean(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  getBean: spec('BeanContainer', 'getBean', [CLASS], OBJECT, 'beans', 'getBean'),
  /** `BeanContainer.getBeansOfType(Class)`: declared by 0.0.5 and the 1.0.0 series. */
  getBeansOfType: spec(
    'BeanContainer',
    'getBeansOfType',
    [CLASS],
    'java.util.Collection',
    'beans',
    'getBeansOfType',
  ),

  /** `AsyncHelper.scheduleAtFixRate(long, Runnable)`: declared by 0.0.5 and the 1.0.0 series. */
  scheduleAtFixRate: spec(
    'AsyncHelper',
    'scheduleAtFixRate',
    ['long', RUNNABLE],
    RUNNABLE,
    'async',
    'scheduleAtFixRate',
    { runtimeDeprecated: ASYNC_DEPRECATION },
  ),
  /** `AsyncHelper.scheduleAtFixRate(long, Runnable, boolean)`: declared by 0.0.5 and the 1.0.0 series. */
  scheduleAtFixRateThread: spec(
    'AsyncHelper',
    'scheduleAtFixRate',
    ['long', RUNNABLE, 'boolean'],
    RUNNABLE,
    'async',
    'scheduleAtFixRate',
    { runtimeDeprecated: ASYNC_DEPRECATION },
  ),
  /** `AsyncHelper.task(Runnable)`: declared by 0.0.5 only. */
  asyncTask: spec('AsyncHelper', 'task', [RUNNABLE], 'void', 'async', 'task', {
    declaredIn: ['0.0.5'],
    runtimeReturns: THREAD,
    runtimeDeprecated: ASYNC_DEPRECATION,
    instead:
      'The 0.0.5 artifact declares task(Runnable) as void but the runtime returns java.lang.Thread, so statically linked code ' +
      "cannot find it. Compile against the 1.0.0 series ('@tech-vendor/api/v1', task returns Thread) or call it from dynamic code.",
  }),
  /** `AsyncHelper.task(Runnable)`: declared by the 1.0.0 series only. */
  asyncTaskV1: spec('AsyncHelper', 'task', [RUNNABLE], THREAD, 'async', 'task', {
    declaredIn: ['1.0.0'],
    idSuffix: ' [1.0.0]',
    runtimeDeprecated: ASYNC_DEPRECATION,
  }),
  /** `AsyncHelper.task(String, Runnable)`: declared by the 1.0.0 series only. */
  asyncTaskNamed: spec('AsyncHelper', 'task', [STRING, RUNNABLE], THREAD, 'async', 'taskNamed', {
    declaredIn: ['1.0.0'],
    runtimeDeprecated: ASYNC_DEPRECATION,
  }),
  /** `AsyncHelper.task(boolean, Runnable)`: declared by 0.0.5 only, absent from the runtime. */
  asyncTaskOnNewThread: spec(
    'AsyncHelper',
    'task',
    ['boolean', RUNNABLE],
    'void',
    'async',
    'taskOnNewThread',
    {
      declaredIn: ['0.0.5'],
      runtime: 'absent',
      instead: 'Use AsyncHelper.task(runnable): the runtime always runs it on a thread of its own.',
    },
  ),
  /** `AsyncHelper.task(ExecutorService, Runnable)`: declared by 0.0.5 only, absent from the runtime. */
  asyncTaskOnExecutor: spec(
    'AsyncHelper',
    'task',
    ['java.util.concurrent.ExecutorService', RUNNABLE],
    'void',
    'async',
    'taskOnExecutor',
    {
      declaredIn: ['0.0.5'],
      runtime: 'absent',
      instead:
        'Hand the task to the executor yourself (executor.execute(runnable)), or use AsyncHelper.task(runnable).',
    },
  ),
  /** `AsyncHelper.newForkJoinPool(int)`: declared by 0.0.5 only, absent from the runtime. */
  newForkJoinPool: spec(
    'AsyncHelper',
    'newForkJoinPool',
    ['int'],
    'java.util.concurrent.ForkJoinPool',
    'async',
    'newForkJoinPool',
    {
      declaredIn: ['0.0.5'],
      runtime: 'absent',
      instead: 'Use AsyncHelper.task(runnable), or supplyAsync(supplier) from the 1.0.0 series.',
    },
  ),
  /** `AsyncHelper.supplyAsync(Supplier)`: declared by the 1.0.0 series only. */
  supplyAsync: spec(
    'AsyncHelper',
    'supplyAsync',
    ['java.util.function.Supplier'],
    'java.util.concurrent.CompletableFuture',
    'async',
    'supplyAsync',
    {
      declaredIn: ['1.0.0'],
    },
  ),

  /** `MessageHelper.pushNotification(Notification)`: declared by 0.0.5 and the 1.0.0 series, absent from the runtime. */
  pushNotification: spec(
    'MessageHelper',
    'pushNotification',
    [`${API}Notification`],
    'void',
    'messages',
    'pushNotification',
    {
      runtime: 'absent',
      instead:
        'The runtime has MessageHelper.pushMessage(notification) instead, and its Notification names the recipient toUser ' +
        '(a user object), not toUserName. Type-check against the runtime profile to call it (docs/runtime-profiles.md).',
    },
  ),
  /** `MessageHelper.pushMessage(Notification)`: the runtime only (declared by no library line). */
  pushMessage: spec(
    'MessageHelper',
    'pushMessage',
    [`${API}Notification`],
    'void',
    'messages',
    'pushMessage',
    { declaredIn: [] },
  ),

  /** `DynamicRpcClientService.invoke(String, String, Object[])`: declared by the 1.0.0 series only. */
  rpcInvoke: spec(
    'DynamicRpcClientService',
    'invoke',
    [STRING, STRING, 'java.lang.Object[]'],
    OBJECT,
    'rpc',
    'invoke',
    { declaredIn: ['1.0.0'] },
  ),
})

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
