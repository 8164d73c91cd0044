/**
 * A vitest helper for plugin suites: `hostTest(options)` gives every test a reference host of its own,
 * installed before it and uninstalled after it, and fails a test that leaves errors of asynchronous tasks
 * behind. Needs vitest (an optional peer dependency), so it is an entry of its own, ESM only.
 *
 * @example
 * ```ts
 * import { expect } from 'vitest'
 * import { SimpleQuery } from '@tech-vendor/api'
 * import { hostTest } from '@tech-vendor/api/testing/vitest'
 *
 * const test = hostTest({ domains: { Tag: { fields: { name: 'STRING' } } } })
 * test('starts empty', () => expect(SimpleQuery.count('Tag')).toBe(0))
 * ```
 *
 * @module @tech-vendor/api/testing/vitest
 */
export { hostTest, type HostFixtures } from './host-test.js'
