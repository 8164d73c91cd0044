import { jvmDescriptor } from '../runtime-contract/jvm-names.js'
import type { MemberSpec } from '../runtime-contract/members.js'

/** How plugin code uses a member: a call (whose value is used or not), or a reference it may call later. */
export type MemberUse = { readonly kind: 'call'; readonly used: boolean } | { readonly kind: 'reference' }

/**
 * What a finding is about: the one member a call reaches, or every overload of the name that a call through a
 * reference may reach.
 */
export interface MemberSubject {
  readonly members: readonly [MemberSpec, ...MemberSpec[]]
  /** How messages name it: the member's id, or `Owner.name (every overload)`. */
  readonly name: string
}

/** "the 0.0.5 library", "both library lines (0.0.5 and 1.0.0)", "no library line". */
export function declaredBy(subject: MemberSubject): string {
  const lines = [...new Set(subject.members.flatMap((m) => m.declaredIn))].sort()
  if (lines.length === 0) return 'no library line'
  return lines.length === 1 ? `the ${lines[0]} library` : `both library lines (${lines.join(' and ')})`
}

/** The JVM descriptors of the subject's members, as `NoSuchMethodError` names them. */
export function descriptors(subject: MemberSubject): string {
  return subject.members.map((m) => jvmDescriptor(m)).join(' or ')
}

/** "the call fails" or "a call through it fails". */
export function fails(use: MemberUse): string {
  return use.kind === 'call' ? 'the call fails' : 'a call through it fails'
}

/** One hint from each member's own, without repeats. */
export function hintOf(subject: MemberSubject, of: (member: MemberSpec) => string): string {
  return [...new Set(subject.members.map(of))].join(' ')
}
