import type ts from 'typescript'
import type { MemberSpec } from '../runtime-contract/members.js'
import type { LibraryLine } from '../runtime-contract/runtime-description.js'
import type { LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'

/** A call of plugin code resolved to the library member it reaches. */
export interface MemberCall {
  readonly call: ts.CallExpression
  /** The member, as the facade that runs the call dispatches it. */
  readonly member: MemberSpec
  /** Where to report: the called name. */
  readonly at: ts.Node
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

/** Where the library's `v1` entry lives, in its sources or in its build. */
const V1_PATH = /[\\/]v1(?:[\\/]|\.d\.[cm]?ts$|\.[cm]?[jt]s$)/

/**
 * Maps calls in plugin code to the library's member table, through the type checker: the called
 * declaration must be the library's (not a plugin's own method of the same name), and the overload is
 * chosen by the arguments, as the facade that runs the call chooses it.
 */
export class MemberMatcher {
  readonly #ts: TypeScript
  readonly #checker: ts.TypeChecker
  readonly #library: LibraryFiles
  /** Members by `Owner.name`. */
  readonly #byName = new Map<string, MemberSpec[]>()
  /** Every member name, to skip calls that cannot be one before asking the type checker. */
  readonly #names = new Set<string>()

  constructor(
    typescript: TypeScript,
    checker: ts.TypeChecker,
    library: LibraryFiles,
    specs: readonly MemberSpec[],
  ) {
    this.#ts = typescript
    this.#checker = checker
    this.#library = library
    for (const spec of specs) {
      const key = `${spec.owner}.${spec.name}`
      const list = this.#byName.get(key)
      if (list === undefined) this.#byName.set(key, [spec])
      else list.push(spec)
      this.#names.add(spec.name)
    }
  }

  /** The library member `call` reaches, or `undefined` when it reaches none. */
  match(call: ts.CallExpression): MemberCall | undefined {
    const t = this.#ts
    const callee = skipParentheses(t, call.expression)
    const nameNode = t.isPropertyAccessExpression(callee)
      ? callee.name
      : t.isIdentifier(callee)
        ? callee
        : undefined
    if (nameNode === undefined || !this.#mayBeMember(nameNode)) return undefined

    const signature = this.#checker.getResolvedSignature(call)
    const declaration = signature?.declaration
    if (signature === undefined || declaration === undefined || t.isJSDocSignature(declaration))
      return undefined
    if (!this.#library.has(declaration.getSourceFile().fileName)) return undefined
    const owner = ownerName(t, declaration)
    const name =
      declaration.name !== undefined && t.isIdentifier(declaration.name)
        ? declaration.name.text
        : nameNode.text
    if (owner === undefined) return undefined
    const candidates = this.#byName.get(`${owner}.${name}`)
    if (candidates === undefined) return undefined

    const member = this.#choose(candidates, call, signature, declaration)
    return member === undefined ? undefined : { call, member, at: nameNode }
  }

  #mayBeMember(name: ts.Identifier | ts.PrivateIdentifier): boolean {
    if (this.#names.has(name.text)) return true
    // `const { task: run } = AsyncHelper; run(...)`: the binding names the member.
    if (!this.#ts.isIdentifier(name)) return false
    const declaration = this.#checker.getSymbolAtLocation(name)?.declarations?.[0]
    return (
      declaration !== undefined &&
      this.#ts.isBindingElement(declaration) &&
      declaration.propertyName !== undefined &&
      this.#ts.isIdentifier(declaration.propertyName) &&
      this.#names.has(declaration.propertyName.text)
    )
  }

  #choose(
    candidates: readonly MemberSpec[],
    call: ts.CallExpression,
    signature: ts.Signature,
    declaration: ts.SignatureDeclaration,
  ): MemberSpec | undefined {
    const args = call.arguments
    const spread = args.some((a) => this.#ts.isSpreadElement(a))
    let pool = spread ? [...candidates] : candidates.filter((m) => arityFits(m, args.length))
    if (pool.length > 1) {
      const parameters = signature.getParameters()
      const fitting = pool.filter((m) =>
        m.parameters.every((javaType, i) => {
          const java = JAVA_KINDS[javaType] ?? ANY
          const parameter = parameters[Math.min(i, parameters.length - 1)]
          const argument = args[i]
          if (argument === undefined || this.#ts.isSpreadElement(argument)) return true
          const declared =
            parameter === undefined
              ? ANY
              : this.#kindsOf(this.#checker.getTypeOfSymbolAtLocation(parameter, call))
          return (
            overlaps(java, declared) &&
            overlaps(java, this.#kindsOf(this.#checker.getTypeAtLocation(argument)))
          )
        }),
      )
      if (fitting.length > 0) pool = fitting
    }
    if (pool.length > 1) {
      const line = this.#lineOf(call, declaration)
      const ofLine = pool.filter((m) => m.declaredIn.includes(line))
      if (ofLine.length > 0) pool = ofLine
    }
    return pool[0]
  }

  /**
   * The library line whose facade runs `call`: the entry the called object was imported from
   * (`@tech-vendor/api/v1` is the 1.0.0 series; the root, with or without the runtime profile, is 0.0.5),
   * else the entry that declares the called method.
   */
  #lineOf(call: ts.CallExpression, declaration: ts.SignatureDeclaration): LibraryLine {
    const t = this.#ts
    let root: ts.Expression = call.expression
    while (
      t.isPropertyAccessExpression(root) ||
      t.isElementAccessExpression(root) ||
      t.isParenthesizedExpression(root)
    ) {
      root = root.expression
    }
    if (t.isIdentifier(root)) {
      const symbol = this.#checker.getSymbolAtLocation(root)
      const alias =
        symbol !== undefined && symbol.flags & t.SymbolFlags.Alias ? symbol.declarations?.[0] : undefined
      let node: ts.Node | undefined = alias
      while (node !== undefined && !t.isImportDeclaration(node) && !t.isImportEqualsDeclaration(node))
        node = node.parent
      const specifier =
        node === undefined
          ? undefined
          : t.isImportDeclaration(node)
            ? node.moduleSpecifier
            : t.isExternalModuleReference(node.moduleReference)
              ? node.moduleReference.expression
              : undefined
      if (specifier !== undefined && t.isStringLiteral(specifier))
        return isV1Specifier(specifier.text) ? '1.0.0' : '0.0.5'
    }
    return V1_PATH.test(declaration.getSourceFile().fileName) ? '1.0.0' : '0.0.5'
  }

  #kindsOf(type: ts.Type, depth = 0): Kinds {
    const t = this.#ts
    const f = type.flags
    if (depth > 4 || f & (t.TypeFlags.Any | t.TypeFlags.Unknown | t.TypeFlags.Null | t.TypeFlags.Undefined))
      return ANY
    if (f & t.TypeFlags.TypeParameter) {
      const constraint = this.#checker.getBaseConstraintOfType(type)
      return constraint === undefined || constraint === type ? ANY : this.#kindsOf(constraint, depth + 1)
    }
    if (type.isUnionOrIntersection()) {
      const all = new Set<Kind>()
      for (const part of type.types) {
        const k = this.#kindsOf(part, depth + 1)
        if (k === ANY) return ANY
        for (const each of k) all.add(each)
      }
      return all
    }
    if (f & t.TypeFlags.StringLike) return kinds('string')
    if (f & (t.TypeFlags.NumberLike | t.TypeFlags.BigIntLike)) return kinds('number')
    if (f & t.TypeFlags.BooleanLike) return kinds('boolean')
    if (f & t.TypeFlags.Object) {
      const checker = this.#checker as ts.TypeChecker & { isArrayLikeType?: (type: ts.Type) => boolean }
      if (checker.isArrayLikeType?.(type) === true) return kinds('array')
      if (type.getConstructSignatures().length > 0) return kinds('class')
      if (type.getCallSignatures().length > 0) return kinds('function')
      return kinds('object')
    }
    return ANY
  }
}

/** Whether a module specifier names the library's 1.0.0-series entry. */
export function isV1Specifier(specifier: string): boolean {
  return specifier === '@tech-vendor/api/v1' || specifier.startsWith('@tech-vendor/api/v1/')
}

function arityFits(member: MemberSpec, count: number): boolean {
  const n = member.parameters.length
  const varargs = n > 0 && member.parameters[n - 1]?.endsWith('[]') === true
  return varargs ? count >= n - 1 : count === n
}

function skipParentheses(t: TypeScript, node: ts.Expression): ts.Expression {
  let e = node
  while (t.isParenthesizedExpression(e) || t.isNonNullExpression(e)) e = e.expression
  return e
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
