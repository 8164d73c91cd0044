/**
 * The runtime profile `1.0.0-beta18` of the root entry: the 0.0.5 surface as the platform runtime really has
 * it. `AsyncHelper` has what the runtime has for a 0.0.5 plugin (`task` returns a `Thread`, the absent
 * overloads do not exist; the runtime's 1.0.0-series `task(threadName, task)` and `supplyAsync` are typed by
 * `./v1`), `MessageHelper` has `pushMessage` and no
 * `pushNotification`, and `Notification` names its recipient `toUser`. Everything else is the root's own
 * declaration (one `DomainRegistry` for both).
 *
 * Types only: a plugin turns it on with `"customConditions": ["tech-vendor-runtime-1.0.0-beta18"]` in its
 * tsconfig, and `'@tech-vendor/api'` then resolves here for the type checker while the code that runs stays
 * the package's one set of facades.
 *
 * @example
 * ```ts
 * import { AsyncHelper, MessageHelper, Notification } from '@tech-vendor/api'
 *
 * const thread = AsyncHelper.task(() => console.log('runs'))
 * MessageHelper.pushMessage(new Notification({ content: 'Started', toUser: { id: 7, username: 'ann' } }))
 * ```
 *
 * @module
 */
export * from '../../index.js'
// Explicit exports win over `export *`: these shadow the root's declarations of the same names.
export { AsyncHelper } from './async-helper.js'
export { MessageHelper } from './message-helper.js'
export { Notification, type NotificationInit, type NotificationConstructor } from './notification.js'
export type { PlatformUser } from '../../runtime-contract/facets.js'
