import { FORMATS } from './report.js'
import { rules } from './rules.js'

/** `vendor-api --help`. */
export function helpText(version: string): string {
  const ruleLines = rules.map((r) => `  ${r.id.padEnd(29)} ${r.severity.padEnd(8)} ${r.summary}`).join('\n')
  return `vendor-api ${version}: catch in CI what would fail on the platform runtime.

Usage:
  vendor-api check [paths...] [--project <tsconfig>] [--linkage dynamic|static] [--format ${FORMATS.join('|')}]
  vendor-api check-bundle <files or directories...> [--format ${FORMATS.join('|')}]
  vendor-api serve [--port N] [--hostname H] [--config FILE] [--data DIR] [--persist DIR | --store URL]
  vendor-api export (--persist DIR | --store URL) --out FOLDER [--config FILE] [--data DIR]
  vendor-api types --config FILE [--data DIR] [--out FILE]
  vendor-api --help | --version

check
  Type-checks the plugin's sources with its TypeScript compiler and tsconfig: a type error is a finding
  (rule type-error) and fails the run, as tsc --noEmit does. Reports every use of the library that the
  platform runtime would refuse. Each file is checked against its plugin's manifest: the "vendorPlugin"
  field of the nearest package.json that has one (name and version default to the package's, apiVersion
  "0.0.5" | "1.0.0" to "0.0.5", dependsOnPlugins to []).

  paths                 Files or directories to report on (default: every file of the project).
  -p, --project <path>  The tsconfig.json, or a directory holding one (default: each path's nearest
                        tsconfig.json; without one, the given paths with the plugin-template options).
  --linkage <linkage>   How the plugin is linked to the runtime: "dynamic" (Groovy, a JavaScript engine;
                        the default) or "static" (Java, @CompileStatic).
  -f, --format <format> "text" (default), "json" (an object whose "findings" is the array of findings) or
                        "sarif" (SARIF 2.1.0, for code scanning).

check-bundle
  Fails when a plugin build carries the library's own code instead of importing '@tech-vendor/api': the
  platform supplies the library. Directories are searched for .js, .mjs and .cjs files, entering the
  node_modules folders of build output (Rollup preserveModules) but not installed packages.

serve
  Runs the platform emulator: the platform's REST API under /api on 127.0.0.1 (port 8080 by default), until
  Ctrl+C. 'vendor-api serve --help' lists its options; docs/emulator.md describes it.

export
  Writes the data 'vendor-api serve --persist' (or --store) kept as a seed folder that --data loads again.
  'vendor-api export --help' lists its options; docs/emulator.md describes it.

types
  Writes the DomainRegistry declaration of the application's domains (the emulator config's), which types
  the REST client and SimpleQuery. 'vendor-api types --help' lists its options; docs/client.md describes it.

Rules:
${ruleLines}

Exit codes: 0 no errors (warnings allowed), 1 errors found (type errors included), 2 usage error (bad
option, missing or invalid manifest, unreadable file, a tsconfig the compiler refuses, the library not
resolvable from the plugin, a path or project with no source file to check).

Docs: docs/ci.md (each rule with a bad and a good example), docs/runtime-profiles.md.
`
}
