import type ts from 'typescript'
import type { TypeScript } from '../load-typescript.js'
import { defineRule, type Rule, type RuleMessage } from '../rule.js'

/**
 * `type-error`: what the plugin's own compiler refuses in a checked file. The check type-checks the sources,
 * so a type error fails it as it fails `tsc --noEmit`.
 */
export const typeError = defineRule<Rule<'type-error'>>({
  id: 'type-error',
  severity: 'error',
  summary:
    "A TypeScript error in a checked file: the plugin's compiler refuses the code, as tsc --noEmit does.",
  detection:
    "The syntactic and semantic diagnostics of each checked file, from the plugin's TypeScript and tsconfig (runtime profile included); where the profile refuses a member the runtime lacks, or 1.0.0-series API on the root, the use is reported once, as absent-at-runtime or api-version.",
  fix: 'Fix the code as the compiler says; tsc --noEmit with the same tsconfig shows the same error.',
})

/** The finding for one compiler diagnostic. */
export function typeErrorMessage(t: TypeScript, diagnostic: ts.Diagnostic): RuleMessage {
  return {
    severity: 'error',
    message: `${t.flattenDiagnosticMessageText(diagnostic.messageText, ' ')} (TS${diagnostic.code})`,
    hint: typeError.fix,
  }
}
