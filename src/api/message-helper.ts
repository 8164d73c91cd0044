import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { checkedFacet, linked, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import type { PlatformUser, RuntimeNotification } from '../runtime-contract/facets.js'
import { members } from '../runtime-contract/members.js'
import { MessageSeverity } from '../model/message-severity.js'
import type { Notification } from '../model/notification.js'

/**
 * Sends messages to users. **Unusable as declared**: the artifact's only method, `pushNotification`, does not
 * exist at runtime.
 *
 * The platform runtime has `pushMessage(notification)` instead, whose `Notification` names the recipient
 * `toUser` (a user object) rather than the declared `toUserName` (a username string). Dynamic code can call
 * `pushMessage`; to have the type checker accept it, type-check against the runtime profile
 * (`docs/runtime-profiles.md`).
 *
 * @example
 * ```ts
 * import { MessageHelper, MessageSeverity, Notification } from '@tech-vendor/api'
 *
 * // Compiles against 0.0.5, fails on the platform with MissingMethodException / NoSuchMethodError:
 * MessageHelper.pushNotification(new Notification({ content: 'Export ready', severity: MessageSeverity.INFO, toUserName: 'ann' }))
 * ```
 */
export class MessageHelper {
  private constructor() {}

  static {
    // The runtime's method: present on the object as dynamic code sees it, typed only by the runtime profile.
    Object.defineProperty(this, 'pushMessage', {
      value: function pushMessage(notification: unknown): void {
        ;(linked.pushMessage ?? checkedFacet(members.pushMessage, arguments)).pushMessage(
          toRuntimeNotification(notification),
        )
      },
      writable: true,
      configurable: true,
      enumerable: false,
    })
  }

  /**
   * Declared by the artifact to push a notification to `notification.toUserName`; absent from the platform
   * runtime, so every call fails: `MissingMethodException` under dynamic linkage, `NoSuchMethodError`
   * `tech.vendor.api.MessageHelper.pushNotification(Ltech/vendor/api/Notification;)V` under static linkage.
   *
   * @deprecated Absent at runtime: the runtime has `MessageHelper.pushMessage(notification)` with
   * `notification.toUser` (a user object). Type-check against the runtime profile to call it.
   * @param notification - The message and its recipient's username.
   * @throws {@link MissingMethodException} under `dynamic` linkage.
   * @throws {@link NoSuchMethodError} under `static` linkage.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { MessageHelper, MessageSeverity, Notification } from '@tech-vendor/api'
   *
   * MessageHelper.pushNotification(new Notification({ content: 'hi', severity: MessageSeverity.INFO, toUserName: 'ann' }))
   * ```
   */
  static pushNotification(notification: Notification): void {
    ;(
      (this as FacadeClass)?.[LINKED]?.pushNotification ??
      checkedFacet(members.pushNotification, arguments, MessageHelper)
    ).pushNotification(notification)
  }
}

/** The runtime's notification shape, from a `Notification` or a plain object with `toUser`. */
function toRuntimeNotification(notification: unknown): RuntimeNotification {
  if (typeof notification !== 'object' || notification === null) {
    throw new IllegalArgumentException(
      `MessageHelper.pushMessage expects a Notification with content and toUser, got ${notification === null ? 'null' : typeof notification}.`,
    )
  }
  const n = notification as Record<string, unknown>
  const toUser = n['toUser'] as PlatformUser | null | undefined
  if (typeof toUser !== 'object' || toUser === null || typeof toUser.id !== 'number') {
    const hint =
      typeof n['toUserName'] === 'string'
        ? ` It has toUserName '${n['toUserName']}': the runtime ignores toUserName; set toUser to the user object ({ id, username }).`
        : ' Set toUser to the recipient user object ({ id, username }).'
    throw new IllegalArgumentException(
      `MessageHelper.pushMessage needs notification.toUser, a user object.${hint}`,
    )
  }
  if (typeof n['content'] !== 'string') {
    throw new IllegalArgumentException(
      'MessageHelper.pushMessage needs notification.content, the message text, as a string.',
    )
  }
  const severity = n['severity'] ?? MessageSeverity.INFO
  if (typeof severity !== 'string' || !(severity in MessageSeverity)) {
    throw new IllegalArgumentException(
      `MessageHelper.pushMessage got severity ${JSON.stringify(severity)}; use one of ${Object.keys(MessageSeverity).join(', ')}.`,
    )
  }
  return Object.freeze({
    title: typeof n['title'] === 'string' ? n['title'] : null,
    content: n['content'],
    severity: severity as MessageSeverity,
    toUser: Object.freeze({ ...toUser }),
    link: typeof n['link'] === 'string' ? n['link'] : null,
  })
}
