import { ref, type JsonObject } from './json-schema.js'

const integer = { type: 'integer', format: 'int64' } as const

/**
 * The schemas every route shares: the two error bodies, a reference, a stored file, the login response, a search
 * body, an operation's permissions, one request of the emulator's recent requests.
 *
 * @internal
 */
export const WIRE_SCHEMAS: Readonly<Record<string, JsonObject>> = Object.freeze({
  Error: {
    type: 'object',
    description:
      "The platform's error body. `errMsg` reads `ErrorCode: <code>, ErrorMsg: <name>, <detail>`; the codes: 1001 " +
      'IllegalArgument (400), 1004 NoPermission (403), 1005 NotFound (404), 1006 TokenExpired (401), 1008 ' +
      "Unauthorized (401), 1010 UserPasswordMismatch (400), 1012 TokenInvalid (401); the emulator's own: 501 " +
      '(a route it does not serve) and 500 (an unexpected failure).',
    required: ['success', 'errCode', 'errMsg'],
    properties: {
      success: { const: false },
      errCode: { type: 'integer', examples: [1005] },
      errMsg: {
        type: 'string',
        examples: ['ErrorCode: 1005, ErrorMsg: NotFound, Order 42 does not exist.'],
      },
    },
  },
  ServiceError: {
    type: 'object',
    description:
      'The error body of a dynamic service (the service dialect). 11004: an anonymous call to a service that does not allow one, answered with HTTP 500 although the platform defines it as 403: decide by `errorCode`, not by the status.',
    required: ['msg', 'errorCode'],
    properties: {
      msg: { type: 'string' },
      errorCode: { type: 'integer', examples: [11004] },
    },
  },
  Reference: {
    type: 'object',
    description: 'A reference to another object, as the wire carries it: its id.',
    required: ['id'],
    properties: { id: integer },
  },
  StorageFieldValue: {
    type: 'object',
    description:
      'A stored file, as POST /attachment/upload answers it and a FILE field holds it; set it on a FILE field as it is.',
    required: ['id', 'fileName', 'mimeType', 'displaySequence', 'description', 'key', 'storageEngine'],
    properties: {
      id: integer,
      fileName: { type: 'string' },
      mimeType: { type: 'string' },
      displaySequence: { type: 'integer' },
      description: { type: ['string', 'null'] },
      key: { type: 'string' },
      storageEngine: { type: 'string' },
    },
  },
  LoginResponse: {
    type: 'object',
    required: [
      'access_token',
      'refresh_token',
      'token_type',
      'expires_in',
      'username',
      'roles',
      'id',
      'name',
      'avatar',
      'extInfo',
    ],
    properties: {
      access_token: { type: 'string', description: 'Send it as `Authorization: Bearer <access_token>`.' },
      refresh_token: {
        type: 'string',
        description:
          'Trade it for a new access token at POST /auth/access_token. The platform never expires it unless configured, and accepts it as an access token too.',
      },
      token_type: { const: 'Bearer' },
      expires_in: { type: 'integer', description: 'Seconds until the access token expires.' },
      username: { type: 'string' },
      roles: { type: 'array', items: { type: 'string' } },
      id: integer,
      name: { type: ['string', 'null'] },
      avatar: { type: 'null' },
      extInfo: { type: 'null' },
    },
  },
  QueryCondition: {
    type: 'object',
    description:
      'One condition of the library\'s `QueryCondition`: a field, an operator named after the `SimpleQuery` method, and the value where the operator takes one (a reference as `{"id": n}`, a list for `in` and `notIn`, a pattern with `%` for `iLike`).',
    required: ['field', 'operator'],
    properties: {
      field: { type: 'string' },
      operator: {
        enum: ['eq', 'ne', 'in', 'notIn', 'gt', 'ge', 'lt', 'le', 'iLike', 'notILike', 'isNull', 'notNull'],
      },
      value: {},
    },
  },
  SearchBody: {
    type: 'object',
    description:
      "The emulator's choice (the document shows no search body): the conditions, combined with AND unless `and` is false, and the order.",
    additionalProperties: false,
    properties: {
      conditions: { type: 'array', items: ref('schemas', 'QueryCondition') },
      and: { type: 'boolean', default: true },
      orderBy: { type: 'array', items: { type: 'string' } },
      asc: { type: 'boolean', default: true },
    },
  },
  ObjectPermissions: {
    type: 'object',
    required: ['view', 'update', 'delete'],
    properties: { view: { type: 'boolean' }, update: { type: 'boolean' }, delete: { type: 'boolean' } },
  },
  RecentRequest: {
    type: 'object',
    description: 'One request the emulator answered.',
    required: ['time', 'method', 'path', 'status', 'durationMs', 'user'],
    properties: {
      time: { type: 'string', format: 'date-time' },
      method: { type: 'string' },
      path: {
        type: 'string',
        description: 'The path and query, with any token in the query replaced by `***`.',
      },
      status: { type: 'integer' },
      durationMs: { type: 'number' },
      user: { type: ['string', 'null'], description: 'The username of the caller, `null` for none.' },
      errCode: {
        type: ['integer', 'string'],
        description:
          'The errCode of an error answer, or `status:error` for a validation failure answered with 200.',
      },
    },
  },
})

/**
 * The error answers, by the name of their component response.
 *
 * @internal
 */
export const ERROR_RESPONSES: Readonly<Record<string, JsonObject>> = Object.freeze({
  IllegalArgument: errorResponse(
    '400: the request is malformed or an argument is wrong (1001, or 1010 for a wrong password).',
  ),
  Unauthorized: errorResponse(
    '401: no token where login is required (1008), or a token that does not verify (1012) or has expired (1006).',
  ),
  NoPermission: errorResponse(
    "403 (1004): no token on a domain-checked route, or the caller lacks the domain's role for the operation.",
  ),
  NotFound: errorResponse('404 (1005): no such object, domain, user or record.'),
  PayloadTooLarge: errorResponse('413 (1001): the body is larger than the emulator takes.'),
  InternalError: errorResponse('500: the logic or the emulator failed; the message says how.'),
  ServiceFailure: {
    description:
      'The service dialect: 400/413 (1001) a malformed or too large body, 404 (1005) no active service of that name, 500 (11004) an anonymous call the service does not allow, 500 the logic threw, 501 an engine the emulator cannot run.',
    content: { 'application/json': { schema: ref('schemas', 'ServiceError') } },
  },
})

function errorResponse(description: string): JsonObject {
  return { description, content: { 'application/json': { schema: ref('schemas', 'Error') } } }
}
