import type ts from 'typescript'
import type { MemberSpec } from '../runtime-contract/members.js'
import type { LibraryLine } from '../runtime-contract/runtime-description.js'
import type { LibraryFiles } from './library-files.js'
import { outermost, skipOuter } from './expression-wrappers.js'
import type { TypeScript } from './load-typescript.js'
import type { ProfiledTypes } from './profiled-types.js'
import { resolveAlias } from './resolve-alias.js'

/**
 * A place where plugin code takes a library member without calling it there: `MessageHelper.pushNotification`
 * passed on or bound to a name, `AsyncHelper['newForkJoinPool']`, `const { task } = AsyncHelper`.
 */
export interface MemberReference {
  /** The expression or binding element that takes the member. */
  readonly node: ts.Node
  /** Where to report: the member's name (or the string key). */
  readonly at: ts.Node
  /** The facade and the member name, such as `AsyncHelper` and `task`. */
  readonly owner: string
  readonly name: string
  /**
   * Every overload of the name on the library line the member is taken from: what a call through the
   * reference may reach, since the arguments that choose among them are not known here.
   */
  readonly overloads: readonly MemberSpec[]
}

/** A call of plugin code resolved to the library member it reaches. */
export interface MemberCall {
  /** The member, as the facade that runs the call dispatches it. */
  readonly member: MemberSpec
  /** Where to report: the called name. */
  readonly at: ts.Node
  /**
   * The reference the call goes through when it calls a local constant bound to the member
   * (`const push = MessageHelper.pushNotification; push(n)`): what holds for every overload is reported
   * there, once, and only the rest at the call.
   */
  readonly via?: MemberReference
  /**
   * Whether the member was resolved from the runtime profile's program, its types there being the declared
   * surface's: that program's types then hold around the call too.
   */
  readonly profiled: boolean
}

/** What a reference resolves to before an overload is chosen. */
interface Resolved {
  readonly owner: string
  readonly name: string
  /** Every member of the table by that owner and name, all library lines. */
  readonly candidates: readonly MemberSpec[]
  /** The library line whose facade the member is taken from. */
  readonly line: LibraryLine
  /** Where to report. */
  readonly at: ts.Node
  /** The checker that resolved it: the profiled program's where its types are the declared surface's. */
  readonly checker: ts.TypeChecker
}

/** What a parameter or an argument can be, coarsely: enough to tell the overloads of one member apart. */
type Kind = 'string' | 'number' | 'boolean' | 'array' | 'class' | 'function' | 'object'
type Kinds = ReadonlySet<Kind> | 'any'

const ANY = 'any'
const kinds = (...k: Kind[]): ReadonlySet<Kind> => new Set(k)

/** The kinds of value a TypeScript caller passes for a Java parameter type. */
const JAVA_KINDS: Readonly<Record<string, Kinds>> = {
  'java.lang.String': kinds('string'),
  long: kinds('number'),
  int: kinds('number'),
  double: kinds('number'),
  'java.lang.Long': kinds('number'),
  'java.lang.Integer': kinds('number'),
  boolean: kinds('boolean'),
  'java.lang.Boolean': kinds('boolean'),
  'java.lang.Class': kinds('class'),
  'java.util.List': kinds('array'),
  'java.util.Collection': kinds('array'),
  'java.lang.Runnable': kinds('function', 'object'),
  'groovy.lang.Closure': kinds('function'),
  'java.util.function.Function': kinds('function'),
  'java.util.function.Supplier': kinds('function'),
  'java.util.concurrent.ExecutorService': kinds('object'),
}

function overlaps(a: Kinds, b: Kinds): boolean {
  if (a === ANY || b === ANY) return true
  for (const k of a) if (b.has(k)) return true
  return false
}

/** `fn.call(thisArg, ...args)` and `fn.apply(thisArg, [args])`: calls of `fn` with the arguments shifted. */
const FORWARDERS = new Set(['call', 'apply'])

/**
 * Maps plugin code to the library's member table, through the type checker. A member is the library's when
 * the property the type checker resolves is declared in the library, or, for a member the runtime has
 * beyond the declared surface (`pushMessage`, `supplyAsync` on the root), when the object it is read from
 * is the library's facade. A plugin's own method of the same name is neither. A call's overload is chosen by
 * its arguments, as the facade that runs the call chooses it.
 */
export class MemberMatcher {
  readonly #ts: TypeScript
  readonly #checker: ts.TypeChecker
  readonly #library: LibraryFiles
  /** Members by `Owner.name`. */
  readonly #byName = new Map<string, MemberSpec[]>()
  /** Every member name, to skip what cannot be one before asking the type checker. */
  readonly #names = new Set<string>()
  /** The library lines that declare any overload of `Owner.name`. */
  readonly #linesByName = new Map<string, Set<LibraryLine>>()
  /** The library line of each facade class declaration met, once told. */
  readonly #classLines = new Map<ts.Node, LibraryLine | undefined>()
  /** The runtime profile's program, whose computed types are taken where they are the declared surface's. */
  readonly #profiled: ProfiledTypes | undefined

  /**
   * @param checker - The checker of the program without the runtime profile, which the rules resolve against.
   * @param profiled - Under a runtime profile, the profiled program's types, asked first where they agree.
   */
  constructor(
    typescript: TypeScript,
    checker: ts.TypeChecker,
    library: LibraryFiles,
    specs: readonly MemberSpec[],
    profiled?: ProfiledTypes,
  ) {
    this.#ts = typescript
    this.#checker = checker
    this.#library = library
    this.#profiled = profiled
    for (const spec of specs) {
      const key = `${spec.owner}.${spec.name}`
      const list = this.#byName.get(key)
      if (list === undefined) this.#byName.set(key, [spec])
      else list.push(spec)
      this.#names.add(spec.name)
      const lines = this.#linesByName.get(key) ?? new Set<LibraryLine>()
      for (const line of spec.declaredIn) lines.add(line)
      this.#linesByName.set(key, lines)
    }
  }

  /**
   * The library member `call` reaches, or `undefined` when it reaches none: `X.m(...)`, `X['m'](...)`, `(0, X.m)(...)`,
   * `X.m.call(thisArg, ...)`, `X.m.apply(thisArg, [...])`, `X.m.bind(X, ...)(...)`, and the call of a local
   * constant bound to a member (`const push = X.m`, `const { m } = X`, `const push = X.m.bind(X)`).
   */
  matchCall(call: ts.CallExpression): MemberCall | undefined {
    const t = this.#ts
    const callee = skipOuter(t, call.expression)
    // `(0, X.m)(...)`, as compilers write a call without its `this`: the call of `X.m`.
    if (t.isBinaryExpression(callee) && callee.operatorToken.kind === t.SyntaxKind.CommaToken)
      return this.#matchAt(call, skipOuter(t, callee.right), call.arguments, true)
    if (t.isPropertyAccessExpression(callee) && FORWARDERS.has(callee.name.text)) {
      const args = forwardedArguments(t, call, callee.name.text)
      const forwarded =
        args === undefined ? undefined : this.#matchAt(call, skipOuter(t, callee.expression), args, false)
      if (forwarded !== undefined) return forwarded
    }
    const bound = boundFunction(t, callee)
    if (bound !== undefined) {
      // `X.m.bind(X, a)(b)`: the bound arguments come first.
      return this.#matchAt(call, bound.target, [...bound.arguments, ...call.arguments], false)
    }
    return this.#matchAt(call, callee, call.arguments, true)
  }

  /**
   * The library member `node` takes without calling it there (a property or element access, or a binding
   * element of an object pattern), or `undefined`. Not a reference: the callee of a call {@link matchCall}
   * matches, a feature test (`typeof X.m`, `if (X.m)`, `X.m === undefined`), a write.
   */
  matchReference(node: ts.Node): MemberReference | undefined {
    const t = this.#ts
    let resolved: Resolved | undefined
    if (t.isPropertyAccessExpression(node) || t.isElementAccessExpression(node)) {
      if (this.#isCalled(node) || isFeatureTest(t, node) || isWritten(t, node)) return undefined
      resolved = this.#resolve(node)
    } else if (t.isBindingElement(node)) {
      resolved = this.#resolveBinding(node)
    }
    return resolved === undefined ? undefined : this.#referenceOf(node, resolved)
  }

  #matchAt(
    call: ts.CallExpression,
    target: ts.Expression,
    args: readonly ts.Expression[],
    direct: boolean,
  ): MemberCall | undefined {
    let resolved: Resolved | undefined
    let via: MemberReference | undefined
    if (this.#ts.isIdentifier(target)) {
      const alias = this.#aliasOf(target)
      if (alias === undefined) return undefined
      via = alias.reference
      resolved = { ...alias.resolved, at: target }
    } else {
      resolved = this.#resolve(target)
    }
    if (resolved === undefined) return undefined
    const member = this.#choose(resolved, args, direct ? call : undefined)
    if (member === undefined) return undefined
    const profiled = resolved.checker !== this.#checker
    return via === undefined
      ? { member, at: resolved.at, profiled }
      : { member, at: resolved.at, via, profiled }
  }

  /**
   * Whether a call {@link matchCall} matches calls `node`: as its callee, as `node.call(...)` /
   * `node.apply(...)`, or as `node.bind(...)(...)`.
   */
  #isCalled(node: ts.Expression): boolean {
    const t = this.#ts
    const outer = outermost(t, node)
    const parent = outer.parent
    if (t.isCallExpression(parent) && parent.expression === outer) return true
    if (!t.isPropertyAccessExpression(parent)) return false
    const method = outermost(t, parent)
    const call = method.parent
    if (!t.isCallExpression(call) || call.expression !== method) return false
    if (FORWARDERS.has(parent.name.text)) return forwardedArguments(t, call, parent.name.text) !== undefined
    if (parent.name.text !== 'bind') return false
    const boundCall = outermost(t, call).parent
    return t.isCallExpression(boundCall) && boundCall.expression === outermost(t, call)
  }

  /** `X.m` or `X[key]` (a string key, or a key whose type is one string literal) resolved to a library member. */
  #resolve(expression: ts.Expression): Resolved | undefined {
    const t = this.#ts
    const checker = this.#checker
    if (t.isPropertyAccessExpression(expression)) {
      const name = expression.name
      if (!t.isIdentifier(name) || !this.#names.has(name.text)) return undefined
      const profiled = this.#profiledFor(expression)
      if (profiled !== undefined) {
        // The receiver typed as in the declared surface, and the property declared there too: the same answer.
        const receiver = profiled.checker.getTypeAtLocation(expression.expression)
        const property = profiled.isSharedType(receiver)
          ? profiled.checker.getSymbolAtLocation(name)
          : undefined
        if (property !== undefined && profiled.isSharedSymbol(property))
          return this.#resolveProperty(name.text, property, expression.expression, name, profiled.checker)
      }
      const property = checker.getSymbolAtLocation(name)
      return this.#resolveProperty(name.text, property, expression.expression, name, checker)
    }
    if (!t.isElementAccessExpression(expression)) return undefined
    const argument = expression.argumentExpression
    const key = skipOuter(t, argument)
    const receiver = expression.expression
    let name: string | undefined
    if (t.isStringLiteralLike(key)) {
      name = key.text
    } else if (this.#facadeOf(receiver) !== undefined) {
      // A key typed as one member's name (`const key = 'pushNotification'`, `k: 'task'`, `k as 'task'`, an
      // enum member); asked only on a facade, so that indexing elsewhere stays cheap.
      const type = checker.getTypeAtLocation(argument)
      if (type.isStringLiteral()) name = type.value
    }
    if (name === undefined || !this.#names.has(name)) return undefined
    const property = checker.getPropertyOfType(checker.getTypeAtLocation(receiver), name)
    return this.#resolveProperty(name, property, receiver, key, checker)
  }

  /** The member an object pattern's element takes: `task` in `const { task } = AsyncHelper`. */
  #resolveBinding(element: ts.BindingElement): Resolved | undefined {
    const t = this.#ts
    const pattern = element.parent
    if (!t.isObjectBindingPattern(pattern)) return undefined
    const key = element.propertyName ?? element.name
    if (!t.isIdentifier(key) && !t.isStringLiteralLike(key)) return undefined
    if (!this.#names.has(key.text)) return undefined
    const property = this.#checker.getPropertyOfType(this.#checker.getTypeAtLocation(pattern), key.text)
    const declaration = pattern.parent
    const receiver = t.isVariableDeclaration(declaration) ? declaration.initializer : undefined
    return this.#resolveProperty(key.text, property, receiver, key, this.#checker)
  }

  /** The profiled program's types, when they can be asked about `node` (its file is the same parsed object). */
  #profiledFor(node: ts.Node): ProfiledTypes | undefined {
    const profiled = this.#profiled
    return profiled !== undefined && profiled.covers(node.getSourceFile()) ? profiled : undefined
  }

  /**
   * The member a property of `receiver` is: the library's when the type checker resolves it to a declaration
   * in the library, or when `receiver` is the library's facade (which carries members beyond its declared
   * type: the runtime's own, or one a module augmentation of the plugin declares). A property of the
   * plugin's own object is none.
   */
  #resolveProperty(
    name: string,
    property: ts.Symbol | undefined,
    receiver: ts.Expression | undefined,
    at: ts.Node,
    checker: ts.TypeChecker,
  ): Resolved | undefined {
    let owner: string | undefined
    let declaringClass: ts.Node | undefined
    const declaration = property?.declarations?.find((d) => this.#library.has(d.getSourceFile().fileName))
    if (declaration !== undefined) {
      owner = ownerName(this.#ts, declaration)
      declaringClass = declaration.parent
    } else if (receiver !== undefined) {
      const facade = this.#facadeOf(receiver)
      owner = facade?.owner
      declaringClass = facade?.declaration
    }
    if (owner === undefined) return undefined
    const candidates = this.#byName.get(`${owner}.${name}`)
    if (candidates === undefined) return undefined
    return { owner, name, candidates, line: this.#classLine(declaringClass) ?? '0.0.5', at, checker }
  }

  /** The library's facade `receiver` names (`AsyncHelper`, `api.AsyncHelper`, a barrel's re-export), if it is one. */
  #facadeOf(receiver: ts.Expression): { owner: string; declaration: ts.Node } | undefined {
    const t = this.#ts
    const node = skipOuter(t, receiver)
    if (!t.isIdentifier(node) && !t.isPropertyAccessExpression(node)) return undefined
    const found = this.#checker.getSymbolAtLocation(node)
    const symbol = found === undefined ? undefined : resolveAlias(t, this.#checker, found)
    for (const declaration of symbol?.declarations ?? []) {
      if (
        (t.isClassDeclaration(declaration) || t.isVariableDeclaration(declaration)) &&
        declaration.name !== undefined &&
        t.isIdentifier(declaration.name) &&
        this.#library.has(declaration.getSourceFile().fileName)
      ) {
        return { owner: declaration.name.text.replace(/\$\d+$/, ''), declaration }
      }
    }
    return undefined
  }

  /**
   * The library line a facade class belongs to, told by what it declares: a member only one line declares
   * (`newForkJoinPool`: 0.0.5; `supplyAsync`: the 1.0.0 series). Whatever path, alias, barrel or typed
   * variable brought the facade, its class says which entry it is; `undefined` for a facade both lines share.
   */
  #classLine(declaration: ts.Node | undefined): LibraryLine | undefined {
    const t = this.#ts
    if (declaration === undefined || !t.isClassDeclaration(declaration)) return undefined
    if (this.#classLines.has(declaration)) return this.#classLines.get(declaration)
    const owner = declaration.name?.text.replace(/\$\d+$/, '')
    let line: LibraryLine | undefined
    for (const member of declaration.members) {
      const name = member.name
      if (name === undefined || !t.isIdentifier(name)) continue
      const lines = this.#linesByName.get(`${owner}.${name.text}`)
      const [only] = lines ?? []
      if (lines?.size === 1 && only !== undefined) {
        line = only
        break
      }
    }
    this.#classLines.set(declaration, line)
    return line
  }

  /**
   * The reference a call of the local constant `name` goes through, if the constant is bound to a library
   * member: `const push = X.m`, `const push = X.m.bind(X)`, `const { m: push } = X`.
   */
  #aliasOf(name: ts.Identifier): { reference: MemberReference; resolved: Resolved } | undefined {
    const t = this.#ts
    const symbol = this.#checker.getSymbolAtLocation(name)
    const declaration =
      symbol === undefined ? undefined : resolveAlias(t, this.#checker, symbol).valueDeclaration
    if (declaration === undefined) return undefined
    if (!(t.isVariableDeclaration(declaration) || t.isBindingElement(declaration))) return undefined
    if ((t.getCombinedNodeFlags(declaration) & t.NodeFlags.Const) === 0) return undefined
    let node: ts.Node
    let resolved: Resolved | undefined
    if (t.isBindingElement(declaration)) {
      node = declaration
      resolved = this.#resolveBinding(declaration)
    } else {
      if (declaration.initializer === undefined) return undefined
      const initializer = skipOuter(t, declaration.initializer)
      // `X.m.bind(X)`: the same function, its `this` fixed (with arguments bound, a call's overload is unknown).
      const bound = t.isCallExpression(initializer) ? boundFunction(t, initializer) : undefined
      if (t.isCallExpression(initializer) && (bound === undefined || bound.arguments.length > 0))
        return undefined
      const target = bound?.target ?? initializer
      node = target
      resolved = this.#resolve(target)
    }
    return resolved === undefined ? undefined : { reference: this.#referenceOf(node, resolved), resolved }
  }

  #referenceOf(node: ts.Node, resolved: Resolved): MemberReference {
    const onLine = resolved.candidates.filter((m) => m.declaredIn.includes(resolved.line))
    return {
      node,
      at: resolved.at,
      owner: resolved.owner,
      name: resolved.name,
      overloads: onLine.length > 0 ? onLine : resolved.candidates,
    }
  }

  /**
   * How many arguments a call passes, a spread tuple (`task(...args)` with `args: [boolean, Runnable]`)
   * counted element by element, and their kinds; `undefined` for the count when a spread hides how many
   * there are (the kinds then stop at the spread). A literal or a function written in place tells its kind by
   * its syntax; the others are typed by `checker`. `undefined` as a whole when `checker` is the profiled
   * program's and a type it gives is not the declared surface's.
   */
  #argumentKinds(
    args: readonly ts.Expression[],
    checker: ts.TypeChecker,
  ): { kinds: Kinds[]; count: number | undefined } | undefined {
    const t = this.#ts
    const profiled = checker === this.#checker ? undefined : this.#profiled
    const kindsOf: Kinds[] = []
    const typed = (node: ts.Expression): ts.Type | undefined => {
      const type = checker.getTypeAtLocation(node)
      return profiled === undefined || profiled.isSharedType(type) ? type : undefined
    }
    for (const argument of args) {
      if (!t.isSpreadElement(argument)) {
        const known = syntacticKinds(t, argument)
        const type = known === undefined ? typed(argument) : undefined
        if (known === undefined && type === undefined) return undefined
        kindsOf.push(known ?? this.#kindsOf(type as ts.Type, checker))
        continue
      }
      const type = typed(argument.expression)
      if (type === undefined) return undefined
      const tuple = checker.isTupleType(type) ? (type as ts.TypeReference) : undefined
      const target = tuple?.target as ts.TupleType | undefined
      if (
        tuple === undefined ||
        target === undefined ||
        target.hasRestElement ||
        target.minLength !== target.fixedLength
      )
        return { kinds: kindsOf, count: undefined }
      for (const element of checker.getTypeArguments(tuple)) {
        if (profiled !== undefined && !profiled.isSharedType(element)) return undefined
        kindsOf.push(this.#kindsOf(element, checker))
      }
    }
    return { kinds: kindsOf, count: kindsOf.length }
  }

  /**
   * The overload the facade dispatches for these arguments. Each argument's kind must fit the member's Java
   * parameter; where the call type-checks, the parameter the type checker chose must fit it too. A call
   * that does not type-check against the declared surface (`task(threadName, task)` on the root, written
   * for the runtime profile) is matched by its arguments alone. Ties go to the line the facade belongs to.
   */
  #choose(
    resolved: Resolved,
    args: readonly ts.Expression[],
    call: ts.CallExpression | undefined,
  ): MemberSpec | undefined {
    let pool: MemberSpec[] = [...resolved.candidates]
    // Most members have one overload, and most calls pass as many arguments as one of them takes: the
    // arguments' types are asked for only where they choose, and the call's signature only where the
    // overloads their kinds fit take different parameters.
    if (pool.length > 1 && !args.some((a) => this.#ts.isSpreadElement(a)))
      pool = pool.filter((m) => arityFits(m, args.length))
    if (pool.length > 1) {
      // The profiled program's types where they are the declared surface's, else the declared program's.
      let checker = resolved.checker
      let argumentKinds = this.#argumentKinds(args, checker)
      if (argumentKinds === undefined) {
        checker = this.#checker
        argumentKinds = this.#argumentKinds(args, checker)
      }
      const { kinds: argumentKindsOf = [], count } = argumentKinds ?? {}
      if (count !== undefined) pool = pool.filter((m) => arityFits(m, count))
      let parameters: ts.Symbol[] | undefined
      const fits = (m: MemberSpec, byParameter: boolean): boolean =>
        m.parameters.every((javaType, i) => {
          const java = JAVA_KINDS[javaType] ?? ANY
          const argument = argumentKindsOf[i]
          if (argument === undefined) return true
          if (!overlaps(java, argument)) return false
          if (!byParameter || parameters === undefined || call === undefined) return true
          const parameter = parameters[Math.min(i, parameters.length - 1)]
          return (
            parameter === undefined ||
            overlaps(java, this.#kindsOf(checker.getTypeOfSymbolAtLocation(parameter, call), checker))
          )
        })
      const byKinds = pool.filter((m) => fits(m, false))
      // Overloads that take the same parameters fit the chosen signature alike: it tells them no further apart.
      if (call !== undefined && new Set(byKinds.map((m) => m.parameters.join())).size > 1) {
        let signature = this.#librarySignature(call, checker)
        if (signature === null) {
          checker = this.#checker
          signature = this.#librarySignature(call, checker)
        }
        parameters = signature?.getParameters()
        const fitting = byKinds.filter((m) => fits(m, true))
        pool = fitting.length > 0 ? fitting : byKinds
      } else if (byKinds.length > 0) {
        pool = byKinds
      }
    }
    if (pool.length > 1) {
      const ofLine = pool.filter((m) => m.declaredIn.includes(resolved.line))
      if (ofLine.length > 0) pool = ofLine
    }
    return pool[0]
  }

  /**
   * The signature `checker` resolved `call` to, when it is the library's; `null` when `checker` is the
   * profiled program's and the signature is declared by the runtime profile itself.
   */
  #librarySignature(call: ts.CallExpression, checker: ts.TypeChecker): ts.Signature | undefined | null {
    const signature = checker.getResolvedSignature(call)
    const declaration = signature?.declaration
    if (declaration === undefined || this.#ts.isJSDocSignature(declaration)) return undefined
    if (checker !== this.#checker && this.#profiled?.isShared(declaration) !== true) return null
    return this.#library.has(declaration.getSourceFile().fileName) ? signature : undefined
  }

  #kindsOf(type: ts.Type, checker: ts.TypeChecker, depth = 0): Kinds {
    const t = this.#ts
    const f = type.flags
    if (depth > 4 || f & (t.TypeFlags.Any | t.TypeFlags.Unknown | t.TypeFlags.Null | t.TypeFlags.Undefined))
      return ANY
    if (f & t.TypeFlags.TypeParameter) {
      const constraint = checker.getBaseConstraintOfType(type)
      return constraint === undefined || constraint === type
        ? ANY
        : this.#kindsOf(constraint, checker, depth + 1)
    }
    if (type.isUnionOrIntersection()) {
      const all = new Set<Kind>()
      for (const part of type.types) {
        const k = this.#kindsOf(part, checker, depth + 1)
        if (k === ANY) return ANY
        for (const each of k) all.add(each)
      }
      return all
    }
    if (f & t.TypeFlags.StringLike) return kinds('string')
    if (f & (t.TypeFlags.NumberLike | t.TypeFlags.BigIntLike)) return kinds('number')
    if (f & t.TypeFlags.BooleanLike) return kinds('boolean')
    if (f & t.TypeFlags.Object) {
      const arrays = checker as ts.TypeChecker & { isArrayLikeType?: (type: ts.Type) => boolean }
      if (arrays.isArrayLikeType?.(type) === true) return kinds('array')
      if (type.getConstructSignatures().length > 0) return kinds('class')
      if (type.getCallSignatures().length > 0) return kinds('function')
      return kinds('object')
    }
    return ANY
  }
}

/**
 * The kind of an argument written in place, told by its syntax as the type checker would type it: a function,
 * a class, a string, number or boolean literal, an array or object literal; `undefined` for anything else
 * (an assertion may give a literal another type).
 */
function syntacticKinds(t: TypeScript, argument: ts.Expression): Kinds | undefined {
  let e = argument
  while (t.isParenthesizedExpression(e)) e = e.expression
  if (t.isArrowFunction(e) || t.isFunctionExpression(e)) return kinds('function')
  if (t.isClassExpression(e)) return kinds('class')
  if (t.isStringLiteralLike(e) || t.isTemplateExpression(e)) return kinds('string')
  if (t.isNumericLiteral(e) || t.isBigIntLiteral(e)) return kinds('number')
  if (e.kind === t.SyntaxKind.TrueKeyword || e.kind === t.SyntaxKind.FalseKeyword) return kinds('boolean')
  if (t.isArrayLiteralExpression(e)) return kinds('array')
  if (t.isObjectLiteralExpression(e)) return kinds('object')
  return undefined
}

function arityFits(member: MemberSpec, count: number): boolean {
  const n = member.parameters.length
  const varargs = n > 0 && member.parameters[n - 1]?.endsWith('[]') === true
  return varargs ? count >= n - 1 : count === n
}

/** `fn.bind(thisArg, ...args)`: the function bound, and the arguments bound with it. */
function boundFunction(
  t: TypeScript,
  node: ts.Expression,
): { target: ts.Expression; arguments: readonly ts.Expression[] } | undefined {
  if (!t.isCallExpression(node)) return undefined
  const callee = skipOuter(t, node.expression)
  if (!t.isPropertyAccessExpression(callee) || callee.name.text !== 'bind') return undefined
  return { target: skipOuter(t, callee.expression), arguments: node.arguments.slice(1) }
}

/**
 * The arguments `fn.call(thisArg, ...args)` or `fn.apply(thisArg, [...args])` passes to `fn`; `undefined`
 * for `apply` with an array the checker cannot see into.
 */
function forwardedArguments(
  t: TypeScript,
  call: ts.CallExpression,
  forwarder: string,
): readonly ts.Expression[] | undefined {
  if (forwarder === 'call') return call.arguments.slice(1)
  const list = call.arguments[1]
  if (list === undefined) return []
  const array = skipOuter(t, list)
  return t.isArrayLiteralExpression(array) ? array.elements : undefined
}

/**
 * Whether `node` is only tested for being there: `typeof X.m`, `!X.m`, `X.m === undefined`, `if (X.m)`,
 * `X.m ? a : b`, `X.m && X.m(n)`. The test itself fails nowhere; the call it guards is checked as a call.
 * (`X.m ?? fallback` and `X.m || fallback` are references: the member is their value when it is there.)
 */
function isFeatureTest(t: TypeScript, node: ts.Expression): boolean {
  const outer = outermost(t, node)
  const parent = outer.parent
  const k = t.SyntaxKind
  if (t.isTypeOfExpression(parent)) return true
  if (t.isPrefixUnaryExpression(parent)) return parent.operator === k.ExclamationToken
  if (t.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind
    return (
      op === k.EqualsEqualsToken ||
      op === k.ExclamationEqualsToken ||
      op === k.EqualsEqualsEqualsToken ||
      op === k.ExclamationEqualsEqualsToken ||
      (op === k.AmpersandAmpersandToken && parent.left === outer)
    )
  }
  if (t.isIfStatement(parent) || t.isWhileStatement(parent) || t.isDoStatement(parent))
    return parent.expression === outer
  if (t.isConditionalExpression(parent)) return parent.condition === outer
  if (t.isForStatement(parent)) return parent.condition === outer
  return false
}

/** Whether `node` is written to or deleted (a test stubbing the member), not read. */
function isWritten(t: TypeScript, node: ts.Expression): boolean {
  const outer = outermost(t, node)
  const parent = outer.parent
  const k = t.SyntaxKind
  if (t.isDeleteExpression(parent)) return true
  if (t.isPrefixUnaryExpression(parent) || t.isPostfixUnaryExpression(parent))
    return parent.operator === k.PlusPlusToken || parent.operator === k.MinusMinusToken
  return (
    t.isBinaryExpression(parent) &&
    parent.left === outer &&
    parent.operatorToken.kind >= k.FirstAssignment &&
    parent.operatorToken.kind <= k.LastAssignment
  )
}

/**
 * The class, interface or type that declares `declaration`, by the name the library gives it. A declaration
 * bundler may rename a clashing class `AsyncHelper$1`; the suffix is not part of the name.
 */
function ownerName(t: TypeScript, declaration: ts.Node): string | undefined {
  for (let node: ts.Node | undefined = declaration.parent; node !== undefined; node = node.parent) {
    if (t.isClassLike(node) || t.isInterfaceDeclaration(node) || t.isTypeAliasDeclaration(node)) {
      return node.name?.text.replace(/\$\d+$/, '')
    }
    if (t.isSourceFile(node)) return undefined
  }
  return undefined
}
