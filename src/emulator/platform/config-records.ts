import { DomainHelper, SimpleQuery } from '../../index.js'
import type { DomainDefinition, TestHost } from '../../testing/index.js'
import type { RecordRule } from './record-rule.js'

/** The setting that signs every token: never a record, never served. */
export const JWT_SECRET_SETTING = 'security.jwt.secret'

/**
 * The platform's configuration record (§14.5): a tree of keyed values, `allowPublicAccess` ones readable before
 * login (a frontend reads its public configuration before anyone logs in).
 *
 * @internal
 */
export const CONFIG_RECORDS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DynamicConfig: {
    fields: {
      key: { type: 'STRING', required: true },
      name: 'STRING',
      value: 'STRING',
      parent: { type: 'DOMAIN_OBJECT', domain: 'DynamicConfig' },
      allowPublicAccess: { type: 'BOOLEAN', default: false },
      description: 'STRING',
    },
    labelField: 'key',
  },
})

/**
 * A configuration key is unique in a tenant.
 *
 * @internal
 */
export const CONFIG_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  DynamicConfig: { unique: ['key'] },
})

/**
 * Whether a configuration value holds the JWT secret anywhere in it (a database URL with it as the password, a
 * copy under another name): such a value is never stored from the settings and never served, since it would let
 * its reader sign tokens for anyone.
 *
 * @param value - The value, as text.
 * @param secret - The JWT secret.
 * @returns `true` when `value` contains `secret`.
 * @internal
 */
export function embedsSecret(value: string | null, secret: string): boolean {
  return value !== null && secret !== '' && value.includes(secret)
}

/**
 * Makes the `settings` option's keys `DynamicConfig` records in every tenant (value as text, not public), except
 * the JWT secret and any setting whose value embeds it. A record that already holds a key (a store kept across
 * starts) takes the setting's value: the option is what the emulator was started with.
 *
 * @param host - The emulator's host, installed.
 * @param tenants - Every tenant.
 * @param settings - The checked settings, the defaults included.
 * @internal
 */
export function seedConfigRecords(
  host: TestHost,
  tenants: readonly string[],
  settings: Readonly<Record<string, string | number | boolean>>,
): void {
  const secret = String(settings[JWT_SECRET_SETTING] ?? '')
  const stored = Object.entries(settings)
    .filter(([key]) => key !== JWT_SECRET_SETTING)
    .map(([key, value]) => [key, String(value)] as const)
    .filter(([, value]) => !embedsSecret(value, secret))
  for (const tenant of tenants) {
    host.runAs({ tenant, user: null }, () => {
      for (const [key, value] of stored) {
        const existing = SimpleQuery.of('DynamicConfig').eq('key', key).list(0, 1)[0] as
          Record<string, unknown> | undefined
        if (existing === undefined) {
          DomainHelper.createDomain(DomainHelper.buildDomain('DynamicConfig', { key, name: key, value }))
        } else if (existing['value'] !== value) {
          DomainHelper.updateDomain(Object.assign(existing, { value }))
        }
      }
    })
  }
}
