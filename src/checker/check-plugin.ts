import type ts from 'typescript'
import type { MemberSpec } from '../runtime-contract/members.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import { byPath } from './by-path.js'
import { displayPath } from './display-path.js'
import { compareFindings, findingKey, type Finding } from './finding.js'
import { LIBRARY_NAME, LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'
import { assignManifests } from './manifest-assignment.js'
import { MemberMatcher, type MemberReference } from './member-matcher.js'
import type { MemberSubject, MemberUse } from './member-use.js'
import type { LocatedManifest, PluginTarget } from './plugin-target.js'
import { ProfiledTypes } from './profiled-types.js'
import type { RuleMessage } from './rule.js'
import { memberRules, type RuleId } from './rules.js'
import { ApiVersionCheck } from './rules/api-version.js'
import { isValueUsed } from './rules/linkage-mismatch.js'
import { typeErrorMessage } from './rules/type-error.js'
import { unresolvedLibraryMessage } from './unresolved-library.js'
import { UsageError } from './usage-error.js'
import { v1OnlyExports, type V1Exports } from './v1-only-exports.js'

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
  // Under a runtime profile, the types the compiler's check computed in the profiled program are taken where
  // they are the declared surface's, so that the rules do not type the plugin a second time.
  const profiled = typeProgram === program ? undefined : new ProfiledTypes(t, program, typeProgram)
  const matcher = new MemberMatcher(t, checker, library, options.members, profiled)
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

  const adder = (file: ts.SourceFile, path = displayPath(cwd, file.fileName)) => {
    return (node: ts.Node | number, rule: RuleId, result: RuleMessage): void => {
      const position = typeof node === 'number' ? node : node.getStart(file)
      const { line, character } = file.getLineAndCharacterOfPosition(position)
      const finding: Finding = { file: path, line: line + 1, column: character + 1, rule, ...result }
      findings.set(findingKey(finding), finding)
    }
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
    const add = adder(file, path)
    // The compiler's check first: the walk below then finds the types and symbols it asks for computed.
    const diagnostics = compilerErrors(file)
    // Where the runtime profile leaves a reported member out of its types, so that the compiler refuses it too.
    const refused: [number, number][] = []
    for (const manifest of assignment.get(file) ?? []) {
      const target = targetOf(manifest)
      const on005 = target.manifest.apiVersion === '0.0.5'
      if (on005) v1 ??= v1OnlyExports(t, program, checker, library)
      const v1Only = on005 ? v1 : undefined
      visitFile({
        t,
        program,
        checker,
        profiled,
        matcher,
        library,
        file,
        path,
        target,
        v1: v1Only,
        add,
        refused,
      })
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
    manifests: [...targets.keys()].sort(byPath),
    checked,
    orphans,
  }
}

/** One walk over one file, checked against one plugin's manifest. */
interface FileWalk {
  readonly t: TypeScript
  readonly program: ts.Program
  readonly checker: ts.TypeChecker
  /** Under a runtime profile, the profiled program's types, taken where they are the declared surface's. */
  readonly profiled: ProfiledTypes | undefined
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
  const apiVersion =
    v1 === undefined
      ? undefined
      : new ApiVersionCheck({
          t,
          checker,
          program: walk.program,
          library: walk.library,
          file: walk.file,
          v1,
          target,
          add,
        })

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
      apiVersion?.declaration(node, node.moduleSpecifier, module)
      return
    }
    if (t.isImportEqualsDeclaration(node) && t.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression
      if (t.isStringLiteral(expression)) checkSpecifier(expression, true)
      return
    }
    if (t.isCallExpression(node)) {
      const [argument] = node.arguments
      // A module specifier is a string literal: only then is the callee worth resolving.
      if (argument !== undefined && t.isStringLiteralLike(argument)) {
        const isImport = node.expression.kind === t.SyntaxKind.ImportKeyword
        const isRequire = !isImport && isRequireFunction(t, checker, node.expression)
        if (isRequire || isImport) {
          // The type checker follows `require()` itself in JavaScript files only; in TypeScript, and for a
          // function createRequire made, it is `any`.
          const followed =
            isImport ||
            (isJavaScript(walk.file) && t.isIdentifier(node.expression) && node.expression.text === 'require')
          const module = checkSpecifier(argument, followed)
          if (isRequire && module === undefined) apiVersion?.untypedRequire(node, argument)
        }
      }
      const match = matcher.matchCall(node)
      if (match !== undefined) {
        // Through a local constant: what holds for every overload was reported where it was bound.
        const skip = match.via === undefined ? undefined : referenceRules(match.via)
        const used = isValueUsed(t, checker, node, match.profiled ? walk.profiled : undefined)
        const use: MemberUse = { kind: 'call', used }
        reportUse([match.member], match.member.id, use, match.at, node, skip)
      }
    } else if (
      t.isPropertyAccessExpression(node) ||
      t.isElementAccessExpression(node) ||
      t.isBindingElement(node)
    ) {
      const reference = matcher.matchReference(node)
      if (reference !== undefined) reportReference(reference)
      apiVersion?.access(node)
    }
    t.forEachChild(node, visit)
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
