import type ts from 'typescript'
import type { MemberSpec } from '../runtime-contract/members.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import { displayPath } from './display-path.js'
import { compareFindings, findingKey, type Finding } from './finding.js'
import { LIBRARY_NAME, LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'
import { assignManifests } from './manifest-assignment.js'
import { MemberMatcher, type MemberReference } from './member-matcher.js'
import type { MemberSubject, MemberUse } from './member-use.js'
import type { LocatedManifest, PluginTarget } from './plugin-target.js'
import { resolveAlias } from './resolve-alias.js'
import type { RuleMessage } from './rule.js'
import { memberRules, type RuleId } from './rules.js'
import { v1ExportMessage } from './rules/api-version.js'
import { isValueUsed } from './rules/linkage-mismatch.js'
import { typeErrorMessage } from './rules/type-error.js'
import { unresolvedLibraryMessage } from './unresolved-library.js'
import { UsageError } from './usage-error.js'
import { isV1Entry, v1OnlyExports, type V1Exports } from './v1-only-exports.js'

/** What {@link checkPlugin} needs. */
export interface CheckPluginOptions {
  readonly typescript: TypeScript
  /** The program the rules resolve uses in: the plugin's, without the package's runtime-profile conditions. */
  readonly program: ts.Program
  /**
   * The program the compiler's diagnostics come from: the plugin's own, as its `tsc` builds it (runtime
   * profile included). Default: `program`.
   */
  readonly typeProgram?: ts.Program | undefined
  /** The files to report on. */
  readonly files: readonly ts.SourceFile[]
  /** Declaration files whose compiler errors only are reported (the plugin's own, `skipLibCheck` off). */
  readonly declarations?: readonly ts.SourceFile[] | undefined
  /** The manifest of the plugin a file belongs to, or `undefined` when no plugin package holds it. */
  readonly manifestOf: (fileName: string) => LocatedManifest | undefined
  readonly linkage: Linkage
  /** The member table: `memberSpecs` from the runtime contract. */
  readonly members: readonly MemberSpec[]
  /** Paths in findings are relative to it. */
  readonly cwd: string
}

/** What {@link checkPlugin} found, and which plugins' manifests it checked against. */
export interface PluginCheck {
  /** In file, line, column order. */
  readonly findings: Finding[]
  /** The distinct manifests the files were checked against. */
  readonly manifests: LocatedManifest[]
  /** The files checked: those of `files` that a manifest covers. */
  readonly checked: ts.SourceFile[]
  /**
   * The files of `files` that no manifest covers in this program (not checked): a usage error unless another
   * program of the run covers them.
   */
  readonly orphans: ts.SourceFile[]
}

/**
 * Checks plugin sources against what the platform runtime really has, through the type checker: each file
 * against the manifest of its plugin, with the compiler's own errors.
 *
 * @throws {@link UsageError} when a file imports the library but the library cannot be resolved (the
 * checker would otherwise see nothing and pass).
 */
export function checkPlugin(options: CheckPluginOptions): PluginCheck {
  const { typescript: t, program, cwd } = options
  const typeProgram = options.typeProgram ?? program
  const checker = program.getTypeChecker()
  const library = new LibraryFiles()
  const matcher = new MemberMatcher(t, checker, library, options.members)
  const assignment = assignManifests(t, program, checker, library, options.files, options.manifestOf)
  const orphans = options.files.filter((f) => (assignment.get(f) ?? []).length === 0)
  const checked = options.files.filter((f) => (assignment.get(f) ?? []).length > 0)
  let v1: V1Exports | undefined
  const findings = new Map<string, Finding>()
  const targets = new Map<LocatedManifest, PluginTarget>()
  const targetOf = (manifest: LocatedManifest): PluginTarget => {
    let target = targets.get(manifest)
    if (target === undefined) {
      target = { manifest, manifestFile: displayPath(cwd, manifest.path), linkage: options.linkage }
      targets.set(manifest, target)
    }
    return target
  }

  const adder =
    (file: ts.SourceFile) =>
    (node: ts.Node | number, rule: RuleId, result: RuleMessage): void => {
      const position = typeof node === 'number' ? node : node.getStart(file)
      const { line, character } = file.getLineAndCharacterOfPosition(position)
      const path = displayPath(cwd, file.fileName)
      const finding: Finding = { file: path, line: line + 1, column: character + 1, rule, ...result }
      findings.set(findingKey(finding), finding)
    }
  const compilerErrors = (file: ts.SourceFile): ts.Diagnostic[] => {
    const typed = typeProgram.getSourceFile(file.fileName)
    if (typed === undefined) return []
    return [
      ...typeProgram.getSyntacticDiagnostics(typed),
      ...typeProgram.getSemanticDiagnostics(typed),
    ].filter((d) => d.category === t.DiagnosticCategory.Error && d.start !== undefined)
  }

  for (const file of checked) {
    const path = displayPath(cwd, file.fileName)
    const add = adder(file)
    // The compiler's check first: the walk below then finds the types and symbols it asks for computed.
    const diagnostics = compilerErrors(file)
    // Where the runtime profile leaves a reported member out of its types, so that the compiler refuses it too.
    const refused: [number, number][] = []
    for (const manifest of assignment.get(file) ?? []) {
      const target = targetOf(manifest)
      const on005 = target.manifest.apiVersion === '0.0.5'
      if (on005) v1 ??= v1OnlyExports(t, program, checker, library)
      const v1Only = on005 ? v1 : undefined
      visitFile({ t, program, checker, matcher, library, file, path, target, v1: v1Only, add, refused })
    }
    for (const diagnostic of diagnostics) {
      const start = diagnostic.start ?? 0
      if (typeProgram !== program && refused.some(([from, to]) => start >= from && start < to)) continue
      add(start, 'type-error', typeErrorMessage(t, diagnostic))
    }
  }
  for (const file of options.declarations ?? []) {
    const add = adder(file)
    for (const diagnostic of compilerErrors(file))
      add(diagnostic.start ?? 0, 'type-error', typeErrorMessage(t, diagnostic))
  }
  return {
    findings: [...findings.values()].sort(compareFindings),
    manifests: [...targets.keys()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    checked,
    orphans,
  }
}

/** One walk over one file, checked against one plugin's manifest. */
interface FileWalk {
  readonly t: TypeScript
  readonly program: ts.Program
  readonly checker: ts.TypeChecker
  readonly matcher: MemberMatcher
  readonly library: LibraryFiles
  readonly file: ts.SourceFile
  /** The file as findings name it. */
  readonly path: string
  readonly target: PluginTarget
  /** What only the 1.0.0 series exports, when the plugin targets 0.0.5. */
  readonly v1: V1Exports | undefined
  readonly add: (node: ts.Node, rule: RuleId, result: RuleMessage) => void
  /** Collects the spans of uses reported by a rule whose findings the runtime profile refuses to compile. */
  readonly refused: [number, number][]
}

function visitFile(walk: FileWalk): void {
  const { t, checker, matcher, target, v1, add } = walk
  // Names bound to a `require()` of the 1.0.0-series entry that the type checker types as `any`.
  const v1Requires = new Set<string>()

  const reportUse = (
    members: readonly [MemberSpec, ...MemberSpec[]],
    name: string,
    use: MemberUse,
    at: ts.Node,
    span: ts.Node,
    skip: ReadonlySet<RuleId> = new Set(),
  ): void => {
    const subject: MemberSubject = { members, name }
    for (const rule of memberRules) {
      if (skip.has(rule.id) || !members.every((m) => rule.breaks(m, use, target))) continue
      add(at, rule.id, rule.describe(subject, use, target))
      if (rule.refusedByProfile) walk.refused.push([span.getStart(walk.file), span.end])
    }
  }
  const reportReference = (reference: MemberReference): void => {
    const [only] = reference.overloads
    if (only === undefined) return
    const overloads = reference.overloads as readonly [MemberSpec, ...MemberSpec[]]
    const name = overloads.length === 1 ? only.id : `${reference.owner}.${reference.name} (every overload)`
    reportUse(overloads, name, { kind: 'reference' }, reference.at, reference.node)
  }
  /** What every overload of a reference breaks: reported where it is bound, not again at each call. */
  const referenceRules = (reference: MemberReference): Set<RuleId> =>
    new Set(
      memberRules
        .filter((rule) => reference.overloads.every((m) => rule.breaks(m, { kind: 'reference' }, target)))
        .map((rule) => rule.id),
    )
  const flagV1 = (at: ts.Node, names: string): void => add(at, 'api-version', v1ExportMessage(names, target))
  const isV1Symbol = (symbol: ts.Symbol | undefined): boolean =>
    v1 !== undefined && symbol !== undefined && v1.symbols.has(resolveAlias(t, checker, symbol))
  /** `import { Get } from ...`, `export { Get } from ...`: from the 1.0.0-series entry, or a barrel of it. */
  const flagNamed = (elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]): void => {
    for (const element of elements) {
      const name = (element.propertyName ?? element.name).text
      if (
        !element.isTypeOnly &&
        v1?.names.has(name) === true &&
        isV1Symbol(checker.getSymbolAtLocation(element.name))
      )
        flagV1(element.name, name)
    }
  }

  /**
   * The module a specifier names, as the type checker resolves it; a specifier of the library that it
   * should resolve and does not stops the check (it would otherwise see nothing of the library and pass).
   */
  const checkSpecifier = (
    specifier: ts.StringLiteralLike,
    resolvedByChecker: boolean,
  ): ts.Symbol | undefined => {
    const module = checker.getSymbolAtLocation(specifier)
    const text = specifier.text
    if (
      module === undefined &&
      resolvedByChecker &&
      (text === LIBRARY_NAME || text.startsWith(`${LIBRARY_NAME}/`))
    ) {
      throw new UsageError(unresolvedLibraryMessage(t, walk.program, walk.file, walk.path, text))
    }
    return module
  }

  const visit = (node: ts.Node): void => {
    if ((t.isImportDeclaration(node) || t.isExportDeclaration(node)) && node.moduleSpecifier !== undefined) {
      if (!t.isStringLiteral(node.moduleSpecifier)) return
      const module = checkSpecifier(node.moduleSpecifier, true)
      if (v1 === undefined) return
      if (t.isImportDeclaration(node)) {
        const clause = node.importClause
        const bindings = clause?.namedBindings
        if (clause?.isTypeOnly === false && bindings !== undefined && t.isNamedImports(bindings))
          flagNamed(bindings.elements)
      } else if (!node.isTypeOnly) {
        const clause = node.exportClause
        if (clause === undefined || t.isNamespaceExport(clause)) {
          // `export *` and `export * as v1`: every name of the entry goes through.
          const file = module?.valueDeclaration?.getSourceFile().fileName
          const only = file !== undefined && isV1Entry(walk.library, file) ? v1.exportedBy(file) : []
          if (only.length > 0) flagV1(node.moduleSpecifier, only.join(', '))
        } else if (t.isNamedExports(clause)) {
          flagNamed(clause.elements)
        }
      }
      return
    }
    if (t.isImportEqualsDeclaration(node) && t.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression
      if (t.isStringLiteral(expression)) checkSpecifier(expression, true)
      return
    }
    if (t.isCallExpression(node)) {
      const [argument] = node.arguments
      const isRequire = isRequireFunction(t, checker, node.expression)
      const isImport = node.expression.kind === t.SyntaxKind.ImportKeyword
      if ((isRequire || isImport) && argument !== undefined && t.isStringLiteralLike(argument)) {
        // The type checker follows `require()` in JavaScript files only; in TypeScript it is `any`.
        const module = checkSpecifier(argument, isImport || isJavaScript(walk.file))
        if (isRequire && module === undefined && v1 !== undefined && requiresV1(walk, argument))
          flagV1Require(node)
      }
      const match = matcher.matchCall(node)
      if (match !== undefined) {
        // Through a local constant: what holds for every overload was reported where it was bound.
        const skip = match.via === undefined ? undefined : referenceRules(match.via)
        const use: MemberUse = { kind: 'call', used: isValueUsed(t, checker, node) }
        reportUse([match.member], match.member.id, use, match.at, node, skip)
      }
    } else if (
      t.isPropertyAccessExpression(node) ||
      t.isElementAccessExpression(node) ||
      t.isBindingElement(node)
    ) {
      const reference = matcher.matchReference(node)
      if (reference !== undefined) reportReference(reference)
      if (v1 !== undefined) checkV1Access(node)
    }
    t.forEachChild(node, visit)
  }

  /** `ns.Get`, `ns['Get']`, `const { Get } = ns`: a name only the 1.0.0 series exports, however `ns` was had. */
  const checkV1Access = (
    node: ts.PropertyAccessExpression | ts.ElementAccessExpression | ts.BindingElement,
  ): void => {
    if (v1 === undefined) return
    if (t.isPropertyAccessExpression(node)) {
      const name = node.name.text
      if (!v1.names.has(name)) return
      const receiver = node.expression
      if (
        isV1Symbol(checker.getSymbolAtLocation(node.name)) ||
        (t.isIdentifier(receiver) && v1Requires.has(receiver.text))
      )
        flagV1(node.name, name)
    } else if (t.isElementAccessExpression(node)) {
      const key = node.argumentExpression
      if (!t.isStringLiteralLike(key) || !v1.names.has(key.text)) return
      const property = checker.getPropertyOfType(checker.getTypeAtLocation(node.expression), key.text)
      if (isV1Symbol(property) || (t.isIdentifier(node.expression) && v1Requires.has(node.expression.text)))
        flagV1(key, key.text)
    } else {
      const pattern = node.parent
      const key = node.propertyName ?? node.name
      if (!t.isObjectBindingPattern(pattern) || !(t.isIdentifier(key) || t.isStringLiteralLike(key))) return
      if (!v1.names.has(key.text)) return
      const property = checker.getPropertyOfType(checker.getTypeAtLocation(pattern), key.text)
      if (isV1Symbol(property)) flagV1(node.name, key.text)
    }
  }

  /**
   * A `require()` of the 1.0.0-series entry in TypeScript, which the type checker types as `any`: the names
   * taken from it by destructuring or by property are known from the syntax.
   */
  const flagV1Require = (call: ts.CallExpression): void => {
    if (v1 === undefined) return
    const parent = call.parent
    if (t.isVariableDeclaration(parent) && parent.initializer === call) {
      if (t.isIdentifier(parent.name)) v1Requires.add(parent.name.text)
      else if (t.isObjectBindingPattern(parent.name)) {
        for (const element of parent.name.elements) {
          const key = element.propertyName ?? element.name
          if (t.isIdentifier(key) && v1.names.has(key.text)) flagV1(element.name, key.text)
        }
      }
    } else if (t.isPropertyAccessExpression(parent) && v1.names.has(parent.name.text)) {
      flagV1(parent.name, parent.name.text)
    }
  }

  visit(walk.file)
}

/** `require`, or a function `createRequire(...)` made (`const req = createRequire(import.meta.url)`). */
function isRequireFunction(t: TypeScript, checker: ts.TypeChecker, callee: ts.Expression): boolean {
  if (!t.isIdentifier(callee)) return false
  if (callee.text === 'require') return true
  const declaration = checker.getSymbolAtLocation(callee)?.valueDeclaration
  if (declaration === undefined || !t.isVariableDeclaration(declaration)) return false
  const initializer = declaration.initializer
  if (initializer === undefined || !t.isCallExpression(initializer)) return false
  const maker = initializer.expression
  const name = t.isIdentifier(maker) ? maker.text : t.isPropertyAccessExpression(maker) ? maker.name.text : ''
  return name === 'createRequire'
}

function isJavaScript(file: ts.SourceFile): boolean {
  return /\.[cm]?jsx?$/.test(file.fileName)
}

/** Whether a `require()` the type checker does not follow names the library's 1.0.0-series entry. */
function requiresV1(walk: FileWalk, specifier: ts.StringLiteralLike): boolean {
  const { t, program, file } = walk
  const resolved = t.resolveModuleName(
    specifier.text,
    file.fileName,
    program.getCompilerOptions(),
    t.sys,
    undefined,
    undefined,
    t.ModuleKind.CommonJS,
  ).resolvedModule?.resolvedFileName
  return resolved !== undefined && isV1Entry(walk.library, resolved)
}
