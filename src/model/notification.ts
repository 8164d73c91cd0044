import type { MessageSeverity } from './message-severity.js'

/**
 * The fields a {@link Notification} is built from.
 *
 * @example
 * ```ts
 * import { MessageSeverity, type NotificationInit } from '@tech-vendor/api'
 *
 * const init: NotificationInit = { title: 'Export', content: 'Your export is ready', severity: MessageSeverity.INFO, toUserName: 'ann' }
 * ```
 */
export interface NotificationInit {
  /** A short title. */
  readonly title?: string | null
  /** The message text. */
  readonly content: string
  /** How the backend filters it and the frontend shows it; `INFO` when not given. */
  readonly severity?: MessageSeverity
  /** The username of the recipient, as the artifact declares it (the runtime reads `toUser`, a user object). */
  readonly toUserName?: string | null
  /** A link the frontend offers with the message. */
  readonly link?: string | null
}

/** Fields a Notification copies from its init, `toUser` included for the runtime's shape. */
const NOTIFICATION_FIELDS = ['title', 'content', 'severity', 'toUserName', 'toUser', 'link'] as const

/**
 * A message for one user, as the artifact declares it for `MessageHelper.pushNotification`.
 *
 * Mismatch: the artifact's Notification names its recipient `toUserName` (a username string), but the
 * platform runtime's Notification has `toUser` (a user object) instead, and the method that sends it is
 * `pushMessage`, not `pushNotification`. See `MessageHelper` and the runtime profile types.
 *
 * @example
 * ```ts
 * import { MessageSeverity, Notification } from '@tech-vendor/api'
 *
 * const n = new Notification({ content: 'Your export is ready', severity: MessageSeverity.INFO, toUserName: 'ann' })
 * ```
 */
export class Notification {
  /** A short title, `null` when none. */
  title: string | null = null
  /** The message text. */
  content = ''
  /** How the backend filters it and the frontend shows it. */
  severity: MessageSeverity = 'INFO'
  /** The username of the recipient (declared; the runtime reads `toUser` instead). */
  toUserName: string | null = null
  /** A link the frontend offers with the message, `null` when none. */
  link: string | null = null

  /**
   * @param init - The fields to set; the rest keep their defaults.
   */
  constructor(init?: NotificationInit) {
    if (init === undefined) return
    // Copy only the known fields: a request body must not reach the prototype or add stray fields.
    for (const key of NOTIFICATION_FIELDS) {
      const value = (init as unknown as Readonly<Record<string, unknown>>)[key]
      if (value !== undefined) (this as unknown as Record<string, unknown>)[key] = value
    }
  }
}
