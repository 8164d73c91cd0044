import type { DomainCatalog } from '../platform/domain-catalog.js'
import { API_PREFIX } from '../wire/api-prefix.js'
import { domainSchemas } from './domain-schemas.js'
import { componentName, ref, type JsonObject } from './json-schema.js'
import {
  genericOperation,
  ROUTE_OPERATIONS,
  type ErrorAnswer,
  type RouteAccess,
  type RouteOperation,
} from './route-operations.js'
import { ERROR_RESPONSES, WIRE_SCHEMAS } from './wire-schemas.js'

/**
 * A route the emulator's app registered: its method (`ALL` for any) and its Hono path.
 *
 * @internal
 */
export interface ServedRoute {
  readonly method: string
  readonly path: string
}

/** What the document says about the place it describes. */
export interface DocumentContext {
  /** The base URL callers use, ending in `/api`. */
  readonly serverUrl: string
  readonly platformVersion: string
}

const STATUS: Readonly<Record<ErrorAnswer, string>> = {
  IllegalArgument: '400',
  Unauthorized: '401',
  NoPermission: '403',
  NotFound: '404',
  PayloadTooLarge: '413',
  InternalError: '500',
}

/** The statuses a dynamic service's errors come with, in the service dialect. */
const SERVICE_STATUSES = ['400', '404', '413', '500', '501']

const SECURITY: Readonly<Record<RouteAccess, readonly JsonObject[]>> = {
  anyone: [],
  login: [{ bearerAuth: [] }],
  domain: [{ bearerAuth: [] }],
  optional: [{}, { bearerAuth: [] }],
}

const TAGS: readonly JsonObject[] = [
  { name: 'Health', description: "The backend's health check." },
  { name: 'Auth', description: 'Login and tokens.' },
  {
    name: 'Data',
    description: "The generic object endpoints, per domain, with the domain's role requirements.",
  },
  { name: 'Search', description: 'Search by conditions and by keyword.' },
  { name: 'Permissions', description: 'What the caller may do.' },
  { name: 'Services', description: 'Dynamic services: logic behind a URL.' },
  { name: 'Webhooks', description: 'Logic that third parties call, without login.' },
  { name: 'Actions', description: 'Object actions.' },
  { name: 'Attachments', description: 'Stored files.' },
  { name: 'Dashboards', description: 'Dashboards and their widgets.' },
  { name: 'Config', description: 'System configuration.' },
  {
    name: 'Plugins',
    description: 'The custom controllers of the plugins loaded at start, at /plugin/<plugin name>.',
  },
  {
    name: 'Emulator',
    description:
      "Emulator-only routes, which the platform does not have (as LocalStack's developer endpoints).",
  },
  { name: 'Other', description: 'Routes of the emulator without a description of their own.' },
]

/**
 * The OpenAPI 3.1 document of the routes the emulator serves, generated from its app's route table and its
 * domain catalog: every route under `/api` once (a route per domain once for each domain, with that domain's
 * schemas and role requirements), the schema of each domain's objects, the platform's envelopes and error
 * bodies, and the bearer token. A route of any method is described for the methods its entry names; one without
 * an entry (a method refusal) is left out.
 *
 * @internal
 */
export function openApiDocument(
  routes: readonly ServedRoute[],
  catalog: DomainCatalog,
  context: DocumentContext,
): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {}
  const ids = new Set<string>()
  const seen = new Set<string>()
  for (const route of routes) {
    if (!route.path.startsWith(`${API_PREFIX}/`) || route.path.includes('*')) continue
    const path = route.path.slice(API_PREFIX.length)
    const key = `${route.method} ${path}`
    if (seen.has(key)) continue
    seen.add(key)
    const described = ROUTE_OPERATIONS[key]
    if (route.method === 'ALL' && described?.methods === undefined) continue
    const operation = described ?? genericOperation(path)
    if (operation.hidden === true) continue
    const methods = route.method === 'ALL' ? (operation.methods ?? []) : [route.method]
    const template = path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')
    const domains = template.includes('{domain}') ? catalog.names : [undefined]
    for (const domain of domains) {
      const at = domain === undefined ? template : template.replace('{domain}', encodeURIComponent(domain))
      for (const method of methods) {
        const entry = (paths[at] ??= {})
        entry[method.toLowerCase()] = describe(
          operation,
          method,
          at,
          domain,
          catalog,
          ids,
          route.method === 'ALL',
        )
      }
    }
  }
  const schemas: Record<string, JsonObject> = { ...WIRE_SCHEMAS }
  for (const domain of catalog.names) Object.assign(schemas, domainSchemas(catalog, domain))
  return {
    openapi: '3.1.0',
    info: {
      title: 'Platform REST API (emulator)',
      version: context.platformVersion,
      description:
        "The platform's REST API as the emulator of @tech-vendor/api serves it for this application: the domains it was started with and the platform's own. Routes tagged Emulator are the emulator's, not the platform's. docs/emulator.md describes every rule.",
    },
    servers: [{ url: context.serverUrl }],
    tags: TAGS,
    paths,
    components: {
      schemas,
      responses: ERROR_RESPONSES,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The access_token of POST /auth/login, as `Authorization: Bearer <access_token>`. The platform also reads the access_token URL parameter and cookie; the client sends only the header.',
        },
      },
    },
  }
}

function describe(
  operation: RouteOperation,
  method: string,
  path: string,
  domain: string | undefined,
  catalog: DomainCatalog,
  ids: Set<string>,
  anyMethod: boolean,
): JsonObject {
  const schema = (kind: '' | 'Input' | 'Changes' = ''): JsonObject =>
    domain === undefined ? { type: 'object' } : ref('schemas', `${componentName(domain)}${kind}`)
  const responses: Record<string, JsonObject> = { '200': operation.ok(schema) }
  for (const error of operation.errors) responses[STATUS[error]] = ref('responses', error)
  if (operation.serviceDialect === true)
    for (const status of SERVICE_STATUSES) responses[status] = ref('responses', 'ServiceFailure')
  const parameters = [
    ...[...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => pathParameter(name!)),
    ...(operation.query ?? []),
  ]
  const roles =
    domain === undefined || operation.roles === undefined
      ? undefined
      : catalog.rolesFor(domain, operation.roles)
  const notes = [
    operation.description,
    domain === undefined || operation.roles === undefined
      ? undefined
      : roles === undefined
        ? `Any logged-in user may ${operation.roles} ${domain} objects.`
        : roles.length === 0
          ? `Nobody may ${operation.roles} ${domain} objects.`
          : `To ${operation.roles} ${domain} objects a user needs one of the roles ${roles.join(', ')}.`,
    operation.emulatorOnly === true ? 'Emulator-only: the platform has no such route.' : undefined,
  ].filter((note) => note !== undefined)
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(notes.length === 0 ? {} : { description: notes.join('\n\n') }),
    operationId: uniqueId(
      `${operation.id}${domain === undefined ? '' : componentName(domain)}${anyMethod ? capitalized(method) : ''}`,
      method,
      path,
      ids,
    ),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(operation.body === undefined ? {} : { requestBody: operation.body(schema) }),
    responses,
    security: SECURITY[operation.access],
    ...(roles === undefined ? {} : { 'x-roles': roles }),
    ...(operation.emulatorOnly === true ? { 'x-emulator-only': true } : {}),
  }
}

function pathParameter(name: string): JsonObject {
  return {
    name,
    in: 'path',
    required: true,
    schema: name === 'id' ? { type: 'integer', format: 'int64', minimum: 1 } : { type: 'string' },
  }
}

function capitalized(method: string): string {
  return method.charAt(0) + method.slice(1).toLowerCase()
}

/** An operationId no other operation of the document has (a generic one is made from the method and path). */
function uniqueId(base: string, method: string, path: string, ids: Set<string>): string {
  let id =
    base === 'call'
      ? `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`
      : base
  for (let n = 2; ids.has(id); n++) id = `${base}${n}`
  ids.add(id)
  return id
}
