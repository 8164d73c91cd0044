/**
 * The platform emulator: the platform's REST API (the seed document's REST parts) served locally over the
 * reference host, so that a frontend, a mobile app, a script, or a plugin's dynamic services and webhooks run
 * end to end against the platform's rules on a laptop or in CI. The documented quirks are reproduced, because
 * clients must survive them. `vendor-api serve` runs it from the command line.
 *
 * @example
 * ```ts
 * import { createEmulator } from '@tech-vendor/api/emulator'
 *
 * await using emulator = createEmulator({ domains: { Order: { fields: { status: 'STRING' } } } })
 * const baseUrl = await emulator.listen() // http://127.0.0.1:<port>/api
 * ```
 *
 * @module @tech-vendor/api/emulator
 */
export { createEmulator } from './create-emulator.js'
export type { Emulator } from './emulator.js'
export type {
  EmulatorOptions,
  EmulatorDomainDefinition,
  DomainRoles,
  EmulatorUser,
  EmulatorSettings,
  EmulatorStore,
  ListenOptions,
  UserChanges,
} from './options/emulator-options.js'
export type { AccessLog, AccessLogEntry } from './wire/access-log.js'
export type { LogicFunction, LogicRequest, RequestUser } from './logic/logic-request.js'
export type { HookRequest } from './hooks/object-hooks.js'
export type { ExportSummary } from './seed/export-folder.js'
