import { defineRule, type MemberRule, type RuleMessage } from '../rule.js'
import type { PluginTarget } from '../plugin-target.js'

/**
 * `api-version`: 1.0.0-series API in a plugin whose manifest targets the 0.0.5 library: a member only the
 * 1.0.0 series declares, or a name only `@tech-vendor/api/v1` exports (see {@link v1ExportMessage}).
 */
export const apiVersion = defineRule<MemberRule<'api-version'>>({
  id: 'api-version',
  severity: 'error',
  summary: '1.0.0-series API used by a plugin whose manifest targets the 0.0.5 library.',
  detection:
    "Every use of a name only '@tech-vendor/api/v1' exports, and every call or reference of a member only the 1.0.0 series declares, by the symbol the type checker resolves (whatever the import path, alias or barrel), in a file whose plugin manifest has apiVersion '0.0.5'.",
  fix: "Set vendorPlugin.apiVersion to '1.0.0' if the plugin runs on a 1.0.0-series library, or keep to the 0.0.5 API.",
  refusedByProfile: true,
  breaks: (member, _use, target) =>
    target.manifest.apiVersion === '0.0.5' &&
    member.declaredIn.length > 0 &&
    !member.declaredIn.includes('0.0.5'),
  describe(subject, _use, target) {
    return {
      severity: 'error',
      message: `${subject.name} belongs to the 1.0.0 series of the library, but the plugin targets 0.0.5 (vendorPlugin.apiVersion in ${target.manifestFile}).`,
      hint: "Set vendorPlugin.apiVersion to '1.0.0' and import from '@tech-vendor/api/v1', or use only the 0.0.5 API.",
    }
  },
})

/** The finding for names only the 1.0.0-series entry exports, used by a plugin that targets 0.0.5. */
export function v1ExportMessage(names: string, target: PluginTarget): RuleMessage {
  return {
    severity: 'error',
    message: `${names} is 1.0.0-series API, exported only by '@tech-vendor/api/v1', but the plugin targets 0.0.5 (vendorPlugin.apiVersion in ${target.manifestFile}).`,
    hint: apiVersion.fix,
  }
}
