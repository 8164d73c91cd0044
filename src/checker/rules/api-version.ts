import type ts from 'typescript'
import type { LibraryFiles } from '../library-files.js'
import type { TypeScript } from '../load-typescript.js'
import type { PluginTarget } from '../plugin-target.js'
import { resolveAlias } from '../resolve-alias.js'
import { defineRule, type MemberRule, type RuleMessage } from '../rule.js'
import { isV1Entry, type V1Exports } from '../v1-only-exports.js'

/** The rule's fix, said by each of its findings. */
const FIX =
  "Set vendorPlugin.apiVersion to '1.0.0' (and import from '@tech-vendor/api/v1') if the plugin runs on a 1.0.0-series library, or keep to the 0.0.5 API."

/**
 * `api-version`: 1.0.0-series API in a plugin whose manifest targets the 0.0.5 library: a member only the
 * 1.0.0 series declares, or a name only `@tech-vendor/api/v1` exports (see {@link v1ExportMessage}).
 */
export const apiVersion = defineRule<MemberRule<'api-version'>>({
  id: 'api-version',
  severity: 'error',
  summary: '1.0.0-series API used by a plugin whose manifest targets the 0.0.5 library.',
  detection:
    "Every use of a name only '@tech-vendor/api/v1' exports, and every call or reference of a member only the 1.0.0 series declares, by the symbol the type checker resolves (whatever the import path, alias or barrel), in a file whose plugin manifest has apiVersion '0.0.5'.",
  fix: FIX,
  refusedByProfile: true,
  breaks: (member, _use, target) =>
    target.manifest.apiVersion === '0.0.5' &&
    member.declaredIn.length > 0 &&
    !member.declaredIn.includes('0.0.5'),
  describe(subject, _use, target) {
    return {
      severity: 'error',
      message: `${subject.name} belongs to the 1.0.0 series of the library, but the plugin targets 0.0.5 (vendorPlugin.apiVersion in ${target.manifestFile}).`,
      hint: FIX,
    }
  },
})

/** The finding for names only the 1.0.0-series entry exports, used by a plugin that targets 0.0.5. */
function v1ExportMessage(names: string, target: PluginTarget): RuleMessage {
  return {
    severity: 'error',
    message: `${names} is 1.0.0-series API, exported only by '@tech-vendor/api/v1', but the plugin targets 0.0.5 (vendorPlugin.apiVersion in ${target.manifestFile}).`,
    hint: FIX,
  }
}

/** What {@link ApiVersionCheck} needs: one file of a plugin that targets 0.0.5. */
export interface ApiVersionFile {
  readonly t: TypeScript
  readonly checker: ts.TypeChecker
  readonly program: ts.Program
  readonly library: LibraryFiles
  readonly file: ts.SourceFile
  /** What only the 1.0.0 series exports. */
  readonly v1: V1Exports
  readonly target: PluginTarget
  readonly add: (node: ts.Node, rule: 'api-version', result: RuleMessage) => void
}

/**
 * The uses of names only `'@tech-vendor/api/v1'` exports in one file of a plugin that targets 0.0.5, told
 * node by node by the file's walk (the members only the 1.0.0 series declares are found by the member rule
 * itself): imports and re-exports, `ns.Get`, `ns['Get']`, `const { Get } = ns`, and a `require()` the type
 * checker types as `any`.
 */
export class ApiVersionCheck {
  readonly #f: ApiVersionFile
  /** Names bound to a `require()` of the 1.0.0-series entry that the type checker types as `any`. */
  readonly #requires = new Set<string>()

  constructor(file: ApiVersionFile) {
    this.#f = file
  }

  /** `import { Get } from ...`, `export { Get } from ...`, `export * (as v1) from ...`: `module` is what it names. */
  declaration(
    node: ts.ImportDeclaration | ts.ExportDeclaration,
    specifier: ts.StringLiteral,
    module: ts.Symbol | undefined,
  ): void {
    const { t, library, v1 } = this.#f
    if (t.isImportDeclaration(node)) {
      const clause = node.importClause
      const bindings = clause?.namedBindings
      if (clause?.isTypeOnly === false && bindings !== undefined && t.isNamedImports(bindings))
        this.#named(bindings.elements)
    } else if (!node.isTypeOnly) {
      const clause = node.exportClause
      if (clause === undefined || t.isNamespaceExport(clause)) {
        // `export *` and `export * as v1`: every name of the entry goes through.
        const file = module?.valueDeclaration?.getSourceFile().fileName
        const only = file !== undefined && isV1Entry(library, file) ? v1.exportedBy(file) : []
        if (only.length > 0) this.#flag(specifier, only.join(', '))
      } else if (t.isNamedExports(clause)) {
        this.#named(clause.elements)
      }
    }
  }

  /** `ns.Get`, `ns['Get']`, `const { Get } = ns`: a name only the 1.0.0 series exports, however `ns` was had. */
  access(node: ts.PropertyAccessExpression | ts.ElementAccessExpression | ts.BindingElement): void {
    const { t, checker, v1 } = this.#f
    if (t.isPropertyAccessExpression(node)) {
      const name = node.name.text
      if (!v1.names.has(name)) return
      const receiver = node.expression
      if (
        this.#isV1Symbol(checker.getSymbolAtLocation(node.name)) ||
        (t.isIdentifier(receiver) && this.#requires.has(receiver.text))
      )
        this.#flag(node.name, name)
    } else if (t.isElementAccessExpression(node)) {
      const key = node.argumentExpression
      if (!t.isStringLiteralLike(key) || !v1.names.has(key.text)) return
      const property = checker.getPropertyOfType(checker.getTypeAtLocation(node.expression), key.text)
      if (
        this.#isV1Symbol(property) ||
        (t.isIdentifier(node.expression) && this.#requires.has(node.expression.text))
      )
        this.#flag(key, key.text)
    } else {
      const pattern = node.parent
      const key = node.propertyName ?? node.name
      if (!t.isObjectBindingPattern(pattern) || !(t.isIdentifier(key) || t.isStringLiteralLike(key))) return
      if (!v1.names.has(key.text)) return
      const property = checker.getPropertyOfType(checker.getTypeAtLocation(pattern), key.text)
      if (this.#isV1Symbol(property)) this.#flag(node.name, key.text)
    }
  }

  /**
   * A `require()` the type checker does not follow (in TypeScript it types it `any`): if it names the
   * 1.0.0-series entry, the names taken from it by destructuring or by property are known from the syntax.
   */
  untypedRequire(call: ts.CallExpression, specifier: ts.StringLiteralLike): void {
    const { t, v1 } = this.#f
    if (!this.#requiresV1(specifier)) return
    const parent = call.parent
    if (t.isVariableDeclaration(parent) && parent.initializer === call) {
      if (t.isIdentifier(parent.name)) this.#requires.add(parent.name.text)
      else if (t.isObjectBindingPattern(parent.name)) {
        for (const element of parent.name.elements) {
          const key = element.propertyName ?? element.name
          if (t.isIdentifier(key) && v1.names.has(key.text)) this.#flag(element.name, key.text)
        }
      }
    } else if (t.isPropertyAccessExpression(parent) && v1.names.has(parent.name.text)) {
      this.#flag(parent.name, parent.name.text)
    }
  }

  #named(elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]): void {
    const { checker, v1 } = this.#f
    for (const element of elements) {
      const name = (element.propertyName ?? element.name).text
      if (
        !element.isTypeOnly &&
        v1.names.has(name) &&
        this.#isV1Symbol(checker.getSymbolAtLocation(element.name))
      )
        this.#flag(element.name, name)
    }
  }

  #isV1Symbol(symbol: ts.Symbol | undefined): boolean {
    const { t, checker, v1 } = this.#f
    return symbol !== undefined && v1.symbols.has(resolveAlias(t, checker, symbol))
  }

  #requiresV1(specifier: ts.StringLiteralLike): boolean {
    const { t, program, file, library } = this.#f
    const resolved = t.resolveModuleName(
      specifier.text,
      file.fileName,
      program.getCompilerOptions(),
      t.sys,
      undefined,
      undefined,
      t.ModuleKind.CommonJS,
    ).resolvedModule?.resolvedFileName
    return resolved !== undefined && isV1Entry(library, resolved)
  }

  #flag(at: ts.Node, names: string): void {
    this.#f.add(at, 'api-version', v1ExportMessage(names, this.#f.target))
  }
}
