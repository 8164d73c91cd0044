import { MessageHelper as DeclaredMessageHelper } from '../../api/message-helper.js'
import type { Notification } from './notification.js'

/**
 * `MessageHelper` as the platform runtime 1.0.0-beta18 has it: `pushMessage(notification)`, whose
 * notification names the recipient `toUser`. The declared `pushNotification` does not exist there, so it
 * does not exist here either.
 *
 * @example
 * ```ts
 * // tsconfig.json: "compilerOptions": { "customConditions": ["tech-vendor-runtime-1.0.0-beta18"] }
 * import { MessageHelper, MessageSeverity, Notification } from '@tech-vendor/api'
 *
 * MessageHelper.pushMessage(new Notification({ content: 'Export ready', severity: MessageSeverity.INFO, toUser: { id: 7, username: 'ann' } }))
 * ```
 */
export interface MessageHelper {
  /**
   * Sends `notification` to `notification.toUser`, who sees it in the frontend according to its severity.
   *
   * @param notification - The message and its recipient user object.
   * @throws {@link IllegalArgumentException} when the notification has no `toUser` or no `content`.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { MessageHelper, Notification } from '@tech-vendor/api'
   *
   * MessageHelper.pushMessage(new Notification({ content: 'Done', toUser: { id: 7, username: 'ann' } }))
   * ```
   */
  pushMessage(notification: Notification): void
}

/**
 * Sends messages to users, typed as the platform runtime 1.0.0-beta18 has it; see the {@link MessageHelper}
 * interface.
 *
 * @example
 * ```ts
 * import { MessageHelper, Notification } from '@tech-vendor/api'
 *
 * MessageHelper.pushMessage(new Notification({ content: 'Done', toUser: { id: 7, username: 'ann' } }))
 * ```
 */
export const MessageHelper: MessageHelper = DeclaredMessageHelper as unknown as MessageHelper
