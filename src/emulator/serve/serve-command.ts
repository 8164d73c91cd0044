import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, extname, isAbsolute, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createEmulator } from '../create-emulator.js'
import type { Emulator } from '../emulator.js'
import type { PluginDefinition } from '../../testing/index.js'
import type { EmulatorOptions, EmulatorUser } from '../options/emulator-options.js'
import { DEFAULT_USERS } from '../auth/user-directory.js'
import { startSummary } from './start-summary.js'
import { readFlags, usageError, type CommandIo } from './command-flags.js'

/** The port `vendor-api serve` listens on unless told otherwise. */
const DEFAULT_PORT = 8080

/** Where `vendor-api serve` writes, where it runs, and what stops it. */
export interface ServeIo extends CommandIo {
  /** The working directory: `--config` and `--data` are resolved against it. */
  readonly cwd: string
  /** Resolves with the signal's name when the emulator should stop (SIGINT, SIGTERM). */
  readonly stopSignal: () => Promise<string>
}

/** The flags every command that reads the application takes: its config, its data folder, help. @internal */
export const APPLICATION_FLAGS = {
  config: { type: 'string', short: 'c' },
  data: { type: 'string', short: 'd' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The flags that say where kept data is (see {@link keptData}). @internal */
export const KEPT_DATA_FLAGS = { persist: { type: 'string' }, store: { type: 'string' } } as const

/**
 * The data folder: `--data` (read against the working directory), else the config's `dataDir`.
 *
 * @internal
 */
export function dataDirOf(
  flag: string | undefined,
  options: EmulatorOptions,
  cwd: string,
): string | undefined {
  return flag === undefined ? options.dataDir : resolve(cwd, flag)
}

/** The config file formats `--config` loads. */
const CONFIG_FORMATS = ['.json', '.js', '.mjs', '.cjs']

/**
 * `vendor-api serve [--port N] [--hostname H] [--config FILE] [--data DIR] [--env NAME] [--strict]
 * [--cors ORIGIN,...] [--log text|json]`: runs the platform emulator over HTTP until SIGINT, SIGTERM or SIGHUP,
 * printing the base URL, a start summary (see `startSummary`), the seed import's summary, the login to use, and
 * one access-log line per request.
 *
 * @returns The exit code: 0 after a clean stop, 1 when the emulator cannot start, 2 for a usage error.
 * @internal
 */
export async function serveCommand(argv: readonly string[], io: ServeIo): Promise<number> {
  const flags = readFlags(
    'serve',
    argv,
    {
      ...APPLICATION_FLAGS,
      ...KEPT_DATA_FLAGS,
      port: { type: 'string', short: 'p' },
      hostname: { type: 'string', short: 'H' },
      cors: { type: 'string' },
      log: { type: 'string' },
      env: { type: 'string' },
      strict: { type: 'boolean' },
    },
    SERVE_HELP,
    io,
  )
  if ('exit' in flags) return flags.exit
  const { values } = flags
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port)
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535)
    return usageError(
      'serve',
      io,
      `--port takes a port from 0 (a free one) to 65535, got ${JSON.stringify(values.port)}.`,
    )
  if (values.log !== undefined && values.log !== 'text' && values.log !== 'json')
    return usageError(
      'serve',
      io,
      `--log takes text (the default) or json, got ${JSON.stringify(values.log)}.`,
    )
  const json = values.log === 'json'
  // `--cors ''` allows no origin at all.
  const cors = values.cors
    ?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')

  let emulator
  let kept: KeptData | undefined
  let url: string
  let options: EmulatorOptions
  let users: readonly EmulatorUser[]
  let dataDir: string | undefined
  let madeUp = false
  let listening = false
  try {
    options = await loadConfig(values.config, io.cwd)
    dataDir = dataDirOf(values.data, options, io.cwd)
    kept = await keptData(values, options, io.cwd)
    emulator = createEmulator({
      ...kept.options,
      ...(dataDir === undefined ? {} : { dataDir }),
      ...(cors === undefined ? {} : { cors }),
      ...(values.env === undefined ? {} : { dataEnv: values.env }),
      ...(values.strict === true ? { strictSeed: true } : {}),
      seedLog: (line) => (json ? io.stderr : io.stdout)(`${line}\n`),
      // The log starts when the server listens: the start's own check of the default login is no request.
      accessLog: (line, entry) => {
        if (listening) io.stdout(`${json ? JSON.stringify(entry) : line}\n`)
      },
    })
    await emulator.ready
    users = options.users ?? []
    if (users.length === 0 && (await defaultAdministratorLogsIn(emulator))) {
      // Over HTTP any program on the machine can log in, and an administrator can run JavaScript logic in this
      // process: a well-known admin/admin would hand that to anyone who finds the port.
      const password = randomBytes(12).toString('base64url')
      emulator.updateUser(DEFAULT_ADMIN.username, { password })
      users = [{ ...DEFAULT_ADMIN, password }]
      madeUp = true
    }
    listening = true
    url = await emulator.listen({
      port,
      ...(values.hostname === undefined ? {} : { hostname: values.hostname }),
    })
  } catch (error) {
    await emulator?.close()
    await kept?.close()
    io.stderr(`vendor-api serve: the emulator cannot start: ${(error as Error).message}\n`)
    return 1
  }
  const [user] = users
  const login = JSON.stringify(
    user === undefined
      ? { username: '<a user of the data folder>', password: '<its password>' }
      : { username: user.username, password: madeUp ? user.password : '<password>' },
  )
  const summary = startSummary({
    emulator,
    options: { ...options, ...(dataDir === undefined ? {} : { dataDir }) },
    users,
    madeUpPassword: madeUp,
    dataLocation: kept.location,
  })
  const text =
    `vendor-api serve: the platform emulator is listening at ${url}\n` +
    `${summary.join('\n')}\n` +
    `  Log in:   curl -X POST ${url}/auth/login -H 'content-type: application/json' -d '${login}'\n` +
    `  Then:     curl -H 'Authorization: Bearer <access_token>' ${url}/data/<Domain>\n` +
    `  Browsers: ${cors === undefined ? 'pages on http://localhost, 127.0.0.1 or [::1], any port, may call it (--cors ORIGIN,... to change)' : cors.length === 0 ? 'no page may call it (--cors was empty)' : `pages on ${cors.join(', ')} may call it`}\n` +
    '  Stop with Ctrl+C.\n'
  // With --log json, stdout is JSON lines only: the start summary goes to stderr.
  ;(json ? io.stderr : io.stdout)(text)
  const signal = await io.stopSignal()
  await emulator.close()
  await kept.close()
  io.stdout(`vendor-api serve: stopped (${signal}).\n`)
  return 0
}

const DEFAULT_ADMIN = DEFAULT_USERS[0] as EmulatorUser

/** Whether the emulator made its default administrator: no user came from the options or the data folder. */
async function defaultAdministratorLogsIn(emulator: Emulator): Promise<boolean> {
  const response = await emulator.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEFAULT_ADMIN.username, password: DEFAULT_ADMIN.password }),
  })
  return response.status === 200
}

/**
 * The emulator options of a config file: JSON, or a JavaScript module (`.js`, `.mjs`, `.cjs`) whose default
 * export is the options (so it can hold `logic` functions and plugin components). `dataDir` and plugin
 * `directory` paths are relative to the file. `vendor-api types` reads the same file.
 *
 * @internal
 */
export async function loadConfig(path: string | undefined, cwd: string): Promise<EmulatorOptions> {
  if (path === undefined) return {}
  const file = resolve(cwd, path)
  const format = extname(file).toLowerCase()
  if (!CONFIG_FORMATS.includes(format)) {
    throw new Error(
      `--config ${path}: a config file is ${CONFIG_FORMATS.join(', ')}; compile a TypeScript config to JavaScript first.`,
    )
  }
  let loaded: unknown
  try {
    loaded =
      format === '.json'
        ? JSON.parse(readFileSync(file, 'utf8'))
        : ((await import(pathToFileURL(file).href)) as { default?: unknown }).default
  } catch (error) {
    throw new Error(`--config ${path} cannot be loaded: ${(error as Error).message}`, { cause: error })
  }
  if (typeof loaded !== 'object' || loaded === null || Array.isArray(loaded)) {
    throw new Error(
      `--config ${path} must hold the emulator options as an object${format === '.json' ? '' : ' (its default export)'}.`,
    )
  }
  const options = loaded as EmulatorOptions
  const base = dirname(file)
  const relative = (p: string): string => (isAbsolute(p) ? p : resolve(base, p))
  return {
    ...options,
    ...(typeof options.dataDir === 'string' ? { dataDir: relative(options.dataDir) } : {}),
    ...(typeof options.persist === 'string' && options.persist !== ''
      ? { persist: relative(options.persist) }
      : {}),
    // A malformed plugins option is left for createEmulator to report.
    ...(!Array.isArray(options.plugins)
      ? {}
      : {
          plugins: (options.plugins as readonly PluginDefinition[]).map((plugin) =>
            typeof plugin.directory === 'string'
              ? { ...plugin, directory: relative(plugin.directory) }
              : plugin,
          ),
        }),
  }
}

/** Where the emulator keeps its data: the options that say so, where that is for the summary, and its closing. */
export interface KeptData {
  /** The config's options with the place of the data the flags give, if any, instead of the config's. */
  readonly options: EmulatorOptions
  /** Where the data is, for the start summary (never a password). */
  readonly location: string
  /** Closes the store the flags made, if any. */
  close(): Promise<void>
}

/**
 * Where the data goes, from `--persist DIR`, `--store postgres://...` or the config's `persist` / `store`. A
 * `--persist` path is read against the working directory, the config's against the config file (`loadConfig`).
 *
 * @throws `Error` for both flags, or a `--store` that is not a PostgreSQL URL.
 * @internal
 */
export async function keptData(
  flags: { readonly persist?: string | undefined; readonly store?: string | undefined },
  options: EmulatorOptions,
  cwd: string,
): Promise<KeptData> {
  const none = (): Promise<void> => Promise.resolve()
  const { persist: _persist, store: _store, ...elsewhere } = options
  if (flags.persist !== undefined && flags.store !== undefined)
    throw new Error('--persist and --store were both given: choose one place for the data.')
  if (flags.persist !== undefined || (options.persist !== undefined && flags.store === undefined)) {
    const dir = flags.persist === undefined ? (options.persist as string) : resolve(cwd, flags.persist)
    return {
      options: { ...elsewhere, persist: dir },
      location: `PGlite in ${dir}, kept across restarts (delete the directory to start again from the seed)`,
      close: none,
    }
  }
  if (flags.store !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(flags.store))
      throw new Error(
        '--store takes a PostgreSQL URL such as postgres://user@127.0.0.1:5432/app; for a directory use --persist DIR.',
      )
    // Loaded only here: pg is an optional peer dependency, for a shared database alone.
    const { postgresStore } = await import('../../testing/store/postgres/postgres-store.js')
    const store = postgresStore({ url: flags.store })
    return {
      options: { ...elsewhere, store },
      location: `PostgreSQL at ${serverOf(flags.store)}, schema vendor_api, shared by every emulator on that database`,
      close: () => store.close(),
    }
  }
  const kind = options.store?.kind
  return {
    options,
    location:
      kind === undefined || kind === 'in-memory'
        ? 'in memory, for this run only: a restart starts again from the seed (--persist DIR keeps it)'
        : `the ${kind} store the config gave, kept for the next start on it`,
    close: none,
  }
}

/** A database URL's host, port and database, without the user or password. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname}`
  } catch {
    return 'the URL given'
  }
}

const SERVE_HELP = `Usage: vendor-api serve [--port N] [--hostname H] [--config FILE] [--data DIR] [--env NAME]
                        [--strict] [--persist DIR | --store URL] [--cors ORIGIN,...] [--log text|json]

Runs the platform emulator: the platform's REST API under /api, over the reference host, until Ctrl+C.

  -p, --port <N>        The port (default ${DEFAULT_PORT}; 0 takes a free one).
  -H, --hostname <H>    The address to bind (default 127.0.0.1, loopback only).
  -c, --config <FILE>   The emulator options: JSON, or a JavaScript module (.js, .mjs, .cjs) whose default
                        export is the options (domains with roles, users, settings, logic, dataDir, plugins).
                        Without users, the one user is admin with a password made up at each start.
  -d, --data <DIR>      The application's data folder, imported at start (overrides dataDir): a folder of
                        <Domain>.csv files, or the platform's data root DIR/<env>/<tenant>/*.csv. One line
                        per file is printed, and every failed line.
      --env <NAME>      The environment folder of a data root (default development).
      --strict          Stop at the first failed seed line (for CI).
      --persist <DIR>   Keep the data across restarts in DIR (PGlite, stored files, the JWT secret, so tokens
                        survive); every call commits. Without it the data lives in memory for this run.
      --store <URL>     Keep the data on a PostgreSQL server (postgres://user@host:5432/db, pg installed):
                        several emulators on one database serve one application, each request a transaction.
      --cors <ORIGINS>  The origins browser pages may call from, comma-separated (http://localhost:5173,...),
                        or * for any; replaces the default: every http:// origin on localhost, 127.0.0.1 or
                        [::1], any port. An empty list allows none.
      --log <FORMAT>    The access log: text (default), one line per request, or json, one object per line
                        (the start summary then goes to stderr).

Docs: docs/emulator.md.
`
