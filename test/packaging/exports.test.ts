import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_POINTS } from '../../entry-points.js'
import { ensureBuilt } from './built-package.js'

/**
 * The public surface of each entry point: runtime values, and names that exist only as types. A name
 * missing from the build, or exported beyond this list, fails; update the list when the surface changes on
 * purpose.
 */
const ERRORS = [
  'VendorApiError',
  'IllegalStateException',
  'IllegalArgumentException',
  'UnsupportedOperationException',
  'NoSuchMethodError',
  'MissingMethodException',
  'ValidationException',
  'NonUniqueResultException',
  'NoSuchBeanDefinitionException',
  'SQLException',
]

const ROOT_VALUES = [
  'StorageUtils',
  'QueryHelper',
  'SimpleQuery',
  'DomainHelper',
  'BeanContainer',
  'AsyncHelper',
  'MessageSeverity',
  'MessageHelper',
  'Notification',
  'DomainObjectRenderType',
  'DynamicDomainEntity',
  'VendorPlatformComponent',
  'VendorWebSocketComponent',
  ...ERRORS,
]

const ROOT_TYPES = [
  'PaginationQueryResult',
  'StorageFieldValue',
  'QueryCondition',
  'QueryOperator',
  'Sql',
  'SqlParams',
  'GroovyRowResult',
  'BatchingStatementWrapper',
  'NotificationInit',
  'Runnable',
  'RunnableObject',
  'Closure',
  'Class',
  'InputStream',
  'ExecutorService',
  'ForkJoinPool',
  'Thread',
  'DomainRegistry',
  'DomainObject',
  'DomainName',
  'DomainType',
  'FieldName',
  'ConditionValue',
  'ComparableField',
  'TextField',
  'DomainProperties',
  'Session',
  'TransactionStatus',
  'FieldError',
  'SynchronousResult',
  'WebSocketMessage',
  'WebSocketSession',
]

/** What only the 1.0.0 series declares: must never leak into the root entry. */
const V1_ONLY_VALUES = [
  'VendorDynamicController',
  'Get',
  'Post',
  'Put',
  'Delete',
  'VendorRpcService',
  'RpcClient',
  'DynamicRpcClientService',
]

const V1_ONLY_TYPES = [
  'Supplier',
  'ControllerRequest',
  'ControllerRoute',
  'HttpMethod',
  'RouteDecorator',
  'RouteHandler',
  'RpcClientDecorator',
]

const CONTRACT_VALUES = [
  'bindRuntime',
  'unbindRuntime',
  'currentRuntime',
  'members',
  'memberSpecs',
  ...ERRORS,
]

const CONTRACT_TYPES = [
  'RuntimeBinding',
  'BindOptions',
  'VendorRuntime',
  'FacetName',
  'RuntimeDescription',
  'Linkage',
  'LibraryLine',
  'StorageRuntime',
  'QueryRuntime',
  'DomainRuntime',
  'BeanRuntime',
  'AsyncRuntime',
  'MessageRuntime',
  'RpcRuntime',
  'Session',
  'TransactionStatus',
  'QuerySpec',
  'PageRequest',
  'QueryPage',
  'PlatformUser',
  'RuntimeNotification',
  'MemberSpec',
  'FieldError',
]

const TESTING_VALUES = [
  'createTestHost',
  'defineDomains',
  'memoryStore',
  'pgliteStore',
  'postgresStore',
  'SeedDataException',
]

const TESTING_TYPES = [
  'Store',
  'PgliteStoreOptions',
  'PostgresStoreOptions',
  'DomainDefinitions',
  'DomainTypes',
  'DomainObjectOf',
  'FieldValueOf',
  'TestHost',
  'RunAs',
  'CurrentIdentity',
  'RepeatableOnLoadOptions',
  'TestHostOptions',
  'DomainDefinition',
  'FieldDefinition',
  'FieldType',
  'StorageOption',
  'SeedRow',
  'PluginDefinition',
  'PluginComponent',
  'LoadedPlugin',
  'PluginManifest',
  'PushedMessage',
  'SeedImportResult',
  'SeedLineImportResult',
  'SeedCsvOptions',
  'SeedProblem',
]

const EMULATOR_VALUES = ['createEmulator']

const EMULATOR_TYPES = [
  'Emulator',
  'EmulatorOptions',
  'EmulatorDomainDefinition',
  'DomainRoles',
  'EmulatorUser',
  'EmulatorSettings',
  'EmulatorStore',
  'ListenOptions',
  'UserChanges',
  'LogicFunction',
  'LogicRequest',
  'RequestUser',
  'HookRequest',
  'AccessLog',
  'AccessLogEntry',
  'ExportSummary',
]

const CLIENT_VALUES = [
  'createClient',
  'PlatformError',
  'PlatformValidationError',
  'PlatformConnectionError',
  'UserPasswordMismatchError',
  'NotFoundError',
  'UnauthorizedError',
  'NoPermissionError',
  'TokenInvalidError',
  'IllegalArgumentError',
  'TokenExpiredError',
  'AnonymousInvocationError',
]

const CLIENT_TYPES = [
  'DomainRegistry',
  'PlatformClient',
  'ClientOptions',
  'TokenPair',
  'FetchFunction',
  'DataApi',
  'ObjectActions',
  'DecimalFields',
  'CallOptions',
  'PageOptions',
  'AllOptions',
  'SearchOptions',
  'LogicCallOptions',
  'WebhookCallOptions',
  'WireValue',
  'WireObject',
  'WireFields',
  'ListResult',
  'LoginResponse',
  'ObjectPermissions',
  'PlatformErrorInit',
  'PlatformConnectionErrorInit',
  'ConnectionFailure',
]

const CONFORMANCE_VALUES = ['describeConformance', 'conformanceGroups', 'conformanceDomains']

const CONFORMANCE_TYPES = [
  'ConformanceGroup',
  'ConformanceOptions',
  'ConformanceFactory',
  'ConformanceHost',
  'ConformanceIdentity',
  'ConformancePluginDefinition',
  'ConformancePluginLoader',
  'ConformancePluginManifest',
  'ConformanceSeedData',
  'ConformanceSetup',
  'DomainDefinition',
  'FieldDefinition',
  'FieldType',
  'PlatformUser',
]

const surface = {
  index: { values: ROOT_VALUES, types: ROOT_TYPES },
  'v1/index': { values: [...ROOT_VALUES, ...V1_ONLY_VALUES], types: [...ROOT_TYPES, ...V1_ONLY_TYPES] },
  'runtime-contract/index': { values: CONTRACT_VALUES, types: CONTRACT_TYPES },
  'testing/index': { values: TESTING_VALUES, types: TESTING_TYPES },
  'emulator/index': { values: EMULATOR_VALUES, types: EMULATOR_TYPES },
  'client/index': { values: CLIENT_VALUES, types: CLIENT_TYPES },
  'conformance/index': { values: CONFORMANCE_VALUES, types: CONFORMANCE_TYPES },
  'testing/vitest/index': { values: ['hostTest'], types: ['HostFixtures'] },
} as const

type Entry = keyof typeof surface
const entryNames = Object.keys(surface) as Entry[]

const sorted = (names: Iterable<string>): string[] => [...new Set(names)].sort()

let program: ts.Program | undefined

/** Every name a declaration file exports, values and types, as the TypeScript compiler sees it. */
function declaredExports(file: string): string[] {
  // One program over every entry's declarations: the compiler reads the shared chunks once.
  program ??= ts.createProgram(
    entryNames.flatMap((entry) => [join(dist, `${entry}.d.ts`), join(dist, `${entry}.d.cts`)]),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.esnext.disposable.d.ts'],
      types: [],
      noEmit: true,
    },
  )
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
  if (symbol === undefined) throw new Error(`${file} is not a module`)
  return sorted(checker.getExportsOfModule(symbol).map((s) => s.getName()))
}

/** Entries built and exported for ESM only. */
const ESM_ONLY: readonly string[] = ENTRY_POINTS.filter((e) => e.esmOnly).map((e) => e.build)

let dist: string
const require = createRequire(import.meta.url)

beforeAll(() => {
  dist = ensureBuilt()
})

describe.each(entryNames)('the public exports of dist/%s', (entry) => {
  const { values, types } = surface[entry]

  it('no name is listed twice', () => {
    expect(values.length + types.length).toBe(new Set([...values, ...types]).size)
  })

  it('the ESM build exports exactly the listed values', async () => {
    const module = (await import(pathToFileURL(join(dist, `${entry}.js`)).href)) as object
    expect(sorted(Object.keys(module))).toEqual(sorted(values))
  })

  // The ESM-only entries have no CommonJS build (checked below).
  if (!ESM_ONLY.includes(entry))
    it('the CommonJS build exports exactly the listed values', () => {
      const module = require(join(dist, `${entry}.cjs`)) as object
      expect(sorted(Object.keys(module))).toEqual(sorted(values))
    })

  it.each(ESM_ONLY.includes(entry) ? ['d.ts'] : ['d.ts', 'd.cts'])(
    'the .%s declarations export exactly the listed values and types',
    (ext) => {
      expect(declaredExports(join(dist, `${entry}.${ext}`))).toEqual(sorted([...values, ...types]))
    },
  )
})

describe.each(ESM_ONLY)('the ESM-only entry dist/%s', (entry) => {
  it('has no CommonJS build, since vitest, which it registers tests in, cannot be required', () => {
    expect(existsSync(join(dist, `${entry}.cjs`))).toBe(false)
    expect(existsSync(join(dist, `${entry}.d.cts`))).toBe(false)
  })

  it('is exported for import only', () => {
    const manifest = require('../../package.json') as { exports: Record<string, Record<string, unknown>> }
    const key = `./${entry.replace(/\/index$/, '')}`
    expect(Object.keys(manifest.exports[key] ?? {})).toEqual(['import'])
  })
})

describe('package.json', () => {
  it('exports exactly the entries listed here, and its own package.json', () => {
    const manifest = require('../../package.json') as { exports: Record<string, unknown> }
    const listed = entryNames.map((entry) => (entry === 'index' ? '.' : `./${entry.replace(/\/index$/, '')}`))
    expect(sorted(Object.keys(manifest.exports))).toEqual(sorted([...listed, './package.json']))
  })
})

describe('the root entry', () => {
  it.each(['d.ts', 'd.cts'])('does not leak the 1.0.0-series surface (.%s)', (ext) => {
    const root = declaredExports(join(dist, `index.${ext}`))
    expect(root.filter((name) => V1_ONLY_VALUES.includes(name) || V1_ONLY_TYPES.includes(name))).toEqual([])
  })

  it("its AsyncHelper carries the runtime's supplyAsync hidden, as MessageHelper carries pushMessage", async () => {
    const root = (await import(pathToFileURL(join(dist, 'index.js')).href)) as Record<string, object>
    for (const [facade, member] of [
      ['AsyncHelper', 'supplyAsync'],
      ['MessageHelper', 'pushMessage'],
    ] as const) {
      const descriptor = Object.getOwnPropertyDescriptor(root[facade], member)
      expect(typeof descriptor?.value, `${facade}.${member}`).toBe('function')
      expect(descriptor?.enumerable, `${facade}.${member} is not enumerable`).toBe(false)
    }
  })
})
