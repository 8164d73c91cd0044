import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

interface Assertion {
  readonly title: string
  readonly status: string
  readonly failureMessages: readonly string[]
}

/** Runs the fixture in a child vitest with the given pool and returns each test's outcome. */
function runFixture(pool: 'forks' | 'threads'): Assertion[] {
  const here = dirname(fileURLToPath(import.meta.url))
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')))
  const child = spawnSync(
    process.execPath,
    [
      vitest,
      'run',
      '--config',
      join(here, 'fixtures', 'vitest.config.ts'),
      `--pool=${pool}`,
      '--reporter=json',
    ],
    { cwd: join(here, 'fixtures'), env, encoding: 'utf8', timeout: 110_000 },
  )
  const report = JSON.parse(child.stdout.slice(child.stdout.indexOf('{'))) as {
    testResults: { assertionResults: Assertion[] }[]
  }
  return report.testResults.flatMap((file) => file.assertionResults)
}

describe.each(['forks', 'threads'] as const)('the stores in vitest’s %s pool', (pool) => {
  it('answer synchronously under fake timers set before they were made, leaving no timer on the fake clock', () => {
    const results = runFixture(pool)
    const pglite = results.find((r) => r.title === 'PGlite answers every synchronous call')
    expect(pglite?.status, pglite?.failureMessages.join('\n')).toBe('passed')
    const server = results.find((r) => r.title.startsWith('a PostgreSQL server'))
    expect(server?.status, server?.failureMessages.join('\n')).toBe(
      process.env['TECH_VENDOR_PG_URL'] === undefined ? 'skipped' : 'passed',
    )
  })
})
