import { DomainHelper, SimpleQuery } from '../../index.js'
import type { DomainDefinition, TestHost } from '../../testing/index.js'
import type { DomainRoles } from '../options/emulator-options.js'
import { DOMAIN_CLASS_DOMAINS, DOMAIN_CLASS_RULES } from './domain-class-records.js'
import { HOOK_DOMAINS, HOOK_RULES } from './hook-records.js'
import {
  LOGIC_DOMAINS,
  LOGIC_ENGINES,
  LOGIC_ENGINE_NAMES,
  LOGIC_RULES,
  LOGIC_TYPES,
} from './logic-records.js'
import type { RecordRule } from './record-rule.js'
import { SERVICE_DOMAINS, SERVICE_RULES } from './service-records.js'
import { ACTION_RECORDS, ACTION_RULES } from './action-records.js'
import { CONFIG_RECORDS, CONFIG_RULES } from './config-records.js'
import { DASHBOARD_RECORDS, DASHBOARD_RULES } from './dashboard-records.js'
import { STORAGE_RECORDS } from './storage-records.js'

const logicReference = { type: 'DOMAIN_OBJECT', domain: 'DynamicLogic' } as const

/**
 * The platform's own domains, which exist from the start next to the application's, under the platform's names:
 * dynamic logic and its engines and types, dynamic services and their execution records, webhooks, object
 * actions, attachments and dashboards. Each group of records lives in a file of its own (`logic-records.ts`,
 * `service-records.ts`, ...) and is one line here.
 *
 * @internal
 */
export const PLATFORM_DOMAINS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  ...LOGIC_DOMAINS,
  ...SERVICE_DOMAINS,
  ...DOMAIN_CLASS_DOMAINS,
  ...HOOK_DOMAINS,
  Webhook: {
    fields: {
      name: { type: 'STRING', required: true },
      url: { type: 'STRING', required: true },
      active: 'BOOLEAN',
      logic: logicReference,
    },
    labelField: 'name',
  },
  ...ACTION_RECORDS,
  ...DASHBOARD_RECORDS,
  ...CONFIG_RECORDS,
  ...STORAGE_RECORDS,
})

/**
 * The unique and unchangeable fields of the platform domains (see `RecordRule`), checked on every REST write
 * (`recordRuleProblem`) and after seeding (`checkSeededRecords`). A group of records adds its rules in one line.
 *
 * @internal
 */
export const PLATFORM_RECORD_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  ...LOGIC_RULES,
  ...SERVICE_RULES,
  ...ACTION_RULES,
  ...CONFIG_RULES,
  ...DASHBOARD_RULES,
  ...DOMAIN_CLASS_RULES,
  ...HOOK_RULES,
})

/** The names of the platform domains. */
export const PLATFORM_DOMAIN_NAMES: readonly string[] = Object.freeze(Object.keys(PLATFORM_DOMAINS))

/** Who may work on the platform domains over `/api/data`: administrators and developers. */
export const PLATFORM_DOMAIN_ROLES: DomainRoles = Object.freeze({
  read: ['ROLE_ADMIN', 'ROLE_DEVELOPER'],
  create: ['ROLE_ADMIN', 'ROLE_DEVELOPER'],
  update: ['ROLE_ADMIN', 'ROLE_DEVELOPER'],
  delete: ['ROLE_ADMIN', 'ROLE_DEVELOPER'],
})

/**
 * The platform domains that are read-only over `/api/data`: the application's model as records. The emulator's
 * domain model is fixed at start (the `domains` option, the seed folder's `DomainClass.csv`), so a REST write
 * there would change records without changing the model.
 *
 * @internal
 */
export const READ_ONLY_PLATFORM_DOMAINS: readonly string[] = Object.freeze(Object.keys(DOMAIN_CLASS_DOMAINS))

/**
 * Who may do what on a platform domain over `/api/data`: {@link PLATFORM_DOMAIN_ROLES}, or, for a read-only one,
 * reading only.
 *
 * @internal
 */
export function platformDomainRoles(domain: string): DomainRoles {
  return READ_ONLY_PLATFORM_DOMAINS.includes(domain)
    ? { read: PLATFORM_DOMAIN_ROLES.read ?? [], create: [], update: [], delete: [] }
    : PLATFORM_DOMAIN_ROLES
}

/**
 * Creates the platform's seed records in every tenant: the engines, the logic types, and a `DynamicLogic` record
 * (engine `TYPESCRIPT_FUNCTION`) for each function of `options.logic`.
 *
 * @internal
 */
export function seedPlatformRecords(
  host: TestHost,
  tenants: readonly string[],
  logicNames: readonly string[],
): void {
  for (const tenant of tenants) {
    host.runAs({ tenant, user: null }, () => {
      // On data kept from an earlier start (persist, a shared store) what is there stays as it is.
      const missing = <T extends { name: string }>(domain: string, seeds: readonly T[]): T[] => {
        const names = new Set(
          SimpleQuery.of(domain)
            .listAll()
            .map((record) => record['name']),
        )
        return seeds.filter((seed) => !names.has(seed.name))
      }
      DomainHelper.batchCreate(
        'DynamicLogicEngine',
        missing('DynamicLogicEngine', LOGIC_ENGINES).map(({ name, description, handlerClassName }) =>
          DomainHelper.buildDomain('DynamicLogicEngine', { name, description, handlerClassName }),
        ),
      )
      DomainHelper.batchCreate(
        'DynamicLogicType',
        missing('DynamicLogicType', LOGIC_TYPES).map((type) =>
          DomainHelper.buildDomain('DynamicLogicType', { ...type }),
        ),
      )
      const typeScript = SimpleQuery.of('DynamicLogicEngine')
        .eq('name', LOGIC_ENGINE_NAMES.typeScriptFunction)
        .get()
      const functions = missing(
        'DynamicLogic',
        logicNames.map((name) => ({ name })),
      )
      if (functions.length > 0) {
        DomainHelper.batchCreate(
          'DynamicLogic',
          functions.map(({ name }) =>
            DomainHelper.buildDomain('DynamicLogic', {
              name,
              description: 'A TypeScript function given to createEmulator({ logic })',
              dynamicLogicEngine: typeScript,
              code: `// runs options.logic[${JSON.stringify(name)}]`,
            }),
          ),
        )
      }
    })
  }
}
