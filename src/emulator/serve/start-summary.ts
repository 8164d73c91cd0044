import { SimpleQuery } from '../../index.js'
import type { Emulator } from '../emulator.js'
import type { EmulatorOptions, EmulatorUser } from '../options/emulator-options.js'
import { servedApplication } from '../options/served-application.js'
import { PLATFORM_DOMAIN_NAMES } from '../platform/platform-domains.js'

/** What `vendor-api serve` knows of the start it summarises. */
export interface StartFacts {
  readonly emulator: Emulator
  /** The options the emulator was made with (users included, as given or made up). */
  readonly options: EmulatorOptions
  readonly users: readonly EmulatorUser[]
  /** Whether the first user's password was made up at this start (the only password ever printed). */
  readonly madeUpPassword: boolean
  /** Where the data is kept, in words: `in memory, for this run only`, a directory, a database. */
  readonly dataLocation: string
}

/**
 * The start summary of `vendor-api serve`, a line each: the tenants, the application's domains with their object
 * counts per tenant (and the platform records that hold any), the users who can log in (their passwords are not
 * printed, except one made up at this start), the seed summary, and where the data is kept.
 *
 * @internal
 */
export function startSummary(facts: StartFacts): string[] {
  const { emulator, users } = facts
  const served = servedApplication(emulator)
  const { tenants, domains } = served
  const counts = (domains: readonly string[]): string[] =>
    domains.map((domain) => {
      const perTenant = tenants.map((tenant) =>
        emulator.host.runAs({ tenant, user: null }, () => SimpleQuery.count(domain)),
      )
      const total = perTenant.reduce((sum, n) => sum + n, 0)
      return tenants.length === 1
        ? `${domain} ${total}`
        : `${domain} ${total} (${tenants.map((t, i) => `${t} ${perTenant[i]}`).join(', ')})`
    })
  const platform = counts(PLATFORM_DOMAIN_NAMES).filter((line) => !/ 0$/.test(line))
  const madeUp = facts.madeUpPassword ? users[0] : undefined
  const logins = served.logins().map((user) => {
    const about = [
      user.roles.join(', ') || 'no roles',
      ...(tenants.length > 1 ? [`tenant ${user.tenant}`] : []),
      ...(user.username === madeUp?.username ? [`password made up at this start: ${madeUp.password}`] : []),
    ]
    return `${user.username} (${about.join('; ')})`
  })
  return [
    `  Tenants:  ${tenants.join(', ')}`,
    `  Domains:  ${domains.length === 0 ? 'none (give domains in --config, or a data folder with --data)' : counts(domains).join(', ')}`,
    ...(platform.length === 0 ? [] : [`  Platform records: ${platform.join(', ')}`]),
    `  Users:    ${logins.length === 0 ? 'none can log in' : logins.join('; ')}`,
    ...seedSummary(facts).map((line) => `  ${line}`),
    `  Data:     ${facts.dataLocation}`,
  ]
}

/**
 * The seed summary line: the data folder and the files it imported, named as their `ImportRecord`s name them (each
 * file's own line, with its counts and failed lines, is printed as the import runs; §13.3).
 *
 * @internal
 */
export function seedSummary(facts: StartFacts): string[] {
  const { dataDir } = facts.options
  if (dataDir === undefined) return []
  const { emulator } = facts
  const files = new Set<string>()
  for (const tenant of servedApplication(emulator).tenants) {
    const records = emulator.host.runAs({ tenant, user: null }, () => SimpleQuery.getAll('ImportRecord'))
    for (const record of records) files.add(String(record['fileName']))
  }
  return [`Seed:     ${dataDir}: ${files.size === 0 ? 'no file imported' : [...files].sort().join(', ')}`]
}
