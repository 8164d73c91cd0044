import type ts from 'typescript'
import { LIBRARY_NAME } from './library-files.js'
import type { TypeScript } from './load-typescript.js'

/** The resolution modes that ignore the `exports` of package.json, by their `moduleResolution` names. */
const EXPORTS_BLIND: Readonly<Record<number, string>> = { 1: 'classic', 2: 'node10' }

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
  // The effective mode: `moduleResolution`, or what `module` implies (node10 for commonjs).
  const compute = (t as { getEmitModuleResolutionKind?: (o: ts.CompilerOptions) => number })
    .getEmitModuleResolutionKind
  const kind = compute?.(options) ?? options.moduleResolution
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
  const blind = kind === undefined ? undefined : EXPORTS_BLIND[kind]
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
