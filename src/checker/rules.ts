import { absentAtRuntime } from './rules/absent-at-runtime.js'
import { apiVersion } from './rules/api-version.js'
import { bundledLibrary } from './rules/bundled-library.js'
import { linkageMismatch } from './rules/linkage-mismatch.js'
import { platformAdapterDependency } from './rules/platform-adapter-dependency.js'
import { runtimeDeprecated } from './rules/runtime-deprecated.js'
import { typeError } from './rules/type-error.js'

/**
 * The rules about library members, in the order a use is checked against them. Adding one is a file in
 * rules/ and a line here (and in {@link rules}, for help, SARIF and the docs).
 */
export const memberRules = Object.freeze([
  absentAtRuntime,
  linkageMismatch,
  runtimeDeprecated,
  apiVersion,
  platformAdapterDependency,
] as const)

/** Every rule, in the order `--help`, SARIF and docs/ci.md list them. */
export const rules = Object.freeze([typeError, ...memberRules, bundledLibrary] as const)

/** The ids of the checker's rules, as they appear in every output format. */
export type RuleId = (typeof rules)[number]['id']
