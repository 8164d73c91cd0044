import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/checker/main.js'
import { ensureBuilt, repoRoot } from '../packaging/built-package.js'

/**
 * A plugin project that installs the built package and turns the runtime profile on with
 * `customConditions`, type-checked by the compiler as the plugin's own `tsc` would (declaration files
 * included). Its sources are strings so that the repository's own tools never read them.
 */
const CONDITION = 'tech-vendor-runtime-1.0.0-beta18'

const ROOT_PLUGIN = `import { AsyncHelper, MessageHelper, MessageSeverity, Notification, SimpleQuery, type PlatformUser, type Thread } from '@tech-vendor/api'

declare module '@tech-vendor/api' {
  interface DomainRegistry {
    Order: { id: number; status: 'OPEN' | 'CLOSED' }
  }
}

const ann: PlatformUser = { id: 7, username: 'ann' }
export const thread: Thread = AsyncHelper.task(() => undefined)
// @ts-expect-error 1.0.0-series API: the 0.0.5 root does not type it (import it from '@tech-vendor/api/v1')
export const named: Thread = AsyncHelper.task('export', () => undefined)
MessageHelper.pushMessage(new Notification({ content: 'Ready', severity: MessageSeverity.INFO, toUser: ann }))
export const status: 'OPEN' | 'CLOSED' | undefined = SimpleQuery.of('Order').get()?.status
// @ts-expect-error absent at runtime
AsyncHelper.task(true, () => undefined)
// @ts-expect-error absent at runtime
AsyncHelper.newForkJoinPool(2)
// @ts-expect-error absent at runtime
MessageHelper.pushNotification(new Notification({ content: 'Ready', toUser: ann }))
// @ts-expect-error the runtime's Notification has no toUserName
export const wrong = new Notification({ content: 'Ready', toUserName: 'ann' })
// @ts-expect-error the registry augmentation reaches the profile: no such status
SimpleQuery.of('Order').eq('status', 'LOST')
`

const V1_PLUGIN = `import { AsyncHelper, MessageHelper, Notification, SimpleQuery, VendorDynamicController } from '@tech-vendor/api/v1'

export class Ping extends VendorDynamicController {}
export const count: Promise<number> = AsyncHelper.supplyAsync(() => SimpleQuery.count('Order'))
MessageHelper.pushMessage(new Notification({ content: 'Pong', toUser: { id: 7, username: 'ann' } }))
// @ts-expect-error the registry augmentation of '@tech-vendor/api' types ./v1 too: no such status
SimpleQuery.of('Order').eq('status', 'LOST')
// @ts-expect-error absent at runtime, in the 1.0.0 series too
MessageHelper.pushNotification(new Notification({ content: 'Pong', toUser: { id: 7, username: 'ann' } }))
`

let work: string

/** Writes a plugin project of module kind `type` under `work`. */
function writePlugin(name: string, type: 'module' | 'commonjs'): string {
  const dir = join(work, name)
  const files: Record<string, string> = {
    'package.json': JSON.stringify({
      name,
      private: true,
      type,
      vendorPlugin: { name, version: '1.0.0', apiVersion: '1.0.0', dependsOnPlugins: ['PlatformAdapter'] },
    }),
    'src/plugin.ts': ROOT_PLUGIN,
    'src/v1-plugin.ts': V1_PLUGIN,
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  mkdirSync(join(dir, 'node_modules', '@tech-vendor'), { recursive: true })
  symlinkSync(repoRoot, join(dir, 'node_modules', '@tech-vendor', 'api'), 'dir')
  return dir
}

/** The plugin's tsconfig options, with or without the runtime profile. */
function options(profile: boolean): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.esnext.disposable.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    ...(profile ? { customConditions: [CONDITION] } : {}),
  }
}

/** What the plugin's `tsc` reports, as `file:line message`. */
function typeCheck(dir: string, profile: boolean): string[] {
  const program = ts.createProgram(
    [join(dir, 'src/plugin.ts'), join(dir, 'src/v1-plugin.ts')],
    options(profile),
  )
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file === undefined
        ? ''
        : `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} `
    return where + ts.flattenDiagnosticMessageText(d.messageText, ' ')
  })
}

let esm: string
let cjs: string

beforeAll(() => {
  ensureBuilt()
  work = mkdtempSync(join(tmpdir(), 'vendor-api-runtime-profile-'))
  esm = writePlugin('esm-plugin', 'module')
  cjs = writePlugin('cjs-plugin', 'commonjs')
})

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe.each([
  ['an ESM plugin (import condition, .d.ts)', () => esm],
  ['a CommonJS plugin (require condition, .d.cts)', () => cjs],
])('the runtime profile in %s', (_kind, dir) => {
  it(`type-checks against runtime 1.0.0-beta18 with customConditions ["${CONDITION}"]`, () => {
    expect(typeCheck(dir(), true)).toEqual([])
  })

  it('is off without the condition: the declared surface is checked instead', () => {
    const errors = typeCheck(dir(), false)
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^src\/plugin\.ts:10 .*'void' is not assignable to type 'Thread'/),
        expect.stringMatching(/^src\/plugin\.ts:13 Property 'pushMessage' does not exist/),
        expect.stringMatching(/^src\/plugin\.ts:15 Unused '@ts-expect-error' directive/),
        expect.stringMatching(/^src\/v1-plugin\.ts:5 Property 'pushMessage' does not exist/),
      ]),
    )
  })
})

describe('vendor-api check on a plugin that uses the runtime profile', () => {
  it('reports the calls the runtime lacks, takes pushMessage for the runtime member it is, and still flags task(Runnable) under static linkage', () => {
    writeFileSync(
      join(esm, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...options(true),
          lib: ['es2023', 'esnext.disposable'],
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
        },
        include: ['src'],
      }),
    )
    let stdout = ''
    const code = main(['check', '--format', 'json', '--linkage', 'static'], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stdout += t),
      cwd: esm,
    })
    expect(stdout).toMatch(/^\{/)
    const findings = (JSON.parse(stdout) as { findings: { file: string; line: number; rule: string }[] })
      .findings
    const at = (line: number): string[] =>
      findings.filter((f) => f.file === 'src/plugin.ts' && f.line === line).map((f) => f.rule)
    expect(code).toBe(1)
    expect(at(10)).toEqual(['linkage-mismatch', 'runtime-deprecated'])
    expect(at(12)).toEqual(['runtime-deprecated']) // task(threadName, ...), with the manifest at 1.0.0
    expect(at(13)).toEqual([]) // pushMessage
    expect(at(14)).toEqual([])
    // The profile hides these from the type checker (@ts-expect-error above them); the check still sees them.
    expect(at(16)).toEqual(['absent-at-runtime']) // task(true, ...)
    expect(at(18)).toEqual(['absent-at-runtime']) // newForkJoinPool
    expect(at(20)).toEqual(['absent-at-runtime']) // pushNotification
    expect(findings.filter((f) => f.file === 'src/v1-plugin.ts').map((f) => `${f.line} ${f.rule}`)).toEqual([
      '9 absent-at-runtime',
    ]) // pushNotification, absent in the 1.0.0 series too; pushMessage is fine
  })
})
