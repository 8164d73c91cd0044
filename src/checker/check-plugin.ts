import { relative, sep } from 'node:path'
import type ts from 'typescript'
import { jvmDescriptor } from '../runtime-contract/jvm-names.js'
import type { MemberSpec } from '../runtime-contract/members.js'
import type { Linkage } from '../runtime-contract/runtime-description.js'
import { compareFindings, type Finding } from './finding.js'
import { LIBRARY_NAME, LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'
import { isV1Specifier, MemberMatcher, type MemberCall } from './member-matcher.js'
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
      if (t.isImportDeclaration(node)) {
        const clause = node.importClause
        if (clause === undefined || clause.isTypeOnly) return
        const bindings = clause.namedBindings
        if (bindings !== undefined && t.isNamespaceImport(bindings)) v1Namespaces.add(bindings.name.text)
        if (bindings !== undefined && t.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) flag(element.name, (element.propertyName ?? element.name).text)
          }
        }
      } else if (t.isExportDeclaration(node)) {
        if (node.isTypeOnly) return
        const clause = node.exportClause
        if (clause === undefined) {
          if (only.size > 0)
            report(specifier, 'api-version', 'error', ...v1ImportMessage([...only].join(', '), manifestFile))
        } else if (t.isNamedExports(clause)) {
          for (const element of clause.elements) {
            if (!element.isTypeOnly) flag(element.name, (element.propertyName ?? element.name).text)
          }
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
        const match = matcher.match(node)
        if (match !== undefined) checkCall(t, match, manifest, manifestFile, linkage, report)
      }
      t.forEachChild(node, visit)
    }
    visit(file)
  }
  return findings.sort(compareFindings)
}

type Report = (node: ts.Node, rule: RuleId, severity: Severity, message: string, hint: string) => void

/** The rules that a call to a library member can break. */
function checkCall(
  t: TypeScript,
  { call, member, at }: MemberCall,
  manifest: PluginManifest,
  manifestFile: string,
  linkage: Linkage,
  report: Report,
): void {
  const declaredBy =
    member.declaredIn.length === 0
      ? 'no library line'
      : member.declaredIn.length === 1
        ? `the ${member.declaredIn[0]} library`
        : `both library lines (${member.declaredIn.join(' and ')})`
  if (member.runtime === 'absent') {
    const failure =
      linkage === 'static' ? `NoSuchMethodError ${jvmDescriptor(member)}` : 'MissingMethodException'
    report(
      at,
      'absent-at-runtime',
      'error',
      `${member.id} is declared by ${declaredBy} but the platform runtime ${TARGET_RUNTIME} does not have it: the call fails with ${failure}.`,
      member.instead ?? `Remove the call to ${member.id}.`,
    )
    return
  }
  if (member.returns !== member.runtimeReturns) {
    const used = isValueUsed(t, call)
    if (linkage === 'static') {
      report(
        at,
        'linkage-mismatch',
        'error',
        `${member.id} is declared returning ${member.returns} by ${declaredBy}, but the platform runtime's method returns ${member.runtimeReturns}: ` +
          `under static linkage the call fails with NoSuchMethodError ${jvmDescriptor(member)}.` +
          (used
            ? ` The value used here is a ${simpleName(member.runtimeReturns)} at run time, not ${member.returns}.`
            : ''),
        member.instead ?? `Call ${member.id} from dynamically linked code.`,
      )
    } else if (used) {
      report(
        at,
        'linkage-mismatch',
        'warning',
        `${member.id} is declared returning ${member.returns} by ${declaredBy}, but the value used here is the runtime's ${member.runtimeReturns}. ` +
          'It works under dynamic linkage only: statically linked code fails with NoSuchMethodError.',
        member.instead ?? `Do not use the value of ${member.id}.`,
      )
    }
  }
  if (member.runtimeDeprecated !== undefined) {
    report(
      at,
      'runtime-deprecated',
      'warning',
      `${member.owner}.${member.name} is deprecated by the platform runtime ${TARGET_RUNTIME}, which warns when the plugin first calls it.`,
      member.runtimeDeprecated,
    )
  }
  if (
    manifest.apiVersion === '0.0.5' &&
    member.declaredIn.length > 0 &&
    !member.declaredIn.includes('0.0.5')
  ) {
    report(
      at,
      'api-version',
      'error',
      `${member.id} belongs to the 1.0.0 series of the library, but the plugin targets 0.0.5 (vendorPlugin.apiVersion in ${manifestFile}).`,
      "Set vendorPlugin.apiVersion to '1.0.0' and import from '@tech-vendor/api/v1', or use only the 0.0.5 API.",
    )
  }
  if (member.facet === 'beans' && !manifest.dependsOnPlugins.includes(PLATFORM_ADAPTER)) {
    report(
      at,
      'platform-adapter-dependency',
      'error',
      `${member.owner}.${member.name} works only when the plugin depends on the built-in plugin ${PLATFORM_ADAPTER}, ` +
        `and vendorPlugin.dependsOnPlugins in ${manifestFile} does not list it.`,
      `Add "${PLATFORM_ADAPTER}" to vendorPlugin.dependsOnPlugins in package.json.`,
    )
  }
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
