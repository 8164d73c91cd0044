import { DomainHelper, DomainObjectRenderType, type StorageFieldValue } from '../../index.js'
import type { DomainDefinition, FieldType } from '../../testing/index.js'
import type { DomainRoles } from '../options/emulator-options.js'
import { PLATFORM_DOMAINS, platformDomainRoles } from './platform-domains.js'
import { SEED_DOMAINS } from '../seed/seed-domains.js'
import { fileOnWire, recordOnWire, STORAGE_DOMAIN } from './storage-records.js'
import { WireError } from '../wire/wire-error.js'
import { DecimalNumber } from '../wire/write-json.js'

/** One of the four operations a domain's role requirements cover. */
export type Operation = 'read' | 'create' | 'update' | 'delete'

/**
 * The domains the emulator serves (the application's and the platform's), with their field types and role
 * requirements, and how an object of each is written on the wire.
 *
 * @internal
 */
export class DomainCatalog {
  readonly #types = new Map<string, ReadonlyMap<string, FieldType>>()
  readonly #roles = new Map<string, DomainRoles>()
  readonly #references = new Map<string, readonly string[]>()
  readonly #definitions = new Map<string, DomainDefinition>()
  readonly #platform = new Set<string>()
  /** What {@link DomainCatalog.fieldsOfType} found, by domain and type. */
  readonly #fieldsByType = new Map<string, Map<FieldType, readonly string[]>>()
  /** The BIG_DECIMAL and FILE fields of each domain: what {@link DomainCatalog.render} rewrites, found once. */
  readonly #rendered = new Map<
    string,
    { readonly decimals: readonly string[]; readonly files: readonly string[] }
  >()

  constructor(domains: Readonly<Record<string, DomainDefinition>>, roles: ReadonlyMap<string, DomainRoles>) {
    const platform = { ...PLATFORM_DOMAINS, ...SEED_DOMAINS }
    for (const [name, definition] of Object.entries({ ...domains, ...platform })) {
      const types = new Map<string, FieldType>([['id', 'LONG']])
      const references: string[] = []
      for (const [field, type] of Object.entries(definition.fields)) {
        types.set(field, typeof type === 'string' ? type : type.type)
        if (typeof type !== 'string' && type.domain !== undefined) references.push(type.domain)
      }
      this.#types.set(name, types)
      this.#definitions.set(name, definition)
      if (name in platform) this.#platform.add(name)
      this.#references.set(name, references)
      this.#roles.set(name, name in platform ? platformDomainRoles(name) : (roles.get(name) ?? {}))
    }
    for (const name of this.#types.keys()) {
      this.#rendered.set(name, {
        decimals: this.fieldsOfType(name, 'BIG_DECIMAL'),
        files: this.fieldsOfType(name, 'FILE'),
      })
    }
  }

  /** Every domain name, application domains first. */
  get names(): readonly string[] {
    return [...this.#types.keys()]
  }

  /**
   * The domain of that name.
   *
   * @throws WireError 404 (1005) naming the known domains.
   */
  require(name: string): string {
    if (this.#types.has(name)) return name
    throw new WireError(
      'NotFound',
      `there is no domain class named ${JSON.stringify(name)}; the domains are ${this.names.join(', ')}.`,
    )
  }

  /** A domain's definition (its fields without `id`, and its label field), or `undefined` for no such domain. */
  definitionOf(domain: string): DomainDefinition | undefined {
    return this.#definitions.get(domain)
  }

  /** Whether a domain is one of the platform's own, rather than the application's. */
  isPlatformDomain(domain: string): boolean {
    return this.#platform.has(domain)
  }

  /** The domains a domain's reference fields point at. */
  referencesOf(domain: string): readonly string[] {
    return this.#references.get(domain) ?? []
  }

  /** The role names of which a user needs one for an operation, or `undefined`: any logged-in user. */
  rolesFor(domain: string, operation: Operation): readonly string[] | undefined {
    return this.#roles.get(domain)?.[operation]
  }

  /** The names of a domain's fields of a type, in definition order: found once per domain and type. */
  fieldsOfType(domain: string, type: FieldType): readonly string[] {
    let byType = this.#fieldsByType.get(domain)
    if (byType === undefined)
      this.#fieldsByType.set(domain, (byType = new Map<FieldType, readonly string[]>()))
    let fields = byType.get(type)
    if (fields === undefined) {
      fields = Object.freeze(
        [...(this.#types.get(domain) ?? new Map<string, FieldType>())]
          .filter(([, fieldType]) => fieldType === type)
          .map(([name]) => name),
      )
      byType.set(type, fields)
    }
    return fields
  }

  /**
   * An object as the wire carries it: every column, references as `{"id": n}`, BIG_DECIMAL values as JSON
   * numbers that keep their scale, FILE values as their `StorageFieldValue` records. Runs where the host is bound.
   */
  render(domain: string, object: object): Record<string, unknown> {
    const map = DomainHelper.render(object, DomainObjectRenderType.ALL_COLUMNS)
    // A user's password is never rendered (§13.5): not on the wire, not in an export.
    if (domain === 'User') delete map['password']
    const { decimals, files } = this.#rendered.get(domain) ?? { decimals: [], files: [] }
    for (const field of decimals) {
      const value = map[field]
      if (typeof value === 'string') map[field] = new DecimalNumber(value)
    }
    // A stored-file record's own FILE field is the emulator's, hidden from the wire.
    if (domain === STORAGE_DOMAIN) return recordOnWire(map)
    for (const field of files) {
      const value = map[field]
      if (value !== null && value !== undefined) map[field] = fileOnWire(value as StorageFieldValue)
    }
    return map
  }
}
