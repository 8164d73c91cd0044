import { quoteDecimals } from './decimal-fields.js'

/** What the last attempt of a request received: its status, its content type and its body's text. */
export interface Received {
  readonly status: number
  readonly contentType: string
  readonly text: string
}

/**
 * The body of an answer: JSON where the content type says so (the `decimals` fields kept exact), else the text;
 * `undefined` when it is empty.
 *
 * @internal
 */
export function readBody(received: Received, decimals?: readonly string[]): unknown {
  if (received.text === '') return undefined
  if (/json/i.test(received.contentType)) {
    try {
      return JSON.parse(decimals === undefined ? received.text : quoteDecimals(received.text, decimals))
    } catch {
      // Not JSON after all: the text says what it is.
    }
  }
  return received.text
}
