import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { Get, VendorDynamicController, type ControllerRequest } from '../../../src/v1/index.js'
import type { EmulatorOptions } from '../../../src/emulator/index.js'
import { startWire } from '../wire.js'

/** An application with a domain of every field type, required fields, defaults, references and role requirements. */
const APP: EmulatorOptions = {
  domains: {
    Customer: {
      fields: { name: { type: 'STRING', required: true }, vip: { type: 'BOOLEAN', default: false } },
      labelField: 'name',
    },
    Tag: { fields: { label: 'STRING' } },
    Everything: {
      fields: {
        text: { type: 'STRING', required: true },
        flag: 'BOOLEAN',
        amount: { type: 'BIG_DECIMAL', required: true },
        count: 'INTEGER',
        big: 'LONG',
        ratio: 'DOUBLE',
        day: 'LOCAL_DATE',
        at: 'ZONED_DATETIME',
        payload: 'JSON_STRING',
        customer: { type: 'DOMAIN_OBJECT', domain: 'Customer', required: true },
        tags: { type: 'DOMAIN_OBJECT_LIST', domain: 'Tag' },
        scan: 'FILE',
        state: { type: 'STRING', required: true, default: 'NEW' },
      },
      roles: { create: ['ROLE_CLERK'], delete: [] },
    },
  },
}

class ReportController extends VendorDynamicController {
  static override readonly basePath = '/reports'

  @Get('/{id}')
  byId(request: ControllerRequest) {
    return { id: request.params['id'] }
  }
}

const plugin = {
  manifest: { name: 'reporter', version: '1.0.0', apiVersion: '1.0.0' },
  components: [ReportController],
}

type Doc = Record<string, any>

async function describedApi(options: EmulatorOptions = APP): Promise<{ doc: Doc; baseUrl: string }> {
  const wire = await startWire(options, 'http')
  const { status, body } = await wire.json('GET', '/openapi.json')
  expect(status).toBe(200)
  return { doc: body as Doc, baseUrl: wire.baseUrl }
}

/** Every `$ref` of a document, with where it is. */
function refsOf(value: unknown, at = '$'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => refsOf(item, `${at}[${index}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string'
      ? [[at, item] as [string, string]]
      : refsOf(item, `${at}.${key}`),
  )
}

function resolvePointer(doc: Doc, pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc)
}

describe('GET /api/openapi.json', () => {
  it('answers without login an OpenAPI 3.1 document that the OpenAPI 3.1 schema validates', async () => {
    const { doc } = await describedApi({ ...APP, plugins: [plugin] })
    expect(doc['openapi']).toBe('3.1.0')
    const result = await new Validator().validate(doc)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    // The validator can fail: the same document with a parameter that does not say where it goes does not validate.
    const broken = structuredClone(doc)
    delete broken['paths']['/data/Tag'].get.parameters[0].in
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  it('every $ref of the document points at something the document holds', async () => {
    const { doc } = await describedApi()
    const refs = refsOf(doc)
    expect(refs.length).toBeGreaterThan(50)
    const dangling = refs.filter(([, pointer]) => resolvePointer(doc, pointer) === undefined)
    expect(dangling).toEqual([])
  })

  it('names the server at the URL the caller used', async () => {
    const { doc, baseUrl } = await describedApi()
    expect(doc['servers']).toEqual([{ url: baseUrl }])
  })

  it("has a schema per domain with the fields' types, references as {id}, and the required fields", async () => {
    const { doc } = await describedApi()
    const schemas = doc['components'].schemas
    const everything = schemas.Everything
    expect(everything['x-domain']).toEqual({ name: 'Everything', platform: false, labelField: null })
    expect(Object.keys(everything.properties)).toEqual([
      'id',
      'text',
      'flag',
      'amount',
      'count',
      'big',
      'ratio',
      'day',
      'at',
      'payload',
      'customer',
      'tags',
      'scan',
      'state',
    ])
    const p = everything.properties
    expect(p.id).toMatchObject({ type: 'integer', format: 'int64', readOnly: true })
    expect(p.text).toMatchObject({ type: 'string', 'x-field-type': 'STRING' })
    expect(p.flag).toMatchObject({ type: ['boolean', 'null'] })
    expect(p.amount).toMatchObject({ type: 'number', 'x-field-type': 'BIG_DECIMAL' })
    expect(p.count).toMatchObject({ type: ['integer', 'null'], format: 'int32' })
    expect(p.big).toMatchObject({ type: ['integer', 'null'], format: 'int64' })
    expect(p.ratio).toMatchObject({ type: ['number', 'null'], format: 'double' })
    expect(p.day).toMatchObject({ type: ['string', 'null'], format: 'date' })
    expect(p.at).toMatchObject({ type: ['string', 'null'], format: 'date-time' })
    expect(p.payload).toMatchObject({ type: ['string', 'null'], contentMediaType: 'application/json' })
    expect(p.customer).toMatchObject({
      $ref: '#/components/schemas/Reference',
      'x-domain-reference': 'Customer',
    })
    expect(p.tags).toMatchObject({
      type: ['array', 'null'],
      items: { $ref: '#/components/schemas/Reference' },
      'x-domain-reference': 'Tag',
    })
    expect(p.scan).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/StorageFieldValue' }, { type: 'null' }],
    })
    expect(p.state).toMatchObject({ type: 'string', default: 'NEW' })
    expect(schemas.Reference).toMatchObject({ required: ['id'], properties: { id: { type: 'integer' } } })
    // A create must give the required fields that have no default; an update gives only what changes.
    expect(schemas.EverythingInput.required).toEqual(['text', 'amount', 'customer'])
    expect(schemas.EverythingInput.properties).not.toHaveProperty('id')
    expect(schemas.EverythingInput.properties.amount.type).toEqual(['number', 'string'])
    expect(schemas.EverythingChanges).not.toHaveProperty('required')
    expect(schemas.Customer.properties.vip).toMatchObject({ default: false })
  })

  it('describes the platform domains of the catalog too, marked as the platform’s', async () => {
    const { doc } = await describedApi()
    const domains = Object.values(doc['components'].schemas as Record<string, any>)
      .map((schema) => schema['x-domain'])
      .filter((domain) => domain !== undefined)
    const application = domains.filter((domain) => !domain.platform).map((domain) => domain.name)
    expect(application).toEqual(['Customer', 'Tag', 'Everything'])
    expect(domains.filter((domain) => domain.platform).length).toBeGreaterThan(3)
  })

  it('follows the application: another set of domains gives other schemas and paths', async () => {
    const { doc } = await describedApi({ domains: { Invoice: { fields: { number: 'LONG' } } } })
    expect(doc['components'].schemas).toHaveProperty('Invoice')
    expect(doc['components'].schemas).not.toHaveProperty('Everything')
    expect(doc['paths']).toHaveProperty(['/data/Invoice'])
    expect(doc['paths']).not.toHaveProperty(['/data/Everything'])
  })

  it('describes the data routes once per domain, with its schemas, envelopes and role requirements', async () => {
    const { doc } = await describedApi()
    const paths = doc['paths']
    expect(Object.keys(paths['/data/Everything']).sort()).toEqual(['get', 'post'])
    expect(Object.keys(paths['/data/Everything/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put'])
    expect(Object.keys(paths['/data/Everything/batch'])).toEqual(['put'])
    const list = paths['/data/Everything'].get
    expect(list.operationId).toBe('listEverything')
    expect(list.parameters.map((p: any) => p.name)).toEqual(['max', 'offset'])
    expect(list.responses['200'].content['application/json'].schema.properties.data.items).toEqual({
      $ref: '#/components/schemas/Everything',
    })
    expect(list.security).toEqual([{ bearerAuth: [] }])
    expect(list.responses['403']).toEqual({ $ref: '#/components/responses/NoPermission' })
    const create = paths['/data/Everything'].post
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/EverythingInput',
    })
    expect(create.responses['200'].content['application/json'].schema.properties.status).toEqual({
      enum: ['success', 'error'],
    })
    expect(create['x-roles']).toEqual(['ROLE_CLERK'])
    expect(create.description).toContain('ROLE_CLERK')
    expect(paths['/data/Everything/{id}'].delete.description).toContain(
      'Nobody may delete Everything objects',
    )
    expect(paths['/data/Everything/{id}'].put.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/EverythingChanges',
    })
    expect(paths['/data/Everything/{id}'].get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64', minimum: 1 } },
    ])
    for (const path of ['/search/Everything', '/search/keyword/Everything', '/permissions/Everything']) {
      expect(paths[path], path).toHaveProperty('post')
    }
    expect(paths['/permissions/Everything/create']).toHaveProperty('get')
  })

  it('describes login and tokens, services, webhooks, actions, attachments, dashboards and config', async () => {
    const { doc } = await describedApi()
    const paths = doc['paths']
    expect(paths['/auth/login'].post.security).toEqual([])
    expect(paths['/auth/login'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/LoginResponse',
    })
    expect(Object.keys(paths['/auth/access_token'].post.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
    ])
    expect(paths['/auth/userInfo'].get.responses['401']).toEqual({
      $ref: '#/components/responses/Unauthorized',
    })
    expect(paths['/auth/logout']).toHaveProperty('post')
    expect(Object.keys(paths['/service/{name}']).sort()).toEqual(['delete', 'get', 'post', 'put'])
    const service = paths['/service/{name}'].post
    expect(service.security).toEqual([{}, { bearerAuth: [] }])
    expect(service.responses['500']).toEqual({ $ref: '#/components/responses/ServiceFailure' })
    expect(doc['components'].responses.ServiceFailure.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ServiceError',
    })
    expect(Object.keys(paths['/webhook/{url}']).sort()).toEqual(['get', 'post'])
    for (const path of ['/action/byName/{name}', '/action/byId/{id}', '/attachment/upload'])
      expect(paths[path], path).toHaveProperty('post')
    for (const path of [
      '/attachment/download/{id}',
      '/dashboard/list',
      '/dashboard/meta/{id}',
      '/dashboard/widget/data/{id}',
      '/config/system',
      '/config/{key}',
    ])
      expect(paths[path], path).toHaveProperty('get')
    expect(Object.keys(paths['/attachment/upload'].post.requestBody.content)).toEqual(['multipart/form-data'])
  })

  it('describes the error bodies of both dialects and the bearer token', async () => {
    const { doc } = await describedApi()
    const { schemas, securitySchemes, responses } = doc['components']
    expect(schemas.Error).toMatchObject({
      required: ['success', 'errCode', 'errMsg'],
      properties: { success: { const: false }, errCode: { type: 'integer' }, errMsg: { type: 'string' } },
    })
    expect(schemas.ServiceError).toMatchObject({ required: ['msg', 'errorCode'] })
    expect(securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    for (const name of ['IllegalArgument', 'Unauthorized', 'NoPermission', 'NotFound', 'PayloadTooLarge'])
      expect(responses[name].content['application/json'].schema, name).toEqual({
        $ref: '#/components/schemas/Error',
      })
  })

  it("describes every route the emulator serves: none falls back to the generic description, the plugin's controllers are there", async () => {
    const { doc } = await describedApi({ ...APP, plugins: [plugin] })
    const operations = Object.entries(doc['paths'] as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    )
    expect(operations.filter(({ operation }) => operation.tags[0] === 'Other')).toEqual([])
    expect(operations.find(({ path }) => path === '/plugin/reporter/reports/{id}')?.operation).toMatchObject({
      tags: ['Plugins'],
      security: [{ bearerAuth: [] }],
    })
    const ids = operations.map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    // The routes that only say which method to use are not operations.
    expect(doc['paths']['/data/Customer/batch']).not.toHaveProperty('get')
  })

  it('lists its own and the recent-requests routes as emulator-only', async () => {
    const { doc } = await describedApi()
    expect(doc['paths']['/openapi.json'].get).toMatchObject({ security: [], 'x-emulator-only': true })
    expect(doc['paths']['/_emulator/requests'].get).toMatchObject({
      security: [{ bearerAuth: [] }],
      'x-emulator-only': true,
      tags: ['Emulator'],
    })
  })
})
