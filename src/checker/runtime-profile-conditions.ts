/**
 * What every runtime-profile condition of the package starts with: `tech-vendor-runtime-1.0.0-beta18` today,
 * and the condition of any later runtime profile (package.json maps each under `.` and `./v1`).
 */
export const RUNTIME_PROFILE_CONDITION_PREFIX = 'tech-vendor-runtime-'

/** Whether `condition` (an entry of a tsconfig's `customConditions`) selects one of the package's runtime profiles. */
export function isRuntimeProfileCondition(condition: string): boolean {
  return condition.startsWith(RUNTIME_PROFILE_CONDITION_PREFIX)
}
