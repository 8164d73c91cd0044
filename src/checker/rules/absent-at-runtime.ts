import { declaredBy, descriptors, fails, hintOf } from '../member-use.js'
import { TARGET_RUNTIME } from '../plugin-target.js'
import { defineRule, type MemberRule } from '../rule.js'

/** `absent-at-runtime`: a member the library declares and the platform runtime does not have. */
export const absentAtRuntime = defineRule<MemberRule<'absent-at-runtime'>>({
  id: 'absent-at-runtime',
  severity: 'error',
  summary: 'A call to a member the library declares but the platform runtime does not have.',
  detection:
    "Every call or reference the type checker resolves to a member that the member table marks absent from the runtime, on the library's facade however it is reached.",
  fix: 'Call what the runtime has instead (each finding names it), or remove the call.',
  refusedByProfile: true,
  breaks: (member) => member.runtime === 'absent',
  describe(subject, use, target) {
    const failure =
      target.linkage === 'static' ? `NoSuchMethodError ${descriptors(subject)}` : 'MissingMethodException'
    return {
      severity: 'error',
      message: `${subject.name} is declared by ${declaredBy(subject)} but the platform runtime ${TARGET_RUNTIME} does not have it: ${fails(use)} with ${failure}.`,
      hint: hintOf(subject, (m) => m.instead ?? `Remove the call to ${m.id}.`),
    }
  },
})
