import { describe, expect, it } from 'vitest'
import type { Finding } from '../../src/checker/finding.js'
import type { Linkage } from '../../src/runtime-contract/runtime-description.js'
import { checkFixture } from './fixture-plugins.js'

const FIXTURE = 'test/checker/fixtures/member-references'

/** Checks the member-references fixture: a plugin targeting 0.0.5 without PlatformAdapter. */
function check(linkage: Linkage = 'dynamic'): Finding[] {
  return checkFixture(
    'member-references',
    { name: 'references', version: '1.0.0', apiVersion: '0.0.5', dependsOnPlugins: [] },
    linkage,
  )
}

/** `file:line:column rule severity` of the findings in one fixture file. */
function inFile(findings: readonly Finding[], file: string): string[] {
  return findings
    .filter((f) => f.file === `${FIXTURE}/src/${file}`)
    .map((f) => `${f.line}:${f.column} ${f.rule} ${f.severity}`)
}

describe('a member reached other than by a direct call', () => {
  it('is reported through a local constant, once: where it is bound when every overload breaks the rule, else at the call', () => {
    expect(inFile(check(), 'aliases.ts')).toEqual([
      // const push = MessageHelper.pushNotification; push(ready)
      '6:30 absent-at-runtime error',
      // const { newForkJoinPool } = AsyncHelper; newForkJoinPool(2)
      '8:11 absent-at-runtime error',
      // const { task: run } = AsyncHelper: the overload is known only at each call
      '11:3 absent-at-runtime error',
      '12:3 runtime-deprecated warning',
      // const later = AsyncHelper.task.bind(AsyncHelper); later(true, ...)
      '14:3 absent-at-runtime error',
    ])
  })

  it('is reported by string key, by constant key, and through .call and .apply with the arguments shifted', () => {
    const findings = check()
    expect(inFile(findings, 'forwarded.ts')).toEqual([
      '7:17 absent-at-runtime error', // MessageHelper['pushNotification'](ready)
      '8:15 absent-at-runtime error', // AsyncHelper[key](2)
      '10:15 absent-at-runtime error', // AsyncHelper.task.call(AsyncHelper, true, ...)
      '10:38 type-error error', // tsc types `.call` by the last overload: true is not an ExecutorService
      '11:15 runtime-deprecated warning', // AsyncHelper.task.apply(AsyncHelper, [runnable])
      '11:40 type-error error', // ... nor is the runnable in `.apply`'s array
      '12:17 absent-at-runtime error', // MessageHelper.pushNotification.call(MessageHelper, ready)
    ])
    const overloads = findings
      .filter((f) => f.file.endsWith('forwarded.ts') && f.rule === 'absent-at-runtime')
      .map((f) => /^[\w.]+\([^)]*\)/.exec(f.message)?.[0])
    expect(overloads).toEqual([
      'MessageHelper.pushNotification(Notification)',
      'AsyncHelper.newForkJoinPool(int)',
      'AsyncHelper.task(boolean, Runnable)',
      'MessageHelper.pushNotification(Notification)',
    ])
  })

  it('passed on as a value, is reported for the rules every overload of the name breaks, and only those', () => {
    const findings = check()
    expect(inFile(findings, 'passed-on.ts')).toEqual([
      // AsyncHelper.task (line 4): task(Runnable) exists, task(boolean, Runnable) does not: nothing is certain.
      '5:15 runtime-deprecated warning', // scheduleAtFixRate: both overloads deprecated
      '6:15 absent-at-runtime error', // newForkJoinPool
      '7:17 absent-at-runtime error', // pushNotification ?? undefined: the member is the value
      '8:17 platform-adapter-dependency error', // BeanContainer.getBean
    ])
    const push = findings.find((f) => f.file.endsWith('passed-on.ts') && f.line === 7)
    expect(push?.message).toContain('a call through it fails with MissingMethodException')
    expect(push?.hint).toContain('pushMessage')
  })

  it('of the 1.0.0 series, is reported for what holds for its every overload (deprecated, and 1.0.0-only)', () => {
    expect(inFile(check(), 'series-one.ts')).toEqual([
      '3:32 api-version error',
      '3:32 runtime-deprecated warning',
    ])
  })

  it('names every JVM descriptor under static linkage', () => {
    const push = check('static').find((f) => f.file.endsWith('passed-on.ts') && f.line === 7)
    expect(push?.message).toContain(
      'NoSuchMethodError tech.vendor.api.MessageHelper.pushNotification(Ltech/vendor/api/Notification;)V',
    )
  })

  it('is not reported where the code only tests that the member is there; the guarded call is', () => {
    expect(inFile(check(), 'feature-tests.ts')).toEqual(['4:75 absent-at-runtime error'])
  })

  it("is not reported on the plugin's own objects whose methods share the library's names", () => {
    expect(inFile(check('static'), 'look-alikes.ts')).toEqual([])
  })
})
