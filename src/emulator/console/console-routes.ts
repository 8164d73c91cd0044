// The declaration build compiles from the entry points, not tsconfig's include: only this reference shows it the
// `.html` module declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./html-module.d.ts" />
import { createHash } from 'node:crypto'
import type { EmulatorApp, EmulatorParts } from '../emulator-parts.js'
import { WireError } from '../wire/wire-error.js'
import { jsonResponse } from '../wire/wire-response.js'
import CONSOLE_HTML from './console.html'
import type { RecentRequests } from './recent-requests.js'

/** The roles that may read the recent requests: those who may read the platform's own records. */
const DEVELOPER_ROLES: readonly string[] = ['ROLE_ADMIN', 'ROLE_DEVELOPER']

/**
 * The console's Content Security Policy: its one inline script and style by their hashes, calls to its own
 * origin only, no frames. A value the page shows (an object's field, a service's answer) cannot run as script.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${hashesOf('script')}`,
  `style-src ${hashesOf('style')}`,
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The emulator's console and what only it reads:
 *
 * - `GET /` and `GET /api/`: the console, a page served with the package (log in, list the domains, page
 *   through and open objects, call a service, read the recent requests), for a person with a browser;
 * - `GET /api/_emulator/requests`: the recent requests, newest first, for `ROLE_ADMIN` and `ROLE_DEVELOPER`
 *   (401/1008 without a token, 403/1004 for anyone else). Emulator-only: the platform has no such route.
 *
 * @internal
 */
export function consoleRoutes(
  root: EmulatorApp,
  api: EmulatorApp,
  parts: EmulatorParts,
  recent: RecentRequests,
): void {
  const page = (): Response =>
    new Response(CONSOLE_HTML, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      },
    })
  root.get('/', page)
  api.get('/', page)

  api.get('/_emulator/requests', async (c) => {
    const user = await parts.auth.caller(c.get('call'), 'login')
    if (!user.roles.some((role) => DEVELOPER_ROLES.includes(role))) {
      throw new WireError(
        'NoPermission',
        `the recent requests are for ${DEVELOPER_ROLES.join(' and ')}; ${user.username} has ${user.roles.length === 0 ? 'no role' : user.roles.join(', ')}.`,
      )
    }
    return jsonResponse({ requests: recent.list() })
  })
}

/** The CSP source list of the page's inline elements of one kind: `'sha256-...'` per element. */
function hashesOf(element: 'script' | 'style'): string {
  const pattern = new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, 'g')
  const hashes = [...CONSOLE_HTML.matchAll(pattern)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}'`,
  )
  return hashes.length === 0 ? "'none'" : hashes.join(' ')
}
