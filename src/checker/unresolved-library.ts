import type ts from 'typescript'
import { LIBRARY_NAME } from './library-files.js'
import type { TypeScript } from './load-typescript.js'

/** The resolution modes that ignore the `exports` of package.json, by their `moduleResolution` names. */
function exportsBlind(t: TypeScript): ReadonlyMap<ts.ModuleResolutionKind, string> {
  return new Map([
    [t.ModuleResolutionKind.Classic, 'classic'],
    [t.ModuleResolutionKind.Node10, 'node10'],
  ])
}

/**
 * Why `specifier`, an import of the library, does not resolve from `file`, and what to do: the tsconfig's
 * resolution mode when the package is installed but that mode cannot see it (`node10` and `classic` ignore
 * package.json `exports`, which publish `@tech-vendor/api/v1` and the runtime profile), else its installation.
 */
export function unresolvedLibraryMessage(
  t: TypeScript,
  program: ts.Program,
  file: ts.SourceFile,
  path: string,
  specifier: string,
): string {
  const options = program.getCompilerOptions()
  const kind = effectiveResolution(t, options)
  const modern: ts.CompilerOptions = {
    ...options,
    module: t.ModuleKind.NodeNext,
    moduleResolution: t.ModuleResolutionKind.NodeNext,
  }
  const installed = [t.ModuleKind.ESNext, t.ModuleKind.CommonJS].some(
    (mode) =>
      t.resolveModuleName(
        specifier,
        file.fileName,
        modern,
        t.sys,
        undefined,
        undefined,
        mode as ts.ResolutionMode,
      ).resolvedModule !== undefined,
  )
  const blind = exportsBlind(t).get(kind)
  if (installed && blind !== undefined) {
    return (
      `${path} imports '${specifier}', which is installed, but moduleResolution '${blind}' cannot resolve it: ` +
      `'${blind}' ignores the "exports" of package.json, through which ${LIBRARY_NAME} publishes its entry points. ` +
      `Set "moduleResolution" to "nodenext" (with "module": "nodenext"), "node16" or "bundler" in the plugin's tsconfig.json.`
    )
  }
  if (installed) {
    return (
      `${path} imports '${specifier}', which is installed, but the plugin's tsconfig.json resolves it to nothing ` +
      '(check its "paths", "baseUrl" and "customConditions"), so the checker would not see its declarations.'
    )
  }
  return (
    `${path} imports '${specifier}', which cannot be resolved from the plugin. Install it (npm install --save-dev ${LIBRARY_NAME}) ` +
    `so that the checker sees its declarations.`
  )
}

/**
 * The resolution mode the compiler uses: `moduleResolution`, or what `module` implies when it is not set
 * (`node10` for CommonJS, `classic` for the ES module kinds), as the compiler documents its defaults.
 */
function effectiveResolution(t: TypeScript, options: ts.CompilerOptions): ts.ModuleResolutionKind {
  if (options.moduleResolution !== undefined) return options.moduleResolution
  const target = options.target ?? t.ScriptTarget.ES5
  const module =
    options.module ?? (target >= t.ScriptTarget.ES2015 ? t.ModuleKind.ES2015 : t.ModuleKind.CommonJS)
  // `preserve` appeared in TypeScript 5.4; the plugin's compiler may be older.
  const preserve = (t.ModuleKind as { Preserve?: ts.ModuleKind }).Preserve
  if (module === t.ModuleKind.CommonJS) return t.ModuleResolutionKind.Node10
  if (module === t.ModuleKind.Node16) return t.ModuleResolutionKind.Node16
  if (module === t.ModuleKind.NodeNext) return t.ModuleResolutionKind.NodeNext
  if (preserve !== undefined && module === preserve) return t.ModuleResolutionKind.Bundler
  return t.ModuleResolutionKind.Classic
}
