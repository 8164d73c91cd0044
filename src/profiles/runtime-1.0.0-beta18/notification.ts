import { Notification as DeclaredNotification } from '../../model/notification.js'
import type { MessageSeverity } from '../../model/message-severity.js'
import type { PlatformUser } from '../../runtime-contract/facets.js'

/**
 * The fields of a runtime {@link Notification}: the recipient is `toUser`, a user object, where the artifact
 * declares `toUserName`.
 *
 * @example
 * ```ts
 * import { MessageSeverity, type NotificationInit } from '@tech-vendor/api'
 *
 * const init: NotificationInit = { content: 'Your export is ready', severity: MessageSeverity.INFO, toUser: { id: 7, username: 'ann' } }
 * ```
 */
export interface NotificationInit {
  /** A short title. */
  readonly title?: string | null
  /** The message text. */
  readonly content: string
  /** How the backend filters it and the frontend shows it; `INFO` when not given. */
  readonly severity?: MessageSeverity
  /** The recipient: the platform user object (`{ id, username }`). */
  readonly toUser: PlatformUser
  /** A link the frontend offers with the message. */
  readonly link?: string | null
}

/**
 * A message for one user, as the platform runtime 1.0.0-beta18 has it for `MessageHelper.pushMessage`: the
 * recipient is `toUser`, and there is no `toUserName`.
 *
 * @example
 * ```ts
 * import { MessageHelper, Notification } from '@tech-vendor/api'
 *
 * const n = new Notification({ content: 'Your export is ready', toUser: { id: 7, username: 'ann' } })
 * MessageHelper.pushMessage(n)
 * ```
 */
export interface Notification {
  /** A short title, `null` when none. */
  title: string | null
  /** The message text. */
  content: string
  /** How the backend filters it and the frontend shows it. */
  severity: MessageSeverity
  /** The recipient; `pushMessage` refuses a notification without one. */
  toUser?: PlatformUser | null
  /** A link the frontend offers with the message, `null` when none. */
  link: string | null
}

/**
 * The runtime {@link Notification} class: the package's one `Notification`, typed as the runtime has it.
 *
 * @example
 * ```ts
 * import { Notification, type NotificationConstructor } from '@tech-vendor/api'
 *
 * const make: NotificationConstructor = Notification
 * ```
 */
export interface NotificationConstructor {
  /**
   * @param init - The fields to set; the rest keep their defaults.
   */
  new (init?: NotificationInit): Notification
  /** The prototype, so that `instanceof Notification` works. */
  readonly prototype: Notification
}

/**
 * A message for one user, typed as the platform runtime 1.0.0-beta18 has it; see the {@link Notification}
 * interface.
 *
 * @example
 * ```ts
 * import { Notification } from '@tech-vendor/api'
 *
 * const n = new Notification({ title: 'Export', content: 'Ready', toUser: { id: 7, username: 'ann' } })
 * ```
 */
// No cast: the class already fits the runtime's shape (it copies `toUser` from its init).
export const Notification: NotificationConstructor = DeclaredNotification
