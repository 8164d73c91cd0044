import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vendorApi } from './fixture-plugins.js'
import {
  announced,
  pluginPackage,
  removeProjects,
  reported,
  TEMPLATE_TSCONFIG,
  writeProject,
  type JsonFinding,
  type ProjectFiles,
} from './plugin-projects.js'

// Each fixture file announces its findings with `// finding: rule` at the end of a line; every other line
// must have none. The plugins install the built package, as a plugin does.

/** The template tsconfig with a `paths` alias of the 1.0.0-series entry, and JavaScript allowed. */
const tsconfig = {
  ...TEMPLATE_TSCONFIG,
  compilerOptions: {
    ...TEMPLATE_TSCONFIG.compilerOptions,
    allowJs: true,
    paths: { 'vendor-v1': ['./node_modules/@tech-vendor/api/dist/v1/index.d.ts'] },
  },
}

/** A `#imports` alias of the 1.0.0-series entry. */
const imports = { imports: { '#vendor-v1': '@tech-vendor/api/v1' } }

function check(dir: string, ...args: string[]): { code: number; findings: JsonFinding[] } {
  const run = vendorApi(['check', '--format', 'json', ...args], dir)
  expect(run.stderr).toBe('')
  return { code: run.code, findings: (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings }
}

/** Writes a plugin and returns a function giving each file's findings and what the file announces. */
function plugin(files: ProjectFiles): string {
  return writeProject({ 'tsconfig.json': tsconfig, ...files })
}

afterAll(removeProjects)

describe('the 1.0.0-series AsyncHelper.task, declared returning the thread, is no linkage-mismatch', () => {
  let dir: string
  beforeAll(() => {
    dir = plugin({
      'package.json': pluginPackage('threads', { apiVersion: '1.0.0' }, imports),
      'src/barrel.ts': `export { AsyncHelper } from '@tech-vendor/api/v1'\n`,
      'src/threads.ts': `import { AsyncHelper as Async, type Thread } from '@tech-vendor/api/v1'
import { AsyncHelper as ViaImports } from '#vendor-v1'
import { AsyncHelper as ViaPaths } from 'vendor-v1'
import { AsyncHelper } from './barrel.js'

const run = (): void => undefined
const helper: typeof Async = Async

export function threads(h: typeof AsyncHelper): Thread[] {
  return [
    AsyncHelper.task(run), // finding: runtime-deprecated
    ViaImports.task(run), // finding: runtime-deprecated
    ViaPaths.task(run), // finding: runtime-deprecated
    helper.task(run), // finding: runtime-deprecated
    h.task(run), // finding: runtime-deprecated
    Async.task(run), // finding: runtime-deprecated
  ]
}
`,
    })
  })

  it.each(['static', 'dynamic'])(
    'through a local barrel, a #imports alias, a paths alias, a typed variable or a renamed import (%s linkage)',
    (linkage) => {
      const { code, findings } = check(dir, '--linkage', linkage)
      expect(reported(findings, 'src/threads.ts')).toEqual(announced(dir, 'src/threads.ts'))
      expect(findings.filter((f) => f.file !== 'src/threads.ts')).toEqual([])
      expect(code).toBe(0)
    },
  )
})

describe('a task(Runnable) whose value is dropped', () => {
  let dir: string
  beforeAll(() => {
    dir = plugin({
      'package.json': pluginPackage('dropped'),
      'src/dropped.ts': `import { AsyncHelper } from '@tech-vendor/api'

const run = (): void => undefined

export function dropped(flag: boolean): void {
  flag && AsyncHelper.task(run) // finding: runtime-deprecated
  flag || AsyncHelper.task(run) // finding: runtime-deprecated
  flag ? AsyncHelper.task(run) : AsyncHelper.task(run) // finding: runtime-deprecated runtime-deprecated
  void (flag ? undefined : AsyncHelper.task(run)) // finding: runtime-deprecated
  for (let i = 0; i < 2; i++, AsyncHelper.task(run)) run() // finding: runtime-deprecated
  void (<unknown>AsyncHelper.task(run)) // finding: runtime-deprecated
}

export async function droppedInCallbacks(items: readonly number[]): Promise<void> {
  await AsyncHelper.task(run) // finding: runtime-deprecated
  items.forEach(() => AsyncHelper.task(run)) // finding: runtime-deprecated
  setTimeout(() => AsyncHelper.task(run), 0) // finding: runtime-deprecated
}

export function kept(flag: boolean): unknown {
  const value = flag && AsyncHelper.task(run) // finding: linkage-mismatch runtime-deprecated
  return value ?? AsyncHelper.task(run) // finding: linkage-mismatch runtime-deprecated
}

export async function keptInCallbacks(items: readonly number[]): Promise<unknown[]> {
  const awaited = await AsyncHelper.task(run) // finding: linkage-mismatch runtime-deprecated
  return [awaited, items.map(() => AsyncHelper.task(run))] // finding: linkage-mismatch runtime-deprecated
}
`,
    })
  })

  it('is not reported as used under dynamic linkage; a value that is used still is', () => {
    const { findings } = check(dir)
    expect(reported(findings, 'src/dropped.ts')).toEqual(announced(dir, 'src/dropped.ts'))
    const mismatches = findings.filter((f) => f.rule === 'linkage-mismatch')
    expect(mismatches.map((f) => f.severity)).toEqual(['warning', 'warning', 'warning', 'warning'])
    // The code is dynamic already: the fix is not to use the value.
    for (const finding of mismatches) {
      expect(finding.hint).toContain('Do not use the value of AsyncHelper.task(Runnable)')
      expect(finding.hint).not.toContain('dynamic code')
    }
  })
})

describe('absent-at-runtime, reached other than by a plain call', () => {
  let dir: string
  beforeAll(() => {
    dir = plugin({
      'package.json': pluginPackage('absent'),
      'src/absent.ts': `import { AsyncHelper, type Runnable } from '@tech-vendor/api'

enum Keys {
  Pool = 'newForkJoinPool',
}
const poolKey = (): 'newForkJoinPool' => 'newForkJoinPool'

export function shapes(r: Runnable, args: [boolean, Runnable], key: 'newForkJoinPool', name: string): void {
  AsyncHelper.task.bind(AsyncHelper)(true, r) // finding: absent-at-runtime
  AsyncHelper.task(...args) // finding: absent-at-runtime
  AsyncHelper[key](2) // finding: absent-at-runtime
  AsyncHelper[Keys.Pool](3) // finding: absent-at-runtime
  AsyncHelper[poolKey()](4) // finding: absent-at-runtime
  AsyncHelper[name as 'newForkJoinPool'](5) // finding: absent-at-runtime
  AsyncHelper.task(r) // finding: runtime-deprecated
  ;(0, AsyncHelper.task)(true, r) // finding: absent-at-runtime
}
`,
      // Outside the tsconfig's include, imported by a file inside it.
      'src/entry.ts': `import { legacy } from '../legacy/old.js'\nexport const start = legacy\n`,
      'legacy/old.ts': `import { AsyncHelper } from '@tech-vendor/api'

export function legacy(): void {
  AsyncHelper.task(true, () => undefined) // finding: absent-at-runtime
}
`,
    })
  })

  it('is reported through bind, a spread tuple, and a key typed as the member name', () => {
    const { findings } = check(dir)
    expect(reported(findings, 'src/absent.ts')).toEqual(announced(dir, 'src/absent.ts'))
    const spread = findings.find((f) => f.line === 10 && f.rule === 'absent-at-runtime')
    expect(spread?.message).toMatch(/^AsyncHelper\.task\(boolean, Runnable\) is declared/)
  })

  it('is reported in a file outside the include list that an included file imports', () => {
    const { findings } = check(dir)
    expect(reported(findings, 'legacy/old.ts')).toEqual(announced(dir, 'legacy/old.ts'))
  })

  it("is reported in the imports of a tsconfig's files: [entry]", () => {
    const entry = plugin({
      'package.json': pluginPackage('entry'),
      'tsconfig.json': { compilerOptions: TEMPLATE_TSCONFIG.compilerOptions, files: ['src/main.ts'] },
      'src/main.ts': `import { exportOrders } from './jobs.js'\nexport const main = exportOrders\n`,
      'src/jobs.ts': `import { AsyncHelper } from '@tech-vendor/api'

export function exportOrders(): void {
  AsyncHelper.newForkJoinPool(2) // finding: absent-at-runtime
}
`,
    })
    const { code, findings } = check(entry)
    expect(reported(findings, 'src/jobs.ts')).toEqual(announced(entry, 'src/jobs.ts'))
    expect(code).toBe(1)
  })
})

describe('api-version, whatever way the 1.0.0-series API is reached', () => {
  let dir: string
  const files = [
    'src/namespace.ts',
    'src/aliases.ts',
    'src/augmented.ts',
    'src/legacy.cts',
    'src/old.cjs',
    'src/created.ts',
    'src/created.mjs',
    'src/barrel.ts',
  ]
  beforeAll(() => {
    dir = plugin({
      'package.json': pluginPackage('series', { apiVersion: '0.0.5' }, imports),
      'src/namespace.ts': `import * as v1 from '@tech-vendor/api/v1'

const { VendorDynamicController } = v1 // finding: api-version
export const Get = v1['Get'] // finding: api-version
export class Ping extends VendorDynamicController {}
export const query = v1.SimpleQuery

export async function lazy(): Promise<unknown> {
  const { VendorRpcService } = await import('@tech-vendor/api/v1') // finding: api-version
  return [VendorRpcService, await import('@tech-vendor/api/v1').then((m) => m.Post)] // finding: api-version
}
`,
      'src/aliases.ts': `import { RpcClient, SimpleQuery } from 'vendor-v1' // finding: api-version
import { Put } from '#vendor-v1' // finding: api-version

export { RpcClient, Put, SimpleQuery }
`,
      'src/augmented.ts': `import { AsyncHelper } from '@tech-vendor/api'

declare module '@tech-vendor/api' {
  namespace AsyncHelper {
    function supplyAsync<T>(supplier: () => T): Promise<T>
  }
}

export const answer = AsyncHelper.supplyAsync(() => 42) // finding: api-version
`,
      'src/created.ts': `import { createRequire } from 'node:module'

const req = createRequire(import.meta.url)
export const get: unknown = req('@tech-vendor/api/v1').Get // finding: api-version
const { Post } = req('@tech-vendor/api/v1') // finding: api-version
export { Post }
`,
      'src/created.mjs': `import { createRequire } from 'node:module'

const req = createRequire(import.meta.url)
const { Delete } = req('@tech-vendor/api/v1') // finding: api-version
export default Delete
`,
      'src/barrel.ts': `export * as v1 from '@tech-vendor/api/v1' // finding: api-version\n`,
      'src/legacy.cts': `const { DynamicRpcClientService, SimpleQuery } = require('@tech-vendor/api/v1') // finding: api-version
const v1 = require('@tech-vendor/api/v1')

export = [DynamicRpcClientService, SimpleQuery, v1.Get, require('@tech-vendor/api/v1').Post] // finding: api-version api-version
`,
      'src/old.cjs': `const { Delete } = require('@tech-vendor/api/v1') // finding: api-version

module.exports = Delete
`,
    })
  })

  it.each(files)('is reported in %s', (file) => {
    const { findings } = check(dir)
    expect(reported(findings, file)).toEqual(announced(dir, file))
  })

  it('is reported through an untyped require() in TypeScript when no file imports the 1.0.0-series entry', () => {
    const required = plugin({
      'package.json': pluginPackage('required'),
      'src/legacy.cts': `const { RpcClient } = require('@tech-vendor/api/v1') // finding: api-version
const v1 = require('@tech-vendor/api/v1')

export = [RpcClient, v1.Get] // finding: api-version
`,
    })
    const { code, findings } = check(required)
    expect(code).toBe(1)
    expect(reported(findings, 'src/legacy.cts')).toEqual(announced(required, 'src/legacy.cts'))
  })

  it('is not reported when the manifest targets 1.0.0', () => {
    const series = plugin({
      'package.json': pluginPackage('series', { apiVersion: '1.0.0' }, imports),
      'src/aliases.ts': `import { RpcClient } from 'vendor-v1'\nimport { Put } from '#vendor-v1'\nexport { RpcClient, Put }\n`,
    })
    expect(check(series)).toEqual({ code: 0, findings: [] })
  })
})

describe('what the type system cannot see, listed in docs/ci.md as limitations', () => {
  it('a call through any, a computed string key, a let, an object property or an unseen apply array are not reported', () => {
    const dir = plugin({
      'package.json': pluginPackage('limits'),
      'src/limits.ts': `import { AsyncHelper, type Runnable } from '@tech-vendor/api'

export function unseen(name: string, helper: any, r: Runnable, args: [boolean, Runnable]): void {
  helper.task(true, () => undefined)
  ;(AsyncHelper as unknown as Record<string, (n: number) => unknown>)[name](2)
  let later = AsyncHelper.task
  later(true, r)
  later = AsyncHelper.task
  const o = { go: AsyncHelper.task.bind(AsyncHelper) }
  o.go(true, r)
  AsyncHelper.task.apply(AsyncHelper, args)
}
`,
    })
    // Only the compiler's own error: bind() of the overloaded task keeps its last overload, which takes an
    // ExecutorService first. No absent-at-runtime anywhere.
    const { findings } = check(dir)
    expect(findings.map((f) => [f.line, f.rule])).toEqual([[11, 'type-error']])
  })
})
