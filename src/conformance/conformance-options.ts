/**
 * The groups of the conformance suite, in the order they run; each can be skipped with a reason.
 *
 * @example
 * ```ts
 * import { conformanceGroups } from '@tech-vendor/api/conformance'
 *
 * console.log(conformanceGroups.join(', '))
 * ```
 */
export const conformanceGroups = Object.freeze([
  'query',
  'domain',
  'transactions',
  'sql',
  'tenancy',
  'async',
  'isolation',
  'storage',
  'beans',
  'messages',
  'plugins',
  'seed',
  'mismatches',
] as const)

/**
 * A group of the conformance suite: `query` (SPEC §7.2), `domain` (§7.3), `transactions` (§7.4), `tenancy`
 * (§7.5), `sql` (native SQL through `withSql`, §10.3 and §10.4: reported as skipped, with the reason, on a
 * host whose store runs no SQL), `async` (§7.6), `isolation` (work of an uninstalled host never reaches the next), `storage`, `beans` and `messages` (§7.7), `plugins` (§7.8, with `BeanContainer`'s
 * `PlatformAdapter` rule of §7.7), `seed` (§7.8), `mismatches` (the table of §4). `plugins` and `seed` need
 * the host's optional adapters (`pluginLoader`, `seedData`); without them their tests are reported as
 * skipped.
 *
 * @example
 * ```ts
 * import type { ConformanceGroup } from '@tech-vendor/api/conformance'
 *
 * const group: ConformanceGroup = 'tenancy'
 * ```
 */
export type ConformanceGroup = (typeof conformanceGroups)[number]

/**
 * Options of `describeConformance`.
 *
 * @example
 * ```ts
 * import type { ConformanceOptions } from '@tech-vendor/api/conformance'
 *
 * const options: ConformanceOptions = {
 *   skip: { storage: 'files live in S3 here; covered by the storage integration tests' },
 * }
 * ```
 */
export interface ConformanceOptions {
  /**
   * Groups not to run, each with the reason why: the reason shows in the group's name in the test report,
   * and the group's tests are reported as skipped, never as passed.
   */
  readonly skip?: Partial<Readonly<Record<ConformanceGroup, string>>>
}
