import { afterEach, describe, expect, it } from 'vitest'
import { currentRuntime, unbindRuntime } from '../../src/runtime-contract/index.js'
import {
  DynamicRpcClientService,
  IllegalArgumentException,
  IllegalStateException,
  MissingMethodException,
  NoSuchMethodError,
  RpcClient,
  VendorRpcService,
} from '../../src/v1/index.js'
import { bindTinyRuntime } from './tiny-runtime.js'

afterEach(() => {
  unbindRuntime()
})

interface OrderTotals {
  openCount(status: string, limit: number): string
}

class Dashboard {
  @RpcClient('orderTotals')
  totals!: OrderTotals

  render(): string {
    return this.totals.openCount('OPEN', 10)
  }
}

describe('an @RpcClient field', () => {
  it('constructs without a runtime', () => {
    expect(currentRuntime()).toBeUndefined()
    expect(() => new Dashboard()).not.toThrow()
  })

  it('sends each call through DynamicRpcClientService.invoke to the host, with the arguments', () => {
    const dashboard = new Dashboard()
    const { calls } = bindTinyRuntime('dynamic')
    expect(dashboard.render()).toBe('orderTotals.openCount answered')
    expect(calls).toEqual([['invoke', 'orderTotals', 'openCount', ['OPEN', 10]]])
  })

  it('throws IllegalStateException naming invoke when called without a runtime', () => {
    expect(() => new Dashboard().render()).toThrow(IllegalStateException)
    expect(() => new Dashboard().render()).toThrow(
      'DynamicRpcClientService.invoke(String, String, Object[]) is not available: no runtime is bound',
    )
  })

  it('rejects a field with an initialiser when the class is constructed', () => {
    class Initialised {
      @RpcClient('orderTotals')
      totals: OrderTotals = { openCount: () => 'local' }
    }
    expect(() => new Initialised()).toThrow(
      '@RpcClient("orderTotals") on totals: the field has an initialiser; remove it, @RpcClient sets the field.',
    )
  })

  it('rejects anything but a field when the class is defined', () => {
    const decorate = RpcClient('orderTotals') as unknown as (value: unknown, context: object) => unknown
    expect(() => decorate(() => 1, { kind: 'method', name: 'm', static: false, private: false })).toThrow(
      '@RpcClient("orderTotals") on m: @RpcClient decorates a class field, not a method.',
    )
  })

  it('rejects a blank service name when the decorator is created', () => {
    expect(() => RpcClient('')).toThrow(IllegalArgumentException)
    expect(() => RpcClient('order totals')).toThrow(
      `@RpcClient(serviceName) expects a service name as a non-empty string without spaces (such as 'orderTotals'), got "order totals".`,
    )
  })
})

describe('DynamicRpcClientService', () => {
  it('invoke passes the service, the method and the arguments to the host and returns its result', () => {
    const { calls } = bindTinyRuntime('static')
    expect(DynamicRpcClientService.invoke('pricing', 'quote', 'SKU-1', 3)).toBe('pricing.quote answered')
    expect(DynamicRpcClientService.invoke('pricing', 'list')).toBe('pricing.list answered')
    expect(calls).toEqual([
      ['invoke', 'pricing', 'quote', ['SKU-1', 3]],
      ['invoke', 'pricing', 'list', []],
    ])
  })

  it('getClient needs no runtime, and its calls reach the host', () => {
    const pricing = DynamicRpcClientService.getClient<{ quote(sku: string): string }>('pricing')
    const { calls } = bindTinyRuntime('dynamic')
    expect(pricing.quote('SKU-9')).toBe('pricing.quote answered')
    expect(pricing.quote).toBe(pricing.quote)
    expect(calls).toEqual([['invoke', 'pricing', 'quote', ['SKU-9']]])
  })

  it('a client is not mistaken for a promise, and prints as a client', async () => {
    const client = DynamicRpcClientService.getClient('pricing')
    const { calls } = bindTinyRuntime('dynamic')
    expect(await Promise.resolve(client)).toBe(client)
    expect(String(client)).toBe('[RpcClient pricing]')
    expect(JSON.stringify({ client })).toBe('{"client":{}}')
    expect(calls).toEqual([])
  })

  it('reports a missing binding before checking the names', () => {
    expect(() => DynamicRpcClientService.invoke('', '')).toThrow(IllegalStateException)
  })

  it('rejects blank names', () => {
    bindTinyRuntime('dynamic')
    expect(() => DynamicRpcClientService.invoke('pricing', '')).toThrow(
      `DynamicRpcClientService.invoke(serviceName, method, args) expects a method name as a non-empty string without spaces (such as 'openCount'), got "".`,
    )
    expect(() => DynamicRpcClientService.invoke(42 as never, 'quote')).toThrow(IllegalArgumentException)
    expect(() => DynamicRpcClientService.getClient(null as never)).toThrow(
      `DynamicRpcClientService.getClient(serviceName) expects a service name as a non-empty string without spaces (such as 'orderTotals'), got null.`,
    )
  })

  it('fails like Groovy on a dynamic runtime without dynamic RPC', () => {
    bindTinyRuntime('dynamic', { rpc: false })
    const call = () => new Dashboard().render()
    expect(call).toThrow(MissingMethodException)
    expect(call).toThrow(
      'No signature of method: static tech.vendor.api.DynamicRpcClientService.invoke() is applicable for argument types: ' +
        '(java.lang.String, java.lang.String, java.util.ArrayList) values: [orderTotals, openCount, [OPEN, 10]]',
    )
  })

  it('fails like the JVM on a static runtime without dynamic RPC', () => {
    bindTinyRuntime('static', { rpc: false })
    expect(() => DynamicRpcClientService.invoke('pricing', 'quote')).toThrow(NoSuchMethodError)
    expect(() => DynamicRpcClientService.invoke('pricing', 'quote')).toThrow(
      'tech.vendor.api.DynamicRpcClientService.invoke(Ljava/lang/String;Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/Object;',
    )
  })
})

describe('VendorRpcService', () => {
  class OrderTotalsService extends VendorRpcService {
    static override readonly serviceName = 'orderTotals'

    openCount(status: string): string {
      return status
    }

    get label(): string {
      return 'totals'
    }
  }

  class Pricing extends VendorRpcService {
    quote(): number {
      return 1
    }
  }

  class DiscountPricing extends Pricing {
    override quote(): number {
      return 0.9
    }

    discount(): number {
      return 0.1
    }
  }

  it('constructs without a runtime', () => {
    expect(new OrderTotalsService().openCount('OPEN')).toBe('OPEN')
  })

  it('is registered under its serviceName, or else its class name', () => {
    expect(VendorRpcService.serviceNameOf(OrderTotalsService)).toBe('orderTotals')
    expect(VendorRpcService.serviceNameOf(Pricing)).toBe('Pricing')
  })

  it('exposes its public methods, inherited ones included, and not its accessors', () => {
    expect(VendorRpcService.methodsOf(OrderTotalsService)).toEqual(['openCount'])
    expect(VendorRpcService.methodsOf(DiscountPricing)).toEqual(['quote', 'discount'])
  })

  it('rejects a class that is not a service and a blank service name', () => {
    class Plain {}
    expect(() => VendorRpcService.serviceNameOf(Plain as never)).toThrow(
      'VendorRpcService.serviceNameOf expects a class that extends VendorRpcService, got class Plain.',
    )
    class Blank extends VendorRpcService {
      static override readonly serviceName = ' '
    }
    expect(() => VendorRpcService.serviceNameOf(Blank)).toThrow(IllegalArgumentException)
  })
})
