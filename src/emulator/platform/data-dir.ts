import { readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'
import type { TestHost } from '../../testing/index.js'
import type { DomainCatalog } from './domain-catalog.js'

/**
 * Imports the application seed data of a directory, as the platform does at backend start: every `<Domain>.csv`
 * into that domain, in every tenant, each file all or nothing. A file is imported after the files of the domains
 * it references (so `logic.name` finds the logic a `DynamicLogic.csv` beside it creates), otherwise in the
 * catalog's order.
 *
 * @throws IllegalArgumentException for a CSV file named after no domain.
 * @throws SeedDataException (from the host) naming the line and column of every problem of a file.
 * @internal
 */
export function importDataDir(
  host: TestHost,
  directory: string,
  tenants: readonly string[],
  catalog: DomainCatalog,
): void {
  const files = new Map<string, string>()
  for (const name of readdirSync(directory).sort()) {
    if (!name.toLowerCase().endsWith('.csv')) continue
    const domain = basename(name, name.slice(-4))
    if (!catalog.names.includes(domain)) {
      throw new IllegalArgumentException(
        `dataDir holds ${name}, but there is no domain ${JSON.stringify(domain)}: name each seed file after its domain (<Domain>.csv). ` +
          `The domains are ${catalog.names.join(', ')}.`,
      )
    }
    files.set(domain, join(directory, name))
  }
  for (const domain of importOrder(catalog, [...files.keys()])) {
    for (const tenant of tenants)
      host.importSeedCsv(domain, { path: files.get(domain) as string }, { tenant })
  }
}

/** The domains in an order where each comes after the domains it references (cycles keep the catalog's order). */
function importOrder(catalog: DomainCatalog, domains: readonly string[]): string[] {
  const wanted = new Set(domains)
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (domain: string): void => {
    if (ordered.includes(domain) || visiting.has(domain)) return
    visiting.add(domain)
    for (const target of catalog.referencesOf(domain)) if (wanted.has(target)) visit(target)
    visiting.delete(domain)
    ordered.push(domain)
  }
  for (const domain of catalog.names) if (wanted.has(domain)) visit(domain)
  return ordered
}
