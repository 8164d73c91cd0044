import type { ConformanceGroup } from '../conformance-options.js'
import type { SuiteContext } from '../suite-context.js'

/** One group of the conformance suite: its name, its title in the report, and its tests. @internal */
export interface GroupDefinition {
  readonly group: ConformanceGroup
  /** The group's title in the test report, naming the part of SPEC it holds. */
  readonly title: string
  /** Registers the group's tests in the current `describe` block. */
  readonly register: (context: SuiteContext) => void
}
