import { IllegalStateException } from '../errors/illegal-state-exception.js'
import { MissingMethodException } from '../errors/missing-method-exception.js'
import { NoSuchMethodError } from '../errors/no-such-method-error.js'
import { groovyTypeOf, groovyValueOf, jvmDescriptor } from './jvm-names.js'
import { memberSpecs, type MemberSpec } from './members.js'
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
 * The facades call it on every host-backed call, so the path that succeeds reads one global slot and a few
 * properties; everything else is on the failure path.
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
  const runtime = binding.runtime
  const facet = runtime[member.facet] as Record<string, unknown> | undefined
  if (facet === undefined || typeof facet[member.member] !== 'function')
    throw missingMember(member, args, runtime)
  if (member.returns !== member.runtimeReturns && runtime.description.linkage === 'static') {
    throw new NoSuchMethodError(jvmDescriptor(member), member.instead)
  }
  if (member.runtimeDeprecated !== undefined) warnDeprecated(binding, member)
  return facet as Required<NonNullable<VendorRuntime[F]>>
}

function notBound(member: MemberSpec): IllegalStateException {
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
  const message = `${key} is deprecated at runtime (platform ${binding.runtime.description.platformVersion}). ${member.runtimeDeprecated ?? ''}`
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
