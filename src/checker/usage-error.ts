/**
 * A mistake in how `vendor-api` was called or in what it was pointed at (an unknown option, a missing
 * manifest, an unreadable file): the run stops with exit code 2 and this message.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
