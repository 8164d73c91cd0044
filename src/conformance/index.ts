/**
 * The conformance suite: the behavioural rules of SPEC §7 and the documented mismatches of SPEC §4, as vitest
 * tests that any host registers against itself with `describeConformance(hostName, factory)`. The reference
 * host (`@tech-vendor/api/testing`) passes it in this package's own tests; a host that passes behaves, for
 * plugin code, like the platform.
 *
 * Needs vitest (an optional peer dependency) and runs in ESM test files.
 *
 * @example
 * ```ts
 * import { describeConformance } from '@tech-vendor/api/conformance'
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * describeConformance('reference host', (setup) => createTestHost(setup))
 * ```
 *
 * @module @tech-vendor/api/conformance
 */
export { describeConformance } from './describe-conformance.js'
export { conformanceGroups, type ConformanceGroup, type ConformanceOptions } from './conformance-options.js'
export { conformanceDomains } from './conformance-domains.js'
export type {
  ConformanceFactory,
  ConformanceHost,
  ConformanceIdentity,
  ConformancePluginDefinition,
  ConformancePluginLoader,
  ConformancePluginManifest,
  ConformanceSeedData,
  ConformanceSetup,
} from './conformance-host.js'
export type { DomainDefinition, FieldDefinition, FieldType } from '../testing/domains/domain-definition.js'
export type { PlatformUser } from '../runtime-contract/facets.js'
