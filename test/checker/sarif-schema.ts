import { expect } from 'vitest'

const LEVELS = ['none', 'note', 'warning', 'error']

const isPositiveInteger = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 1

/**
 * Asserts what the SARIF 2.1.0 schema requires of a log, and what code-scanning services need on top:
 * `version` and `$schema`; per run `tool.driver.name` and the driver's `rules` (`id`, `shortDescription.text`,
 * `helpUri`, `defaultConfiguration.level`); per result `message.text`, a `ruleId` the driver lists (with a
 * matching `ruleIndex`), a valid `level`, and `locations` whose physical location has a relative
 * `artifactLocation.uri` and a 1-based `region.startLine`/`startColumn`.
 *
 * @returns The number of results checked.
 */
export function expectValidSarif(log: unknown): number {
  const sarif = log as Record<string, unknown>
  expect(sarif['version']).toBe('2.1.0')
  expect(sarif['$schema']).toMatch(/^https:\/\/.*sarif-schema-2\.1\.0\.json$/)
  expect(Array.isArray(sarif['runs'])).toBe(true)
  const runs = sarif['runs'] as Record<string, unknown>[]
  expect(runs.length).toBeGreaterThan(0)
  let results = 0
  for (const run of runs) {
    const driver = (run['tool'] as { driver?: Record<string, unknown> } | undefined)?.driver
    expect(driver, 'runs[].tool.driver').toBeTypeOf('object')
    expect(driver?.['name']).toBeTypeOf('string')
    const rules = driver?.['rules'] as Record<string, unknown>[]
    expect(Array.isArray(rules)).toBe(true)
    const ids = rules.map((rule) => rule['id'])
    expect(new Set(ids).size).toBe(ids.length)
    for (const rule of rules) {
      expect(rule['id']).toMatch(/^[a-z-]+$/)
      expect((rule['shortDescription'] as { text?: unknown }).text).toBeTypeOf('string')
      expect(() => new URL(rule['helpUri'] as string)).not.toThrow()
      expect(LEVELS).toContain((rule['defaultConfiguration'] as { level?: unknown }).level)
    }
    expect(Array.isArray(run['results'])).toBe(true)
    for (const result of run['results'] as Record<string, unknown>[]) {
      results++
      const text = (result['message'] as { text?: unknown } | undefined)?.text
      expect(text, 'results[].message.text').toBeTypeOf('string')
      expect((text as string).length).toBeGreaterThan(0)
      expect(ids).toContain(result['ruleId'])
      if (result['ruleIndex'] !== undefined) expect(ids[result['ruleIndex'] as number]).toBe(result['ruleId'])
      expect(LEVELS).toContain(result['level'])
      const locations = result['locations'] as Record<string, unknown>[]
      expect(locations.length).toBeGreaterThan(0)
      for (const location of locations) {
        const physical = location['physicalLocation'] as Record<string, Record<string, unknown>>
        const uri = physical['artifactLocation']?.['uri']
        expect(uri).toBeTypeOf('string')
        expect(uri).not.toMatch(/^(?:\/|[a-z]+:)/i)
        expect(isPositiveInteger(physical['region']?.['startLine'])).toBe(true)
        expect(isPositiveInteger(physical['region']?.['startColumn'])).toBe(true)
      }
    }
  }
  return results
}
