import { describe, expect, it } from 'vitest'
import {
  DomainHelper,
  Get,
  Post,
  SimpleQuery,
  VendorDynamicController,
  VendorPlatformComponent,
  type ControllerRequest,
} from '../../../src/v1/index.js'
import { SHOP, count, seed } from '../shop.js'
import { platformError, startWire } from '../wire.js'

class TagController extends VendorDynamicController {
  static override readonly basePath = '/tags'

  @Get('/{id}')
  byId(request: ControllerRequest) {
    const tag = SimpleQuery.getById('Tag', Number(request.params['id']))
    return { tag, path: request.path, query: request.query }
  }

  @Post('/')
  create(request: ControllerRequest<{ name: string }>) {
    DomainHelper.createDomain(DomainHelper.buildDomain('Tag', { name: request.body.name }))
    return { tags: SimpleQuery.count('Tag') }
  }

  @Post('/quiet')
  quiet(): undefined {
    return undefined
  }

  @Get('/fail')
  fail(): never {
    throw new Error('the handler broke')
  }

  @Get('/stuck')
  stuck(): Promise<never> {
    return new Promise(() => {})
  }
}

class Startup extends VendorPlatformComponent {
  override onLoad(): void {
    if (SimpleQuery.of('Tag').eq('name', 'loaded').get() === null)
      DomainHelper.createDomain(DomainHelper.buildDomain('Tag', { name: 'loaded' }))
  }
}

const plugin = {
  manifest: { name: 'tagger', version: '1.0.0', apiVersion: '1.0.0' },
  components: [Startup, TagController],
}

describe('plugins and custom controllers', () => {
  it('loads the plugins at start: their onLoad runs', async () => {
    const wire = await startWire({ ...SHOP, plugins: [plugin] })
    expect(wire.emulator.host.plugins.map((p) => p.manifest.name)).toEqual(['tagger'])
    expect(count(wire.emulator.host, 'Tag')).toBe(1)
  })

  it('serves a controller at /api/plugin/<plugin name><route path>, as the caller in their tenant', async () => {
    const wire = await startWire({ ...SHOP, plugins: [plugin] })
    const globex = (await wire.login('globex', 'globex')).access_token
    const [tag] = seed(wire.emulator.host, 'Tag', [{ name: 'rush' }], 'globex')
    const { status, body } = await wire.json('GET', `/plugin/tagger/tags/${tag!.id}?expand=true`, {
      token: globex,
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      tag: { id: tag!.id, name: 'rush' },
      path: `/tags/${tag!.id}`,
      query: { expand: 'true' },
    })
    const created = await wire.json('POST', '/plugin/tagger/tags', { token: globex, json: { name: 'new' } })
    expect(created).toEqual({ status: 200, body: { tags: 2 } })
    expect(count(wire.emulator.host, 'Tag', 'globex')).toBe(2)
  })

  it('requires login as the platform endpoints do: 401 with errCode 1008', async () => {
    const wire = await startWire({ ...SHOP, plugins: [plugin] })
    expect(await wire.json('POST', '/plugin/tagger/tags', { json: { name: 'x' } })).toEqual({
      status: 401,
      body: platformError(1008, 'Unauthorized'),
    })
  })

  it('answers an empty 200 for a handler that returns nothing, and 500 for one that throws', async () => {
    const wire = await startWire({ ...SHOP, plugins: [plugin] })
    const token = (await wire.login()).access_token
    const quiet = await wire.send('POST', '/plugin/tagger/tags/quiet', { token })
    expect([quiet.status, await quiet.text()]).toEqual([200, ''])
    const fail = await wire.json('GET', '/plugin/tagger/tags/fail', { token })
    expect(fail).toEqual({ status: 500, body: platformError(500, 'InternalError') })
    expect(fail.body.errMsg).toContain('the handler broke')
  })

  it('answers 500 naming the handler when it does not settle within logicTimeoutMs', async () => {
    const wire = await startWire({ ...SHOP, plugins: [plugin], logicTimeoutMs: 50 })
    const token = (await wire.login()).access_token
    expect(await wire.json('GET', '/plugin/tagger/tags/stuck', { token })).toEqual({
      status: 500,
      body: platformError(500, 'InternalError'),
    })
    expect((await wire.json('GET', '/plugin/tagger/tags/stuck', { token })).body.errMsg).toContain(
      'the handler stuck of the plugin tagger did not settle within 50 ms (logicTimeoutMs)',
    )
  }, 10_000)
})
