import { expect, it } from 'vitest'
import { MessageHelper } from '../../api/message-helper.js'
import type { GroupDefinition } from './group-definition.js'

const ANN = Object.freeze({ id: 7, username: 'ann' })

/** `MessageHelper.pushMessage`, the runtime's member (typed only by the runtime profile). */
const pushMessage = (notification: object): void =>
  (MessageHelper as unknown as { pushMessage(n: object): void }).pushMessage(notification)

/** SPEC §7.7: MessageHelper records what pushMessage sends. */
export const messagesGroup: GroupDefinition = {
  group: 'messages',
  title: 'MessageHelper (SPEC §7.7)',
  register({ start }) {
    it('pushMessage sends the notification to toUser, and the host records it', (context) => {
      const { host } = start()
      pushMessage({
        title: 'Export',
        content: 'Export ready',
        severity: 'WARNING',
        toUser: ANN,
        link: '/exports/1',
      })
      if (host.pushedMessages === undefined) {
        context.skip(
          'the host exposes no pushedMessages: pushMessage was accepted, what it sent is not checked',
        )
      }
      expect(host.pushedMessages).toEqual([
        expect.objectContaining({
          title: 'Export',
          content: 'Export ready',
          severity: 'WARNING',
          toUser: expect.objectContaining(ANN) as unknown,
          link: '/exports/1',
        }),
      ])
    })
  },
}
