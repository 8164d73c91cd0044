import { IllegalStateException } from '../../errors/illegal-state-exception.js'
import type { Emulator } from '../emulator.js'
import type { RequestUser } from '../logic/logic-request.js'

/**
 * What an emulator serves once its options and data folder are read: the tenants (the `tenants` option's and the
 * data folder's tenant folders), the default tenant, and the application's domains (the `domains` option's and the
 * seed model's), and who can log in now. `vendor-api serve` prints them; it must not work them out again from the
 * options.
 *
 * @internal
 */
export interface ServedApplication {
  readonly tenants: readonly string[]
  readonly defaultTenant: string
  readonly domains: readonly string[]
  /** The users who can log in now (the options' and the data folder's), with their roles and tenants. */
  logins(): readonly RequestUser[]
}

/**
 * The key under which an emulator of this package keeps its {@link ServedApplication}.
 *
 * @internal
 */
export const SERVED_APPLICATION: unique symbol = Symbol('tech-vendor.servedApplication')

/**
 * What an emulator made by this package's `createEmulator` serves.
 *
 * @throws IllegalStateException for an emulator of another copy of the package.
 * @internal
 */
export function servedApplication(emulator: Emulator): ServedApplication {
  const served = (emulator as Partial<Record<typeof SERVED_APPLICATION, ServedApplication>>)[
    SERVED_APPLICATION
  ]
  if (served === undefined) {
    throw new IllegalStateException(
      'servedApplication needs an emulator made by createEmulator of the same copy of @tech-vendor/api.',
    )
  }
  return served
}
