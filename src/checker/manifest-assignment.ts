import type ts from 'typescript'
import type { LibraryFiles } from './library-files.js'
import type { TypeScript } from './load-typescript.js'
import { byPath } from './by-path.js'
import type { LocatedManifest } from './plugin-target.js'

/**
 * The manifests each checked file is checked against: its own plugin's (the nearest `package.json` with a
 * `vendorPlugin` field), or, for a file that no plugin package holds (a shared file outside every package
 * that a plugin imports), the manifests of the plugin files that import it, directly or through other such
 * files. A file no plugin reaches gets none. The result does not depend on the order of `files`.
 */
export function assignManifests(
  t: TypeScript,
  program: ts.Program,
  checker: ts.TypeChecker,
  library: LibraryFiles,
  files: readonly ts.SourceFile[],
  manifestOf: (fileName: string) => LocatedManifest | undefined,
): Map<ts.SourceFile, LocatedManifest[]> {
  const assigned = new Map<ts.SourceFile, LocatedManifest[]>()
  for (const file of files) {
    const own = manifestOf(file.fileName)
    assigned.set(file, own === undefined ? [] : [own])
  }
  if (files.every((f) => (assigned.get(f) ?? []).length > 0)) return assigned

  // The plugin's own files of the whole program, and the manifests that reach each through imports.
  const candidates = program
    .getSourceFiles()
    .filter(
      (f) => !f.isDeclarationFile && !program.isSourceFileFromExternalLibrary(f) && !library.has(f.fileName),
    )
  const reached = new Map<ts.SourceFile, Map<string, LocatedManifest>>()
  const queue: ts.SourceFile[] = []
  for (const file of candidates) {
    const own = manifestOf(file.fileName)
    reached.set(file, new Map(own === undefined ? [] : [[own.path, own]]))
    if (own !== undefined) queue.push(file)
  }
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const from = reached.get(file)
    if (from === undefined) continue
    for (const imported of importedFiles(t, checker, file)) {
      const into = reached.get(imported)
      if (into === undefined || manifestOf(imported.fileName) !== undefined) continue
      let grew = false
      for (const [path, manifest] of from) {
        if (into.has(path)) continue
        into.set(path, manifest)
        grew = true
      }
      if (grew) queue.push(imported)
    }
  }
  for (const file of files) {
    if ((assigned.get(file) ?? []).length > 0) continue
    assigned.set(file, [...(reached.get(file)?.values() ?? [])].sort(byPath))
  }
  return assigned
}

/** The source files `file` imports: static and dynamic imports, re-exports, and `require()` in JavaScript. */
function importedFiles(t: TypeScript, checker: ts.TypeChecker, file: ts.SourceFile): ts.SourceFile[] {
  // The compiler's own list of a file's module specifiers (not in its public typings). Refuse loudly if a
  // compiler no longer has it: read as none, every shared file would be refused as covered by no manifest.
  const specifiers = (file as { imports?: unknown }).imports
  if (!Array.isArray(specifiers))
    throw new Error(
      `TypeScript ${t.version} does not list a source file's imports (SourceFile.imports), which the checker reads to find the plugins that import a shared file.`,
    )
  const out: ts.SourceFile[] = []
  for (const specifier of specifiers as readonly ts.StringLiteralLike[]) {
    const declaration = checker.getSymbolAtLocation(specifier)?.valueDeclaration
    if (declaration !== undefined && t.isSourceFile(declaration)) out.push(declaration)
  }
  return out
}
