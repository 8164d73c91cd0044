import type { MemberSpec } from '../runtime-contract/members.js'
import type { MemberSubject, MemberUse } from './member-use.js'
import type { PluginTarget } from './plugin-target.js'

// The guide ships in the package (files: docs), so the registry's file CDN serves it for every published version.
/** Where each rule is explained, with a bad and a good example; a rule's anchor is its id. */
export const RULES_DOC_URL = 'https://unpkg.com/@tech-vendor/api/docs/ci.md'

/** How much a finding matters: an `error` fails the run (exit 1), a `warning` does not. */
export type Severity = 'error' | 'warning'

/**
 * What a rule is, for `vendor-api --help`, SARIF rule metadata and docs/ci.md (a docs test holds the page to
 * these fields).
 */
export interface Rule<Id extends string = string> {
  readonly id: Id
  /** The severity of its findings unless a finding says otherwise. */
  readonly severity: Severity
  /** One sentence: what a finding of the rule means. */
  readonly summary: string
  /** One sentence: how the checker finds it. */
  readonly detection: string
  /** One sentence: what to do about a finding, in general (each finding's hint says it for its case). */
  readonly fix: string
  /** Its section of docs/ci.md. */
  readonly helpUri: string
}

/** One finding's text: its severity, what is wrong, and what to change. */
export interface RuleMessage {
  readonly severity: Severity
  readonly message: string
  readonly hint: string
}

/**
 * A rule about the use of a library member (a call, or a reference a later call goes through), decided from
 * the member table: what the member is, how it is used, and what the plugin targets.
 */
export interface MemberRule<Id extends string = string> extends Rule<Id> {
  /** Whether this use of `member` breaks the rule for the plugin `target`. */
  breaks(member: MemberSpec, use: MemberUse, target: PluginTarget): boolean
  /** The finding for a use of `subject`, every member of which breaks the rule. */
  describe(subject: MemberSubject, use: MemberUse, target: PluginTarget): RuleMessage
  /**
   * Whether the runtime profile leaves out of its types what the rule reports (a member the runtime lacks,
   * 1.0.0-series API on the root), so that the compiler refuses the same use: its type error there is not
   * reported again.
   */
  readonly refusedByProfile: boolean
}

/** A rule's definition, its help link derived from its id. */
export function defineRule<R extends Rule>(rule: Omit<R, 'helpUri'>): R {
  return Object.freeze({ ...rule, helpUri: `${RULES_DOC_URL}#${rule.id}` }) as R
}
