import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/** One test of vitest's JSON report. */
interface Assertion {
  readonly ancestorTitles: readonly string[]
  readonly title: string
  readonly status: string
  readonly failureMessages: readonly string[]
}

const here = dirname(fileURLToPath(import.meta.url))
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
const output = mkdtempSync(join(tmpdir(), 'conformance-broken-'))

let exitCode: number | null = null
let assertions: Assertion[] = []
/** The child's verbose report, without colours: it shows the note of each test skipped from within. */
let verbose = ''

// One child vitest run over fixtures/broken-hosts.conformance.ts: eight hosts, each under test in one or
// two groups.
beforeAll(() => {
  const report = join(output, 'report.json')
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')))
  const child = spawnSync(
    process.execPath,
    [
      vitestBin,
      'run',
      '--config',
      join(here, 'fixtures', 'vitest.config.ts'),
      '--reporter=json',
      '--reporter=verbose',
      `--outputFile.json=${report}`,
    ],
    { cwd: join(here, 'fixtures'), env, encoding: 'utf8', timeout: 110_000 },
  )
  exitCode = child.status
  // eslint-disable-next-line no-control-regex -- the colour codes of the report
  verbose = child.stdout.replace(/\u001b\[[0-9;]*m/g, '')
  if (!existsSync(report)) {
    throw new Error(
      `the child vitest run wrote no report (exit ${String(child.status)}):\n${child.stderr}${child.stdout}`,
    )
  }
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { assertionResults: Assertion[] }[]
  }
  assertions = parsed.testResults.flatMap((file) => file.assertionResults)
})

afterAll(() => rmSync(output, { recursive: true, force: true }))

/** The tests of one host, by title, with their status. */
function resultsOf(host: string): Map<string, Assertion> {
  const results = new Map<string, Assertion>()
  for (const a of assertions) if (a.ancestorTitles[0] === `conformance: ${host}`) results.set(a.title, a)
  return results
}

function statusOf(host: string, title: string): string | undefined {
  return resultsOf(host).get(title)?.status
}

describe('the conformance suite fails a host that breaks a rule', () => {
  test('the run over broken hosts exits non-zero', () => {
    expect(exitCode).not.toBe(0)
    expect(assertions.length).toBeGreaterThan(0)
  })

  test('a host whose ne matches null fields fails the ne rules and passes the others', () => {
    const host = 'loose-ne host'
    expect(statusOf(host, 'ne never matches a null field')).toBe('failed')
    expect(statusOf(host, 'ne(field, null) matches nothing')).toBe('failed')
    expect(statusOf(host, 'eq matches equal values, strings case-sensitively')).toBe('passed')
    expect(statusOf(host, 'notIn never matches a null field')).toBe('passed')
    expect(
      statusOf(host, 'list(offset, limit) takes a 0-based offset, and totalCount counts every match'),
    ).toBe('passed')
  })

  test('a host that ignores the tenant fails the tenancy rules', () => {
    const host = 'tenant-blind host'
    expect(statusOf(host, 'reads see only the current tenant’s objects')).toBe('failed')
    expect(statusOf(host, 'an id of another tenant is not found')).toBe('failed')
    expect(
      statusOf(host, 'createDomain, batchCreate and transactions write to the current tenant only'),
    ).toBe('failed')
  })

  test('a factory that returns no host fails every test, saying what a host must have', () => {
    const results = [...resultsOf('shapeless host').values()].filter((a) =>
      a.ancestorTitles[1]?.startsWith('beans:'),
    )
    expect(results.length).toBeGreaterThan(0)
    for (const result of results) {
      expect(result.status).toBe('failed')
      expect(result.failureMessages.join('\n')).toContain('returned a host without install, uninstall, runAs')
    }
  })

  test('a seed import that keeps the records before a bad line fails the nothing-imported rules', () => {
    const host = 'half-writing seed host'
    expect(
      statusOf(
        host,
        'a value that does not fit its field is a typed error naming its line and column, and nothing is imported',
      ),
    ).toBe('failed')
    expect(
      statusOf(
        host,
        'a bad record late in the file leaves every object as it was: nothing created, nothing updated',
      ),
    ).toBe('failed')
    expect(statusOf(host, 'lines starting with ; are comments, before the header and between records')).toBe(
      'passed',
    )
    expect(
      statusOf(
        host,
        'a field(*) column is the key: a record whose key matches an object updates it, the others create objects',
      ),
    ).toBe('passed')
  })

  test('a BeanContainer that ignores the PlatformAdapter rule fails it, and passes the rest of the plugin rules', () => {
    const host = 'adapter-blind host'
    expect(
      statusOf(
        host,
        'BeanContainer in a plugin without PlatformAdapter in dependsOnPlugins is an IllegalStateException that says to add it',
      ),
    ).toBe('failed')
    expect(
      statusOf(
        host,
        'the PlatformAdapter rule holds in all code a plugin runs: the AsyncHelper tasks it starts and its offLoad',
      ),
    ).toBe('failed')
    expect(
      statusOf(
        host,
        'with PlatformAdapter in dependsOnPlugins, BeanContainer in the plugin resolves the host’s beans and the plugin’s own',
      ),
    ).toBe('passed')
    expect(statusOf(host, 'reload calls offLoad, then onLoad on a new instance of each component')).toBe(
      'passed',
    )
  })

  test('a host without the optional adapters gets the plugins and seed tests skipped, with the reason, never passed', () => {
    const host = 'adapterless host'
    for (const [group, adapter] of [
      ['plugins:', 'pluginLoader'],
      ['seed:', 'seedData'],
    ] as const) {
      const results = [...resultsOf(host).values()].filter((a) => a.ancestorTitles[1]?.startsWith(group))
      expect(results.length).toBeGreaterThan(0)
      for (const result of results) {
        expect(result.status).toBe('skipped')
        // Skipped from within the test: the group's title carries no reason, the test's note does.
        expect(result.ancestorTitles[1]).not.toContain('(skipped:')
        const line = verbose
          .split('\n')
          .find((l) =>
            l.includes(`conformance: ${host} > ${result.ancestorTitles[1] ?? ''} > ${result.title}`),
          )
        expect(line, `the verbose report's line for ${result.title}`).toBeDefined()
        expect(line).toContain(`[the host has no ${adapter} adapter (ConformanceHost.${adapter})`)
      }
    }
  })

  test('an adapter without its methods fails every test that needs it, saying what it must have', () => {
    const results = [...resultsOf('half-adapter host').values()].filter((a) =>
      a.ancestorTitles[1]?.startsWith('seed:'),
    )
    expect(results.length).toBeGreaterThan(0)
    for (const result of results) {
      expect(result.status).toBe('failed')
      expect(result.failureMessages.join('\n')).toContain('seedData lacks importCsv')
    }
  })

  test('a host whose leftover work reaches the next host fails the isolation rules', () => {
    const host = 'leaky host'
    expect(
      statusOf(
        host,
        'a task that resumes after its host was uninstalled and another installed writes nothing there, and its error reaches its own host',
      ),
    ).toBe('failed')
    expect(
      statusOf(
        host,
        'an awaited runAs continuation of an uninstalled host fails instead of reaching the next host',
      ),
    ).toBe('failed')
    expect(statusOf(host, 'runAs on a host that is not installed is refused and runs nothing')).toBe('failed')
    expect(
      statusOf(host, 'a schedule of an uninstalled host never runs again, in the next host or anywhere'),
    ).toBe('passed')
  })

  test('skipped groups are reported as skipped, with their reason, never as passed', () => {
    const storage = [...resultsOf('loose-ne host').values()].filter((a) =>
      a.ancestorTitles[1]?.startsWith('storage:'),
    )
    expect(storage.length).toBeGreaterThan(0)
    for (const result of storage) {
      expect(result.status).toBe('skipped')
      expect(result.ancestorTitles[1]).toContain('(skipped: not under test in this fixture)')
    }
  })
})
