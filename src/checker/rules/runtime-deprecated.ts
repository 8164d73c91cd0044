import { hintOf } from '../member-use.js'
import { TARGET_RUNTIME } from '../plugin-target.js'
import { defineRule, type MemberRule } from '../rule.js'

/** `runtime-deprecated`: a member the platform runtime deprecates, and warns about at its first use. */
export const runtimeDeprecated = defineRule<MemberRule<'runtime-deprecated'>>({
  id: 'runtime-deprecated',
  severity: 'warning',
  summary: 'A call to a member the platform runtime deprecates.',
  detection: 'Every call or reference of a member that the member table marks deprecated at runtime.',
  fix: 'Keep the use small and pass the task what it needs explicitly, or use what the finding suggests instead.',
  refusedByProfile: false,
  breaks: (member) => member.runtimeDeprecated !== undefined,
  describe(subject) {
    const [first] = subject.members
    return {
      severity: 'warning',
      message: `${first.owner}.${first.name} is deprecated by the platform runtime ${TARGET_RUNTIME}, which warns when the plugin first calls it.`,
      hint: hintOf(subject, (m) => m.runtimeDeprecated ?? ''),
    }
  },
})
