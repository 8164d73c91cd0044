import { describe, expect, it } from 'vitest'
import type { Finding } from '../../src/checker/finding.js'
import { memberSpecs } from '../../src/runtime-contract/members.js'
import type { Linkage, LibraryLine } from '../../src/runtime-contract/runtime-description.js'
import { checkFixture } from './fixture-plugins.js'

const FIXTURE = 'test/checker/fixtures/platform-mismatches'

interface Target {
  readonly apiVersion?: LibraryLine
  readonly dependsOnPlugins?: readonly string[]
  readonly linkage?: Linkage
}

/** Checks the platform-mismatches fixture (one program) against a manifest and a linkage. */
function check(target: Target = {}): Finding[] {
  return checkFixture(
    'platform-mismatches',
    {
      name: 'mismatches',
      version: '1.0.0',
      apiVersion: target.apiVersion ?? '0.0.5',
      dependsOnPlugins: target.dependsOnPlugins ?? [],
    },
    target.linkage ?? 'dynamic',
  )
}

/** The member or name a finding's message starts with: `AsyncHelper.task(boolean, Runnable)`, `Get`. */
const subject = (f: Finding): string => /^[\w.]+(?:\([^)]*\))?/.exec(f.message)?.[0] ?? ''

/** `file:line:column rule severity` of each finding of one rule, for readable expectations. */
function of(findings: readonly Finding[], rule: Finding['rule']): string[] {
  return findings
    .filter((f) => f.rule === rule)
    .map((f) => `${f.file.slice(FIXTURE.length + 1)}:${f.line}:${f.column} ${f.severity}`)
}

describe('absent-at-runtime', () => {
  it('reports each call to a member the runtime lacks, at the called name', () => {
    expect(of(check(), 'absent-at-runtime')).toEqual([
      'src/absent.ts:6:15 error',
      'src/absent.ts:7:15 error',
      'src/absent.ts:8:15 error',
      'src/absent.ts:9:17 error',
    ])
  })

  it('names the member, the failure for the linkage, and what to call instead', () => {
    const dynamic = check().find((f) => f.rule === 'absent-at-runtime' && f.line === 6)
    expect(dynamic?.message).toContain('AsyncHelper.task(boolean, Runnable)')
    expect(dynamic?.message).toContain('MissingMethodException')
    expect(dynamic?.hint).toBe(
      memberSpecs.find((m) => m.id === 'AsyncHelper.task(boolean, Runnable)')?.instead,
    )
    const push = check({ linkage: 'static' }).find((f) => f.rule === 'absent-at-runtime' && f.line === 9)
    expect(push?.message).toContain(
      'NoSuchMethodError tech.vendor.api.MessageHelper.pushNotification(Ltech/vendor/api/Notification;)V',
    )
    expect(push?.hint).toContain('pushMessage')
  })

  it("does not report the plugin's own objects whose methods share the library's names", () => {
    expect(check({ linkage: 'static' }).filter((f) => f.file.endsWith('look-alikes.ts'))).toEqual([])
  })

  it('derives what it reports from the member table: every absent member, nothing else', () => {
    const reported = new Set(
      check()
        .filter((f) => f.rule === 'absent-at-runtime')
        .map(subject),
    )
    const absent = memberSpecs.filter((m) => m.runtime === 'absent').map((m) => m.id)
    expect([...reported].sort()).toEqual([...absent].sort())
  })
})

describe('linkage-mismatch', () => {
  it('under static linkage, reports every call of task(Runnable) as declared void by 0.0.5', () => {
    const findings = check({ linkage: 'static' })
    expect(of(findings, 'linkage-mismatch')).toEqual([
      'src/linkage.ts:4:15 error',
      'src/linkage.ts:8:30 error',
    ])
    const used = findings.find((f) => f.rule === 'linkage-mismatch' && f.line === 8)
    expect(used?.message).toContain(
      'NoSuchMethodError tech.vendor.api.AsyncHelper.task(Ljava/lang/Runnable;)V',
    )
    expect(used?.message).toContain('The value used here is a Thread at run time, not void.')
  })

  it('under dynamic linkage, warns only where the returned value is used', () => {
    expect(of(check(), 'linkage-mismatch')).toEqual(['src/linkage.ts:8:30 warning'])
  })

  it('does not report task(Runnable) of the 1.0.0 series, which is declared as the runtime has it', () => {
    expect(
      check({ linkage: 'static', apiVersion: '1.0.0' }).filter((f) => f.file.endsWith('v1-api.ts')),
    ).toEqual(expect.not.arrayContaining([expect.objectContaining({ rule: 'linkage-mismatch' })]))
  })
})

describe('runtime-deprecated', () => {
  it('warns at every call of a member the runtime deprecates', () => {
    expect(of(check(), 'runtime-deprecated')).toEqual([
      'src/deprecated.ts:3:35 warning',
      'src/linkage.ts:4:15 warning',
      'src/linkage.ts:8:30 warning',
      'src/v1-api.ts:13:15 warning',
    ])
  })

  it('does not warn for a member the runtime does not deprecate (supplyAsync, SimpleQuery)', () => {
    const lines = check()
      .filter((f) => f.rule === 'runtime-deprecated')
      .map((f) => `${f.file}:${f.line}`)
    expect(lines).not.toContain(`${FIXTURE}/src/v1-api.ts:14`)
    expect(lines.filter((l) => l.includes('fine.ts'))).toEqual([])
  })
})

describe('api-version', () => {
  it('targeting 0.0.5, reports what only the 1.0.0 series exports and its methods', () => {
    expect(of(check({ apiVersion: '0.0.5' }), 'api-version')).toEqual([
      'src/v1-api.ts:1:23 error',
      'src/v1-api.ts:1:41 error',
      'src/v1-api.ts:13:15 error',
      'src/v1-api.ts:14:22 error',
    ])
  })

  it('does not report names both lines export, even imported from ./v1', () => {
    const names = check({ apiVersion: '0.0.5' })
      .filter((f) => f.rule === 'api-version')
      .map(subject)
    expect(names).toEqual([
      'Get',
      'VendorDynamicController',
      'AsyncHelper.task(String, Runnable)',
      'AsyncHelper.supplyAsync(Supplier)',
    ])
  })

  it('targeting 1.0.0, reports nothing', () => {
    expect(of(check({ apiVersion: '1.0.0' }), 'api-version')).toEqual([])
  })
})

describe('platform-adapter-dependency', () => {
  it("reports BeanContainer calls when dependsOnPlugins lacks 'PlatformAdapter'", () => {
    const findings = check({ dependsOnPlugins: ['Reports'] })
    expect(of(findings, 'platform-adapter-dependency')).toEqual(['src/beans.ts:8:17 error'])
    expect(findings.find((f) => f.rule === 'platform-adapter-dependency')?.hint).toContain(
      '"PlatformAdapter"',
    )
  })

  it("reports nothing when dependsOnPlugins lists 'PlatformAdapter'", () => {
    expect(of(check({ dependsOnPlugins: ['PlatformAdapter'] }), 'platform-adapter-dependency')).toEqual([])
  })
})

describe('every finding', () => {
  it('has a file, a 1-based line and column, a rule, a severity, a message and a fix hint', () => {
    for (const f of check({ linkage: 'static' })) {
      expect(f.file).toMatch(/^test\/checker\/fixtures\/platform-mismatches\/src\/[\w-]+\.ts$/)
      expect(f.line).toBeGreaterThanOrEqual(1)
      expect(f.column).toBeGreaterThanOrEqual(1)
      expect(['error', 'warning']).toContain(f.severity)
      expect(f.message.length).toBeGreaterThan(20)
      expect(f.hint.length).toBeGreaterThan(10)
    }
  })

  it('comes in file, line, column order', () => {
    const findings = check({ linkage: 'static' })
    const keys = findings.map((f) => [f.file, f.line, f.column] as const)
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]))
    expect(keys).toEqual(sorted)
  })

  it('reports nothing in code that uses only what the runtime has', () => {
    expect(check({ linkage: 'static' }).filter((f) => f.file.endsWith('fine.ts'))).toEqual([])
  })
})
