import type { Operation } from '../platform/domain-catalog.js'
import { ref, type JsonObject } from './json-schema.js'

/**
 * Who may call a route: anyone; a logged-in caller (401/1008 without a token); a logged-in caller the domain's
 * role requirement admits (403/1004 without a token); anyone, as the user a token names if one is sent.
 *
 * @internal
 */
export type RouteAccess = 'anyone' | 'login' | 'domain' | 'optional'

/** The component responses of {@link ERROR_RESPONSES} an operation may answer with. */
export type ErrorAnswer =
  'IllegalArgument' | 'Unauthorized' | 'NoPermission' | 'NotFound' | 'PayloadTooLarge' | 'InternalError'

/** The schema of a domain's objects (`''`), of a create (`'Input'`) or of an update (`'Changes'`). */
type DomainSchema = (kind?: '' | 'Input' | 'Changes') => JsonObject

/**
 * What the API description says about one route of the emulator: its Hono path (without `/api`) and method name
 * it, and this says what it takes and answers. A route with `:domain` is described once per domain.
 *
 * @internal
 */
export interface RouteOperation {
  readonly tag: string
  /** The operationId, with the domain appended for a route per domain (`list` + `Order`). */
  readonly id: string
  readonly summary: string
  readonly description?: string
  readonly access: RouteAccess
  /** The operation of the domain's role requirements this route checks, named in the description. */
  readonly roles?: Operation
  /** For a route of any method: the methods described. */
  readonly methods?: readonly string[]
  /** Not an operation: the route only answers which method to use instead. */
  readonly hidden?: true
  /** A route of the emulator that the platform does not have (as LocalStack's developer endpoints). */
  readonly emulatorOnly?: true
  readonly query?: readonly JsonObject[]
  readonly body?: (domain: DomainSchema) => JsonObject
  /** The 200 answer. */
  readonly ok: (domain: DomainSchema) => JsonObject
  readonly errors: readonly ErrorAnswer[]
  /** The errors answer in the dynamic-service dialect `{msg, errorCode}`. */
  readonly serviceDialect?: true
}

const json = (schema: JsonObject, description = 'OK'): JsonObject => ({
  description,
  content: { 'application/json': { schema } },
})
const jsonBody = (schema: JsonObject, required = true): JsonObject => ({
  required,
  content: { 'application/json': { schema } },
})
const anyJson: JsonObject = { description: 'Any JSON value.' }
const integer = { type: 'integer', format: 'int64' } as const

const MAX: JsonObject = {
  name: 'max',
  in: 'query',
  description: 'How many objects (default 10; a max above 500 is served as 500).',
  schema: { type: 'integer', minimum: 0, default: 10 },
}
const OFFSET: JsonObject = {
  name: 'offset',
  in: 'query',
  description: 'How many objects to skip, by id.',
  schema: { type: 'integer', minimum: 0, default: 0 },
}

const listResponse = (domain: DomainSchema): JsonObject =>
  json({
    type: 'object',
    required: ['total', 'data', 'formHookDataList'],
    properties: {
      total: { type: 'integer', description: 'How many objects match, over every page.' },
      data: { type: 'array', items: domain() },
      formHookDataList: { type: 'array', items: {} },
    },
  })

const mutationEnvelope = (data: JsonObject): JsonObject =>
  json(
    {
      type: 'object',
      description:
        'The mutation envelope. A validation failure is answered with HTTP 200 too: `status: "error"`, the message, and `data: null`; nothing was written.',
      required: ['status', 'message', 'data', 'date'],
      properties: {
        status: { enum: ['success', 'error'] },
        message: { type: 'string', description: 'Empty on success; what was wrong on error.' },
        data,
        date: { type: 'integer', format: 'int64', description: 'The time of the answer, in milliseconds.' },
      },
    },
    'The mutation envelope; check `status`.',
  )

const loginResponse = json(ref('schemas', 'LoginResponse'))

/** A stored file's bytes as an answer. */
const fileBytes = (description: string): JsonObject => ({
  description,
  content: {
    'application/octet-stream': {
      schema: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
    },
  },
})

/** What both routes of an object action take and answer. */
const ACTION_CALL = {
  tag: 'Actions',
  access: 'domain',
  body: () => jsonBody({}, false),
  ok: () => json({ type: 'object', required: ['execResult'], properties: { execResult: {} } }),
  errors: ['IllegalArgument', 'NoPermission', 'NotFound'],
} as const

/**
 * Every route the emulator serves, by `METHOD path` as the Hono app registers it under `/api` (`ALL` for a
 * route of any method). The description walks the app's routes and looks each up here: a route added without
 * an entry is still described, generically, and the test of the description finds it.
 *
 * @internal
 */
export const ROUTE_OPERATIONS: Readonly<Record<string, RouteOperation>> = Object.freeze({
  'GET /actuator/health': {
    tag: 'Health',
    id: 'health',
    summary: 'Whether the platform is up',
    description: "Spring Boot's health endpoint, as the platform's backend answers it.",
    access: 'anyone',
    ok: () => json({ type: 'object', required: ['status'], properties: { status: { const: 'UP' } } }),
    errors: [],
  },
  'POST /auth/login': {
    tag: 'Auth',
    id: 'login',
    summary: 'Log in with a username and password',
    access: 'anyone',
    body: () =>
      jsonBody({
        type: 'object',
        required: ['username', 'password'],
        properties: { username: { type: 'string' }, password: { type: 'string', format: 'password' } },
      }),
    ok: () => loginResponse,
    errors: ['IllegalArgument', 'NotFound'],
  },
  'POST /auth/access_token': {
    tag: 'Auth',
    id: 'refreshToken',
    summary: 'Trade a refresh token for a new access token',
    description:
      'Takes a form body only (a JSON body answers 400). The answer echoes the refresh token sent.',
    access: 'anyone',
    body: () => ({
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['grant_type', 'refresh_token'],
            properties: { grant_type: { const: 'refresh_token' }, refresh_token: { type: 'string' } },
          },
        },
      },
    }),
    ok: () => loginResponse,
    errors: ['IllegalArgument', 'Unauthorized'],
  },
  'GET /auth/userInfo': {
    tag: 'Auth',
    id: 'userInfo',
    summary: "The caller's login response, with a new token pair",
    description: 'The new refresh token never expires, whatever the settings.',
    access: 'login',
    ok: () => loginResponse,
    errors: ['Unauthorized'],
  },
  'POST /auth/logout': {
    tag: 'Auth',
    id: 'logout',
    summary: 'Log out: always answers 403 on the platform',
    description:
      'Logout does not work on the platform. Forget the tokens on the client; they stay valid until they expire.',
    access: 'anyone',
    ok: () => ({ description: 'Never: the answer is always 403.' }),
    errors: ['NoPermission'],
  },
  'GET /data/:domain': {
    tag: 'Data',
    id: 'list',
    summary: 'List objects, by id',
    access: 'domain',
    roles: 'read',
    query: [MAX, OFFSET],
    ok: listResponse,
    errors: ['IllegalArgument', 'NoPermission'],
  },
  'GET /data/:domain/:id': {
    tag: 'Data',
    id: 'get',
    summary: 'Read one object',
    access: 'domain',
    roles: 'read',
    ok: (domain) =>
      json({
        type: 'object',
        required: ['data', 'formHookData'],
        properties: { data: domain(), formHookData: { type: 'object' } },
      }),
    errors: ['IllegalArgument', 'NoPermission', 'NotFound'],
  },
  'POST /data/:domain': {
    tag: 'Data',
    id: 'create',
    summary: 'Create an object',
    description: 'An `id` in the body is ignored: the create assigns one.',
    access: 'domain',
    roles: 'create',
    body: (domain) => jsonBody(domain('Input')),
    ok: (domain) => mutationEnvelope({ anyOf: [domain(), { type: 'null' }] }),
    errors: ['IllegalArgument', 'NoPermission', 'PayloadTooLarge'],
  },
  'PUT /data/:domain/batch': {
    tag: 'Data',
    id: 'batchUpdate',
    summary: 'Update several objects: every one or none',
    description:
      'A record that does not exist or does not validate answers 400 listing each, and nothing is written.',
    access: 'domain',
    roles: 'update',
    body: (domain) =>
      jsonBody({
        type: 'array',
        items: { allOf: [domain('Changes'), { type: 'object', required: ['id'] }] },
      }),
    ok: (domain) => mutationEnvelope({ anyOf: [{ type: 'array', items: domain() }, { type: 'null' }] }),
    errors: ['IllegalArgument', 'NoPermission', 'PayloadTooLarge'],
  },
  'GET /data/:domain/batch': {
    tag: 'Data',
    id: 'batch',
    summary: '',
    access: 'domain',
    hidden: true,
    ok: () => anyJson,
    errors: [],
  },
  'POST /data/:domain/batch': {
    tag: 'Data',
    id: 'batch',
    summary: '',
    access: 'domain',
    hidden: true,
    ok: () => anyJson,
    errors: [],
  },
  'DELETE /data/:domain/batch': {
    tag: 'Data',
    id: 'batch',
    summary: '',
    access: 'domain',
    hidden: true,
    ok: () => anyJson,
    errors: [],
  },
  'PUT /data/:domain/:id': {
    tag: 'Data',
    id: 'update',
    summary: 'Update an object: the fields to change',
    description: "Fields left out stay as stored. An `id` in the body that is not the path's answers 400.",
    access: 'domain',
    roles: 'update',
    body: (domain) => jsonBody(domain('Changes')),
    ok: (domain) => mutationEnvelope({ anyOf: [domain(), { type: 'null' }] }),
    errors: ['IllegalArgument', 'NoPermission', 'NotFound', 'PayloadTooLarge'],
  },
  'DELETE /data/:domain/:id': {
    tag: 'Data',
    id: 'delete',
    summary: 'Delete an object',
    description: 'An object that others still reference is not deleted: `status: "error"` with the reason.',
    access: 'domain',
    roles: 'delete',
    ok: (domain) => mutationEnvelope({ anyOf: [domain(), { type: 'null' }] }),
    errors: ['IllegalArgument', 'NoPermission', 'NotFound'],
  },
  'PATCH /data/:domain/:id': {
    tag: 'Data',
    id: 'patch',
    summary: 'PATCH: always answers 403 on the platform',
    description: 'PATCH has no implementation on the platform: use PUT with the fields to change.',
    access: 'domain',
    ok: () => ({ description: 'Never: the answer is always 403.' }),
    errors: ['NoPermission'],
  },
  'POST /search/:domain': {
    tag: 'Search',
    id: 'search',
    summary: 'Search objects by conditions',
    access: 'domain',
    roles: 'read',
    query: [MAX, OFFSET],
    body: () => jsonBody(ref('schemas', 'SearchBody'), false),
    ok: listResponse,
    errors: ['IllegalArgument', 'NoPermission'],
  },
  'POST /search/keyword/:domain': {
    tag: 'Search',
    id: 'keywordSearch',
    summary: 'Search objects by a keyword in any text field',
    description: 'Matches `q` case-insensitively anywhere in any STRING field; no `q` lists every object.',
    access: 'domain',
    roles: 'read',
    query: [{ name: 'q', in: 'query', schema: { type: 'string' } }, MAX, OFFSET],
    ok: listResponse,
    errors: ['IllegalArgument', 'NoPermission'],
  },
  'GET /permissions/:domain/create': {
    tag: 'Permissions',
    id: 'canCreate',
    summary: 'Whether the caller may create objects',
    access: 'login',
    ok: () => json({ type: 'object', required: ['create'], properties: { create: { type: 'boolean' } } }),
    errors: ['Unauthorized'],
  },
  'POST /permissions/:domain': {
    tag: 'Permissions',
    id: 'permissions',
    summary: 'What the caller may do with some objects',
    description: 'Per requested id (an id the tenant does not hold gets false throughout).',
    access: 'login',
    body: () =>
      jsonBody({
        type: 'object',
        required: ['ids'],
        properties: { ids: { type: 'array', items: integer } },
      }),
    ok: () => json({ type: 'object', additionalProperties: ref('schemas', 'ObjectPermissions') }),
    errors: ['IllegalArgument', 'Unauthorized'],
  },
  'ALL /service/:name': {
    tag: 'Services',
    id: 'callService',
    summary: 'Call a dynamic service',
    description:
      'Runs the logic of the active service record of that name (URL-encoded) as the caller, and answers what it returns as JSON. The logic sees the method, path, query, headers, the body (JSON, form fields or text) and the user. Without a token, only a service with enableAnonymous runs. Errors after the token check answer in the service dialect `{msg, errorCode}`.',
    access: 'optional',
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    body: () => ({
      required: false,
      content: {
        'application/json': { schema: {} },
        'application/x-www-form-urlencoded': { schema: { type: 'object' } },
      },
    }),
    ok: () => json({}, 'What the logic returned; an empty body for nothing.'),
    errors: ['Unauthorized'],
    serviceDialect: true,
  },
  'GET /webhook/:url{.+}': {
    tag: 'Webhooks',
    id: 'webhookGet',
    summary: 'Call a webhook',
    description:
      'Runs the logic of the active webhook whose url is the rest of the path (it may hold `/`). No login needed: a caller who sends a token runs as that user.',
    access: 'optional',
    ok: () => json({}, 'What the logic returned.'),
    errors: ['NotFound', 'InternalError'],
  },
  'POST /webhook/:url{.+}': {
    tag: 'Webhooks',
    id: 'webhookPost',
    summary: 'Call a webhook with a body',
    description:
      'Runs the logic of the active webhook whose url is the rest of the path (it may hold `/`), with the body. No login needed.',
    access: 'optional',
    body: () => ({ required: false, content: { 'application/json': { schema: {} } } }),
    ok: () => json({}, 'What the logic returned.'),
    errors: ['NotFound', 'InternalError', 'PayloadTooLarge'],
  },
  'POST /action/byName/:name': {
    ...ACTION_CALL,
    id: 'actionByName',
    summary: 'Run an object action by name',
    description:
      "The JSON body `{domain, objectIds, parameters}` names the domain the action is tied to (a `DynamicActionDomainClass`), the objects it runs on (as many as its `mode` takes) and free parameters; the caller needs the domain's update role. The answer is `{execResult}`: the `execResult` of the map the core logic returns, else what it returns.",
  },
  'POST /action/byId/:id': {
    ...ACTION_CALL,
    id: 'actionById',
    summary: 'Run an object action by the id of its record',
    description: 'As by name.',
  },
  'POST /attachment/upload': {
    tag: 'Attachments',
    id: 'upload',
    summary: 'Upload a file',
    description: 'Answers the stored file, which a create or update can set on a FILE field as it is.',
    access: 'login',
    body: () => ({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
              description: { type: 'string' },
            },
          },
        },
      },
    }),
    ok: () => json(ref('schemas', 'StorageFieldValue')),
    errors: ['IllegalArgument', 'Unauthorized', 'PayloadTooLarge'],
  },
  'GET /attachment/download/:id': {
    tag: 'Attachments',
    id: 'download',
    summary: 'Download a stored file',
    description:
      'To a caller who may read an object whose FILE field holds it, or who uploaded it; anyone else gets 404.',
    access: 'login',
    ok: () => fileBytes('The bytes, with the type they were stored with, as a download.'),
    errors: ['IllegalArgument', 'Unauthorized', 'NotFound'],
  },
  'GET /attachment/direct/:directAccessKey': {
    tag: 'Attachments',
    id: 'directDownload',
    summary: 'Download a stored file by its direct access key, without login',
    description:
      "The key is the file's `directAccessKey` (`<uuid>.<ext>`), as the platform serves it to pages that embed a file. HEAD answers the headers only.",
    access: 'anyone',
    ok: () => fileBytes('The bytes, with the type they were stored with.'),
    errors: ['NotFound'],
  },
  'POST /attachment/delete': {
    tag: 'Attachments',
    id: 'deleteAttachment',
    summary: 'Delete a stored file',
    description: 'Body `{id}`. Refused while a record holds the file.',
    access: 'login',
    body: () => jsonBody({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, true),
    ok: () => mutationEnvelope({}),
    errors: ['IllegalArgument', 'Unauthorized', 'NotFound'],
  },
  'POST /attachment/rename': {
    tag: 'Attachments',
    id: 'renameAttachment',
    summary: 'Rename a stored file',
    description: 'Body `{id, fileName}`; sets `fileName` and `displayName`.',
    access: 'login',
    body: () =>
      jsonBody(
        {
          type: 'object',
          required: ['id', 'fileName'],
          properties: { id: { type: 'integer' }, fileName: { type: 'string' } },
        },
        true,
      ),
    ok: () => mutationEnvelope({}),
    errors: ['IllegalArgument', 'Unauthorized', 'NotFound'],
  },
  'POST /attachment/sort': {
    tag: 'Attachments',
    id: 'sortAttachments',
    summary: 'Order stored files',
    description: 'Body `{ids}`: the files get `displaySequence` 1, 2, ... in that order, all or none.',
    access: 'login',
    body: () =>
      jsonBody(
        {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'array', items: { type: 'integer' } } },
        },
        true,
      ),
    ok: () => mutationEnvelope({}),
    errors: ['IllegalArgument', 'Unauthorized', 'NotFound'],
  },
  'GET /dashboard/list': {
    tag: 'Dashboards',
    id: 'dashboards',
    summary: "The tenant's dashboards",
    access: 'login',
    ok: () => json({ type: 'array', items: dashboardSummary() }),
    errors: ['Unauthorized'],
  },
  'GET /dashboard/meta/:id': {
    tag: 'Dashboards',
    id: 'dashboard',
    summary: 'A dashboard and its widgets',
    access: 'login',
    ok: () =>
      json({
        allOf: [
          dashboardSummary(),
          {
            type: 'object',
            required: ['widgets'],
            properties: {
              widgets: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'widgetType', 'displaySequence'],
                  properties: {
                    id: integer,
                    name: { type: 'string' },
                    widgetType: { type: ['string', 'null'] },
                    displaySequence: { type: ['integer', 'null'] },
                  },
                },
              },
            },
          },
        ],
      }),
    errors: ['IllegalArgument', 'Unauthorized', 'NotFound'],
  },
  'GET /dashboard/widget/data/:id': {
    tag: 'Dashboards',
    id: 'widgetData',
    summary: "A widget's data: what its logic returns",
    access: 'login',
    ok: () => json({}, 'What the logic returned.'),
    errors: ['IllegalArgument', 'Unauthorized', 'NotFound', 'InternalError'],
  },
  'GET /config/system': {
    tag: 'Config',
    id: 'systemConfig',
    summary: 'The platform version and the settings',
    description: 'Every setting but those named like a credential or holding the JWT secret.',
    access: 'login',
    ok: () =>
      json({
        type: 'object',
        required: ['platformVersion', 'settings'],
        properties: {
          platformVersion: { type: 'string' },
          settings: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
        },
      }),
    errors: ['Unauthorized'],
  },
  'GET /config/:key': {
    tag: 'Config',
    id: 'configValue',
    summary: 'One setting',
    description: 'A setting named like a credential, or holding the JWT secret, answers 403.',
    access: 'login',
    ok: () =>
      json({
        type: 'object',
        required: ['key', 'value'],
        properties: { key: { type: 'string' }, value: { type: ['string', 'number', 'boolean'] } },
      }),
    errors: ['Unauthorized', 'NoPermission', 'NotFound'],
  },
  'GET /openapi.json': {
    tag: 'Emulator',
    id: 'openApi',
    summary: 'This description of the API',
    access: 'anyone',
    emulatorOnly: true,
    ok: () => json({ type: 'object' }, 'An OpenAPI 3.1 document.'),
    errors: [],
  },
  'GET /_emulator/requests': {
    tag: 'Emulator',
    id: 'recentRequests',
    summary: 'The requests the emulator answered last, newest first',
    description:
      'Emulator-only (the platform has no such route), for ROLE_ADMIN and ROLE_DEVELOPER: the console shows them. The emulator keeps the last 200.',
    access: 'login',
    emulatorOnly: true,
    ok: () =>
      json({
        type: 'object',
        required: ['requests'],
        properties: { requests: { type: 'array', items: ref('schemas', 'RecentRequest') } },
      }),
    errors: ['Unauthorized', 'NoPermission'],
  },
})

function dashboardSummary(): JsonObject {
  return {
    type: 'object',
    required: ['id', 'name', 'description'],
    properties: { id: integer, name: { type: 'string' }, description: { type: ['string', 'null'] } },
  }
}

/**
 * The description of a route no entry describes: a plugin's custom controller (login required, any JSON), or a
 * route added to the emulator without an entry.
 *
 * @internal
 */
export function genericOperation(path: string): RouteOperation {
  const controller = path.startsWith('/plugin/')
  return {
    tag: controller ? 'Plugins' : 'Other',
    id: 'call',
    summary: controller ? "A plugin's custom controller" : 'A route of the emulator',
    access: 'login',
    body: () => ({ required: false, content: { 'application/json': { schema: {} } } }),
    ok: () => json({}, 'What the handler returned; an empty body for nothing.'),
    errors: ['Unauthorized', 'InternalError'],
  }
}
