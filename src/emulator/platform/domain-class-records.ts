import { DomainHelper, SimpleQuery } from '../../index.js'
import type { DomainDefinition, TestHost } from '../../testing/index.js'
import { FIELD_TYPES } from '../../testing/domains/field-types.js'
import type { RecordRule } from './record-rule.js'

/**
 * The application's model as platform records: a `DomainClass` per application domain and a `DomainClassField`
 * per field of it (SPEC §13.4), so that hooks and actions reference a domain by record. The field names are the
 * columns of the platform's `DomainClass.csv` and `DomainClassField.csv`.
 *
 * @internal
 */
export const DOMAIN_CLASS_DOMAINS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DomainClass: {
    fields: {
      shortName: { type: 'STRING', required: true },
      label: 'STRING',
      description: 'STRING',
    },
    labelField: 'shortName',
  },
  DomainClassField: {
    fields: {
      domainClass: { type: 'DOMAIN_OBJECT', domain: 'DomainClass', required: true },
      name: { type: 'STRING', required: true },
      dataType: { type: 'STRING', required: true },
      referenceDomain: { type: 'DOMAIN_OBJECT', domain: 'DomainClass' },
      nullable: { type: 'BOOLEAN', default: true },
      editable: { type: 'BOOLEAN', default: true },
      defaultValue: 'STRING',
      // A JSON array of the values the field may take, as the platform writes it.
      options: 'STRING',
      extInfo: 'STRING',
    },
    labelField: 'name',
  },
})

/**
 * A domain class's short name is unique in a tenant and does not change (records point at it); a field's name is
 * unique in its domain class; `dataType` is one of the field types.
 *
 * @internal
 */
export const DOMAIN_CLASS_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  DomainClass: { unique: ['shortName'], immutable: ['shortName'] },
  DomainClassField: {
    unique: [['domainClass', 'name']],
    immutable: ['domainClass', 'name'],
    // `dataType` takes the host's field types, in the platform's spelling.
    values: { dataType: FIELD_TYPES },
  },
})

/**
 * Creates, in every tenant, the `DomainClass` record of each application domain (its name as `shortName`) and a
 * `DomainClassField` record per field, in definition order.
 *
 * @param domains - The application's domains, by name (not the platform's own).
 * @internal
 */
export function seedDomainClassRecords(
  host: TestHost,
  tenants: readonly string[],
  domains: Readonly<Record<string, DomainDefinition>>,
): void {
  for (const tenant of tenants) {
    host.runAs({ tenant, user: null }, () => {
      const classes = new Map<string, object>()
      // On data kept from an earlier start (persist, a shared store), a domain's records are there already.
      const kept = new Set<string>()
      for (const shortName of Object.keys(domains)) {
        const existing = SimpleQuery.of('DomainClass').eq('shortName', shortName).get()
        if (existing !== null) {
          kept.add(shortName)
          classes.set(shortName, existing)
          continue
        }
        const record = DomainHelper.buildDomain('DomainClass', { shortName, label: shortName })
        DomainHelper.createDomain(record)
        classes.set(shortName, record)
      }
      for (const [shortName, definition] of Object.entries(domains)) {
        if (kept.has(shortName)) continue
        DomainHelper.batchCreate(
          'DomainClassField',
          Object.entries(definition.fields).map(([name, field]) => {
            const spec = typeof field === 'string' ? { type: field } : field
            return DomainHelper.buildDomain('DomainClassField', {
              domainClass: classes.get(shortName),
              name,
              dataType: spec.type,
              // A reference to a platform domain has no DomainClass record: the emulator keeps those for the
              // application's domains.
              referenceDomain: spec.domain === undefined ? null : (classes.get(spec.domain) ?? null),
              nullable: spec.required !== true,
              editable: true,
              defaultValue: spec.default === undefined ? null : String(spec.default),
            })
          }),
        )
      }
    })
  }
}
