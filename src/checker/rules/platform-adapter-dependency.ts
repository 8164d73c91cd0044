import { PLATFORM_ADAPTER } from '../../plugin-manifest/plugin-manifest-fields.js'
import { defineRule, type MemberRule } from '../rule.js'

/** `platform-adapter-dependency`: `BeanContainer` in a plugin that does not depend on `PlatformAdapter`. */
export const platformAdapterDependency = defineRule<MemberRule<'platform-adapter-dependency'>>({
  id: 'platform-adapter-dependency',
  severity: 'error',
  summary:
    "BeanContainer used by a plugin whose manifest does not list 'PlatformAdapter' in dependsOnPlugins.",
  detection:
    "Every call or reference of a BeanContainer member, checked against the manifest of the file's plugin.",
  fix: `Add "${PLATFORM_ADAPTER}" to vendorPlugin.dependsOnPlugins in the plugin's package.json.`,
  refusedByProfile: false,
  breaks: (member, _use, target) =>
    member.facet === 'beans' && !target.manifest.dependsOnPlugins.includes(PLATFORM_ADAPTER),
  describe(subject, _use, target) {
    const [first] = subject.members
    return {
      severity: 'error',
      message:
        `${first.owner}.${first.name} works only when the plugin depends on the built-in plugin ${PLATFORM_ADAPTER}, ` +
        `and vendorPlugin.dependsOnPlugins in ${target.manifestFile} does not list it.`,
      hint: `Add "${PLATFORM_ADAPTER}" to vendorPlugin.dependsOnPlugins in ${target.manifestFile}.`,
    }
  },
})
