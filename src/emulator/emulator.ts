import type { TestHost } from '../testing/index.js'
import type { ListenOptions, UserChanges } from './options/emulator-options.js'
import type { ExportSummary } from './seed/export-folder.js'

/**
 * The platform emulator: the platform's REST API served over a reference host, in-process through
 * {@link Emulator.fetch} or over HTTP once {@link Emulator.listen} has bound a port. Made by `createEmulator`.
 *
 * The emulator owns its host: the host is installed (bound as the process's runtime) from `createEmulator`
 * until {@link Emulator.close}, so one emulator runs per process.
 *
 * @example
 * ```ts
 * import { createEmulator } from '@tech-vendor/api/emulator'
 *
 * await using emulator = createEmulator()
 * const response = await emulator.fetch('http://localhost/api/auth/login', {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ username: 'admin', password: 'admin' }),
 * })
 * const { access_token } = (await response.json()) as { access_token: string }
 * ```
 */
export interface Emulator extends AsyncDisposable {
  /**
   * The reference host behind the emulator, installed: seed and inspect data through it. With `persist`, it is
   * there once {@link Emulator.ready} has resolved (before, reading it throws `IllegalStateException`).
   */
  readonly host: TestHost

  /**
   * Settles when the emulator has started: at once, unless `persist` has it open its PGlite database in the
   * background first. Rejects as the start failed (a database it cannot open, data kept for other domains, a
   * bad seed file). `fetch` and `listen` wait for it themselves.
   *
   * @example
   * ```ts
   * import { createEmulator } from '@tech-vendor/api/emulator'
   *
   * await using emulator = createEmulator({ persist: '.vendor-api' })
   * await emulator.ready
   * console.log(emulator.host.description.name) // platform-emulator
   * ```
   */
  readonly ready: Promise<void>

  /**
   * Answers one request in-process, as the platform would, without a port. Takes what the global `fetch`
   * takes, so it can stand in for it (a path such as `/api/auth/login` is read against `http://localhost`).
   *
   * @param input - The request, or its URL.
   * @param init - The method, headers and body, as for the global `fetch`.
   * @returns The response.
   * @throws `IllegalStateException` after {@link Emulator.close}.
   * @example
   * ```ts
   * import { createEmulator } from '@tech-vendor/api/emulator'
   *
   * await using emulator = createEmulator()
   * const answer = await emulator.fetch(new Request('http://localhost/api/auth/userInfo'))
   * console.log(answer.status) // 401: no token
   * ```
   */
  fetch(input: Request | URL | string, init?: RequestInit): Promise<Response>

  /**
   * Serves the emulator over HTTP. Like `vendor-api serve`, it does not serve the default `admin`/`admin` there:
   * without `users` in the options, the administrator's password is made up when it starts to listen, unless
   * {@link Emulator.updateUser} set one before; give `users`, or set a password with `updateUser`, to log in.
   *
   * @param options - Where to bind (default `127.0.0.1`, a free port).
   * @returns The base URL callers use, ending in `/api`, such as `http://127.0.0.1:41234/api`.
   * @throws `IllegalStateException` when already listening or closed; an `Error` when the address cannot be bound.
   * @example
   * ```ts
   * import { createEmulator } from '@tech-vendor/api/emulator'
   *
   * await using emulator = createEmulator({
   *   users: [{ username: 'ann', password: 'a-password-of-mine', roles: ['ROLE_ADMIN'] }],
   * })
   * const baseUrl = await emulator.listen({ port: 0 })
   * const login = await fetch(`${baseUrl}/auth/login`, {
   *   method: 'POST',
   *   headers: { 'content-type': 'application/json' },
   *   body: JSON.stringify({ username: 'ann', password: 'a-password-of-mine' }),
   * })
   * ```
   */
  listen(options?: ListenOptions): Promise<string>

  /**
   * Stops listening, closes open connections and uninstalls the host. In-process calls still waiting for an
   * answer (logic that has not settled) are rejected with an `IllegalStateException`. Calling it again does
   * nothing.
   *
   * @example
   * ```ts
   * import { createEmulator } from '@tech-vendor/api/emulator'
   *
   * const emulator = createEmulator()
   * try {
   *   await emulator.listen()
   * } finally {
   *   await emulator.close()
   * }
   * ```
   */
  close(): Promise<void>

  /**
   * Changes a user, as an administrator would on the platform. Tokens issued before stay valid (a changed
   * password or a disabled account does not invalidate them, as on the platform).
   *
   * @param username - The user's login name.
   * @param changes - What to change.
   * @throws `IllegalArgumentException` for an unknown user or a malformed change.
   * @example
   * ```ts
   * import { createEmulator } from '@tech-vendor/api/emulator'
   *
   * await using emulator = createEmulator()
   * emulator.updateUser('admin', { password: 'changed', enabled: false })
   * ```
   */
  updateUser(username: string, changes: UserChanges): void

  /**
   * Writes the emulator's current data as a seed folder in the platform's layout, which `dataDir` (`--data`)
   * loads again: `folder/production/<tenant>/<Domain>.csv`, with `folder/development` a link to `production`.
   * Every application domain's objects and the platform's records are written (users, groups, roles, logic,
   * services, hooks, actions, configuration, dashboards, the data folder's model), but not what the options give
   * at each start (the `domains` option's model records, the `users` option's users, the `settings` option's
   * configuration, the `logic` option's logic) nor the built-in engines and logic types: loading the folder with
   * the same options gives the same application. Runs between requests; works on any store.
   *
   * @param folder - A folder that does not exist yet, or an empty one.
   * @returns The files written, and what a seed folder cannot hold (`omitted`).
   * @throws `IllegalArgumentException` when the folder is a file or not empty; nothing is written.
   * @throws `IllegalStateException` when an object is referenced but its domain has no field whose values tell
   *   its objects apart (a reference column could not find it again); nothing is written.
   * @throws `IllegalStateException` after {@link Emulator.close}.
   * @example
   * ```ts
   * import { createEmulator } from '@tech-vendor/api/emulator'
   *
   * const options = { domains: { Tag: { fields: { name: 'STRING' } } } } as const
   * const emulator = createEmulator(options)
   * // ... the application writes over REST ...
   * await emulator.exportData('./my-data')
   * await emulator.close()
   * await using again = createEmulator({ ...options, dataDir: './my-data' })
   * ```
   */
  exportData(folder: string): Promise<ExportSummary>
}
