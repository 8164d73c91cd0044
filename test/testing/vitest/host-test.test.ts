import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect } from 'vitest'
import { AsyncHelper, DomainHelper, IllegalArgumentException, SimpleQuery } from '../../../src/index.js'
import { currentRuntime } from '../../../src/runtime-contract/index.js'
import type { TestHost } from '../../../src/testing/index.js'
import { hostTest } from '../../../src/testing/vitest/index.js'

const test = hostTest({ domains: { Tag: { fields: { name: 'STRING' } } } })

/** `AsyncHelper.task` as dynamic code calls it. */
const task = (fn: () => void): void => void (AsyncHelper.task as unknown as (r: () => void) => unknown)(fn)

describe('hostTest gives each test a host of its own', () => {
  let previous: TestHost | undefined

  test('the host is installed before the test runs, even when the test does not ask for it', () => {
    expect(currentRuntime()?.description.name).toBe('reference-host')
    DomainHelper.createDomain(DomainHelper.buildDomain('Tag', { name: 'from the first test' }))
  })

  test('nothing of the previous test is left: its data, its host', ({ host }) => {
    expect(SimpleQuery.count('Tag')).toBe(0)
    expect(host.installed).toBe(true)
    previous = host
  })

  test('the previous test’s host was uninstalled after it, and let go: using it says so', ({ host }) => {
    // Compared by identity: an assertion that looks inside the stand-in would ask the released host.
    expect(previous !== undefined && previous !== host).toBe(true)
    expect(() => previous?.installed).toThrow(
      "This test's host is gone: hostTest uninstalls it when the test ends. Use the host inside the test that got it.",
    )
  })

  test('the host stands in for the real one: its methods, getters and `in` work', ({ host }) => {
    expect(host.description.name).toBe('reference-host')
    expect('runAs' in host).toBe(true)
    const { runAs } = host
    expect(runAs({ tenant: 'default' }, () => host.current().tenant)).toBe('default')
    // install() returns the host: the stand-in, not the host behind it.
    expect(host.install()).toBe(host)
    expect(() => Object.assign(host, { errors: [] })).toThrow(TypeError)
  })

  test('options may be a function: it is not called before a test runs', () => {
    let calls = 0
    const made = hostTest(() => {
      calls++
      return { name: `host-${calls}` }
    })
    expect(typeof made).toBe('function')
    expect(calls).toBe(0)
  })

  test('options that are neither an object nor a function are an IllegalArgumentException', () => {
    expect(() => hostTest(42 as never)).toThrow(IllegalArgumentException)
    expect(() => hostTest(42 as never)).toThrow(
      /hostTest expects the host options, or a function that makes them/,
    )
  })
})

describe('runtime deprecation warnings under hostTest', () => {
  const warnings: string[] = []
  const record = (warning: unknown): void => void warnings.push(String(warning))

  test('a test that uses AsyncHelper.task warns at most once', async ({ host }) => {
    process.on('warning', record)
    task(() => undefined)
    await host.whenIdle()
  })

  test('the next test, on a host of its own, does not warn again: once per member for the whole process', async ({
    host,
  }) => {
    task(() => undefined)
    await host.whenIdle()
    // 'warning' events come a tick after emitWarning.
    await new Promise((resolve) => setTimeout(resolve, 0))
    process.off('warning', record)
    expect(warnings.filter((w) => w.includes('AsyncHelper.task')).length).toBeLessThanOrEqual(1)
  })
})

describe('options as a function', () => {
  let calls = 0
  const counted = hostTest(() => {
    calls++
    return { name: `made-${calls}` }
  })

  counted('are made for the first test', ({ host }) => {
    expect(host.description.name).toBe(`made-${calls}`)
  })

  counted('and made again for the next', ({ host }) => {
    expect(calls).toBe(2)
    expect(host.description.name).toBe('made-2')
  })
})

describe('hostTest fails a test that leaves errors of asynchronous tasks behind', () => {
  interface Assertion {
    readonly title: string
    readonly status: string
    readonly failureMessages: readonly string[]
  }
  let results: Assertion[] = []

  beforeAll(() => {
    const here = dirname(fileURLToPath(import.meta.url))
    const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')))
    const child = spawnSync(
      process.execPath,
      [vitest, 'run', '--config', join(here, 'fixtures', 'vitest.config.ts'), '--reporter=json'],
      { cwd: join(here, 'fixtures'), env, encoding: 'utf8', timeout: 110_000 },
    )
    const report = JSON.parse(child.stdout.slice(child.stdout.indexOf('{'))) as {
      testResults: { assertionResults: Assertion[] }[]
    }
    results = report.testResults.flatMap((file) => file.assertionResults)
  })

  test('a test that leaves an error fails, and the failure says how to take it', () => {
    const left = results.find((r) => r.title === 'leaves the error of a failed task in host.errors')
    expect(left?.status).toBe('failed')
    expect(left?.failureMessages.join('\n')).toMatch(
      /1 error of asynchronous tasks was left in host\.errors at the end of the test \(the first: Error: the task failed\)\. If the test expects them, take them with host\.takeErrors\(\)/,
    )
  })

  test('a test that takes the error it expects passes', () => {
    expect(results.find((r) => r.title === 'takes the error it expects')?.status).toBe('passed')
  })
})
