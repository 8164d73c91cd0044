import type { DomainDefinition } from '../../testing/index.js'

/**
 * The platform domains a data folder fills beside the logic records: organizations (kept so that folders
 * written for platforms before 1.0 load), the import records of §13.3, and who logs in (roles, groups, users).
 * The model's own records, `DomainClass` and `DomainClassField`, are platform records
 * (`platform/domain-class-records.ts`).
 *
 * @internal
 */
export const SEED_DOMAINS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  Organization: {
    fields: {
      name: { type: 'STRING', required: true },
      parent: { type: 'DOMAIN_OBJECT', domain: 'Organization' },
      customiseEnable: 'BOOLEAN',
      tenant: 'STRING',
      subDomain: 'STRING',
    },
    labelField: 'name',
  },
  Role: { fields: { authority: { type: 'STRING', required: true } }, labelField: 'authority' },
  Group: { fields: { name: { type: 'STRING', required: true } }, labelField: 'name' },
  GroupRole: {
    fields: {
      group: { type: 'DOMAIN_OBJECT', domain: 'Group', required: true },
      role: { type: 'DOMAIN_OBJECT', domain: 'Role', required: true },
    },
  },
  User: {
    fields: {
      username: { type: 'STRING', required: true },
      password: { type: 'STRING', required: true },
      name: 'STRING',
      organization: { type: 'DOMAIN_OBJECT', domain: 'Organization' },
      canAccessSubsidiaryData: { type: 'BOOLEAN', default: false },
      enabled: { type: 'BOOLEAN', default: true },
    },
    labelField: 'username',
  },
  UserGroup: {
    fields: {
      user: { type: 'DOMAIN_OBJECT', domain: 'User', required: true },
      group: { type: 'DOMAIN_OBJECT', domain: 'Group', required: true },
    },
  },
  ImportRecord: {
    fields: {
      fileName: { type: 'STRING', required: true },
      domainName: 'STRING',
      tenant: 'STRING',
      csvFileHeader: 'STRING',
      csvFileMD5: 'STRING',
      status: {
        type: 'STRING',
        required: true,
        options: ['SUCCESS', 'FAILED', 'PARTIALLY_FAIL', 'NO_DATA_IMPORTED'],
      },
      inserted: { type: 'INTEGER', default: 0 },
      updated: { type: 'INTEGER', default: 0 },
      noUpdate: { type: 'INTEGER', default: 0 },
      conflict: { type: 'INTEGER', default: 0 },
      failed: { type: 'INTEGER', default: 0 },
      ignoredColumns: 'STRING',
      failedLines: { type: 'JSON_STRING', default: '[]' },
    },
    labelField: 'fileName',
  },
  // What a re-import on data that lasts compares an object with (SPEC §13.6): the object as its last import left
  // it, by a hash of its fields. The emulator's own record; the platform does not document how it tells.
  ImportedObject: {
    fields: {
      domainName: { type: 'STRING', required: true },
      objectId: { type: 'LONG', required: true },
      fingerprint: { type: 'STRING', required: true },
    },
    labelField: 'domainName',
  },
})

/** The names of the seed folder's platform domains. */
export const SEED_DOMAIN_NAMES: readonly string[] = Object.freeze(Object.keys(SEED_DOMAINS))

/** The domains of who logs in, imported after the model and before the rest. */
export const USER_DOMAINS: readonly string[] = Object.freeze([
  'Organization',
  'Role',
  'Group',
  'GroupRole',
  'User',
  'UserGroup',
])

/** The domains of the application's model, imported first. */
export const MODEL_DOMAINS: readonly string[] = Object.freeze(['DomainClass', 'DomainClassField'])
