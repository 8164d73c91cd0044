import type { MessageRuntime, RuntimeNotification } from '../../runtime-contract/facets.js'
import type { ContextStore } from '../host/host-context.js'
import type { PushedMessage } from './pushed-message.js'

/**
 * The host side of `MessageHelper`: records what `pushMessage` sends. It has no `pushNotification`, as the
 * platform runtime has none, so that the documented mismatch holds through this host.
 */
export class MessageFacet implements MessageRuntime {
  readonly #contexts: ContextStore
  readonly pushed: PushedMessage[] = []

  constructor(contexts: ContextStore) {
    this.#contexts = contexts
  }

  pushMessage(notification: RuntimeNotification): void {
    const { tenant, plugin } = this.#contexts.current()
    this.pushed.push(
      Object.freeze({
        tenant,
        plugin,
        title: notification.title,
        content: notification.content,
        severity: notification.severity,
        toUser: notification.toUser,
        link: notification.link,
      }),
    )
  }
}
