import { relative, sep } from 'node:path'
import type ts from 'typescript'
import { jvmDescriptor } from '../runtime-contract/jvm-names.js'
import type { MemberSpec } from '../runtime-contract/members.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import { compareFindings, type Finding } from './finding.js'
import { LIBRARY_NAME, LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'
import { isV1Specifier, MemberMatcher, type MemberReference } from './member-matcher.js'
import type { PluginManifest } from './plugin-manifest.js'
import type { RuleId, Severity } from './rules.js'
import { UsageError } from './usage-error.js'

/** The platform runtime the member table describes. */
export const TARGET_RUNTIME = '1.0.0-beta18'

/** The built-in plugin `BeanContainer` needs. */
const PLATFORM_ADAPTER = 'PlatformAdapter'

/** What {@link checkPlugin} needs. */
export interface CheckPluginOptions {
  readonly typescript: TypeScript
  readonly program: ts.Program
  /** The files to report on. */
  readonly files: readonly ts.SourceFile[]
  readonly manifest: PluginManifest
  readonly linkage: Linkage
  /** The member table: `memberSpecs` from the runtime contract. */
  readonly members: readonly MemberSpec[]
  /** Paths in findings are relative to it. */
  readonly cwd: string
}

/**
 * Checks plugin sources against what the platform runtime really has, through the type checker, and returns
 * the findings in file order.
 *
 * @throws {@link UsageError} when a file imports the library but the library cannot be resolved (the
 * checker would otherwise see nothing and pass).
 */
export function checkPlugin(options: CheckPluginOptions): Finding[] {
  const { typescript: t, program, manifest, linkage, cwd } = options
  const checker = program.getTypeChecker()
  const library = new LibraryFiles()
  const matcher = new MemberMatcher(t, checker, library, options.members)
  const findings: Finding[] = []
  let v1Only: ReadonlySet<string> | undefined
  const manifestFile = relative(cwd, manifest.path).split(sep).join('/')
  const target: Target = { manifest, manifestFile, linkage }

  for (const file of options.files) {
    const path = relative(cwd, file.fileName).split(sep).join('/')
    const report = (node: ts.Node, rule: RuleId, severity: Severity, message: string, hint: string): void => {
      const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file))
      findings.push({ file: path, line: line + 1, column: character + 1, rule, severity, message, hint })
    }
    const v1Namespaces = new Set<string>()

    const checkImport = (specifier: ts.StringLiteralLike, node: ts.Node): void => {
      if (specifier.text !== LIBRARY_NAME && !specifier.text.startsWith(`${LIBRARY_NAME}/`)) return
      if (checker.getSymbolAtLocation(specifier) === undefined) {
        throw new UsageError(
          `${path} imports '${specifier.text}', which cannot be resolved from the plugin. Install it (npm install --save-dev ${LIBRARY_NAME}) ` +
            `so that the checker sees its declarations.`,
        )
      }
      if (manifest.apiVersion !== '0.0.5' || !isV1Specifier(specifier.text)) return
      v1Only ??= v1OnlyExports(t, program, checker, file, specifier)
      const only = v1Only
      const flag = (name: ts.Identifier | ts.StringLiteral, exported: string): void => {
        if (only.has(exported))
          report(name, 'api-version', 'error', ...v1ImportMessage(exported, manifestFile))
      }
      const flagNamed = (elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]): void => {
        for (const element of elements)
          if (!element.isTypeOnly) flag(element.name, (element.propertyName ?? element.name).text)
      }
      if (t.isImportDeclaration(node)) {
        const clause = node.importClause
        if (clause === undefined || clause.isTypeOnly) return
        const bindings = clause.namedBindings
        if (bindings !== undefined && t.isNamespaceImport(bindings)) v1Namespaces.add(bindings.name.text)
        if (bindings !== undefined && t.isNamedImports(bindings)) flagNamed(bindings.elements)
      } else if (t.isExportDeclaration(node)) {
        if (node.isTypeOnly) return
        const clause = node.exportClause
        if (clause === undefined) {
          if (only.size > 0)
            report(specifier, 'api-version', 'error', ...v1ImportMessage([...only].join(', '), manifestFile))
        } else if (t.isNamedExports(clause)) {
          flagNamed(clause.elements)
        }
      } else if (t.isImportEqualsDeclaration(node) && !node.isTypeOnly) {
        v1Namespaces.add(node.name.text)
      } else if (t.isCallExpression(node) && t.isVariableDeclaration(node.parent)) {
        // `const { Get } = require('@tech-vendor/api/v1')`, `const api = require(...)` in a CommonJS plugin.
        const target = node.parent.name
        if (t.isIdentifier(target)) v1Namespaces.add(target.text)
        else if (t.isObjectBindingPattern(target)) {
          for (const element of target.elements) {
            const imported = element.propertyName ?? element.name
            if (t.isIdentifier(imported) && t.isIdentifier(element.name)) flag(element.name, imported.text)
          }
        }
      }
    }

    const visit = (node: ts.Node): void => {
      if (
        (t.isImportDeclaration(node) || t.isExportDeclaration(node)) &&
        node.moduleSpecifier !== undefined
      ) {
        if (t.isStringLiteral(node.moduleSpecifier)) checkImport(node.moduleSpecifier, node)
        return
      }
      if (t.isImportEqualsDeclaration(node) && t.isExternalModuleReference(node.moduleReference)) {
        const expression = node.moduleReference.expression
        if (t.isStringLiteral(expression)) checkImport(expression, node)
        return
      }
      if (
        v1Only !== undefined &&
        t.isPropertyAccessExpression(node) &&
        t.isIdentifier(node.expression) &&
        v1Namespaces.has(node.expression.text) &&
        v1Only.has(node.name.text)
      ) {
        report(node.name, 'api-version', 'error', ...v1ImportMessage(node.name.text, manifestFile))
      }
      if (t.isCallExpression(node)) {
        const [argument] = node.arguments
        if (
          t.isIdentifier(node.expression) &&
          node.expression.text === 'require' &&
          argument !== undefined &&
          t.isStringLiteral(argument)
        ) {
          checkImport(argument, node)
        }
        const match = matcher.matchCall(node)
        if (match !== undefined) {
          // Through a local constant: what holds for every overload was reported where it was bound.
          const atReference = new Set(
            match.via === undefined ? [] : referenceRules(match.via, target).map((r) => r.rule),
          )
          const use: Use = { kind: 'call', used: isValueUsed(t, node) }
          for (const r of memberRules([match.member], match.member.id, target, use)) {
            if (!atReference.has(r.rule)) report(match.at, r.rule, r.severity, r.message, r.hint)
          }
        }
      } else if (
        t.isPropertyAccessExpression(node) ||
        t.isElementAccessExpression(node) ||
        t.isBindingElement(node)
      ) {
        const reference = matcher.matchReference(node)
        if (reference !== undefined) {
          for (const r of referenceRules(reference, target))
            report(reference.at, r.rule, r.severity, r.message, r.hint)
        }
      }
      t.forEachChild(node, visit)
    }
    visit(file)
  }
  return findings.sort(compareFindings)
}

/** What the plugin targets: its manifest and its linkage. */
interface Target {
  readonly manifest: PluginManifest
  /** The manifest's path as findings name it. */
  readonly manifestFile: string
  readonly linkage: Linkage
}

/** How plugin code uses a member: a call (whose value is used or not), or a reference it may call later. */
type Use = { readonly kind: 'call'; readonly used: boolean } | { readonly kind: 'reference' }

/** One rule broken, as a finding says it. */
interface RuleResult {
  readonly rule: RuleId
  readonly severity: Severity
  readonly message: string
  readonly hint: string
}

/**
 * The rules a reference breaks whichever overload a later call reaches: those every overload of the name
 * breaks. `MessageHelper.pushNotification` and `AsyncHelper.newForkJoinPool` are absent in every overload;
 * a bare `AsyncHelper.task` of the 0.0.5 line is not (`task(Runnable)` exists), so it is reported for none.
 */
function referenceRules(reference: MemberReference, target: Target): RuleResult[] {
  const { overloads } = reference
  const [only] = overloads
  const subject =
    overloads.length === 1 && only !== undefined
      ? only.id
      : `${reference.owner}.${reference.name} (every overload)`
  return memberRules(overloads, subject, target, { kind: 'reference' })
}

/** The rules one member breaks, as ids, for deciding which hold for every overload. */
function brokenRules(member: MemberSpec, target: Target, use: Use): RuleId[] {
  if (member.runtime === 'absent') return ['absent-at-runtime']
  const broken: RuleId[] = []
  if (
    member.returns !== member.runtimeReturns &&
    (target.linkage === 'static' || (use.kind === 'call' && use.used))
  )
    broken.push('linkage-mismatch')
  if (member.runtimeDeprecated !== undefined) broken.push('runtime-deprecated')
  if (
    target.manifest.apiVersion === '0.0.5' &&
    member.declaredIn.length > 0 &&
    !member.declaredIn.includes('0.0.5')
  )
    broken.push('api-version')
  if (member.facet === 'beans' && !target.manifest.dependsOnPlugins.includes(PLATFORM_ADAPTER))
    broken.push('platform-adapter-dependency')
  return broken
}

/**
 * The rules that every one of `members` breaks (one member for a call, every overload of a name for a
 * reference), with the message and fix a finding prints; `subject` names the member in the message.
 */
function memberRules(
  members: readonly MemberSpec[],
  subject: string,
  target: Target,
  use: Use,
): RuleResult[] {
  const [first] = members
  if (first === undefined) return []
  const broken = members
    .map((m) => new Set(brokenRules(m, target, use)))
    .reduce((common, each) => new Set([...common].filter((r) => each.has(r))))
  const lines = [...new Set(members.flatMap((m) => m.declaredIn))].sort()
  const declaredBy =
    lines.length === 0
      ? 'no library line'
      : lines.length === 1
        ? `the ${lines[0]} library`
        : `both library lines (${lines.join(' and ')})`
  const descriptors = members.map((m) => jvmDescriptor(m)).join(' or ')
  const fails = use.kind === 'call' ? 'the call fails' : 'a call through it fails'
  const hint = (of: (m: MemberSpec) => string): string => [...new Set(members.map(of))].join(' ')
  const { manifestFile } = target
  const results: RuleResult[] = []

  if (broken.has('absent-at-runtime')) {
    const failure =
      target.linkage === 'static' ? `NoSuchMethodError ${descriptors}` : 'MissingMethodException'
    results.push({
      rule: 'absent-at-runtime',
      severity: 'error',
      message: `${subject} is declared by ${declaredBy} but the platform runtime ${TARGET_RUNTIME} does not have it: ${fails} with ${failure}.`,
      hint: hint((m) => m.instead ?? `Remove the call to ${m.id}.`),
    })
  }
  if (broken.has('linkage-mismatch')) {
    if (target.linkage === 'static') {
      const used = use.kind === 'call' && use.used
      results.push({
        rule: 'linkage-mismatch',
        severity: 'error',
        message:
          `${subject} is declared returning ${first.returns} by ${declaredBy}, but the platform runtime's method returns ${first.runtimeReturns}: ` +
          `under static linkage ${fails} with NoSuchMethodError ${descriptors}.` +
          (used
            ? ` The value used here is a ${simpleName(first.runtimeReturns)} at run time, not ${first.returns}.`
            : ''),
        hint: hint((m) => m.instead ?? `Call ${m.id} from dynamically linked code.`),
      })
    } else {
      results.push({
        rule: 'linkage-mismatch',
        severity: 'warning',
        message:
          `${subject} is declared returning ${first.returns} by ${declaredBy}, but the value used here is the runtime's ${first.runtimeReturns}. ` +
          'It works under dynamic linkage only: statically linked code fails with NoSuchMethodError.',
        hint: hint((m) => m.instead ?? `Do not use the value of ${m.id}.`),
      })
    }
  }
  if (broken.has('runtime-deprecated')) {
    results.push({
      rule: 'runtime-deprecated',
      severity: 'warning',
      message: `${first.owner}.${first.name} is deprecated by the platform runtime ${TARGET_RUNTIME}, which warns when the plugin first calls it.`,
      hint: hint((m) => m.runtimeDeprecated ?? ''),
    })
  }
  if (broken.has('api-version')) {
    results.push({
      rule: 'api-version',
      severity: 'error',
      message: `${subject} belongs to the 1.0.0 series of the library, but the plugin targets 0.0.5 (vendorPlugin.apiVersion in ${manifestFile}).`,
      hint: "Set vendorPlugin.apiVersion to '1.0.0' and import from '@tech-vendor/api/v1', or use only the 0.0.5 API.",
    })
  }
  if (broken.has('platform-adapter-dependency')) {
    results.push({
      rule: 'platform-adapter-dependency',
      severity: 'error',
      message:
        `${first.owner}.${first.name} works only when the plugin depends on the built-in plugin ${PLATFORM_ADAPTER}, ` +
        `and vendorPlugin.dependsOnPlugins in ${manifestFile} does not list it.`,
      hint: `Add "${PLATFORM_ADAPTER}" to vendorPlugin.dependsOnPlugins in package.json.`,
    })
  }
  return results
}

function v1ImportMessage(names: string, manifestFile: string): [string, string] {
  return [
    `${names} is 1.0.0-series API, exported only by '@tech-vendor/api/v1', but the plugin targets 0.0.5 (vendorPlugin.apiVersion in ${manifestFile}).`,
    "Set vendorPlugin.apiVersion to '1.0.0' if the plugin runs on a 1.0.0-series library, or do without it on 0.0.5.",
  ]
}

function simpleName(javaType: string): string {
  return javaType.slice(javaType.lastIndexOf('.') + 1)
}

/** Whether the value of `call` is used: assigned, passed, returned, awaited, or read from. */
function isValueUsed(t: TypeScript, call: ts.CallExpression): boolean {
  let node: ts.Node = call
  while (t.isParenthesizedExpression(node.parent)) node = node.parent
  const parent = node.parent
  if (t.isExpressionStatement(parent) || t.isVoidExpression(parent)) return false
  if (t.isArrowFunction(parent) && parent.body === node) return false
  if (
    t.isBinaryExpression(parent) &&
    parent.operatorToken.kind === t.SyntaxKind.CommaToken &&
    parent.left === node
  )
    return false
  if (t.isForStatement(parent) && (parent.incrementor === node || parent.initializer === node)) return false
  return true
}

/**
 * The value exports of the library's 1.0.0-series entry that its root entry does not have: what a plugin
 * targeting 0.0.5 must not use.
 */
function v1OnlyExports(
  t: TypeScript,
  program: ts.Program,
  checker: ts.TypeChecker,
  file: ts.SourceFile,
  v1Specifier: ts.StringLiteralLike,
): ReadonlySet<string> {
  const v1 = checker.getSymbolAtLocation(v1Specifier)
  const options = program.getCompilerOptions()
  const rootPath = resolveFrom(t, LIBRARY_NAME, file.fileName, options, file.impliedNodeFormat)
  if (v1 === undefined || rootPath === undefined) return new Set()
  const rootFile = program.getSourceFile(rootPath)
  const rootSymbol = rootFile === undefined ? undefined : checker.getSymbolAtLocation(rootFile)
  const rootNames =
    rootSymbol === undefined
      ? declaredExportNames(t, rootPath, options, file.impliedNodeFormat, new Set())
      : new Set(checker.getExportsOfModule(rootSymbol).map((s) => s.name))
  const only = new Set<string>()
  for (const symbol of checker.getExportsOfModule(v1)) {
    if (rootNames.has(symbol.name)) continue
    const target = symbol.flags & t.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    if (target.flags & t.SymbolFlags.Value) only.add(symbol.name)
  }
  return only
}

function resolveFrom(
  t: TypeScript,
  specifier: string,
  containingFile: string,
  options: ts.CompilerOptions,
  mode: ts.ResolutionMode,
): string | undefined {
  return t.resolveModuleName(specifier, containingFile, options, t.sys, undefined, undefined, mode)
    .resolvedModule?.resolvedFileName
}

/**
 * The names a module exports, read from its syntax: for the library's root entry when the program did not
 * load it (a plugin that imports only `./v1` from a build whose entries share declaration chunks).
 */
function declaredExportNames(
  t: TypeScript,
  path: string,
  options: ts.CompilerOptions,
  mode: ts.ResolutionMode,
  seen: Set<string>,
): Set<string> {
  const names = new Set<string>()
  if (seen.has(path)) return names
  seen.add(path)
  const text = t.sys.readFile(path)
  if (text === undefined) return names
  const source = t.createSourceFile(path, text, t.ScriptTarget.Latest, false)
  for (const statement of source.statements) {
    if (t.isExportDeclaration(statement)) {
      const clause = statement.exportClause
      if (clause !== undefined && t.isNamedExports(clause)) {
        for (const element of clause.elements) names.add(element.name.text)
      } else if (clause !== undefined) {
        names.add(clause.name.text)
      } else if (statement.moduleSpecifier !== undefined && t.isStringLiteral(statement.moduleSpecifier)) {
        const target = resolveFrom(t, statement.moduleSpecifier.text, path, options, mode)
        if (target !== undefined)
          for (const name of declaredExportNames(t, target, options, mode, seen)) names.add(name)
      }
    } else if (
      t.canHaveModifiers(statement) &&
      t.getModifiers(statement)?.some((m) => m.kind === t.SyntaxKind.ExportKeyword)
    ) {
      const name = (statement as { name?: ts.Node }).name
      if (name !== undefined && t.isIdentifier(name)) names.add(name.text)
      if (t.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (t.isIdentifier(d.name)) names.add(d.name.text)
      }
    }
  }
  return names
}
