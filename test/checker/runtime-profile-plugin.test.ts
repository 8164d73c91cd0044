import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkPlugin } from '../../src/checker/check-plugin.js'
import type { Finding } from '../../src/checker/finding.js'
import { createPluginProgram } from '../../src/checker/plugin-program.js'
import type { LocatedManifest } from '../../src/checker/plugin-target.js'
import { isRuntimeProfileCondition } from '../../src/checker/runtime-profile-conditions.js'
import { memberSpecs } from '../../src/runtime-contract/members.js'
import { fixturesDir, repoRoot, sourceFileCache, vendorApi } from './fixture-plugins.js'

const PROFILE = 'tech-vendor-runtime-1.0.0-beta18'

interface ExportTarget {
  readonly [condition: string]: string | ExportTarget
}

/** The package's `exports` map. */
function packageExports(): Record<string, ExportTarget | string> {
  return (
    JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      exports: Record<string, ExportTarget>
    }
  ).exports
}

/** Every condition named anywhere under `target`. */
function conditionsOf(target: ExportTarget | string): string[] {
  return typeof target === 'string'
    ? []
    : Object.entries(target).flatMap(([condition, inner]) => [condition, ...conditionsOf(inner)])
}

/**
 * The package as a plugin installs it, with its declarations read from the sources: the `types` conditions
 * of each entry (runtime profile included) mapped from `dist/*.d.ts` to `src/*.ts`, so no build is needed.
 */
function sourcePackage(): object {
  const exports: Record<string, unknown> = {}
  for (const [entry, target] of Object.entries(packageExports())) {
    if (typeof target === 'string') continue
    const esm = target['import']
    const types = typeof esm === 'object' ? esm['types'] : undefined
    if (types === undefined) continue
    const toSource = (path: string): string => path.replace(/^\.\/dist\/(.*)\.d\.ts$/, './src/$1.ts')
    exports[entry] = {
      types:
        typeof types === 'string'
          ? toSource(types)
          : Object.fromEntries(Object.entries(types).map(([c, p]) => [c, toSource(p as string)])),
    }
  }
  return { name: '@tech-vendor/api', type: 'module', exports }
}

let plugin: string

beforeAll(() => {
  plugin = mkdtempSync(join(tmpdir(), 'vendor-api-profiled-plugin-'))
  cpSync(join(fixturesDir, 'runtime-profile'), plugin, { recursive: true })
  const installed = join(plugin, 'node_modules', '@tech-vendor', 'api')
  mkdirSync(installed, { recursive: true })
  writeFileSync(join(installed, 'package.json'), JSON.stringify(sourcePackage()))
  symlinkSync(join(repoRoot, 'src'), join(installed, 'src'), 'dir')
})

afterAll(() => rmSync(plugin, { recursive: true, force: true }))

interface JsonFinding {
  readonly file: string
  readonly line: number
  readonly rule: string
  readonly severity: string
  readonly message: string
}

function checkJson(args: readonly string[] = []): { code: number; findings: JsonFinding[] } {
  const run = vendorApi(['check', '--format', 'json', ...args], plugin)
  expect(run.stderr).toBe('')
  return { code: run.code, findings: (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings }
}

const rows = (findings: readonly JsonFinding[], file: string): string[] =>
  findings.filter((f) => f.file === `src/${file}`).map((f) => `${f.line} ${f.rule} ${f.severity}`)

describe(`vendor-api check on a plugin whose tsconfig turns the runtime profile on ("${PROFILE}")`, () => {
  it('reports every call the runtime lacks, though the profile hides those members from the type checker', () => {
    const { code, findings } = checkJson()
    expect(rows(findings, 'absent.ts')).toEqual([
      '7 absent-at-runtime error',
      '8 absent-at-runtime error',
      '9 absent-at-runtime error',
    ])
    expect(findings.filter((f) => f.file === 'src/absent.ts').map((f) => f.message.split(' ')[0])).toEqual([
      'MessageHelper.pushNotification(Notification)',
      'AsyncHelper.newForkJoinPool(int)',
      'AsyncHelper.task(boolean,',
    ])
    expect(code).toBe(1)
  })

  it("takes the runtime's own members for what they are: pushMessage is fine, task(threadName) and supplyAsync are 1.0.0-series", () => {
    expect(rows(checkJson().findings, 'runtime.ts')).toEqual([
      '10 api-version error', // supplyAsync: 0.0.5 does not declare it
      '11 api-version error', // task(threadName, task)
      '11 runtime-deprecated warning',
      '12 linkage-mismatch warning', // the Thread task(Runnable) returns is used
      '12 runtime-deprecated warning',
    ])
  })

  it('builds its program without the profile condition and keeps the plugin’s other conditions', () => {
    const program = createPluginProgram({
      typescript: ts,
      cwd: plugin,
      tsconfig: join(plugin, 'tsconfig.json'),
      paths: [],
      cache: sourceFileCache,
    })
    expect(program.typeProgram.getCompilerOptions().customConditions).toEqual(['plugin-development', PROFILE])
    expect(program.program.getCompilerOptions().customConditions).toEqual(['plugin-development'])
  })
})

describe('the two programs of a plugin under the runtime profile', () => {
  /** The plugin's program and its profiled twin, built with `typescript` and a fresh file cache. */
  const programsWith = (typescript: typeof ts) =>
    createPluginProgram({
      typescript,
      cwd: plugin,
      tsconfig: join(plugin, 'tsconfig.json'),
      paths: [],
      cache: new Map(),
    })
  /** Whether the two programs hold the same parsed object for each of the plugin's files. */
  const shared = ({ program, typeProgram }: ReturnType<typeof programsWith>): boolean[] =>
    ['absent.ts', 'runtime.ts'].map((name) => {
      const file = join(plugin, 'src', name)
      return program.getSourceFile(file) === typeProgram.getSourceFile(file)
    })

  it('share the parsed files on TypeScript 5.3 and later, where resolutions are the program’s', () => {
    expect(shared(programsWith(ts))).toEqual([true, true])
  })

  it('parse the files apart on TypeScript before 5.3, which stores the resolutions on the parsed file', () => {
    // TypeScript 5.0–5.2: the profiled program would overwrite the other's resolutions of the library, and
    // '@tech-vendor/api' would resolve to files the first program does not have.
    const before53 = { ...ts, version: '5.2.2', versionMajorMinor: '5.2' } as unknown as typeof ts
    expect(shared(programsWith(before53))).toEqual([false, false])
  })
})

/**
 * Plugin code that reaches the facades the profile leaves as declared (overloads chosen by their arguments, a
 * value used or dropped in a callback) beside those it retypes, for the rules to resolve from the profiled
 * program's types where they are the declared surface's.
 */
const FACADES_SOURCE = `import { AsyncHelper, DomainHelper, DomainObjectRenderType, MessageHelper, Notification, QueryHelper, SimpleQuery, type DomainObject, type PlatformUser } from '@tech-vendor/api'

declare const ann: PlatformUser
const cache = new Map<string, number>()

export function facades(ids: readonly number[], page: number): unknown[] {
  const rows = SimpleQuery.of('Order').eq('status', 'OPEN').list(page * 20, 20)
  const rendered = rows.map((row: DomainObject) => DomainHelper.render(row, DomainObjectRenderType.ALL_COLUMNS))
  ids.forEach((id) => SimpleQuery.getById('Order', id))
  QueryHelper.withTransaction(() => {
    const order = SimpleQuery.getById('Order', ids[0] ?? 0)
    if (order !== null) DomainHelper.updateDomain({ ...order, status: 'CLOSED' })
    return order
  })
  const count = cache.get('orders') ?? SimpleQuery.count('Order')
  ids.forEach(() => AsyncHelper.task(() => console.log(String(count))))
  const push = MessageHelper.pushMessage
  push(new Notification({ content: 'Done', toUser: ann }))
  AsyncHelper.newForkJoinPool(2)
  return [rendered, AsyncHelper.task(() => console.log('started'))]
}

declare const console: { log(message: string): void }
`

describe('the rules under the runtime profile', () => {
  let project: string
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'vendor-api-profiled-facades-'))
    cpSync(plugin, project, { recursive: true, verbatimSymlinks: true })
    writeFileSync(join(project, 'src', 'facades.ts'), FACADES_SOURCE)
  })
  afterAll(() => rmSync(project, { recursive: true, force: true }))

  /**
   * The findings, and how many types the program without the profile created for them, beyond those its
   * checker starts with: with `cache`, the two
   * programs share the parsed files and the rules take the profiled program's types where they may; without,
   * each program parses its own, and the rules type everything in the program without the profile.
   */
  const checked = (cache: Map<string, ts.SourceFile> | undefined): { findings: Finding[]; types: number } => {
    const built = createPluginProgram({
      typescript: ts,
      cwd: project,
      tsconfig: join(project, 'tsconfig.json'),
      paths: [],
      cache,
    })
    const manifest: LocatedManifest = {
      name: 'profiled',
      version: '1.0.0',
      apiVersion: '0.0.5',
      dependsOnPlugins: [],
      path: join(project, 'package.json'),
    }
    // The types a new checker starts with, which the count leaves out.
    const initial = built.program.getTypeChecker() && built.program.getTypeCount()
    const { findings } = checkPlugin({
      typescript: ts,
      program: built.program,
      typeProgram: built.typeProgram,
      files: built.files,
      manifestOf: () => manifest,
      linkage: 'dynamic',
      members: memberSpecs,
      cwd: project,
    })
    return { findings, types: built.program.getTypeCount() - initial }
  }

  it("find the same from the profiled program's types as from typing the plugin again without the profile", () => {
    const reused = checked(new Map())
    const retyped = checked(undefined)
    expect(reused.findings).toEqual(retyped.findings)
    const facades = reused.findings
      .filter((f) => f.file === 'src/facades.ts')
      .map((f) => `${f.line} ${f.rule}`)
    expect(facades).toEqual([
      '16 runtime-deprecated', // task(Runnable), its value dropped by a callback typed to return void
      '19 absent-at-runtime', // newForkJoinPool(int)
      '20 linkage-mismatch', // task(Runnable), its value returned
      '20 runtime-deprecated',
    ])
    // Typed once, in the profiled program: the program without the profile types only what the profile retypes.
    expect(reused.types).toBeLessThan(retyped.types / 2)
  })
})

describe('the runtime-profile conditions the checker leaves out', () => {
  it("are every custom condition of the package's exports, and nothing else", () => {
    const standard = new Set(['import', 'require', 'types', 'default', 'node'])
    const custom = [...new Set(Object.values(packageExports()).flatMap(conditionsOf))].filter(
      (c) => !standard.has(c),
    )
    expect(custom).toContain(PROFILE)
    expect(custom.filter((c) => !isRuntimeProfileCondition(c))).toEqual([])
    expect(isRuntimeProfileCondition('plugin-development')).toBe(false)
  })
})
