import { afterAll, describe, expect, it } from 'vitest'
import { vendorApi } from './fixture-plugins.js'
import {
  announced,
  pluginPackage,
  removeProjects,
  reported,
  TEMPLATE_TSCONFIG,
  writeProject,
  type JsonFinding,
} from './plugin-projects.js'

afterAll(removeProjects)

function checkJson(dir: string): { code: number; findings: JsonFinding[] } {
  const run = vendorApi(['check', '--format', 'json'], dir)
  expect(run.stderr).toBe('')
  return { code: run.code, findings: (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings }
}

describe('type errors', () => {
  it('are findings of rule type-error that fail the run, as tsc --noEmit fails', () => {
    const dir = writeProject({
      'package.json': pluginPackage('typos'),
      'tsconfig.json': TEMPLATE_TSCONFIG,
      'src/typos.ts': `import { SimpleQuery } from '@tech-vendor/api'

export const count: string = SimpleQuery.count('Order') // finding: type-error
// @ts-expect-error: a mistake the plugin owns up to is not reported
export const owned: string = 42
`,
    })
    const { code, findings } = checkJson(dir)
    expect(reported(findings, 'src/typos.ts')).toEqual(announced(dir, 'src/typos.ts'))
    expect(findings[0]).toMatchObject({
      line: 3,
      column: 14,
      severity: 'error',
      message: "Type 'number' is not assignable to type 'string'. (TS2322)",
      hint: 'Fix the code as the compiler says; tsc --noEmit with the same tsconfig shows the same error.',
    })
    expect(code).toBe(1)
  })

  it("include those of the plugin's own declaration files when skipLibCheck is off, as tsc reports them", () => {
    const files = {
      'package.json': pluginPackage('declared'),
      'src/globals.d.ts': 'declare const x: number = "nope" // finding: type-error\n',
      'src/index.ts': 'export const y = 1\n',
    }
    const checked = (skipLibCheck: boolean): { code: number; findings: JsonFinding[] } =>
      checkJson(
        writeProject({
          ...files,
          'tsconfig.json': {
            ...TEMPLATE_TSCONFIG,
            compilerOptions: { ...TEMPLATE_TSCONFIG.compilerOptions, skipLibCheck },
          },
        }),
      )
    const strict = checked(false)
    // tsc reports two errors there: the type (TS2322), and an initializer in an ambient context (TS1039).
    expect(strict.findings.map((f) => [f.file, f.line, f.rule, f.message.slice(-8)])).toEqual([
      ['src/globals.d.ts', 1, 'type-error', '(TS2322)'],
      ['src/globals.d.ts', 1, 'type-error', '(TS1039)'],
    ])
    expect(strict.code).toBe(1)
    // With skipLibCheck on, tsc skips them, and so does the check.
    expect(checked(true)).toEqual({ code: 0, findings: [] })
  })

  it('come from the runtime profile when the tsconfig turns it on; a member the runtime lacks is reported once', () => {
    const dir = writeProject({
      'package.json': pluginPackage('profiled'),
      'tsconfig.json': {
        ...TEMPLATE_TSCONFIG,
        compilerOptions: {
          ...TEMPLATE_TSCONFIG.compilerOptions,
          customConditions: ['tech-vendor-runtime-1.0.0-beta18'],
        },
      },
      'src/profiled.ts': `import { AsyncHelper, MessageHelper, Notification } from '@tech-vendor/api'

export function notify(): void {
  MessageHelper.pushNotification(new Notification({ content: 'Ready' })) // finding: absent-at-runtime
  AsyncHelper.newForkJoinPool(2) // finding: absent-at-runtime
  MessageHelper.pushMessage(new Notification({ content: 'Ready', toUserName: 'ann' })) // finding: type-error
  AsyncHelper.task('export', () => undefined) // finding: api-version runtime-deprecated
}
`,
    })
    const { findings } = checkJson(dir)
    expect(reported(findings, 'src/profiled.ts')).toEqual(announced(dir, 'src/profiled.ts'))
    expect(findings.find((f) => f.rule === 'type-error')?.message).toContain("'toUserName'")
  })
})

describe('an import of the library that does not resolve', () => {
  it.each([
    ['moduleResolution node10', { module: 'commonjs', moduleResolution: 'node10' }, 'node10'],
    [
      'module commonjs, whose default resolution is node10',
      { module: 'commonjs', moduleResolution: undefined },
      'node10',
    ],
  ])('under %s, names the resolution mode and what to set, not an installation', (_, options, mode) => {
    const dir = writeProject({
      'package.json': pluginPackage('legacy-resolution', {}, { type: 'commonjs' }),
      'tsconfig.json': {
        compilerOptions: { ...TEMPLATE_TSCONFIG.compilerOptions, ...options, customConditions: undefined },
        include: ['src'],
      },
      'src/controller.ts': `import { VendorDynamicController } from '@tech-vendor/api/v1'\nexport class Ping extends VendorDynamicController {}\n`,
    })
    const run = vendorApi(['check'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      `src/controller.ts imports '@tech-vendor/api/v1', which is installed, but moduleResolution '${mode}' cannot resolve it`,
    )
    expect(run.stderr).toContain('Set "moduleResolution" to "nodenext"')
    expect(run.stderr).not.toContain('Install it')
  })
})

describe('a project the compiler refuses before reading a file', () => {
  it('is a usage error naming the tsconfig and the compiler’s message', () => {
    const dir = writeProject({
      'package.json': pluginPackage('contradiction'),
      'tsconfig.json': {
        ...TEMPLATE_TSCONFIG,
        compilerOptions: { ...TEMPLATE_TSCONFIG.compilerOptions, module: 'commonjs' },
      },
      'src/index.ts': 'export const answer = 42\n',
    })
    const run = vendorApi(['check'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('tsconfig.json has errors')
    expect(run.stderr).toMatch(/TS5110|TS5109/)
  })
})

describe('a tsconfig that is not valid JSON', () => {
  const template = JSON.stringify(TEMPLATE_TSCONFIG)
  const broken = '{ "compilerOptions": { "strict": true,, "module": "nodenext" }, "include": ["src"] }'
  const truncated = template.slice(0, template.indexOf('"include"'))

  it.each([
    ['with a doubled comma', { 'tsconfig.json': broken }, 'tsconfig.json(1,39): error TS1136'],
    ['cut off', { 'tsconfig.json': truncated }, 'tsconfig.json(1,'],
    [
      'reached through extends',
      {
        'tsconfig.json': { extends: './tsconfig.base.json', include: ['src'] },
        'tsconfig.base.json': broken,
      },
      'tsconfig.base.json(1,39): error TS1136',
    ],
    [
      'as a solution-style tsconfig',
      {
        'tsconfig.json': '{ "files": [],, "references": [{ "path": "./tsconfig.app.json" }] }',
        'tsconfig.app.json': TEMPLATE_TSCONFIG,
      },
      'tsconfig.json(1,15): error TS1136',
    ],
  ])(
    '%s, is a usage error naming the file, line, column and the compiler’s message',
    (_, tsconfigs, where) => {
      const dir = writeProject({
        'package.json': pluginPackage('broken-tsconfig'),
        'src/index.ts': 'export const answer = 42\n',
        ...tsconfigs,
      })
      const run = vendorApi(['check'], dir)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain(where)
      expect(run.stderr).toMatch(/\(1,\d+\): error TS\d+: \S/)
      expect(run.code).toBe(2)
    },
  )
})

describe('a solution-style tsconfig ("files": [] and references, the Vite layout)', () => {
  it('is checked through the projects it references, with or without paths', () => {
    const dir = writeProject({
      'package.json': pluginPackage('solution', { apiVersion: '0.0.5' }),
      'tsconfig.json': {
        files: [],
        references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }],
      },
      // The app is built loose; the build script's project strict: each file only with its own project's options.
      'tsconfig.app.json': {
        ...TEMPLATE_TSCONFIG,
        compilerOptions: { ...TEMPLATE_TSCONFIG.compilerOptions, composite: true, strict: false },
      },
      'tsconfig.node.json': {
        ...TEMPLATE_TSCONFIG,
        compilerOptions: { ...TEMPLATE_TSCONFIG.compilerOptions, composite: true },
        include: ['build.config.ts'],
      },
      'src/uses.ts': `import { Get } from '@tech-vendor/api/v1' // finding: api-version

export const route = Get
export function loose(x) {
  return x
}
`,
      'build.config.ts': 'export const loose: number = "no" // finding: type-error\n',
    })
    const whole = checkJson(dir)
    expect(reported(whole.findings, 'src/uses.ts')).toEqual(announced(dir, 'src/uses.ts'))
    expect(reported(whole.findings, 'build.config.ts')).toEqual(announced(dir, 'build.config.ts'))
    expect(whole.code).toBe(1)
    const run = vendorApi(['check', 'src', '--format', 'json'], dir)
    expect(run.stderr).toBe('')
    const findings = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings
    expect(findings.map((f) => f.file)).toEqual(['src/uses.ts'])
    expect(reported(findings, 'src/uses.ts')).toEqual(announced(dir, 'src/uses.ts'))
  })
})
