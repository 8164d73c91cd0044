/**
 * How important a pushed message is, and so how the backend filters it and the frontend shows it.
 *
 * @example
 * ```ts
 * import { MessageSeverity } from '@tech-vendor/api'
 *
 * const severity: MessageSeverity = MessageSeverity.ACTION_REQUIRED
 * ```
 */
export const MessageSeverity = Object.freeze({
  /** General information. The backend filters it by the user's notification settings; the frontend shows a notification that closes by itself. */
  INFO: 'INFO',
  /** Something the user should notice. Filtered by the backend; shown by the frontend as a warning notification. */
  WARNING: 'WARNING',
  /** Something failed. Filtered by the backend; shown by the frontend as an error notification. */
  ERROR: 'ERROR',
  /** Important information. Filtered by the backend; shown by the frontend as a lower-right notification that does not close by itself. */
  IMPORTANT: 'IMPORTANT',
  /** Internal messages. Not filtered by the backend; the frontend shows it like INFO. */
  INTERNAL: 'INTERNAL',
  /** The user must act. The frontend shows it like IMPORTANT: a lower-right notification that does not auto-close and does not block the page. */
  ACTION_REQUIRED: 'ACTION_REQUIRED',
} as const)

/**
 * One of the {@link MessageSeverity} values.
 *
 * @example
 * ```ts
 * import { MessageSeverity } from '@tech-vendor/api'
 *
 * function isUrgent(severity: MessageSeverity): boolean {
 *   return severity === MessageSeverity.IMPORTANT || severity === MessageSeverity.ACTION_REQUIRED
 * }
 * ```
 */
export type MessageSeverity = (typeof MessageSeverity)[keyof typeof MessageSeverity]
