import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rules } from '../../src/checker/rules.js'
import { repoRoot, vendorApi } from './fixture-plugins.js'
import { pluginPackage, removeProjects, TEMPLATE_TSCONFIG, writeProject } from './plugin-projects.js'
import { expectValidSarif } from './sarif-schema.js'

const MISMATCHES = 'test/checker/fixtures/platform-mismatches'
const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string })
  .version

interface JsonReport {
  readonly tool: { readonly name: string; readonly version: string }
  readonly command: string
  readonly target: {
    readonly runtime: string
    readonly linkage: string
    readonly plugins: readonly {
      readonly name: string
      readonly version: string
      readonly apiVersion: string
      readonly manifest: string
    }[]
  }
  readonly summary: { readonly files: number; readonly errors: number; readonly warnings: number }
  readonly findings: readonly Record<string, unknown>[]
}

describe('vendor-api --help and --version', () => {
  it('--help prints the commands, the options, every rule and the exit codes, and exits 0', () => {
    const run = vendorApi(['--help'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    for (const text of [
      'check [paths...]',
      'check-bundle',
      '--project',
      '--linkage',
      '--format',
      'Exit codes',
    ]) {
      expect(run.stdout).toContain(text)
    }
    for (const rule of rules) expect(run.stdout).toContain(rule.id)
  })

  it('check --help prints the same help and exits 0', () => {
    expect(vendorApi(['check', '--help'])).toMatchObject({ code: 0, stdout: vendorApi(['--help']).stdout })
  })

  it('--version prints the package version', () => {
    expect(vendorApi(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
  })
})

describe('usage errors exit 2 with a message on stderr', () => {
  it.each([
    [[], "Give a command: 'check', 'check-bundle', 'serve', 'export' or 'types'."],
    [['lint'], "Unknown command 'lint': use 'check', 'check-bundle', 'serve', 'export' or 'types'."],
    [['check', '--colour'], "Unknown option '--colour'"],
    [['check', MISMATCHES, '--format', 'xml'], '--format must be one of text, json, sarif'],
    [['check', MISMATCHES, '--linkage', 'late'], "--linkage must be 'dynamic' or 'static'"],
    [['check', 'no/such/dir'], 'no/such/dir does not exist'],
    [['check', '--project', 'no/such/tsconfig.json'], '--project no/such/tsconfig.json'],
  ])('vendor-api %j', (args, message) => {
    const run = vendorApi(args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(message)
    expect(run.stderr).toContain("Run 'vendor-api --help' for usage.")
  })

  it('a package.json without a vendorPlugin manifest', () => {
    const run = vendorApi(['check', 'test/checker/fixtures/missing-manifest'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      'test/checker/fixtures/missing-manifest/package.json has no vendorPlugin manifest',
    )
    expect(run.stderr).toContain('"apiVersion": "0.0.5"')
  })

  it('an invalid manifest, naming every wrong field', () => {
    const run = vendorApi(['check', 'test/checker/fixtures/invalid-manifest'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('invalid vendorPlugin manifest')
    expect(run.stderr).toContain('version must be a non-empty string')
    expect(run.stderr).toContain(`apiVersion must be '0.0.5' or '1.0.0'`)
    expect(run.stderr).toContain('dependsOnPlugins must be an array of plugin names')
  })
})

describe('vendor-api check with nothing to check', () => {
  afterAll(removeProjects)

  const project = {
    'package.json': pluginPackage('sparse'),
    'tsconfig.json': TEMPLATE_TSCONFIG,
    'src/index.ts': 'export const answer = 42\n',
    'empty/.gitkeep': '',
    'types/globals.d.ts': 'declare const build: string\n',
  }

  it.each([
    ['an empty directory', ['check', 'empty'], 'empty holds no source file'],
    ['a directory of declaration files only', ['check', 'types'], 'types holds no source file'],
    ['one path of several', ['check', 'src', 'empty'], 'empty holds no source file'],
    ['two paths', ['check', 'empty', 'types'], 'empty, types hold no source file'],
    ['a declaration file', ['check', 'types/globals.d.ts'], 'types/globals.d.ts holds no source file'],
  ])('is a usage error naming the path, for %s', (_, args, message) => {
    const run = vendorApi(args, writeProject(project))
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(`Nothing to check: ${message}`)
    expect(run.stderr).toContain("Give the plugin's source files or directories")
    expect(run.code).toBe(2)
  })

  it('is a usage error naming the path when there is no tsconfig either', () => {
    const run = vendorApi(
      ['check', 'empty'],
      writeProject({ 'package.json': pluginPackage('bare'), 'empty/.gitkeep': '' }),
    )
    expect(run.stderr).toContain('Nothing to check: empty holds no source file')
    expect(run.code).toBe(2)
  })

  it('is a usage error naming the tsconfig whose project has declaration files only', () => {
    const dir = writeProject({ ...project, 'tsconfig.json': { ...TEMPLATE_TSCONFIG, include: ['types'] } })
    const run = vendorApi(['check'], dir)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('Nothing to check: tsconfig.json includes no source file')
    expect(run.stderr).toContain('"include"')
    expect(run.code).toBe(2)
  })
})

// Root reads a file whatever its permissions say.
describe.skipIf(process.getuid?.() === 0)('vendor-api check on a file it may not read', () => {
  afterAll(removeProjects)

  it.each([
    ['a file of the project', 'src/b.ts'],
    ['a file the project imports from outside its include', 'shared/c.ts'],
  ])('is a usage error saying that %s exists but cannot be read, and what to do', (_, unreadable) => {
    const dir = writeProject({
      'package.json': pluginPackage('guarded'),
      'tsconfig.json': TEMPLATE_TSCONFIG,
      'src/a.ts': "export { c } from '../shared/c.js'\n",
      'src/b.ts': 'export const b = 2\n',
      'shared/c.ts': 'export const c = 3\n',
    })
    chmodSync(join(dir, unreadable), 0o000)
    const run = vendorApi(['check'], dir)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(`${unreadable} exists but cannot be read (EACCES: permission denied`)
    expect(run.stderr).toContain('read permission')
    expect(run.stderr).not.toContain('not found')
    expect(run.code).toBe(2)
  })

  it('is a usage error naming a directory under the paths that it may not list', () => {
    const dir = writeProject({
      'package.json': pluginPackage('guarded'),
      'tsconfig.json': TEMPLATE_TSCONFIG,
      'src/a.ts': 'export const a = 1\n',
      'src/private/b.ts': 'export const b = 2\n',
    })
    chmodSync(join(dir, 'src/private'), 0o000)
    const run = vendorApi(['check', 'src'], dir)
    expect(run.stderr).toContain('src/private exists but cannot be read (EACCES: permission denied')
    expect(run.stderr).not.toContain('internal error')
    expect(run.code).toBe(2)
  })
})

describe('vendor-api check, text format', () => {
  it('exits 1 on errors and prints file:line:column, severity, rule, message and fix', () => {
    const run = vendorApi(['check', MISMATCHES])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines).toContain(
      `${MISMATCHES}/src/absent.ts:6:15  error  absent-at-runtime  AsyncHelper.task(boolean, Runnable) is declared by the 0.0.5 library ` +
        'but the platform runtime 1.0.0-beta18 does not have it: the call fails with MissingMethodException.',
    )
    expect(lines).toContain(
      '    fix: Use AsyncHelper.task(runnable): the runtime always runs it on a thread of its own.',
    )
    expect(lines.at(-1)).toBe(
      '14 problems (9 errors, 5 warnings): 7 files checked (plugin mismatches, library 0.0.5, runtime 1.0.0-beta18, dynamic linkage).',
    )
  })

  it('exits 0 with warnings only, and prints them', () => {
    const run = vendorApi(['check', 'test/checker/fixtures/warnings-only'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('warning  runtime-deprecated  AsyncHelper.scheduleAtFixRate')
    expect(run.stdout).toContain('1 problem (0 errors, 1 warning)')
  })

  it('exits 0 on a clean plugin and says what it checked', () => {
    expect(vendorApi(['check', 'test/checker/fixtures/clean-plugin'])).toEqual({
      code: 0,
      stdout:
        'No problems: 1 file checked (plugin orders, library 1.0.0, runtime 1.0.0-beta18, dynamic linkage).\n',
      stderr: '',
    })
  })

  it('reports only the given paths, with the nearest tsconfig', () => {
    const run = vendorApi(['check', `${MISMATCHES}/src/beans.ts`, '--linkage', 'static'])
    expect(run.code).toBe(1)
    expect(run.stdout.split('\n').filter((l) => /^\S+:\d+:\d+ /.test(l))).toEqual([
      expect.stringMatching(
        /^test\/checker\/fixtures\/platform-mismatches\/src\/beans\.ts:8:17 {2}error {2}platform-adapter-dependency /,
      ),
    ])
    expect(run.stdout).toContain('1 file checked')
  })

  it('takes --project as a tsconfig file, and reports paths relative to the working directory', () => {
    const run = vendorApi(
      ['check', '--project', 'fixtures/warnings-only/tsconfig.json'],
      join(repoRoot, 'test/checker'),
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('fixtures/warnings-only/src/heartbeat.ts:3:33  warning')
  })
})

describe('vendor-api check on a CommonJS plugin in JavaScript', () => {
  it('follows require() as it follows import', () => {
    const run = vendorApi(['check', 'test/checker/fixtures/commonjs-plugin', '--format', 'json'])
    expect(run.code).toBe(1)
    const findings = (JSON.parse(run.stdout) as JsonReport).findings
    expect(findings.map((f) => `${String(f['line'])}:${String(f['column'])} ${String(f['rule'])}`)).toEqual([
      '2:9 api-version',
      '7:15 absent-at-runtime',
    ])
  })
})

describe('vendor-api check --format json', () => {
  it('prints one object whose findings hold every field, and a summary', () => {
    const run = vendorApi(['check', MISMATCHES, '--format', 'json', '--linkage', 'static'])
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout) as JsonReport
    expect(report.tool).toEqual({ name: 'vendor-api', version })
    expect(report.command).toBe('check')
    expect(report.target).toEqual({
      runtime: '1.0.0-beta18',
      linkage: 'static',
      plugins: [
        {
          name: 'mismatches',
          version: '1.0.0',
          apiVersion: '0.0.5',
          manifest: `${MISMATCHES}/package.json`,
        },
      ],
    })
    expect(report.summary).toEqual({ files: 7, errors: 11, warnings: 4 })
    expect(report.findings).toHaveLength(15)
    expect(report.findings[0]).toEqual({
      file: `${MISMATCHES}/src/absent.ts`,
      line: 6,
      column: 15,
      rule: 'absent-at-runtime',
      severity: 'error',
      message: expect.stringContaining(
        'NoSuchMethodError tech.vendor.api.AsyncHelper.task(ZLjava/lang/Runnable;)V',
      ) as string,
      hint: 'Use AsyncHelper.task(runnable): the runtime always runs it on a thread of its own.',
    })
  })

  it('prints an empty findings array for a clean plugin and exits 0', () => {
    const run = vendorApi(['check', 'test/checker/fixtures/clean-plugin', '-f', 'json'])
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout) as JsonReport
    expect(report.findings).toEqual([])
    expect(report.summary).toEqual({ files: 1, errors: 0, warnings: 0 })
  })
})

describe('vendor-api check --format sarif', () => {
  it('prints a SARIF 2.1.0 log with every rule and one result per finding', () => {
    const run = vendorApi(['check', MISMATCHES, '--format', 'sarif'])
    expect(run.code).toBe(1)
    const log = JSON.parse(run.stdout) as {
      runs: [{ tool: { driver: { rules: { id: string }[] } }; results: Record<string, unknown>[] }]
    }
    expect(expectValidSarif(log)).toBe(14)
    expect(log.runs[0].tool.driver.rules.map((r) => r.id)).toEqual(rules.map((r) => r.id))
    expect(log.runs[0].results[0]).toMatchObject({
      ruleId: 'absent-at-runtime',
      level: 'error',
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: `${MISMATCHES}/src/absent.ts`, uriBaseId: '%SRCROOT%' },
            region: { startLine: 6, startColumn: 15 },
          },
        },
      ],
    })
  })

  it('prints a valid log with no results for a clean plugin', () => {
    const run = vendorApi(['check', 'test/checker/fixtures/clean-plugin', '--format', 'sarif'])
    expect(run.code).toBe(0)
    expect(expectValidSarif(JSON.parse(run.stdout))).toBe(0)
  })
})

describe('vendor-api check without a tsconfig', () => {
  let dir: string

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vendor-api-check-'))
    mkdirSync(join(dir, 'src'))
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'loose',
        type: 'module',
        vendorPlugin: { name: 'loose', version: '1.0.0', apiVersion: '0.0.5' },
      }),
    )
    writeFileSync(join(dir, 'src', 'plain.ts'), 'export const answer: number = 42\n')
    writeFileSync(join(dir, 'src', 'helper.js'), 'export function twice(n) { return 2 * n }\n')
  })

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('checks the given paths with the plugin-template options', () => {
    const run = vendorApi(['check', 'src'], dir)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('No problems: 2 files checked (plugin loose, library 0.0.5')
  })

  it('refuses to pass a plugin whose import of the library cannot be resolved', () => {
    writeFileSync(
      join(dir, 'src', 'unresolved.ts'),
      "import { AsyncHelper } from '@tech-vendor/api'\nAsyncHelper.task(true, () => {})\n",
    )
    const run = vendorApi(['check', 'src'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("src/unresolved.ts imports '@tech-vendor/api', which cannot be resolved")
    rmSync(join(dir, 'src', 'unresolved.ts'))
  })

  it('asks for paths when there is neither a tsconfig nor a path', () => {
    const run = vendorApi(['check'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Nothing to check')
  })
})
