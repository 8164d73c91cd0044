import type { DomainDefinition } from '../../testing/index.js'
import type { RecordRule } from './record-rule.js'

/** The `formType` of a `DynamicForm` that is a dashboard. */
export const DASHBOARD_FORM_TYPE = 'DASHBOARD'

const logicReference = { type: 'DOMAIN_OBJECT', domain: 'DynamicLogic' } as const

/**
 * The platform's dashboards (§14.6): a `DynamicForm` of type `DASHBOARD`, shown to the roles of its
 * `enableRoles` (a comma-separated text of role names, as the platform writes role lists; empty: everyone), and
 * its `DynamicDashboardWidget` records.
 *
 * @internal
 */
export const DASHBOARD_RECORDS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DynamicForm: {
    fields: {
      name: { type: 'STRING', required: true },
      label: 'STRING',
      formType: 'STRING',
      enableRoles: 'STRING',
    },
    labelField: 'label',
  },
  DynamicDashboardWidget: {
    fields: {
      name: { type: 'STRING', required: true },
      label: 'STRING',
      displaySequence: 'INTEGER',
      form: { type: 'DOMAIN_OBJECT', domain: 'DynamicForm', required: true },
      coreLogic: logicReference,
      enableLogic: logicReference,
      type: 'STRING',
      options: 'STRING',
    },
    labelField: 'label',
  },
})

/**
 * Whether a user's roles meet an `enableRoles` text: it is empty, or names one of them.
 *
 * @param enableRoles - The comma-separated role names, or `null`.
 * @param roles - The user's roles.
 * @returns `true` when the user may see what the text guards.
 * @internal
 */
export function meetsRoles(enableRoles: string | null, roles: readonly string[]): boolean {
  const required = (enableRoles ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role !== '')
  return required.length === 0 || required.some((role) => roles.includes(role))
}

/**
 * A form's name cannot change after creation (the platform's dashboard page: "its name cannot be changed").
 *
 * @internal
 */
export const DASHBOARD_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  DynamicForm: { immutable: ['name'] },
})
