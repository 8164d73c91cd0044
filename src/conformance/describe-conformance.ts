import { describe } from 'vitest'
import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import type { ConformanceFactory } from './conformance-host.js'
import { conformanceGroups, type ConformanceGroup, type ConformanceOptions } from './conformance-options.js'
import { asyncGroup } from './groups/async-group.js'
import { beansGroup } from './groups/beans-group.js'
import { domainGroup } from './groups/domain-group.js'
import type { GroupDefinition } from './groups/group-definition.js'
import { isolationGroup } from './groups/isolation-group.js'
import { messagesGroup } from './groups/messages-group.js'
import { mismatchesGroup } from './groups/mismatches-group.js'
import { pluginsGroup } from './groups/plugins-group.js'
import { queryGroup } from './groups/query-group.js'
import { seedGroup } from './groups/seed-group.js'
import { sqlGroup } from './groups/sql-group.js'
import { storageGroup } from './groups/storage-group.js'
import { tenancyGroup } from './groups/tenancy-group.js'
import { transactionsGroup } from './groups/transactions-group.js'
import { createSuiteContext } from './suite-context.js'

const GROUPS: Readonly<Record<ConformanceGroup, GroupDefinition>> = {
  query: queryGroup,
  domain: domainGroup,
  transactions: transactionsGroup,
  sql: sqlGroup,
  tenancy: tenancyGroup,
  async: asyncGroup,
  isolation: isolationGroup,
  storage: storageGroup,
  beans: beansGroup,
  messages: messagesGroup,
  plugins: pluginsGroup,
  seed: seedGroup,
  mismatches: mismatchesGroup,
}

/**
 * Registers the conformance suite in the caller's vitest run: the behavioural rules of the reference host
 * (SPEC §7: query semantics, DomainHelper, transactions, native SQL where the store runs it, tenancy, AsyncHelper, storage, beans, messages,
 * plugins and seed data) and the documented mismatches of SPEC §4, run against hosts made by `factory`. A
 * host that passes behaves, for plugin code, like the platform.
 *
 * Call it at the top level of a test file (or inside a `describe`). Each test makes a fresh host with
 * `factory`, installs it, drives it through the public facades only (`SimpleQuery`, `DomainHelper`,
 * `QueryHelper`, `StorageUtils`, `BeanContainer`, `AsyncHelper`, `MessageHelper`, and plugin components
 * that extend `VendorPlatformComponent`) and uninstalls it. Plugin loading and seed data are host APIs that
 * no facade has: the `plugins` and `seed` groups reach them through the host's optional `pluginLoader` and
 * `seedData` adapters, and report their tests as skipped, with the reason, for a host without them. Timing
 * checks use short real timers, so the suite switches the caller's fake timers off for its own tests.
 *
 * @param hostName - The host's name in the report: the suite is `conformance: <hostName>`.
 * @param factory - Makes a new, not yet installed host from a {@link ConformanceSetup}.
 * @param options - `skip`: groups not to run, each with its reason (reported as skipped, never as passed).
 * @throws `IllegalArgumentException` for an empty host name, a factory that is not a function, an
 *   unknown group in `skip` or a skip without a reason.
 * @see {@link conformanceGroups} for the groups.
 * @example
 * ```ts
 * // test/conformance.test.ts of a host
 * import { describeConformance } from '@tech-vendor/api/conformance'
 * import { createTestHost } from '@tech-vendor/api/testing'
 *
 * describeConformance('reference host', (setup) => createTestHost(setup), {
 *   skip: { messages: 'an example of a skip: pushMessage is covered elsewhere' },
 * })
 * ```
 */
export function describeConformance(
  hostName: string,
  factory: ConformanceFactory,
  options: ConformanceOptions = {},
): void {
  const skip = checkArguments(hostName, factory, options)
  describe(`conformance: ${hostName}`, () => {
    const context = createSuiteContext(hostName, factory)
    for (const group of conformanceGroups) {
      const { title, register } = GROUPS[group]
      const reason = skip.get(group)
      if (reason === undefined) describe(`${group}: ${title}`, () => register(context))
      else describe.skip(`${group}: ${title} (skipped: ${reason})`, () => register(context))
    }
  })
}

function checkArguments(
  hostName: unknown,
  factory: unknown,
  options: unknown,
): ReadonlyMap<ConformanceGroup, string> {
  const usage = "describeConformance(hostName, (setup) => host, { skip: { group: 'reason' } })"
  if (typeof hostName !== 'string' || hostName.trim() === '') {
    throw new IllegalArgumentException(
      `${usage}: hostName must be a non-empty string naming the host, such as 'my-host'.`,
    )
  }
  if (typeof factory !== 'function') {
    throw new IllegalArgumentException(
      `${usage}: factory must be a function that makes a new host from a ConformanceSetup.`,
    )
  }
  if (typeof options !== 'object' || options === null) {
    throw new IllegalArgumentException(
      `${usage}: options must be an object such as { skip: { messages: 'reason' } }.`,
    )
  }
  const problems: string[] = []
  for (const key of Object.keys(options))
    if (key !== 'skip') problems.push(`unknown option ${JSON.stringify(key)} (the only option is skip)`)
  const skip = new Map<ConformanceGroup, string>()
  const given = (options as ConformanceOptions).skip
  if (given !== undefined && (typeof given !== 'object' || given === null)) {
    problems.push("skip must be an object of reasons by group, such as { storage: 'files live in S3 here' }")
  } else if (given !== undefined) {
    for (const [group, reason] of Object.entries(given)) {
      if (!(conformanceGroups as readonly string[]).includes(group)) {
        problems.push(`skip.${group}: no such group; the groups are ${conformanceGroups.join(', ')}`)
      } else if (typeof reason !== 'string' || reason.trim() === '') {
        problems.push(
          `skip.${group}: give the reason for skipping as a non-empty string; it shows in the report`,
        )
      } else {
        skip.set(group as ConformanceGroup, reason.trim())
      }
    }
  }
  if (problems.length > 0) {
    throw new IllegalArgumentException(`${usage} was given invalid options:\n  - ${problems.join('\n  - ')}`)
  }
  return skip
}
