import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { AllowedHosts } from './auth/allowed-host.js'
import {
  accessLine,
  accessLogEntry,
  answeredRequest,
  arrival,
  type AccessLog,
  type AnsweredRequest,
} from './wire/access-log.js'
import { allowedMethods } from './routes/allowed-methods.js'
import { corsPolicy } from './wire/cors.js'
import { actionRoutes } from './routes/action-routes.js'
import { attachmentRoutes } from './routes/attachment-routes.js'
import { authRoutes } from './routes/auth-routes.js'
import { configRoutes } from './routes/config-routes.js'
import { consoleRoutes } from './console/console-routes.js'
import { RecentRequests } from './console/recent-requests.js'
import { controllerRoutes } from './routes/controller-routes.js'
import { dashboardRoutes } from './routes/dashboard-routes.js'
import { dataRoutes } from './routes/data-routes.js'
import type { EmulatorApp, EmulatorEnv, EmulatorParts } from './emulator-parts.js'
import { IncomingCall, type BodyLimits } from './wire/incoming-call.js'
import { openApiRoute } from './openapi/openapi-route.js'
import { permissionRoutes } from './routes/permission-routes.js'
import { searchRoutes } from './routes/search-routes.js'
import { serviceRoutes } from './routes/service-routes.js'
import { webhookRoutes } from './routes/webhook-routes.js'
import { WireError } from './wire/wire-error.js'
import { errorResponse, jsonResponse } from './wire/wire-response.js'
import { urlParts } from './wire/url-parts.js'
import { API_PREFIX } from './wire/api-prefix.js'

/** What the app is made with besides the parts: body limits, the access log, the CORS origins. */
export interface AppSettings {
  readonly limits: BodyLimits
  readonly accessLog: AccessLog | undefined
  /** The origins allowed to call from a browser; `undefined` for every loopback origin. */
  readonly cors: readonly string[] | undefined
}

/**
 * The emulator's HTTP app: the platform's REST API under `/api` and, as the backend behind the platform's proxy
 * answers it, without `/api`; `GET /actuator/health` (`{"status":"UP"}`, no login); a 405 with `Allow` for a
 * path it serves called with another method; a 501 naming any route it does not serve; and every failure
 * answered with the platform's error body. A request that came in over HTTP for a host name the emulator does
 * not answer to (see {@link AllowedHosts}) is refused with 403 before any route sees it; CORS (see
 * {@link corsPolicy}) comes next, so a preflight never reaches a route.
 *
 * @internal
 */
export function createApp(parts: EmulatorParts, settings: AppSettings): EmulatorApp {
  const { limits, accessLog } = settings
  // Not strict: `/permissions/<domain>/`, as the document writes it, is `/permissions/<domain>`.
  const root: EmulatorApp = new Hono({ strict: false })
  const recent = new RecentRequests()
  const record = (answered: AnsweredRequest): void => {
    if (accessLog !== undefined) {
      const entry = accessLogEntry(answered)
      accessLog(accessLine(entry), entry)
    }
    // The console's own polling would push out what it shows.
    if (!answered.url.pathname.startsWith(`${API_PREFIX}/_emulator/`)) recent.record(answered)
  }
  const allowedHosts = new AllowedHosts()
  const cors = corsPolicy(settings.cors)
  // What every request goes through, in one middleware (each layer of Hono's costs a few promises a request):
  // timed and recorded; refused when it came over HTTP for a host name the emulator does not answer to; a
  // preflight answered; then the route, one request at a time on the host, and the answer's CORS headers.
  const front: MiddlewareHandler<EmulatorEnv> = async (c, next) => {
    const arrived = arrival(parts.now)
    try {
      const refused = refusedHost(c, allowedHosts) ?? cors.preflight(c)
      if (refused !== undefined) {
        c.res = refused
        return
      }
      let call: IncomingCall
      try {
        call = new IncomingCall(c.req.raw, limits)
      } catch (error) {
        c.res = errorAnswer(error, c)
        cors.decorate(c)
        return
      }
      c.set('call', call)
      // One request at a time on the host: one that awaits in a transaction must not share it (see RequestGate).
      await parts.gate.run(next)
      cors.decorate(c)
    } finally {
      const call = c.get('call') as IncomingCall | undefined
      // The path and query alone: the console keeps the last requests, not their bodies.
      const url = call === undefined ? urlParts(c.req.url) : { pathname: call.pathname, search: call.search }
      const answered = answeredRequest(c, arrived, url, call?.caller?.username ?? null)
      record(answered instanceof Promise ? await answered : answered)
    }
  }
  root.use('*', front)
  // Under /api as a caller outside the platform's reverse proxy sees the API, and without it as the backend
  // behind the proxy answers it.
  const api = root.basePath(API_PREFIX)
  for (const app of [api, root]) {
    app.get('/actuator/health', () => jsonResponse({ status: 'UP' }))
    authRoutes(app, parts)
    dataRoutes(app, parts)
    searchRoutes(app, parts)
    permissionRoutes(app, parts)
    serviceRoutes(app, parts)
    webhookRoutes(app, parts)
    actionRoutes(app, parts)
    attachmentRoutes(app, parts)
    dashboardRoutes(app, parts)
    configRoutes(app, parts)
    controllerRoutes(app, parts)
    openApiRoute(app, parts, () => root.routes)
  }
  consoleRoutes(root, api, parts, recent)

  const notServed = (method: string, url: string): Response =>
    errorResponse(
      new WireError(
        'NotImplemented',
        `${method} ${new URL(url).pathname} is not served by the emulator. It serves the platform's REST API under /api (and without /api, as the backend does); docs/emulator.md lists every route.`,
      ),
    )
  root.notFound((c) => {
    const allow = allowedMethods(root.router, c.req.path)
    if (allow.length === 0) return notServed(c.req.method, c.req.url)
    const headers = { allow: allow.join(', ') }
    if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers })
    const response = errorResponse(
      new WireError(
        'MethodNotAllowed',
        `${c.req.method} is not a method of ${c.req.path}: it takes ${allow.join(', ')}. docs/emulator.md lists every route.`,
      ),
    )
    response.headers.set('allow', headers.allow)
    return response
  })
  root.onError(errorAnswer)
  return root
}

/** The answer to a failure: the platform's error body of a {@link WireError}, else of what it stands for. */
function errorAnswer(error: unknown, c: Context): Response {
  if (error instanceof WireError) return errorResponse(error)
  // The library's refusal of an argument (a bad condition, a malformed value) is the caller's mistake.
  if (IllegalArgumentException.is(error))
    return errorResponse(new WireError('IllegalArgument', error.message))
  const { name, message } = error instanceof Error ? error : new Error(String(error))
  return errorResponse(
    new WireError(
      'InternalError',
      `${c.req.method} ${new URL(c.req.url).pathname} failed: ${name}: ${message}`,
    ),
  )
}

/**
 * The refusal of a request that came in over HTTP for a host name the emulator does not answer to (see
 * {@link AllowedHosts}), else `undefined`.
 */
function refusedHost(c: Context<EmulatorEnv>, allowed: AllowedHosts): Response | undefined {
  const { listenHostname } = c.env
  const host = c.req.raw.headers.get('host')
  if (listenHostname === undefined || allowed.allows(host, listenHostname)) return undefined
  return errorResponse(
    new WireError(
      'NoPermission',
      `the emulator answers only to loopback names, IP addresses and the hostname it listens on (${listenHostname}), and this request came for ${JSON.stringify(host)}: ` +
        'a page whose name is pointed at this machine (DNS rebinding) must not reach it. Call it at the URL listen() or vendor-api serve printed, ' +
        'or listen on the name you use (listen({ hostname }), --hostname).',
    ),
  )
}
