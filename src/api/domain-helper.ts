import { IllegalArgumentException } from '../errors/illegal-argument-exception.js'
import { checkedFacet, LINKED, type FacadeClass } from '../runtime-contract/dispatch.js'
import { members } from '../runtime-contract/members.js'
import { describeValue, requireCollection, requireDomainName, requireObject } from './argument-checks.js'
import { DomainObjectRenderType } from '../model/domain-object-render-type.js'
import type { DomainProperties, DomainType } from '../model/domain-registry.js'
import type { Class } from '../model/java-types.js'

const RENDER_TYPES: readonly string[] = Object.values(DomainObjectRenderType)

/**
 * Builds, creates, updates, deletes and renders domain objects.
 *
 * An object built by `buildDomain` or read by a query remembers its domain, so it can be passed straight to
 * `createDomain`, `updateDomain`, `deleteDomain` and `render`. Creating and updating validate the object
 * against its domain (required fields, field types) and write nothing when it is invalid.
 *
 * @example
 * ```ts
 * import { DomainHelper, QueryHelper } from '@tech-vendor/api'
 *
 * QueryHelper.withTransaction(() => {
 *   const order = DomainHelper.buildDomain('Order', { status: 'OPEN', total: 120 })
 *   DomainHelper.createDomain(order)
 * })
 * ```
 */
export class DomainHelper {
  private constructor() {}

  /**
   * Builds an unsaved object of a domain, with every field at its default. Save it with `createDomain`.
   *
   * @typeParam N - The domain name; a name declared in {@link DomainRegistry} types the result.
   * @param domainName - The domain's short name, such as `Order`.
   * @returns The new, unsaved object; it remembers its domain.
   * @throws {@link IllegalArgumentException} when `domainName` is blank or the platform has no such domain.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link DomainHelper.createDomain} to save it.
   * @example
   * ```ts
   * import { DomainHelper } from '@tech-vendor/api'
   *
   * const order = DomainHelper.buildDomain('Order')
   * ```
   */
  static buildDomain<N extends string>(domainName: N): DomainType<N>
  /**
   * Builds an unsaved object of a domain with the given properties; the other fields keep their defaults.
   * For a declared domain the type checker rejects unknown properties and wrong value types; `id` is not a
   * property (the platform assigns it on create).
   *
   * @typeParam N - The domain name; a name declared in {@link DomainRegistry} types the properties and result.
   * @param domainName - The domain's short name, such as `Order`.
   * @param properties - Field values, by field name.
   * @returns The new, unsaved object; it remembers its domain.
   * @throws {@link IllegalArgumentException} when `domainName` is blank, `properties` is not an object, or the
   *   platform has no such domain or field.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link DomainHelper.createDomain} to save it.
   * @example
   * ```ts
   * import { DomainHelper } from '@tech-vendor/api'
   *
   * const order = DomainHelper.buildDomain('Order', { status: 'OPEN', total: 120 })
   * DomainHelper.createDomain(order)
   * ```
   */
  static buildDomain<N extends string>(
    domainName: N,
    properties: DomainProperties<DomainType<N>>,
  ): DomainType<N>
  static buildDomain(domainName: string, properties?: object): unknown {
    const withProperties = arguments.length >= 2
    const facet = withProperties
      ? ((this as FacadeClass)?.[LINKED]?.buildDomainWith ??
        checkedFacet(members.buildDomainWith, arguments, DomainHelper))
      : ((this as FacadeClass)?.[LINKED]?.buildDomain ??
        checkedFacet(members.buildDomain, arguments, DomainHelper))
    const where = withProperties
      ? 'DomainHelper.buildDomain(domainName, properties)'
      : 'DomainHelper.buildDomain(domainName)'
    requireDomainName(domainName, where, 'domainName')
    if (!withProperties) return facet.buildDomain(domainName)
    return facet.buildDomain(
      domainName,
      requireObject(properties, where, 'properties') as Readonly<Record<string, unknown>>,
    )
  }

  /**
   * Creates an object from request data: an object built by `buildDomain`, or one read by a query and changed.
   * The platform validates it first and writes nothing when a field is invalid.
   *
   * @param requestData - The object to create.
   * @throws {@link IllegalArgumentException} when `requestData` is not an object.
   * @throws {@link ValidationException} when the object is invalid, listing every field error.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link DomainHelper.batchCreate} for several objects at once.
   * @example
   * ```ts
   * import { DomainHelper, ValidationException } from '@tech-vendor/api'
   *
   * try {
   *   DomainHelper.createDomain(DomainHelper.buildDomain('Order', { status: 'OPEN' }))
   * } catch (error) {
   *   if (ValidationException.is(error)) console.log(error.message)
   *   else throw error
   * }
   * ```
   */
  static createDomain(requestData: object): void {
    const facet =
      (this as FacadeClass)?.[LINKED]?.createDomain ??
      checkedFacet(members.createDomain, arguments, DomainHelper)
    facet.createDomain(requireObject(requestData, 'DomainHelper.createDomain(requestData)', 'requestData'))
  }

  /**
   * Updates an existing object from request data: the object as read by a query and changed, or a copy of it
   * (`{ ...order, status: 'CLOSED' }`) that keeps its `id`. The platform validates it first and writes
   * nothing when a field is invalid.
   *
   * @param requestData - The object with its new values.
   * @throws {@link IllegalArgumentException} when `requestData` is not an object.
   * @throws {@link ValidationException} when the object is invalid, listing every field error.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link DomainHelper.createDomain} for a new object.
   * @example
   * ```ts
   * import { DomainHelper, SimpleQuery } from '@tech-vendor/api'
   *
   * const order = SimpleQuery.getById('Order', 42)
   * if (order !== null) DomainHelper.updateDomain({ ...order, status: 'CLOSED' })
   * ```
   */
  static updateDomain(requestData: object): void {
    const facet =
      (this as FacadeClass)?.[LINKED]?.updateDomain ??
      checkedFacet(members.updateDomain, arguments, DomainHelper)
    facet.updateDomain(requireObject(requestData, 'DomainHelper.updateDomain(requestData)', 'requestData'))
  }

  /**
   * Deletes an existing object: the object as read by a query, or a copy of it that keeps its `id`.
   *
   * @param requestData - The object to delete.
   * @throws {@link IllegalArgumentException} when `requestData` is not an object.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link DomainHelper.createDomain} for the inverse.
   * @example
   * ```ts
   * import { DomainHelper, SimpleQuery } from '@tech-vendor/api'
   *
   * for (const order of SimpleQuery.of('Order').eq('status', 'CANCELLED').listAll()) DomainHelper.deleteDomain(order)
   * ```
   */
  static deleteDomain(requestData: object): void {
    const facet =
      (this as FacadeClass)?.[LINKED]?.deleteDomain ??
      checkedFacet(members.deleteDomain, arguments, DomainHelper)
    facet.deleteDomain(requireObject(requestData, 'DomainHelper.deleteDomain(requestData)', 'requestData'))
  }

  /**
   * Renders an object to a map: with `ONLY_LABEL_FIELD` its id and its domain's label field, with
   * `ALL_COLUMNS` every field. References to other objects render as `{ id }`.
   *
   * @param domainObj - The object, as built or read.
   * @param renderType - What to put in the map.
   * @returns The map, field name to value.
   * @throws {@link IllegalArgumentException} when `domainObj` is not an object or `renderType` is not a
   *   {@link DomainObjectRenderType} value.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DomainHelper, DomainObjectRenderType, SimpleQuery } from '@tech-vendor/api'
   *
   * const order = SimpleQuery.getById('Order', 42)
   * if (order !== null) {
   *   const row = DomainHelper.render(order, DomainObjectRenderType.ALL_COLUMNS)
   *   console.log(JSON.stringify(row))
   * }
   * ```
   */
  static render(domainObj: object, renderType: DomainObjectRenderType): Record<string, unknown> {
    const facet =
      (this as FacadeClass)?.[LINKED]?.render ?? checkedFacet(members.render, arguments, DomainHelper)
    const where = 'DomainHelper.render(domainObj, renderType)'
    requireObject(domainObj, where, 'domainObj')
    if (typeof renderType !== 'string' || !RENDER_TYPES.includes(renderType)) {
      throw new IllegalArgumentException(
        `${where} expects renderType as one of ${RENDER_TYPES.map((t) => `DomainObjectRenderType.${t}`).join(', ')}, ` +
          `got ${describeValue(renderType)}.`,
      )
    }
    return facet.render(domainObj, renderType)
  }

  /**
   * Creates several objects of a class's domain, all or none: when one is invalid, none is written. Returns the
   * created objects, with their ids.
   *
   * @typeParam T - The class's instance type.
   * @param type - The class the objects belong to.
   * @param objects - The objects to create.
   * @returns The created objects, in the order given.
   * @throws {@link IllegalArgumentException} when `objects` is not a list of objects, or the class is bound
   *   to no domain.
   * @throws {@link ValidationException} when an object is invalid; nothing is written.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @see {@link DomainHelper.createDomain} for one object.
   * @example
   * ```ts
   * import { DomainHelper, DynamicDomainEntity } from '@tech-vendor/api'
   *
   * class Invoice extends DynamicDomainEntity {
   *   declare total: number
   * }
   * const drafts = [10, 20].map((total) => Object.assign(new Invoice(), { total }))
   * const created = DomainHelper.batchCreate(Invoice, drafts) // Invoice[], with ids
   * ```
   */
  static batchCreate<T>(type: Class<T>, objects: readonly NoInfer<T>[]): T[]
  /**
   * Creates several objects of a domain, all or none: when one is invalid, none is written. Returns the
   * created objects, with their ids. For a declared domain the type checker checks each object's properties.
   *
   * @typeParam N - The domain name; a name declared in {@link DomainRegistry} types the objects and result.
   * @param domainName - The domain's short name.
   * @param objects - The objects to create: built objects or plain property objects.
   * @returns The created objects, in the order given.
   * @throws {@link IllegalArgumentException} when `domainName` is blank, `objects` is not a list of objects,
   *   or the domain does not exist.
   * @throws {@link ValidationException} when an object is invalid; nothing is written.
   * @throws {@link IllegalStateException} when no runtime is bound.
   * @example
   * ```ts
   * import { DomainHelper } from '@tech-vendor/api'
   *
   * const tags = DomainHelper.batchCreate('Tag', [{ name: 'urgent' }, { name: 'later' }])
   * console.log(tags.map((tag) => tag.id))
   * ```
   */
  static batchCreate<N extends string>(
    domainName: N,
    objects: readonly DomainProperties<DomainType<N>>[],
  ): DomainType<N>[]
  static batchCreate(target: string | Class<unknown>, objects: readonly object[]): unknown[] {
    const byClass = typeof target === 'function'
    const facet = byClass
      ? ((this as FacadeClass)?.[LINKED]?.batchCreateClass ??
        checkedFacet(members.batchCreateClass, arguments, DomainHelper))
      : ((this as FacadeClass)?.[LINKED]?.batchCreateName ??
        checkedFacet(members.batchCreateName, arguments, DomainHelper))
    const where = byClass
      ? 'DomainHelper.batchCreate(Class, objects)'
      : 'DomainHelper.batchCreate(domainName, objects)'
    if (!byClass) requireDomainName(target, where, 'domainName')
    const list = requireCollection(objects, where, 'objects')
    list.forEach((object, index) => requireObject(object, where, `objects[${index}]`))
    return Array.from(facet.batchCreate(target, list as readonly object[]))
  }
}
