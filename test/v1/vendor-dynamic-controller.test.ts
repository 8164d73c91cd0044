import { describe, expect, it } from 'vitest'
import { currentRuntime } from '../../src/runtime-contract/index.js'
import {
  Delete,
  Get,
  IllegalArgumentException,
  Post,
  Put,
  VendorDynamicController,
  type ControllerRequest,
} from '../../src/v1/index.js'

function request(overrides: Partial<ControllerRequest> = {}): ControllerRequest {
  return { method: 'GET', path: '/', params: {}, query: {}, headers: {}, body: undefined, ...overrides }
}

class OrderController extends VendorDynamicController {
  static override readonly basePath = '/orders'

  @Get()
  list() {
    return ['all']
  }

  @Get('/{id}')
  byId(req: ControllerRequest) {
    return { id: req.params['id'] }
  }

  @Post()
  @Put('/{id}')
  save(req: ControllerRequest<{ total: number }>) {
    return { saved: req.body.total }
  }

  @Delete('/{id}')
  remove(): string {
    return 'removed'
  }
}

describe('VendorDynamicController.routes', () => {
  it('lists every route with the base path joined, in source order', () => {
    expect(VendorDynamicController.routes(OrderController)).toEqual([
      { method: 'GET', path: '/orders', handlerName: 'list' },
      { method: 'GET', path: '/orders/{id}', handlerName: 'byId' },
      { method: 'POST', path: '/orders', handlerName: 'save' },
      { method: 'PUT', path: '/orders/{id}', handlerName: 'save' },
      { method: 'DELETE', path: '/orders/{id}', handlerName: 'remove' },
    ])
    expect(Object.isFrozen(VendorDynamicController.routes(OrderController))).toBe(true)
  })

  it('uses the routes as written when the controller sets no base path', () => {
    class PingController extends VendorDynamicController {
      @Get('/ping')
      ping() {
        return 'pong'
      }
    }
    expect(VendorDynamicController.routes(PingController)).toEqual([
      { method: 'GET', path: '/ping', handlerName: 'ping' },
    ])
  })

  it('inherits routes, and an override without a decorator removes the inherited one', () => {
    class ArchiveController extends OrderController {
      override remove(): string {
        return 'archived instead'
      }

      @Get('/archived')
      archived() {
        return []
      }
    }
    expect(
      VendorDynamicController.routes(ArchiveController).map((r) => `${r.method} ${r.path} ${r.handlerName}`),
    ).toEqual([
      'GET /orders list',
      'GET /orders/{id} byId',
      'POST /orders save',
      'PUT /orders/{id} save',
      'GET /orders/archived archived',
    ])
  })

  it('rejects a method and path routed twice, naming both handlers', () => {
    class Twice extends VendorDynamicController {
      @Get('/{id}')
      first() {}

      @Get('/{key}')
      second() {}

      @Post('/{id}')
      third() {}
    }
    expect(() => VendorDynamicController.routes(Twice)).toThrow(IllegalArgumentException)
    expect(() => VendorDynamicController.routes(Twice)).toThrow(
      'Twice routes GET /{key} twice (handlers first and second). Give each route its own method and path.',
    )
  })

  it('rejects a class that is not a controller', () => {
    class NotAController {}
    expect(() => VendorDynamicController.routes(NotAController as never)).toThrow(
      'VendorDynamicController.routes expects a class that extends VendorDynamicController, got class NotAController.',
    )
    expect(() => VendorDynamicController.routes(null as never)).toThrow(IllegalArgumentException)
  })

  it('recognises a controller of another copy of the package by its brand', () => {
    const brand = Symbol.for('@tech-vendor/api/v1.VendorDynamicController')
    class OtherCopyBase {
      static readonly basePath = '/'
    }
    Object.defineProperty(OtherCopyBase.prototype, brand, { value: true })
    class Elsewhere extends OtherCopyBase {
      @(Get('/x') as unknown as (value: unknown, context: unknown) => void)
      x() {}
    }
    expect(VendorDynamicController.routes(Elsewhere as never)).toEqual([
      { method: 'GET', path: '/x', handlerName: 'x' },
    ])
  })

  it('rejects a bad base path when the routes are read', () => {
    class Bad extends VendorDynamicController {
      static override readonly basePath = 'orders'
    }
    expect(() => VendorDynamicController.routes(Bad)).toThrow(
      `Bad.basePath got the path "orders": a path starts with '/'; write "/orders".`,
    )
  })
})

describe('route paths', () => {
  it.each([
    ['orders', `a path starts with '/'; write "/orders".`],
    ['/orders/', `remove the trailing '/'.`],
    ['/orders/:id', `path parameters are written {name}, as in '/orders/{id}', not ':name'.`],
    ['/orders//lines', 'each segment between'],
    ['/orders?open=true', 'the query string is not part of a route'],
    ['/a b', 'each segment between'],
    ['/{id}/lines/{id}', 'the parameter {id} appears twice'],
    ['', `a path starts with '/'`],
  ])('rejects %j when the decorator is created', (path, problem) => {
    expect(() => Get(path)).toThrow(IllegalArgumentException)
    expect(() => Get(path)).toThrow(problem)
  })

  it('rejects a path that is not a string', () => {
    expect(() => Post(42 as never)).toThrow(
      "@Post() expects a path as a string such as '/orders/{id}', got number 42.",
    )
  })

  it('accepts parameters, dots, dashes and escapes', () => {
    for (const path of ['/', '/v1.2/orders-open/{order_id}', '/files/%20x', '/{a}/{b}'])
      expect(() => Get(path)).not.toThrow()
  })
})

describe('route decorators on the wrong member', () => {
  it('reject a static method when the class is defined', () => {
    expect(() => {
      class StaticHandler extends VendorDynamicController {
        // @ts-expect-error: route handlers are instance methods
        @Get('/s')
        static handler() {}
      }
      return StaticHandler
    }).toThrow(`@Get("/s") on handler: the handler is static.`)
  })

  it('reject a field, a getter and a private method', () => {
    const decorate = Delete('/x') as unknown as (value: unknown, context: object) => void
    expect(() => decorate(undefined, { kind: 'field', name: 'f', static: false, private: false })).toThrow(
      '@Delete("/x") on f: route decorators mark methods of a VendorDynamicController subclass, not a field.',
    )
    expect(() => decorate(() => 1, { kind: 'getter', name: 'g', static: false, private: false })).toThrow(
      'not a getter.',
    )
    expect(() => decorate(() => 1, { kind: 'method', name: '#p', static: false, private: true })).toThrow(
      'the host calls a handler by its name, so it must be a public method with a string name.',
    )
  })
})

describe('a controller instance', () => {
  it('constructs and handles a request without a runtime', () => {
    expect(currentRuntime()).toBeUndefined()
    const controller = new OrderController()
    expect(controller.byId(request({ params: { id: '42' } }))).toEqual({ id: '42' })
    expect(
      controller.save(
        request({ method: 'POST', body: { total: 9 } }) as ControllerRequest<{ total: number }>,
      ),
    ).toEqual({ saved: 9 })
  })
})
