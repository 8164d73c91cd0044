import type { DomainDefinition } from '../../testing/index.js'
import type { RecordRule } from './record-rule.js'

/**
 * The action modes: how many objects an action runs on (`OBJECT_SINGLE` one, `OBJECT_MULTIPLE` and
 * `OBJECT_SINGLE_MULTIPLE` one or more, `CLASS_LEVEL` none: the action is the domain's, as "import" or "new").
 *
 * @internal
 */
export const ACTION_MODES = Object.freeze({
  OBJECT_SINGLE: { min: 1, max: 1, says: 'exactly one object id' },
  OBJECT_MULTIPLE: { min: 1, max: Infinity, says: 'one or more object ids' },
  OBJECT_SINGLE_MULTIPLE: { min: 1, max: Infinity, says: 'one or more object ids' },
  CLASS_LEVEL: { min: 0, max: 0, says: 'no object ids (it acts on the domain, not on objects)' },
} as const)

/** The mode of an action whose `mode` is not set. */
export const DEFAULT_ACTION_MODE = 'OBJECT_SINGLE'

const logicReference = { type: 'DOMAIN_OBJECT', domain: 'DynamicLogic' } as const

/**
 * The platform's object actions (§14.4): `DynamicAction`, tied to the domains it acts on by
 * `DynamicActionDomainClass` records.
 *
 * @internal
 */
export const ACTION_RECORDS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DynamicAction: {
    fields: {
      name: { type: 'STRING', required: true },
      label: 'STRING',
      mode: { type: 'STRING', default: DEFAULT_ACTION_MODE },
      coreLogic: logicReference,
      enableLogic: logicReference,
      active: { type: 'BOOLEAN', default: true },
    },
    labelField: 'name',
  },
  DynamicActionDomainClass: {
    fields: {
      dynamicAction: { type: 'DOMAIN_OBJECT', domain: 'DynamicAction', required: true },
      domainClass: { type: 'DOMAIN_OBJECT', domain: 'DomainClass', required: true },
      displaySequence: 'INTEGER',
    },
  },
})

/**
 * An action's name is unique in a tenant (the platform's "name (unique)"), and its mode one of the four.
 *
 * @internal
 */
export const ACTION_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  DynamicAction: { unique: ['name'], values: { mode: Object.keys(ACTION_MODES) } },
})
