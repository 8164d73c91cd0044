/**
 * The prefix a caller outside the platform's reverse proxy puts before every path: the emulator serves the
 * REST API under it, and dynamic logic sees paths without it.
 *
 * @internal
 */
export const API_PREFIX = '/api'
