// The guide ships in the package (files: docs), so the registry's file CDN serves it for every published version.
/** Where each rule is explained, with a bad and a good example; a rule's anchor is its id. */
export const RULES_DOC_URL = 'https://unpkg.com/@tech-vendor/api/docs/ci.md'

/** How much a finding matters: an `error` fails the run (exit 1), a `warning` does not. */
export type Severity = 'error' | 'warning'

/** The ids of the checker's rules, as they appear in every output format. */
export type RuleId =
  | 'absent-at-runtime'
  | 'linkage-mismatch'
  | 'runtime-deprecated'
  | 'api-version'
  | 'platform-adapter-dependency'
  | 'bundled-library'

/** What a rule checks, for `--help`, SARIF rule metadata and the docs. */
export interface Rule {
  readonly id: RuleId
  /** The severity of its findings unless a finding says otherwise. */
  readonly severity: Severity
  /** One sentence. */
  readonly summary: string
  readonly helpUri: string
}

function rule(id: RuleId, severity: Severity, summary: string): Rule {
  return Object.freeze({ id, severity, summary, helpUri: `${RULES_DOC_URL}#${id}` })
}

/** Every rule, in the order the docs list them. */
export const rules: readonly Rule[] = Object.freeze([
  rule(
    'absent-at-runtime',
    'error',
    'A call to a member the library declares but the platform runtime does not have.',
  ),
  rule(
    'linkage-mismatch',
    'error',
    'A call whose runtime signature differs from the declared one: it fails under static linkage, and its value is not what the declaration says.',
  ),
  rule('runtime-deprecated', 'warning', 'A call to a member the platform runtime deprecates.'),
  rule('api-version', 'error', '1.0.0-series API used by a plugin whose manifest targets the 0.0.5 library.'),
  rule(
    'platform-adapter-dependency',
    'error',
    "BeanContainer used by a plugin whose manifest does not list 'PlatformAdapter' in dependsOnPlugins.",
  ),
  rule(
    'bundled-library',
    'error',
    "A plugin build that carries the library's own code instead of importing '@tech-vendor/api'.",
  ),
])
