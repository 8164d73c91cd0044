import type ts from 'typescript'
import { LIBRARY_NAME, type LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'
import { resolveAlias } from './resolve-alias.js'

/**
 * The library's 1.0.0-series entry, in its sources (`src/v1/index.ts`), its build (`dist/v1/index.d.ts`,
 * `.d.cts`) or a runtime profile (`dist/profiles/<profile>/v1.d.ts`); `$1index$2` is its root entry beside it.
 */
const V1_ENTRY = /([\\/])v1(?:[\\/]index)?(\.(?:d\.)?[cm]?[jt]s)$/

/** Whether `fileName` is the library's 1.0.0-series entry. */
export function isV1Entry(library: LibraryFiles, fileName: string): boolean {
  return V1_ENTRY.test(fileName) && library.has(fileName)
}

/** The value exports of the 1.0.0-series entry that the root entry does not have: what a 0.0.5 plugin must not use. */
export interface V1Exports {
  /** Their names, to skip what cannot be one before asking the type checker. */
  readonly names: ReadonlySet<string>
  /** What they stand for, so that a use is recognised however it was imported (an alias, a barrel, a path). */
  readonly symbols: ReadonlySet<ts.Symbol>
  /** The names a 1.0.0-series entry file exports that the root does not, in order. */
  exportedBy(fileName: string): readonly string[]
}

/** Reads {@link V1Exports} from every 1.0.0-series entry of the library that the program loaded. */
export function v1OnlyExports(
  t: TypeScript,
  program: ts.Program,
  checker: ts.TypeChecker,
  library: LibraryFiles,
): V1Exports {
  const names = new Set<string>()
  const symbols = new Set<ts.Symbol>()
  const byFile = new Map<string, string[]>()
  for (const file of program.getSourceFiles()) {
    if (!isV1Entry(library, file.fileName)) continue
    const v1 = checker.getSymbolAtLocation(file)
    const rootPath = file.fileName.replace(V1_ENTRY, '$1index$2')
    if (v1 === undefined || !t.sys.fileExists(rootPath)) continue
    const rootFile = program.getSourceFile(rootPath)
    const rootSymbol = rootFile === undefined ? undefined : checker.getSymbolAtLocation(rootFile)
    const rootNames =
      rootSymbol === undefined
        ? declaredExportNames(t, rootPath, program.getCompilerOptions(), new Set())
        : new Set(checker.getExportsOfModule(rootSymbol).map((s) => s.name))
    const only: string[] = []
    for (const symbol of checker.getExportsOfModule(v1)) {
      if (rootNames.has(symbol.name)) continue
      const target = resolveAlias(t, checker, symbol)
      if ((target.flags & t.SymbolFlags.Value) === 0) continue
      names.add(symbol.name)
      symbols.add(target)
      only.push(symbol.name)
    }
    byFile.set(file.fileName, only)
  }
  // No file imports the 1.0.0-series entry, so the program did not load it; an untyped `require()` of it
  // (TypeScript types it `any`) still names its exports, which its declarations tell.
  if (byFile.size === 0) for (const name of declaredV1Names(t, program)) names.add(name)
  return { names, symbols, exportedBy: (fileName) => byFile.get(fileName) ?? [] }
}

/** What the 1.0.0-series entry exports and the root does not, by name, read from their declarations. */
function declaredV1Names(t: TypeScript, program: ts.Program): Set<string> {
  const options = program.getCompilerOptions()
  const from = program.getRootFileNames()[0]
  const v1Path =
    from === undefined
      ? undefined
      : t.resolveModuleName(`${LIBRARY_NAME}/v1`, from, options, t.sys).resolvedModule?.resolvedFileName
  if (v1Path === undefined || !V1_ENTRY.test(v1Path)) return new Set()
  const rootNames = declaredExportNames(t, v1Path.replace(V1_ENTRY, '$1index$2'), options, new Set())
  const names = declaredExportNames(t, v1Path, options, new Set())
  for (const name of rootNames) names.delete(name)
  return names
}

/**
 * The names a module exports, read from its syntax: for the library's root entry when the program did not
 * load it (a plugin that imports only `./v1` from a build whose entries share declaration chunks).
 */
function declaredExportNames(
  t: TypeScript,
  path: string,
  options: ts.CompilerOptions,
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
        const target = t.resolveModuleName(statement.moduleSpecifier.text, path, options, t.sys)
          .resolvedModule?.resolvedFileName
        if (target !== undefined)
          for (const name of declaredExportNames(t, target, options, seen)) names.add(name)
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
