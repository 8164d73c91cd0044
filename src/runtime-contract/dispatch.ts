import { IllegalStateException } from '../errors/illegal-state-exception.js'
import { MissingMethodException } from '../errors/missing-method-exception.js'
import { NoSuchMethodError } from '../errors/no-such-method-error.js'
import { groovyTypeOf, groovyValueOf, jvmDescriptor } from './jvm-names.js'
import { memberSpecs, type KeyedMember, type MemberKey, type MemberSpec, type members } from './members.js'
import { registerCopy, registrySlot, type Binding, type BoundFacets } from './registry.js'
import type { Linkage } from './runtime-description.js'
import type { FacetName, VendorRuntime } from './vendor-runtime.js'

/**
 * The process-wide slot, read once: every copy of the package gets the same object from `globalThis`, and the
 * slot is never replaced (registry.ts defines it non-configurable).
 */
const slot = registrySlot()

/** A member spec whose facet is known to the type system. */
type MemberOf<F extends FacetName> = MemberSpec & { readonly facet: F }

/** The facet a facade calls: the runtime's, with every member the contract declares for it. */
type CalledFacet<F extends FacetName> = Required<NonNullable<VendorRuntime[F]>>

/** The record of {@link linked}: per member of this copy, the facet it calls with no check, if any. */
export type LinkedFacets = {
  [K in MemberKey]: CalledFacet<(typeof members)[K]['facet']> | undefined
}

/**
 * Per member of this copy of the package, the facet of the bound runtime it calls when the call needs no check:
 * the runtime has the member, it links under the runtime's linkage, and it does not warn on this call.
 * `undefined` otherwise, and for every member while no runtime is bound. {@link relink} fills it for every new
 * binding, whichever copy makes it (see `registerCopy`), so a facade of an instance (a query's `list`) reads
 * one property of a record of its own copy and calls {@link checkedFacet} only when it finds nothing there:
 *
 * ```ts
 * const facet = linked.queryGet ?? checkedFacet(members.queryGet, arguments)
 * ```
 *
 * A static facade reads its class's record instead (see {@link LINKED}). One named property per member, read
 * where the member is called, because that is what V8 reads fastest (docs/performance.md measures what a
 * facade call costs).
 */
export const linked: LinkedFacets = Object.seal(
  Object.fromEntries(memberSpecs.map((member) => [keyOf(member), undefined])),
) as LinkedFacets

/** The record as {@link relink} and {@link checkedFacet} write it. */
const links = linked as Record<MemberKey, unknown>

/**
 * The key under which each static facade class of this copy holds the record of the current binding: what
 * {@link linked} holds, in a record made afresh for each binding. A static facade reads it through `this`, and
 * calls {@link checkedFacet} with its class when it finds nothing there, which gives the class the record from
 * then on:
 *
 * ```ts
 * const facet =
 *   (this as FacadeClass)?.[LINKED]?.countName ?? checkedFacet(members.countName, arguments, SimpleQuery)
 * ```
 *
 * A class takes the record on its first call rather than when its module loads, so that a bundler can still
 * leave out the facade classes a plugin does not use.
 *
 * This is for V8, which folds what a call reads into the compiled code when it knows the object read and sees
 * the property written only once. Where the call site holds the class in a closure (as the facade benchmark's
 * loop does), V8 knows the class, the record its property holds, and the facet and method in the record, and
 * calls the host as directly as code holding the host object itself would. {@link linked}'s properties are
 * written at every binding, so reading them stays a load and a check on every call. A call whose `this` is not
 * a facade class (`const { count } = SimpleQuery`, then `count('Order')`) reads {@link linked}, through
 * {@link checkedFacet}. The symbol is this copy's own: only its records are found under it. A record is
 * emptied when its binding ends, so an object that was given one (the class's properties copied onto it)
 * calls nothing through it after that; only a record someone froze (SES's `harden` of a facade class, after
 * its first call) keeps calling the runtime it was made for.
 */
export const LINKED: unique symbol = Symbol('@tech-vendor/api linked facets')

/** What a static facade's `this` is: its class (or a subclass), or whatever the caller called it on. */
export type FacadeClass = { readonly [LINKED]?: LinkedFacets } | null | undefined

/** What the facade classes hold under {@link LINKED}: the binding's facets as {@link linked} holds them. */
type ClassRecord = Record<MemberKey, unknown> & { readonly binding: Binding }

/** The static facade classes of this copy that hold the record (see {@link checkedFacet}). */
const facadeClasses = new Set<object>()

/** The record the facade classes hold, while a runtime is bound. */
let classRecord: ClassRecord | undefined

/**
 * The record of a binding for the facade classes, filled as it is made, so that V8 sees each property written
 * once. It starts with the binding, which also keeps V8's knowledge of its properties apart from what it knows of
 * {@link linked}'s: objects made with the same properties in the same order share it, and {@link linked}'s are
 * written again at every binding.
 */
function classRecordOf(binding: Binding, called: readonly unknown[]): ClassRecord {
  return Object.fromEntries([
    ['binding', binding],
    ...memberSpecs.map((member, index) => [keyOf(member), called[index]]),
  ]) as ClassRecord
}

/**
 * Writes the record onto the class, never throwing (the registry's writers must not). The property is defined
 * with a record, not before, so that V8 sees it written once for as long as that binding lasts; a process that
 * binds again (a test suite) writes it again, and then a facade call loads and checks the class's property and
 * the record's. A class someone froze takes no record, and its facades read {@link linked}; one frozen while it
 * holds a record keeps it, and {@link retire} empties that record at the next change.
 */
function give(facadeClass: object, record: ClassRecord | undefined): void {
  if (Object.hasOwn(facadeClass, LINKED)) Reflect.set(facadeClass, LINKED, record)
  else if (record !== undefined)
    Reflect.defineProperty(facadeClass, LINKED, { value: record, writable: true, enumerable: false })
}

/**
 * Empties a record that is no longer the binding's, wherever it is still held (a class frozen since, an object
 * the class's properties were copied to, a proxy's cache): a facade that reads it finds nothing and calls
 * {@link checkedFacet}, and it keeps no runtime alive. Only a record frozen too stays as it is.
 */
function retire(record: ClassRecord): void {
  for (const key of Object.keys(record)) Reflect.set(record, key, undefined)
}

/**
 * Reads what {@link linked} holds for a new binding, and returns what writes it there (everything `undefined`
 * when the runtime is unbound): the registry writes it once the binding has changed (see `registerCopy`). It
 * reads the facets and the linkage the binding holds, and each member from its facet (a getter there runs, but
 * cannot throw out of here: see {@link hasFunction}). A binding made by a copy that predates `facets` links
 * nothing: its calls read the runtime's facets, and run the checks, every time.
 */
function relink(binding: Binding | undefined): () => void {
  const facets = binding?.facets
  const linkage = binding?.linkage
  const called = memberSpecs.map((member) => {
    const facet = facets?.[member.facet]
    const passes =
      linkage !== undefined &&
      hasFunction(facet, member) &&
      !failsToLink(member, linkage) &&
      member.runtimeDeprecated === undefined
    return passes ? facet : undefined
  })
  return () => {
    memberSpecs.forEach((member, index) => (links[keyOf(member)] = called[index]))
    const previous = classRecord
    classRecord = binding?.facets === undefined ? undefined : classRecordOf(binding, called)
    for (const facadeClass of facadeClasses) give(facadeClass, classRecord)
    if (previous !== undefined) retire(previous)
  }
}
registerCopy(linked, relink)

/**
 * The facet that backs `member` on the bound runtime, after the checks the platform makes when plugin code
 * calls it: a runtime is bound, it has the member, the member links under the runtime's linkage. Emits the
 * runtime deprecation warning on the member's first call per binding, and from then on lets the facade find
 * the facet in {@link linked} and in the classes' record. Facades call it when their record has no facet for
 * the member; a facet {@link linked} has is returned with no check (a static facade called with another `this`).
 *
 * @param member - The member being called.
 * @param args - The call's arguments, for the error message of a missing member.
 * @param facadeClass - The class of a static facade, which holds the record from then on (see {@link LINKED}).
 * @returns The facet, to call `member.member` on.
 */
export function checkedFacet<F extends FacetName>(
  member: MemberOf<F>,
  args: ArrayLike<unknown>,
  facadeClass?: object,
): CalledFacet<F> {
  if (facadeClass !== undefined && !facadeClasses.has(facadeClass)) {
    facadeClasses.add(facadeClass)
    give(facadeClass, classRecord)
  }
  const known = links[keyOf(member)]
  if (known !== undefined) return known as CalledFacet<F>
  const binding = slot.binding
  if (binding === undefined) throw notBound(member)
  const runtime = binding.runtime
  // A binding made by a copy that predates `facets`: its facets are read from the runtime on each call.
  const facets: BoundFacets = binding.facets ?? runtime
  const facet: unknown = facets[member.facet]
  if (!hasFunction(facet, member)) throw missingMember(member, args, runtime, facets)
  if (failsToLink(member, runtime.description.linkage))
    throw new NoSuchMethodError(jvmDescriptor(member), member.instead)
  if (member.runtimeDeprecated !== undefined) warnDeprecated(binding, member)
  // Host code ran above (the member's getter, the warning's listeners): only a binding still current is linked.
  if (binding.facets !== undefined && slot.binding === binding) {
    links[keyOf(member)] = facet
    // Reflect.set: a record someone froze keeps what it has, and the call goes on.
    if (classRecord?.binding === binding) Reflect.set(classRecord, keyOf(member), facet)
  }
  return facet as CalledFacet<F>
}

/**
 * Whether the facet has the member as a function. A facet that throws when a member it lacks is read (a
 * strict mock, say) lacks it: the call then fails as the platform fails for a missing member.
 */
function hasFunction(facet: unknown, member: MemberSpec): boolean {
  try {
    return typeof (facet as Record<string, unknown> | undefined)?.[member.member] === 'function'
  } catch {
    return false
  }
}

/** Whether the runtime's return type breaks the link of a statically linked call (`task(Runnable)` in 0.0.5). */
function failsToLink(member: MemberSpec, linkage: Linkage): boolean {
  return member.returns !== member.runtimeReturns && linkage === 'static'
}

/** The member's key in `members`, which names its property in {@link linked}. */
function keyOf(member: MemberSpec): MemberKey {
  return (member as KeyedMember).key
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

/**
 * The platform's error for a call of a member the bound facets lack; under dynamic linkage it lists the
 * overloads they do have, as Groovy does.
 */
function missingMember(
  member: MemberSpec,
  args: ArrayLike<unknown>,
  runtime: VendorRuntime,
  facets: BoundFacets,
): Error {
  const host = `runtime '${runtime.description.name}' (platform ${runtime.description.platformVersion})`
  const hint = `The bound ${host} does not provide ${member.id}.${member.instead === undefined ? '' : ` ${member.instead}`}`
  if (runtime.description.linkage === 'static') return new NoSuchMethodError(jvmDescriptor(member), hint)
  const values = Array.from(args)
  const solutions = memberSpecs
    .filter(
      (m) =>
        m.owner === member.owner && m.name === member.name && m !== member && hasFunction(facets[m.facet], m),
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
