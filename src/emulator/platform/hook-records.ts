import type { DomainDefinition } from '../../testing/index.js'
import type { RecordRule } from './record-rule.js'

/**
 * The hook types a `DynamicObjectHook` may have. `UPDATE_DELETE` is selectable and never run: the platform
 * document says that hook is no longer executed in 1.0.
 *
 * @internal
 */
export const HOOK_TYPES = Object.freeze([
  'BEFORE_CREATE',
  'AFTER_CREATE',
  'BEFORE_UPDATE',
  'AFTER_UPDATE',
  'BEFORE_DELETE',
  'AFTER_DELETE',
  'UPDATE_DELETE',
] as const)

/** A hook type. */
export type HookType = (typeof HOOK_TYPES)[number]

/**
 * Object hooks: `DynamicObjectHook` runs its core logic on every REST write of its domain (`objectType`, a
 * `DomainClass`) of its `hookType`.
 *
 * @internal
 */
export const HOOK_DOMAINS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DynamicObjectHook: {
    fields: {
      name: { type: 'STRING', required: true },
      objectType: { type: 'DOMAIN_OBJECT', domain: 'DomainClass', required: true },
      hookType: { type: 'STRING', required: true },
      coreLogic: { type: 'DOMAIN_OBJECT', domain: 'DynamicLogic', required: true },
      active: { type: 'BOOLEAN', default: true },
      description: 'STRING',
    },
    labelField: 'name',
  },
})

/**
 * A hook's name is unique in a tenant and does not change, as every name of the platform's logic records;
 * `hookType` is one of {@link HOOK_TYPES}.
 *
 * @internal
 */
export const HOOK_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  DynamicObjectHook: { unique: ['name'], immutable: ['name'], values: { hookType: HOOK_TYPES } },
})
