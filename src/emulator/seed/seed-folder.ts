import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { IllegalArgumentException } from '../../errors/illegal-argument-exception.js'

/** One folder of seed files and the tenant they go to (`null`: every tenant, the flat layout). */
export interface SeedFolder {
  readonly tenant: string | null
  readonly folder: string
  /** The CSV files' paths, in code-point order of their names. */
  readonly files: readonly string[]
}

/** Where a data folder's seed files are, as §13.1 reads it. */
export interface SeedFolderPlan {
  /** `flat`: DIR/*.csv into every tenant; `root`: the platform's data root DIR/<env>/<tenant>/*.csv. */
  readonly layout: 'flat' | 'root'
  /** The data root: a `field(F)` path not found in the tenant folder is looked up here. */
  readonly root: string
  /** `DIR/<env>/Organization.csv`, which bootstraps the organizations of the root layout. */
  readonly organizationFile: string | undefined
  /** The folders, tenant folders in name order. */
  readonly folders: readonly SeedFolder[]
}

/**
 * Finds the seed files of a data folder: its own `*.csv` files (a folder of seed files, imported into every
 * tenant), else the platform's data root `DIR/<env>/<tenant>/*.csv`, each tenant folder a tenant. Symbolic
 * links (the sample links `development` to `production`) are followed.
 *
 * @param directory - The data folder (absolute).
 * @param env - The environment folder of the data root, such as `development`.
 * @returns Where the files are.
 * @throws IllegalArgumentException when neither layout finds a CSV file, naming the folder and both layouts.
 * @internal
 */
export function planSeedFolder(directory: string, env: string): SeedFolderPlan {
  const own = csvFiles(directory)
  if (own.length > 0) {
    return {
      layout: 'flat',
      root: directory,
      organizationFile: undefined,
      folders: [{ tenant: null, folder: directory, files: own }],
    }
  }
  const envFolder = join(directory, env)
  const folders: SeedFolder[] = []
  if (isDirectory(envFolder)) {
    for (const name of entries(envFolder)) {
      const folder = join(envFolder, name)
      if (!isDirectory(folder)) continue
      const files = csvFiles(folder)
      if (files.length > 0) folders.push({ tenant: name, folder, files })
    }
  }
  const organization = join(envFolder, 'Organization.csv')
  if (folders.length === 0) {
    const envs = entries(directory).filter((name) => isDirectory(join(directory, name)))
    throw new IllegalArgumentException(
      `dataDir ${directory} holds no seed CSV file. The emulator looked for ${directory}/*.csv (a folder of seed ` +
        `files, imported into every tenant) and for ${envFolder}/<tenant>/*.csv (the platform's data root, ` +
        `environment ${JSON.stringify(env)}; choose another with dataEnv or --env)` +
        (envs.length === 0
          ? '.'
          : `; its folders are ${envs.join(', ')}${isDirectory(envFolder) ? '' : `, and ${env} is not one of them`}.`),
    )
  }
  return {
    layout: 'root',
    root: directory,
    organizationFile: isFile(organization) ? organization : undefined,
    folders,
  }
}

/** The `*.csv` files directly in a folder, in code-point order of their names. */
function csvFiles(folder: string): string[] {
  return entries(folder)
    .filter((name) => name.toLowerCase().endsWith('.csv'))
    .map((name) => join(folder, name))
    .filter(isFile)
}

/** A folder's entry names in code-point order; none for a folder that cannot be read. */
function entries(folder: string): string[] {
  try {
    return readdirSync(folder).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  } catch {
    return []
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * The domain a seed file imports into: `<Domain>.csv` and `<Domain>_<anything>.csv` into `<Domain>` (the longest
 * such prefix that is a domain, so a domain whose name holds `_` keeps it).
 *
 * @param path - The file's path or name.
 * @param isDomain - Whether a name is a domain's.
 * @returns The domain, or `undefined` for a file named after no domain.
 * @internal
 */
export function domainOfFile(path: string, isDomain: (name: string) => boolean): string | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)
  const base = name.slice(0, -'.csv'.length)
  if (isDomain(base)) return base
  for (let at = base.lastIndexOf('_'); at > 0; at = base.lastIndexOf('_', at - 1)) {
    if (isDomain(base.slice(0, at))) return base.slice(0, at)
  }
  return undefined
}
