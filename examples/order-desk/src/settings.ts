import { DomainHelper, SimpleQuery } from '@tech-vendor/api'

/** The plugin's settings and their defaults. An administrator may change them; the plugin never overwrites. */
export const DEFAULT_SETTINGS = {
  /** A product with this many items or fewer in stock is flagged low. */
  lowStockThreshold: '2',
  /** How often the stock check runs, in milliseconds (read at each plugin load). */
  stockCheckEveryMs: '60000',
} as const

/** The name of a setting. */
export type SettingName = keyof typeof DEFAULT_SETTINGS

/**
 * Creates each setting the current tenant lacks, with its default, and leaves the others as they are; so it
 * can run at every plugin load.
 *
 * @returns The names of the settings it created.
 */
export function ensureDefaultSettings(): SettingName[] {
  const created: SettingName[] = []
  for (const [name, value] of Object.entries(DEFAULT_SETTINGS) as [SettingName, string][]) {
    if (SimpleQuery.of('DeskSetting').eq('name', name).get() !== null) continue
    DomainHelper.createDomain(DomainHelper.buildDomain('DeskSetting', { name, value }))
    created.push(name)
  }
  return created
}

/**
 * A numeric setting of the current tenant, or its default when the tenant has none or it is not a number.
 *
 * @param name - The setting.
 * @returns Its value as a number.
 */
export function numberSetting(name: SettingName): number {
  const stored = Number(SimpleQuery.of('DeskSetting').eq('name', name).get()?.value)
  return Number.isFinite(stored) ? stored : Number(DEFAULT_SETTINGS[name])
}
