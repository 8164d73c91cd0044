/**
 * The runtime profile `1.0.0-beta18` of `@tech-vendor/api/v1`: the 1.0.0-series surface as the platform
 * runtime really has it. The 1.0.0 series already declares `AsyncHelper` as the runtime has it; here
 * `MessageHelper` has `pushMessage` and no `pushNotification`, and `Notification` names its recipient
 * `toUser`. Everything else is the `./v1` entry's own declaration.
 *
 * Types only: turned on with `"customConditions": ["tech-vendor-runtime-1.0.0-beta18"]`.
 *
 * @example
 * ```ts
 * import { MessageHelper, Notification } from '@tech-vendor/api/v1'
 *
 * MessageHelper.pushMessage(new Notification({ content: 'Started', toUser: { id: 7, username: 'ann' } }))
 * ```
 *
 * @module
 */
export * from '../../v1/index.js'
export { MessageHelper } from './message-helper.js'
export { Notification, type NotificationInit, type NotificationConstructor } from './notification.js'
export type { PlatformUser } from '../../runtime-contract/facets.js'
