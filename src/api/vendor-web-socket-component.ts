/**
 * A WebSocket message: text, or binary content.
 *
 * @example
 * ```ts
 * import type { WebSocketMessage } from '@tech-vendor/api'
 *
 * const text: WebSocketMessage = '{"type":"ping"}'
 * const binary: WebSocketMessage = new Uint8Array([1, 2, 3])
 * ```
 */
export type WebSocketMessage = string | Uint8Array

/**
 * One client connection to a {@link VendorWebSocketComponent}, as the platform hands it to the component's
 * handlers (modelled on Spring's `WebSocketSession`, which the platform's Java side uses).
 *
 * @example
 * ```ts
 * import type { WebSocketSession } from '@tech-vendor/api'
 *
 * function greet(session: WebSocketSession): void {
 *   if (session.isOpen()) session.sendMessage(`hello ${session.username ?? 'guest'}`)
 * }
 * ```
 */
export interface WebSocketSession {
  /** A unique id of the connection. */
  readonly id: string
  /** The URI the client connected to, with its query string. */
  readonly uri: string
  /** The username of the logged-in user who opened the connection, `null` for an anonymous one. */
  readonly username: string | null
  /** State the component keeps for this connection; empty when it opens. */
  readonly attributes: Map<string, unknown>
  /** Whether the connection is still open. */
  isOpen(): boolean
  /** Sends a message to the client: a string as a text frame, bytes as a binary frame. */
  sendMessage(message: WebSocketMessage): void
  /** Closes the connection, with an RFC 6455 status code (1000, normal closure, by default) and a reason. */
  close(code?: number, reason?: string): void
}

/**
 * The base of a plugin component that handles WebSocket connections (`tech.vendor.api.websocket`).
 *
 * The document says only that this extension point handles WebSocket messages; its signatures are not shown.
 * This port designs it after Spring's `WebSocketHandler`, which the platform builds on: the component names
 * the `path` it serves (under the platform's WebSocket endpoint; the host decides the prefix), must handle
 * messages in `onMessage`, and may override `onOpen`, `onClose` and `onError`, which do nothing by default.
 * Handlers are synchronous and called one at a time per connection. Like every component it is constructed
 * with no argument, so it can be unit-tested with a fake {@link WebSocketSession}.
 *
 * @example
 * ```ts
 * import { VendorWebSocketComponent, type WebSocketMessage, type WebSocketSession } from '@tech-vendor/api'
 *
 * export class EchoSocket extends VendorWebSocketComponent {
 *   readonly path = '/echo'
 *
 *   override onOpen(session: WebSocketSession): void {
 *     session.attributes.set('count', 0)
 *   }
 *
 *   onMessage(session: WebSocketSession, message: WebSocketMessage): void {
 *     const count = Number(session.attributes.get('count')) + 1
 *     session.attributes.set('count', count)
 *     session.sendMessage(typeof message === 'string' ? `${count}: ${message}` : message)
 *   }
 * }
 * ```
 */
export abstract class VendorWebSocketComponent {
  /**
   * The path this component serves, such as `/orders/live`, relative to the platform's WebSocket endpoint.
   *
   * @example
   * ```ts
   * import { VendorWebSocketComponent } from '@tech-vendor/api'
   *
   * class Live extends VendorWebSocketComponent {
   *   readonly path = '/orders/live'
   *   onMessage(): void {}
   * }
   * ```
   */
  abstract readonly path: string

  /**
   * Called when a client connects. Does nothing unless overridden.
   *
   * @param session - The new connection.
   * @see {@link VendorWebSocketComponent.onClose} for the inverse.
   * @example
   * ```ts
   * import { VendorWebSocketComponent, type WebSocketSession } from '@tech-vendor/api'
   *
   * class Welcome extends VendorWebSocketComponent {
   *   readonly path = '/welcome'
   *   override onOpen(session: WebSocketSession): void {
   *     session.sendMessage('welcome')
   *   }
   *   onMessage(): void {}
   * }
   * ```
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a no-op default; overrides use the argument
  onOpen(session: WebSocketSession): void {}

  /**
   * Called for each message a client sends, in order.
   *
   * @param session - The connection the message came from.
   * @param message - The message: a string for a text frame, bytes for a binary frame.
   * @example
   * ```ts
   * import { VendorWebSocketComponent, type WebSocketMessage, type WebSocketSession } from '@tech-vendor/api'
   *
   * class Upper extends VendorWebSocketComponent {
   *   readonly path = '/upper'
   *   onMessage(session: WebSocketSession, message: WebSocketMessage): void {
   *     if (typeof message === 'string') session.sendMessage(message.toUpperCase())
   *   }
   * }
   * ```
   */
  abstract onMessage(session: WebSocketSession, message: WebSocketMessage): void

  /**
   * Called when a connection has closed, by either side. Does nothing unless overridden.
   *
   * @param session - The closed connection.
   * @param code - The RFC 6455 close status code, such as 1000 (normal) or 1001 (going away).
   * @param reason - The close reason; empty when none was given.
   * @see {@link VendorWebSocketComponent.onOpen} for the inverse.
   * @example
   * ```ts
   * import { VendorWebSocketComponent, type WebSocketSession } from '@tech-vendor/api'
   *
   * class Presence extends VendorWebSocketComponent {
   *   readonly path = '/presence'
   *   onMessage(): void {}
   *   override onClose(session: WebSocketSession, code: number): void {
   *     console.log(`${session.username ?? 'guest'} left (${code})`)
   *   }
   * }
   * ```
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a no-op default; overrides use the arguments
  onClose(session: WebSocketSession, code: number, reason: string): void {}

  /**
   * Called when a connection fails (a transport error, or a handler of this component threw). The platform
   * closes the connection afterwards. Does nothing unless overridden.
   *
   * @param session - The failing connection.
   * @param error - What went wrong.
   * @example
   * ```ts
   * import { VendorWebSocketComponent, type WebSocketSession } from '@tech-vendor/api'
   *
   * class Logged extends VendorWebSocketComponent {
   *   readonly path = '/logged'
   *   onMessage(): void {}
   *   override onError(session: WebSocketSession, error: unknown): void {
   *     console.error(`connection ${session.id} failed`, error)
   *   }
   * }
   * ```
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a no-op default; overrides use the arguments
  onError(session: WebSocketSession, error: unknown): void {}
}
