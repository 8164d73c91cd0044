import type { RuntimeNotification } from '../../runtime-contract/facets.js'

/**
 * One message that plugin code sent with `MessageHelper.pushMessage`, as a test host records it in
 * `host.pushedMessages`: the notification's fields, with the tenant and the plugin it was sent from.
 *
 * @example
 * ```ts
 * import { expect } from 'vitest'
 * import type { PushedMessage } from '@tech-vendor/api/testing'
 *
 * declare const pushed: readonly PushedMessage[]
 * expect(pushed).toEqual([expect.objectContaining({ tenant: 'acme', content: 'Export ready' })])
 * ```
 */
export interface PushedMessage extends RuntimeNotification {
  /** The tenant the sending code ran as. */
  readonly tenant: string
  /** The plugin whose code sent it, `null` for test code outside any plugin. */
  readonly plugin: string | null
}
