import { declaredBy, descriptors, fails, hintOf } from '../member-use.js'
import { defineRule, type MemberRule } from '../rule.js'

function simpleName(javaType: string): string {
  return javaType.slice(javaType.lastIndexOf('.') + 1)
}

/**
 * `linkage-mismatch`: a member whose runtime method returns another type than the declaration, so that
 * statically linked code cannot find it and the value is not what the declaration says.
 */
export const linkageMismatch = defineRule<MemberRule<'linkage-mismatch'>>({
  id: 'linkage-mismatch',
  severity: 'error',
  summary:
    'A call whose runtime signature differs from the declared one: it fails under static linkage, and its value is not what the declaration says.',
  detection:
    'Under --linkage static every call of such a member; under dynamic linkage a call whose value is used (assigned, passed, returned, read), not one whose value is dropped.',
  fix: 'Build against the 1.0.0 series, which declares the member as the runtime has it, or (dynamic linkage) do not use the value.',
  refusedByProfile: false,
  breaks: (member, use, target) =>
    member.returns !== member.runtimeReturns &&
    (target.linkage === 'static' || (use.kind === 'call' && use.used)),
  describe(subject, use, target) {
    const [first] = subject.members
    const hint = hintOf(subject, (m) =>
      target.linkage === 'static'
        ? (m.instead ?? `Call ${m.id} from dynamically linked code.`)
        : (m.instead ?? `Do not use the value of ${m.id}.`),
    )
    if (target.linkage === 'static') {
      const used = use.kind === 'call' && use.used
      return {
        severity: 'error',
        message:
          `${subject.name} is declared returning ${first.returns} by ${declaredBy(subject)}, but the platform runtime's method returns ${first.runtimeReturns}: ` +
          `under static linkage ${fails(use)} with NoSuchMethodError ${descriptors(subject)}.` +
          (used
            ? ` The value used here is a ${simpleName(first.runtimeReturns)} at run time, not ${first.returns}.`
            : ''),
        hint,
      }
    }
    return {
      severity: 'warning',
      message:
        `${subject.name} is declared returning ${first.returns} by ${declaredBy(subject)}, but the value used here is the runtime's ${first.runtimeReturns}. ` +
        'It works under dynamic linkage only: statically linked code fails with NoSuchMethodError.',
      hint,
    }
  },
})
