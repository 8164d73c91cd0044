import { describe, expect, it } from 'vitest'
import { VendorWebSocketComponent, type WebSocketMessage, type WebSocketSession } from '../../src/index.js'

/** A session as a host hands it over, recording what the component sends. */
function fakeSession(sent: WebSocketMessage[]): WebSocketSession {
  let open = true
  return {
    id: 's-1',
    uri: '/ws/echo?room=1',
    username: 'ann',
    attributes: new Map(),
    isOpen: () => open,
    sendMessage: (message) => void sent.push(message),
    close: () => void (open = false),
  }
}

class EchoSocket extends VendorWebSocketComponent {
  readonly path = '/echo'

  onMessage(session: WebSocketSession, message: WebSocketMessage): void {
    const count = Number(session.attributes.get('count') ?? 0) + 1
    session.attributes.set('count', count)
    session.sendMessage(typeof message === 'string' ? `${count}: ${message}` : message)
  }
}

describe('VendorWebSocketComponent', () => {
  it('a plugin component constructs with no host and names its path', () => {
    const socket = new EchoSocket()
    expect(socket).toBeInstanceOf(VendorWebSocketComponent)
    expect(socket.path).toBe('/echo')
  })

  it('handles messages through the session the host hands it', () => {
    const sent: WebSocketMessage[] = []
    const session = fakeSession(sent)
    const socket = new EchoSocket()
    socket.onMessage(session, 'hello')
    socket.onMessage(session, new Uint8Array([1]))
    expect(sent).toEqual(['1: hello', new Uint8Array([1])])
  })

  it('onOpen, onClose and onError do nothing unless overridden', () => {
    const sent: WebSocketMessage[] = []
    const session = fakeSession(sent)
    const socket = new EchoSocket()
    expect(socket.onOpen(session)).toBeUndefined()
    expect(socket.onClose(session, 1000, '')).toBeUndefined()
    expect(socket.onError(session, new Error('reset'))).toBeUndefined()
    expect(sent).toEqual([])
    expect(session.isOpen()).toBe(true)
  })
})
