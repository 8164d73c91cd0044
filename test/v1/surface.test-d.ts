import { describe, expectTypeOf, it } from 'vitest'
import * as root from '../../src/index.js'
import type * as v1 from '../../src/v1/index.js'
import {
  AsyncHelper,
  DomainHelper,
  DynamicRpcClientService,
  Get,
  Post,
  RpcClient,
  SimpleQuery,
  VendorDynamicController,
  VendorRpcService,
  type ControllerRequest,
  type ControllerRoute,
  type PaginationQueryResult,
  type Thread,
} from '../../src/v1/index.js'

// One DomainRegistry serves both entries: augmenting the root module types the v1 SimpleQuery too. The
// domain name is this file's own, so that the augmentation does not collide with other type tests.
declare module '../../src/index.js' {
  interface DomainRegistry {
    V1Ticket: { id: number; title: string; priority: number; closed: boolean }
  }
}

type V1Ticket = { id: number; title: string; priority: number; closed: boolean }
type Root = typeof root

describe('v1 AsyncHelper', () => {
  it('declares task as the runtime has it', () => {
    expectTypeOf(AsyncHelper.task(() => {})).toEqualTypeOf<Thread>()
    expectTypeOf(AsyncHelper.task('export', { run: () => {} })).toEqualTypeOf<Thread>()
    expectTypeOf(AsyncHelper.supplyAsync(() => 42)).toEqualTypeOf<Promise<number>>()
    expectTypeOf(AsyncHelper.supplyAsync(async () => 'x')).toEqualTypeOf<Promise<string>>()
    expectTypeOf(AsyncHelper.scheduleAtFixRate(1000, () => {})).toEqualTypeOf<{ run(): void }>()
  })

  it('drops the overloads the runtime lacks', () => {
    // @ts-expect-error: task(boolean, Runnable) is 0.0.5 only, and absent at runtime
    AsyncHelper.task(true, () => {})
    // @ts-expect-error: newForkJoinPool is 0.0.5 only, and absent at runtime
    AsyncHelper.newForkJoinPool(4)
    // @ts-expect-error: a supplier is a function
    void AsyncHelper.supplyAsync(42)
  })

  it('differs from the 0.0.5 declaration', () => {
    expectTypeOf(root.AsyncHelper.task(() => {})).toEqualTypeOf<void>()
    expectTypeOf<Root>().not.toHaveProperty('VendorDynamicController')
  })
})

describe('the root entry does not leak the 1.0.0 series', () => {
  it('has none of the v1 names', () => {
    expectTypeOf<'VendorDynamicController' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<'Get' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<'Post' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<'Put' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<'Delete' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<'VendorRpcService' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<'RpcClient' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<'DynamicRpcClientService' extends keyof Root ? true : false>().toEqualTypeOf<false>()
    expectTypeOf<Root['AsyncHelper']>().not.toHaveProperty('supplyAsync')
  })

  it('refuses to import them', async () => {
    // @ts-expect-error: custom controllers exist only in the 1.0.0 series ('@tech-vendor/api/v1')
    const { VendorDynamicController: fromRoot } = await import('../../src/index.js')
    void fromRoot
  })

  it('v1 re-exports the root surface', () => {
    expectTypeOf<(typeof v1)['SimpleQuery']>().toEqualTypeOf<Root['SimpleQuery']>()
    expectTypeOf<(typeof v1)['MessageHelper']>().toEqualTypeOf<Root['MessageHelper']>()
  })
})

describe('typed domains through v1', () => {
  it('types SimpleQuery.of from a root DomainRegistry augmentation', () => {
    const query = SimpleQuery.of('V1Ticket')
    expectTypeOf(query).toEqualTypeOf<SimpleQuery<V1Ticket>>()
    expectTypeOf(query.eq('priority', 1).list(0, 10)).toEqualTypeOf<PaginationQueryResult<V1Ticket>>()
    // @ts-expect-error: V1Ticket has no field 'owner'
    query.eq('owner', 'ann')
    // @ts-expect-error: priority is a number
    query.eq('priority', 'high')
    expectTypeOf(DomainHelper.buildDomain('V1Ticket', { title: 'x' })).not.toBeAny()
  })
})

describe('custom controllers', () => {
  it('accept handlers that take the request or nothing', () => {
    class TicketController extends VendorDynamicController {
      static override readonly basePath = '/tickets'

      @Get('/{id}')
      byId(request: ControllerRequest) {
        return request.params['id']
      }

      @Post()
      create(request: ControllerRequest<{ title: string }>) {
        return request.body.title
      }

      @Get('/count')
      count() {
        return 0
      }
    }
    expectTypeOf(VendorDynamicController.routes(TicketController)).toEqualTypeOf<readonly ControllerRoute[]>()
    expectTypeOf<ControllerRoute['method']>().toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'DELETE'>()
  })

  it('reject a route decorator where the host could not call it', () => {
    class Misplaced extends VendorDynamicController {
      // @ts-expect-error: a handler is an instance method
      @Get('/static')
      static handler() {}

      // @ts-expect-error: a handler takes the request, not other arguments
      @Get('/id')
      byNumber(id: number) {
        return id
      }

      // @ts-expect-error: route decorators decorate methods, not fields
      @Get('/field')
      field = 1
    }
    class NotAController {
      // @ts-expect-error: only a VendorDynamicController has routes
      @Get('/x')
      x() {}
    }
    void Misplaced
    void NotAController
  })
})

describe('dynamic RPC', () => {
  class Pricing extends VendorRpcService {
    static override readonly serviceName = 'pricing'

    quote(sku: string, quantity: number): number {
      return sku.length * quantity
    }
  }

  it('types a client by the service', () => {
    const pricing = DynamicRpcClientService.getClient<Pricing>('pricing')
    expectTypeOf(pricing.quote('SKU', 2)).toEqualTypeOf<number>()
    // @ts-expect-error: quote takes a sku and a quantity
    pricing.quote(2)
    expectTypeOf(DynamicRpcClientService.invoke('pricing', 'quote', 'SKU', 2)).toEqualTypeOf<unknown>()
  })

  it('gives an @RpcClient field the declared type', () => {
    class Checkout {
      @RpcClient('pricing')
      pricing!: Pricing

      total(): number {
        return this.pricing.quote('SKU', 1)
      }
    }
    expectTypeOf(new Checkout().pricing).toEqualTypeOf<Pricing>()
  })

  it('rejects @RpcClient on a method', () => {
    class Wrong {
      // @ts-expect-error: @RpcClient decorates a field
      @RpcClient('pricing')
      pricing() {}
    }
    void Wrong
  })
})
