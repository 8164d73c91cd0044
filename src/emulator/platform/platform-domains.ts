import { DomainHelper } from '../../index.js'
import type { DomainDefinition, TestHost } from '../../testing/index.js'
import type { DomainRoles } from '../options/emulator-options.js'

/** The logic engines the platform lists; the emulator runs `JavaScript` and `TypeScript`. */
export const ENGINES = Object.freeze({ javaScript: 'JavaScript', typeScript: 'TypeScript', groovy: 'Groovy' })

/** The logic types seeded in `DynamicLogicType` (the document leaves them environment-specific). */
const LOGIC_TYPES = ['Service', 'Webhook', 'Object action', 'Dashboard widget'] as const

const named = { name: { type: 'STRING', required: true }, description: 'STRING' } as const
const logicReference = { type: 'DOMAIN_OBJECT', domain: 'DynamicLogic' } as const

/**
 * The platform's own domains, which exist from the start next to the application's: dynamic logic and its
 * engines and types, dynamic services and their execution records, webhooks, object actions, attachments and
 * dashboards. The fields the document names are kept; the rest is the emulator's documented choice.
 *
 * @internal
 */
export const PLATFORM_DOMAINS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DynamicLogicType: { fields: named, labelField: 'name' },
  DynamicLogicEngine: { fields: named, labelField: 'name' },
  DynamicLogic: {
    fields: {
      ...named,
      logicType: { type: 'DOMAIN_OBJECT', domain: 'DynamicLogicType' },
      dynamicLogicEngine: { type: 'DOMAIN_OBJECT', domain: 'DynamicLogicEngine', required: true },
      code: 'STRING',
    },
    labelField: 'name',
  },
  DynamicService: {
    fields: {
      name: { type: 'STRING', required: true },
      active: 'BOOLEAN',
      logic: logicReference,
      // The document: "Default false".
      enableAnonymous: { type: 'BOOLEAN', default: false },
      enableLog: 'BOOLEAN',
    },
    labelField: 'name',
  },
  DynamicServiceExecution: {
    fields: {
      parameters: 'JSON_STRING',
      authentication: 'STRING',
      startTime: 'ZONED_DATETIME',
      provider: { type: 'DOMAIN_OBJECT', domain: 'DynamicService' },
    },
  },
  Webhook: {
    fields: {
      name: { type: 'STRING', required: true },
      url: { type: 'STRING', required: true },
      active: 'BOOLEAN',
      logic: logicReference,
    },
    labelField: 'name',
  },
  ObjectAction: {
    fields: {
      name: { type: 'STRING', required: true },
      domain: 'STRING',
      active: 'BOOLEAN',
      logic: logicReference,
    },
    labelField: 'name',
  },
  // uploadedBy (the uploader's username) is the emulator's: it lets the uploader download a file nothing holds yet.
  Attachment: {
    fields: { file: { type: 'FILE', required: true }, description: 'STRING', uploadedBy: 'STRING' },
  },
  Dashboard: { fields: named, labelField: 'name' },
  DashboardWidget: {
    fields: {
      dashboard: { type: 'DOMAIN_OBJECT', domain: 'Dashboard', required: true },
      name: { type: 'STRING', required: true },
      widgetType: 'STRING',
      displaySequence: 'INTEGER',
      logic: logicReference,
    },
    labelField: 'name',
  },
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
 * Creates the platform's seed records in every tenant: the engines, the logic types, and a `DynamicLogic` record
 * (engine `TypeScript`) for each function of `options.logic`.
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
      const engines = DomainHelper.batchCreate(
        'DynamicLogicEngine',
        Object.values(ENGINES).map((name) => DomainHelper.buildDomain('DynamicLogicEngine', { name })),
      )
      DomainHelper.batchCreate(
        'DynamicLogicType',
        LOGIC_TYPES.map((name) => DomainHelper.buildDomain('DynamicLogicType', { name })),
      )
      const typeScript = engines.find(
        (engine) => (engine as Record<string, unknown>)['name'] === ENGINES.typeScript,
      )
      if (logicNames.length > 0) {
        DomainHelper.batchCreate(
          'DynamicLogic',
          logicNames.map((name) =>
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
