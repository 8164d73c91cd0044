import type { DomainDefinition } from '../../testing/index.js'
import type { RecordRule } from './record-rule.js'

/** The names of the engines the emulator runs itself. */
export const LOGIC_ENGINE_NAMES = Object.freeze({
  javaScriptCode: 'JAVASCRIPT_CODE',
  typeScriptFunction: 'TYPESCRIPT_FUNCTION',
  groovyCode: 'GROOVY_CODE',
} as const)

/** A seeded `DynamicLogicEngine` record, with what a logic of that engine is, for messages. */
export interface LogicEngineSeed {
  readonly name: string
  readonly description: string
  /** The platform's handler class; `null` where the public material does not name it (the emulator's choice). */
  readonly handlerClassName: string | null
  /**
   * What a logic of this engine is, for the message of an engine that cannot run; an engine the emulator runs
   * starts with its name, as that message lists them.
   */
  readonly runs: string
}

/**
 * The `DynamicLogicEngine` records of every tenant: the platform's five and the emulator's two.
 *
 * @internal
 */
export const LOGIC_ENGINES: readonly LogicEngineSeed[] = Object.freeze([
  {
    name: LOGIC_ENGINE_NAMES.groovyCode,
    description: 'Groovy code, the platform’s own logic language',
    handlerClassName: null,
    runs: 'GROOVY_CODE (Groovy code, on a real Groovy)',
  },
  {
    name: 'OS_COMMAND',
    description: 'An operating-system command run on the platform’s server',
    handlerClassName: null,
    runs: 'an operating-system command',
  },
  {
    name: 'RENDER_LINK',
    description: 'A link the platform renders',
    handlerClassName: null,
    runs: 'a rendered link',
  },
  {
    name: 'LLM_ENGINE',
    description: 'A prompt answered by a large language model',
    handlerClassName: null,
    runs: 'a language-model prompt',
  },
  {
    name: 'JASPER_REPORT',
    description: 'A JasperReports report template',
    handlerClassName: null,
    runs: 'a JasperReports template',
  },
  {
    name: LOGIC_ENGINE_NAMES.javaScriptCode,
    description:
      'The emulator’s: code is the body of an async function of one parameter, request, with the plugin library’s facades in scope',
    handlerClassName: 'JavaScriptCodeEngine',
    runs: 'JAVASCRIPT_CODE (code: the body of an async function of request)',
  },
  {
    name: LOGIC_ENGINE_NAMES.typeScriptFunction,
    description:
      'The emulator’s: the TypeScript function of the same name given in createEmulator({ logic })',
    handlerClassName: 'TypeScriptFunctionEngine',
    runs: 'TYPESCRIPT_FUNCTION (the functions given in createEmulator({ logic }))',
  },
])

/** A seeded `DynamicLogicType` record. */
interface LogicTypeSeed {
  readonly name: string
  readonly label: string
  readonly description: string
  /** A `JAVASCRIPT_CODE` starting point: what `request` holds and what to return. */
  readonly codeTemplate: string
}

/**
 * The `DynamicLogicType` records of every tenant: the platform's names (the public sample's), each with a
 * `JAVASCRIPT_CODE` template saying what its logic receives and returns in the emulator.
 *
 * @internal
 */
export const LOGIC_TYPES: readonly LogicTypeSeed[] = Object.freeze([
  {
    name: 'OBJECT_DYNAMIC_HOOK',
    label: 'Object Dynamic Hook',
    description: 'The core logic of an object hook (DynamicObjectHook)',
    codeTemplate:
      '// request: { hookType, domain, object, user }. A BEFORE_CREATE/BEFORE_UPDATE hook may change request.object;\n// throwing refuses the write (BEFORE_*) or undoes it (AFTER_*).\n',
  },
  {
    name: 'DYNAMIC_ACTION_ENABLE_LOGIC',
    label: 'Dynamic Action Enable Logic',
    description: 'Decides whether an object action may run',
    codeTemplate: '// request: { objects, objectIds, domain, parameters, user }\nreturn true\n',
  },
  {
    name: 'DYNAMIC_ACTION_LOGIC',
    label: 'Dynamic Action Logic',
    description: 'The core logic of an object action (DynamicAction)',
    codeTemplate:
      "// request: { objects, objectIds, domain, parameters, user }\nreturn { execResult: 'done' }\n",
  },
  {
    name: 'DYNAMIC_ACTION_POST_LOGIC',
    label: 'Dynamic Action Post Logic',
    description: 'Runs after an object action’s core logic',
    codeTemplate: '// request: { objects, objectIds, domain, parameters, user }\n',
  },
  {
    name: 'DASHBOARD_WIDGET_ENABLE_LOGIC',
    label: 'Dashboard Widget Enable Logic',
    description: 'Decides whether a dashboard widget is shown',
    codeTemplate: '// request: { widget, user }\nreturn true\n',
  },
  {
    name: 'DASHBOARD_WIDGET_CORE_LOGIC',
    label: 'Dashboard Widget Core Logic',
    description: 'The data of a dashboard widget (DynamicDashboardWidget)',
    codeTemplate: '// request: { widget, user }\nreturn {}\n',
  },
  {
    name: 'DYNAMIC_SERVICE_CORE_LOGIC',
    label: 'Dynamic Service Core Logic',
    description:
      'The logic of a dynamic service (DynamicServiceProvider); what it returns is the JSON answer',
    codeTemplate:
      '// request: { method, path, params, headers, body, user }\nreturn { params: request.params }\n',
  },
  {
    name: 'WEBHOOK_CORE_LOGIC',
    label: 'Webhook Core Logic',
    description: 'The logic of a webhook; what it returns is the JSON answer',
    codeTemplate: '// request: { method, path, params, headers, body, user }\nreturn { received: true }\n',
  },
  {
    name: 'FUNCTION_LOGIC',
    label: 'Function Logic',
    description: 'A function other logic calls',
    codeTemplate: '// request: what the caller passes\n',
  },
  {
    name: 'DYNAMIC_TASK_ENABLE_LOGIC',
    label: 'Dynamic Task Enable Logic',
    description: 'Decides whether a scheduled task runs (tasks are not run by the emulator)',
    codeTemplate: 'return true\n',
  },
  {
    name: 'DYNAMIC_TASK_CORE_LOGIC',
    label: 'Dynamic Task Core Logic',
    description: 'The logic of a scheduled task (tasks are not run by the emulator)',
    codeTemplate: '',
  },
])

/**
 * The logic records: engines, types, and the logic itself.
 *
 * @internal
 */
export const LOGIC_DOMAINS: Readonly<Record<string, DomainDefinition>> = Object.freeze({
  DynamicLogicEngine: {
    fields: {
      name: { type: 'STRING', required: true },
      description: 'STRING',
      handlerClassName: 'STRING',
    },
    labelField: 'name',
  },
  DynamicLogicType: {
    fields: {
      name: { type: 'STRING', required: true },
      label: 'STRING',
      description: 'STRING',
      codeTemplate: 'STRING',
    },
    // The platform labels a logic type by its label.
    labelField: 'label',
  },
  DynamicLogic: {
    fields: {
      name: { type: 'STRING', required: true },
      description: 'STRING',
      logicType: { type: 'DOMAIN_OBJECT', domain: 'DynamicLogicType' },
      dynamicLogicEngine: { type: 'DOMAIN_OBJECT', domain: 'DynamicLogicEngine', required: true },
      code: 'STRING',
      isSystem: { type: 'BOOLEAN', default: false },
    },
    labelField: 'name',
  },
})

/**
 * The logic records' rules: an engine's, a type's and a logic's name is unique in a tenant; a logic's name
 * cannot change ("The name field of dynamic logic-related objects cannot be modified after creation").
 *
 * @internal
 */
export const LOGIC_RULES: Readonly<Record<string, RecordRule>> = Object.freeze({
  DynamicLogicEngine: { unique: ['name'], immutable: ['name'] },
  DynamicLogicType: { unique: ['name'], immutable: ['name'] },
  DynamicLogic: { unique: ['name'], immutable: ['name'] },
})
