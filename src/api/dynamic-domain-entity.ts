import type { Class } from '../model/java-types.js'

/**
 * The base of a plugin class (a POJO) bound to a domain of the platform, so that the class can stand for the
 * domain wherever a `Class` is taken: `SimpleQuery.of(Invoice)`, `getById(Invoice, 1)`,
 * `DomainHelper.batchCreate(Invoice, ...)`, with results typed as `Invoice`.
 *
 * The document says only that `DynamicDomainEntity` binds a POJO class to a domain class; it does not show
 * how. This port binds by a static property: a subclass names its domain in `static domainName`; without it,
 * the class name is the domain name (`class Invoice` is bound to `Invoice`). Declare the domain's fields on
 * the class with `declare` (no initialiser), so that they type the queries without shadowing the values the
 * platform sets. The base class declares `id` and nothing else, so the class's field names are the domain's.
 *
 * @example
 * ```ts
 * import { DynamicDomainEntity, SimpleQuery } from '@tech-vendor/api'
 *
 * export class Invoice extends DynamicDomainEntity {
 *   static override readonly domainName = 'BillingInvoice'
 *   declare status: 'DRAFT' | 'SENT' | 'PAID'
 *   declare total: number
 * }
 *
 * const unpaid = SimpleQuery.of(Invoice).ne('status', 'PAID').listAll() // Invoice[]
 * ```
 */
export abstract class DynamicDomainEntity {
  /**
   * The domain this class is bound to; when a subclass does not set it, the class name is used.
   *
   * @example
   * ```ts
   * import { DynamicDomainEntity } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {
   *   static override readonly domainName = 'BillingInvoice'
   * }
   * ```
   */
  static readonly domainName?: string

  /** The object's id, assigned by the platform when the object is created. */
  declare id: number
}

/**
 * The domain name a class stands for: its own or inherited static `domainName` when that is a non-empty
 * string, else the class name. The rule hosts apply to resolve `SimpleQuery.of(Class)` and the other
 * `Class` overloads.
 *
 * @param type - The class.
 * @returns The domain name.
 * @internal
 */
export function domainNameOf(type: Class<unknown>): string {
  const bound = (type as { domainName?: unknown }).domainName
  return typeof bound === 'string' && bound.trim() !== '' ? bound : type.name
}
