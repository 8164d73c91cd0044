import { afterEach } from 'vitest'
import {
  bindRuntime,
  unbindRuntime,
  type Linkage,
  type VendorRuntime,
} from '../../src/runtime-contract/index.js'

/** Facets with only the members a test needs. */
export type PartialFacets = {
  readonly [F in Exclude<keyof VendorRuntime, 'description'>]?: Partial<NonNullable<VendorRuntime[F]>>
}

/** The name the tiny runtime gives itself, as messages show it. */
export const TINY_HOST = 'tiny-api-runtime'

/**
 * Binds (replacing any binding) a runtime with only the given facets, as a host would, and returns it.
 * Unbound after each test by {@link unbindAfterEach}.
 */
export function bindTinyRuntime(facets: PartialFacets, linkage: Linkage = 'dynamic'): VendorRuntime {
  const runtime = {
    description: { name: TINY_HOST, platformVersion: '1.0.0-beta18', libraryLine: '0.0.5', linkage },
    ...facets,
  } as VendorRuntime
  bindRuntime(runtime, { replace: true })
  return runtime
}

/** Every test file of test/api starts and ends unbound. */
export function unbindAfterEach(): void {
  afterEach(() => {
    unbindRuntime()
  })
}
