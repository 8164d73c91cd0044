import { parseArgs, type ParseArgsConfig } from 'node:util'

/** Where a `vendor-api` command writes. */
export interface CommandIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** The flag table of a command, as `parseArgs` takes it. */
type FlagTable = NonNullable<ParseArgsConfig['options']>

/** The values `parseArgs` reads for a flag table (no positionals). */
export type FlagValues<T extends FlagTable> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: false }>
>['values']

/**
 * Reads the flags of `vendor-api <command>`: their values, or the exit code when the command is done: 0 after
 * printing its help (`--help`), 2 after a usage error (an unknown flag, a missing value), which says how to get
 * the help. The flag table must have `help`.
 *
 * @internal
 */
export function readFlags<const T extends FlagTable & { readonly help: { readonly type: 'boolean' } }>(
  command: string,
  argv: readonly string[],
  flags: T,
  help: string,
  io: CommandIo,
): { readonly values: FlagValues<T> } | { readonly exit: number } {
  let values: FlagValues<T>
  try {
    values = parseArgs({ args: [...argv], options: flags, allowPositionals: false }).values
  } catch (error) {
    return { exit: usageError(command, io, (error as Error).message) }
  }
  if ((values as { help?: boolean }).help === true) {
    io.stdout(help)
    return { exit: 0 }
  }
  return { values }
}

/**
 * Writes a usage error of `vendor-api <command>` with how to get its help.
 *
 * @returns The exit code of a usage error, 2.
 * @internal
 */
export function usageError(command: string, io: CommandIo, message: string): number {
  io.stderr(`vendor-api ${command}: ${message}\nRun 'vendor-api ${command} --help' for usage.\n`)
  return 2
}
