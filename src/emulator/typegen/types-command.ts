import { existsSync, statSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { DomainDefinition } from '../../testing/index.js'
import type { EmulatorOptions } from '../options/emulator-options.js'
import { APPLICATION_FLAGS, dataDirOf, loadConfig } from '../serve/serve-command.js'
import { domainRegistrySource } from './domain-registry-source.js'
import { readFlags, usageError, type CommandIo } from '../serve/command-flags.js'

/** Where `vendor-api types` writes and where it runs. */
export interface TypesIo extends CommandIo {
  /** The working directory: `--config`, `--data` and `--out` are resolved against it. */
  readonly cwd: string
}

/**
 * `vendor-api types --config FILE [--data DIR] [--out FILE]`: writes the `DomainRegistry` declaration of the
 * application's domains to stdout, or to `--out`.
 *
 * @returns The exit code: 0 written, 1 when the config cannot be loaded or its domains cannot be declared, 2
 *   for a usage error.
 * @internal
 */
export async function typesCommand(argv: readonly string[], io: TypesIo): Promise<number> {
  const flags = readFlags(
    'types',
    argv,
    { ...APPLICATION_FLAGS, out: { type: 'string', short: 'o' } },
    TYPES_HELP,
    io,
  )
  if ('exit' in flags) return flags.exit
  const { values } = flags
  if (values.config === undefined && values.data === undefined)
    return usageError(
      'types',
      io,
      'give the application: --config FILE (its domains), and --data DIR for its seed folder.',
    )
  let source: string
  try {
    const options = await loadConfig(values.config, io.cwd)
    const dataDir = dataDirOf(values.data, options, io.cwd)
    if (dataDir !== undefined && !(existsSync(dataDir) && statSync(dataDir).isDirectory()))
      throw new Error(`--data ${dataDir}: there is no such folder.`)
    const domains = applicationDomains(options, dataDir)
    if (Object.keys(domains).length === 0)
      io.stderr('vendor-api types: warning: the application declares no domains; the registry is empty.\n')
    source = domainRegistrySource(domains, {
      from: [values.config, values.data].filter((part) => part !== undefined).join(' and '),
    })
  } catch (error) {
    io.stderr(`vendor-api types: ${(error as Error).message}\n`)
    return 1
  }
  if (values.out === undefined) {
    io.stdout(source)
    return 0
  }
  const out = resolve(io.cwd, values.out)
  try {
    writeFileSync(out, source)
  } catch (error) {
    io.stderr(`vendor-api types: --out ${values.out} cannot be written: ${(error as Error).message}\n`)
    return 1
  }
  io.stderr(`vendor-api types: wrote the DomainRegistry of ${relative(io.cwd, out) || out}\n`)
  return 0
}

/**
 * The application's domains: the config's, without their role requirements. The seed folder's domain model
 * (§13: the application's domains as the platform's data) joins them here once the emulator reads it; until
 * then `dataDir` holds only objects (`<Domain>.csv`), whose domains the config declares.
 */
function applicationDomains(
  options: EmulatorOptions,
  _dataDir: string | undefined,
): Record<string, DomainDefinition> {
  const domains: unknown = options.domains ?? {}
  if (typeof domains !== 'object' || domains === null || Array.isArray(domains))
    throw new Error('the config\'s "domains" must be an object of domain definitions, by name.')
  return Object.fromEntries(
    Object.entries(domains as Record<string, DomainDefinition & { roles?: unknown }>).map(
      ([name, { fields, labelField }]) => {
        if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
          throw new Error(`the domain ${name} has no "fields" object.`)
        return [name, labelField === undefined ? { fields } : { fields, labelField }]
      },
    ),
  )
}

const TYPES_HELP = `Usage: vendor-api types --config FILE [--data DIR] [--out FILE]

Writes the DomainRegistry declaration of the application's domains, for a frontend's typed client
(@tech-vendor/api/client) and for SimpleQuery, so that the domains are not written twice.

  -c, --config <FILE>   The emulator options (as vendor-api serve takes them): their domains are declared.
  -d, --data <DIR>      The application's seed folder (overrides dataDir).
  -o, --out <FILE>      Where to write it, such as src/domains.ts (default: stdout).

Docs: docs/client.md (typed domains).
`
