import { readdirSync } from 'node:fs'
import { SimpleQuery } from '../../index.js'
import type { Emulator } from '../emulator.js'
import type { EmulatorOptions, EmulatorUser } from '../options/emulator-options.js'
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
  const { emulator, options, users } = facts
  const tenants = options.tenants ?? ['default']
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
  const domains = Object.keys(options.domains ?? {})
  const platform = counts(PLATFORM_DOMAIN_NAMES).filter((line) => !/ 0$/.test(line))
  const madeUp = facts.madeUpPassword ? users[0] : undefined
  const logins = users
    .filter((user) => user.enabled !== false)
    .map((user) => {
      const about = [
        user.roles.join(', ') || 'no roles',
        ...(tenants.length > 1 ? [`tenant ${user.tenant ?? options.defaultTenant ?? tenants[0]}`] : []),
        ...(user === madeUp ? [`password made up at this start: ${user.password}`] : []),
      ]
      return `${user.username} (${about.join('; ')})`
    })
  return [
    `  Tenants:  ${tenants.join(', ')}`,
    `  Domains:  ${domains.length === 0 ? 'none (give domains in --config, or a data folder with --data)' : counts(domains).join(', ')}`,
    ...(platform.length === 0 ? [] : [`  Platform records: ${platform.join(', ')}`]),
    `  Users:    ${logins.join('; ')}`,
    ...seedSummary(facts).map((line) => `  ${line}`),
    `  Data:     ${facts.dataLocation}`,
  ]
}

/**
 * The seed summary lines: the data folder and the CSV files it imported (their objects are in the domain counts
 * above). This is the place to extend with the import's own summary (§13.3: what was loaded, skipped, could
 * not be taken): each line returned is printed indented, after the users.
 *
 * @internal
 */
export function seedSummary(facts: StartFacts): string[] {
  const { dataDir } = facts.options
  if (dataDir === undefined) return []
  const files = readdirSync(dataDir)
    .filter((name) => name.toLowerCase().endsWith('.csv'))
    .sort()
  return [`Seed:     ${dataDir}: ${files.length === 0 ? 'no <Domain>.csv file' : files.join(', ')}`]
}
