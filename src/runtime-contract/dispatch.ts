import { IllegalStateException } from '../errors/illegal-state-exception.js'
import { MissingMethodException } from '../errors/missing-method-exception.js'
import { NoSuchMethodError } from '../errors/no-such-method-error.js'
import { groovyTypeOf, groovyValueOf, jvmDescriptor } from './jvm-names.js'
import { memberSpecs, type MemberSpec, type NumberedMember } from './members.js'
import { registrySlot, type Binding } from './registry.js'
import type { FacetName, VendorRuntime } from './vendor-runtime.js'

/**
 * The process-wide slot, read once: every copy of the package gets the same object from `globalThis`, and the
 * slot is never replaced (registry.ts defines it non-configurable), so holding it skips a symbol-keyed lookup
 * on `globalThis` in every facade call.
 */
const slot = registrySlot()

/** A member spec whose facet is known to the type system. */
type MemberOf<F extends FacetName> = MemberSpec & { readonly facet: F }

/**
 * The facet that backs `member` on the bound runtime, after the checks the platform makes when plugin code
 * calls it: a runtime is bound, it has the member, the member links under the runtime's linkage. Emits the
 * runtime deprecation warning on first use per binding.
 *
 * The facades call it on every host-backed call. The facet is read from the runtime on every call (a host may
 * hand out another facet object at any time); the member checks run once per binding and facet object, so the
 * path that succeeds reads the global slot, the facet and one array element. Every read on that path is
 * shaped alike whichever member is called, so it stays fast in V8 in a plugin that calls many members.
 *
 * @param member - The member being called.
 * @param args - The call's arguments, for the error message of a missing member.
 * @returns The facet, to call `member.member` on.
 */
export function hostFacet<F extends FacetName>(
  member: MemberOf<F>,
  args: ArrayLike<unknown>,
): Required<NonNullable<VendorRuntime[F]>> {
  const binding = slot.binding
  if (binding === undefined) throw notBound(member)
  const facet = facetOf(binding.runtime, member.facet)
  const checked = binding.checked
  if (facet !== undefined && checked !== undefined && checked[indexOf(member)] === facet)
    return facet as never
  return checkedFacet(binding, facet, member, args)
}

/** The member checks of {@link hostFacet}; remembers the facet object when they pass. */
function checkedFacet<F extends FacetName>(
  binding: Binding,
  facet: unknown,
  member: MemberOf<F>,
  args: ArrayLike<unknown>,
): Required<NonNullable<VendorRuntime[F]>> {
  const runtime = binding.runtime
  if (facet === undefined || typeof (facet as Record<string, unknown>)[member.member] !== 'function')
    throw missingMember(member, args, runtime)
  if (member.returns !== member.runtimeReturns && runtime.description.linkage === 'static') {
    throw new NoSuchMethodError(jvmDescriptor(member), member.instead)
  }
  if (member.runtimeDeprecated !== undefined) warnDeprecated(binding, member)
  remember(binding, indexOf(member), facet)
  return facet as Required<NonNullable<VendorRuntime[F]>>
}

/**
 * Records that a member passed its checks on `facet`. Adds `checked` to a binding made by a copy that predates
 * it, and grows it to every index reserved so far (a copy loaded after the binding was made has indexes past
 * its end; reads past the end would send V8 back to slower code).
 */
function remember(binding: Binding, index: number, facet: unknown): void {
  if (binding.checked === undefined) {
    if (!Object.isExtensible(binding)) return
    Object.assign(binding, { checked: [] })
  }
  const checked = binding.checked as unknown[]
  while (checked.length < (slot.memberIndexes ?? 0)) checked.push(undefined)
  checked[index] = facet
}

/** The member's index in the binding's `checked` array. */
function indexOf(member: MemberSpec): number {
  return (member as NumberedMember).memberIndex
}

/**
 * The runtime's facet by name, read as a named property: a keyed read (`runtime[name]`) sees every facet name
 * in a plugin that calls several facades, and V8 turns it into a generic lookup several times slower.
 */
function facetOf(runtime: VendorRuntime, name: FacetName): unknown {
  switch (name) {
    case 'query':
      return runtime.query
    case 'domain':
      return runtime.domain
    case 'storage':
      return runtime.storage
    case 'beans':
      return runtime.beans
    case 'async':
      return runtime.async
    case 'messages':
      return runtime.messages
    case 'rpc':
      return runtime.rpc
  }
}

function notBound(member: MemberSpec): Error {
  const orphan = slot.refuseOrphan?.(member.id)
  if (orphan !== undefined) return orphan
  return new IllegalStateException(
    `${member.id} is not available: no runtime is bound. The platform binds one when it loads the plugin. ` +
      `In a unit test, install the reference host: createTestHost(options).install() from '@tech-vendor/api/testing'; ` +
      `a host of your own binds with bindRuntime(runtime) from '@tech-vendor/api/runtime-contract'.`,
  )
}

function missingMember(member: MemberSpec, args: ArrayLike<unknown>, runtime: VendorRuntime): Error {
  const host = `runtime '${runtime.description.name}' (platform ${runtime.description.platformVersion})`
  const hint = `The bound ${host} does not provide ${member.id}.${member.instead === undefined ? '' : ` ${member.instead}`}`
  if (runtime.description.linkage === 'static') return new NoSuchMethodError(jvmDescriptor(member), hint)
  const values = Array.from(args)
  const solutions = memberSpecs
    .filter(
      (m) => m.owner === member.owner && m.name === member.name && m !== member && hasMember(runtime, m),
    )
    .map((m) => `${m.name}(${m.parameters.join(', ')})`)
  return new MissingMethodException({
    method: member.name,
    type: member.javaOwner,
    isStatic: member.isStatic,
    argumentTypes: values.map(groovyTypeOf),
    argumentValues: values.map(groovyValueOf),
    hint:
      solutions.length === 0 ? hint : `Possible solutions: ${[...new Set(solutions)].join(', ')}\n${hint}`,
  })
}

function hasMember(runtime: VendorRuntime, member: MemberSpec): boolean {
  const facet = runtime[member.facet] as Record<string, unknown> | undefined
  return typeof facet?.[member.member] === 'function'
}

function warnDeprecated(binding: Binding, member: MemberSpec): void {
  const key = `${member.owner}.${member.name}`
  if (binding.warned.has(key)) return
  binding.warned.add(key)
  const message =
    `${key} is deprecated at runtime (platform ${binding.runtime.description.platformVersion}). ${member.runtimeDeprecated ?? ''}`.trim()
  const emit = (globalThis as { process?: { emitWarning?: (m: string, o: object) => void } }).process
    ?.emitWarning
  if (typeof emit === 'function') {
    emit.call(globalThis.process, message, {
      type: 'DeprecationWarning',
      code: `TECH_VENDOR_API_${member.owner.toUpperCase()}_${member.name.toUpperCase()}`,
    })
  } else {
    console.warn(`DeprecationWarning: ${message}`)
  }
}
