import type { DomainDefinition } from '../../testing/index.js'
import type { RecordRule } from './record-rule.js'

/**
 * The dynamic-service records: `DynamicServiceProvider`, served at `/service/<name>`, and
 * `DynamicServiceExecRecord`, one per call of a provider whose `enableLog` is on.
 *
 * @internal
 */
export const SERVICE_DOMAINS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DynamicServiceProvider: {
    fields: {
      name: { type: 'STRING', required: true },
      // The platform's defaults: a provider is active unless switched off; anonymous calls are off ("Default false").
      active: { type: 'BOOLEAN', default: true },
      logic: { type: 'DOMAIN_OBJECT', domain: 'DynamicLogic', required: true },
      enableAnonymous: { type: 'BOOLEAN', default: false },
      enableLog: 'BOOLEAN',
    },
    labelField: 'name',
  },
  DynamicServiceExecRecord: {
    fields: {
      provider: { type: 'DOMAIN_OBJECT', domain: 'DynamicServiceProvider' },
      // The query string as sent, as JSON text: a URL token verbatim, as on the platform.
      execParams: 'JSON_STRING',
      authentication: 'STRING',
      startTime: 'ZONED_DATETIME',
      finishTime: 'ZONED_DATETIME',
      // SUCCESS or FAILED.
      status: 'STRING',
      // The answer as JSON text, or the error of a call that failed.
      execResult: 'STRING',
    },
  },
})

/**
 * A provider's name is unique in a tenant and cannot change: it is the service's address.
 *
 * @internal
 */
export const SERVICE_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  DynamicServiceProvider: { unique: ['name'], immutable: ['name'] },
})
