import { resolve } from 'node:path'
import { createEmulator } from '../create-emulator.js'
import type { Emulator } from '../emulator.js'
import {
  APPLICATION_FLAGS,
  KEPT_DATA_FLAGS,
  dataDirOf,
  keptData,
  loadConfig,
  type KeptData,
} from './serve-command.js'
import { readFlags, usageError, type CommandIo } from './command-flags.js'

/** Where `vendor-api export` writes and where it runs. */
export interface ExportIo extends CommandIo {
  /** The working directory: the paths of the flags are resolved against it. */
  readonly cwd: string
}

/**
 * `vendor-api export (--persist DIR | --store URL) --out FOLDER [--config FILE] [--data DIR] [--env NAME]`:
 * writes the data an emulator kept as a seed folder in the platform's layout, which `vendor-api serve --data`
 * loads again (SPEC §15.2). It starts the emulator on the kept data with the same options (the config that
 * served it), exports, and stops; no port is opened.
 *
 * @returns The exit code: 0 when written, 1 when the data cannot be opened or written, 2 for a usage error.
 * @internal
 */
export async function exportCommand(argv: readonly string[], io: ExportIo): Promise<number> {
  const flags = readFlags(
    'export',
    argv,
    {
      ...APPLICATION_FLAGS,
      ...KEPT_DATA_FLAGS,
      out: { type: 'string', short: 'o' },
      env: { type: 'string' },
    },
    EXPORT_HELP,
    io,
  )
  if ('exit' in flags) return flags.exit
  const { values } = flags
  if (values.out === undefined || values.out === '')
    return usageError('export', io, '--out FOLDER is required: the new folder to write the seed data to.')

  let kept: KeptData | undefined
  let emulator: Emulator | undefined
  try {
    const options = await loadConfig(values.config, io.cwd)
    if (
      values.persist === undefined &&
      values.store === undefined &&
      options.persist === undefined &&
      options.store === undefined
    )
      return usageError(
        'export',
        io,
        'there is no kept data to export: give --persist DIR (or --store URL), where vendor-api serve kept it.',
      )
    kept = await keptData(values, options, io.cwd)
    const dataDir = dataDirOf(values.data, options, io.cwd)
    emulator = createEmulator({
      ...kept.options,
      ...(dataDir === undefined ? {} : { dataDir }),
      ...(values.env === undefined ? {} : { dataEnv: values.env }),
      seedLog: (line) => io.stderr(`${line}\n`),
    })
    const summary = await emulator.exportData(resolve(io.cwd, values.out))
    const objects = summary.files.reduce((sum, file) => sum + file.objects, 0)
    const lines = [
      `vendor-api export: wrote ${summary.files.length} CSV file${summary.files.length === 1 ? '' : 's'} ` +
        `(${objects} object${objects === 1 ? '' : 's'}) and ${summary.sideFiles} file${summary.sideFiles === 1 ? '' : 's'} beside them to ${summary.folder}`,
      ...summary.files.map((file) => `  ${file.path}: ${file.objects}`),
      ...summary.omitted.map(
        (gap) =>
          `  not written: ${gap.tenant} ${gap.domain}.${gap.field} of ${gap.objects} object(s): ${gap.reason}`,
      ),
      `  Load it with: vendor-api serve --data ${summary.folder}${values.config === undefined ? '' : ` --config ${values.config}`}`,
    ]
    io.stdout(`${lines.join('\n')}\n`)
    return 0
  } catch (error) {
    io.stderr(`vendor-api export: ${(error as Error).message}\n`)
    return 1
  } finally {
    await emulator?.close()
    await kept?.close()
  }
}

const EXPORT_HELP = `Usage: vendor-api export (--persist DIR | --store URL) --out FOLDER [--config FILE] [--data DIR]
                         [--env NAME]

Writes the data vendor-api serve kept as a seed folder in the platform's layout (FOLDER/production/<tenant>/
*.csv, development a link to it), which vendor-api serve --data FOLDER loads again. What the config gives at
each start (its domains, users and settings) is left out, so that loading the folder with the same config
gives the same application. Give the same config (and --data) that served the data.

      --persist <DIR>   The directory vendor-api serve --persist kept the data in.
      --store <URL>     The PostgreSQL database vendor-api serve --store kept it in.
  -o, --out <FOLDER>    The folder to write: new, or empty.
  -c, --config <FILE>   The emulator options that served the data.
  -d, --data <DIR>      The data folder that served it, if any.
      --env <NAME>      The environment folder of that data root (default development).

Docs: docs/emulator.md.
`
