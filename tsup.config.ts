import { cpSync } from 'node:fs'
import { defineConfig } from 'tsup'
import { ENTRY_POINTS } from './entry-points.js'

/**
 * The package's entry points (entry-points.ts): `dist/<name>.js` (ESM), `dist/<name>.cjs` (CommonJS), and one
 * declaration file per format (`.d.ts`, `.d.cts`); the ESM-only ones have no CommonJS build.
 */
export const entries: Readonly<Record<string, string>> = Object.fromEntries(
  ENTRY_POINTS.filter((e) => !e.esmOnly).map((e) => [e.build, e.source]),
)

/** ESM-only entries: see `EntryPoint.esmOnly`. */
export const esmOnlyEntries: Readonly<Record<string, string>> = Object.fromEntries(
  ENTRY_POINTS.filter((e) => e.esmOnly).map((e) => [e.build, e.source]),
)

/**
 * Worker threads, loaded by path rather than imported: the connections of `postgresStore`. One ESM file each,
 * without declarations; the CommonJS build starts the same file.
 */
export const workerEntries: Readonly<Record<string, string>> = {
  'testing/postgres-worker': 'src/testing/store/postgres/postgres-worker.ts',
}

/**
 * Declaration-only entries: the runtime profile `1.0.0-beta18` of the root and of './v1'. package.json maps
 * them under the custom condition `tech-vendor-runtime-1.0.0-beta18` of `.` and `./v1`
 * (docs/runtime-profiles.md); the code that runs is the entries' own, so they have no JavaScript.
 */
export const profileEntries: Readonly<Record<string, string>> = {
  'profiles/runtime-1.0.0-beta18/index': 'src/profiles/runtime-1.0.0-beta18/index.ts',
  'profiles/runtime-1.0.0-beta18/v1': 'src/profiles/runtime-1.0.0-beta18/v1.ts',
}

const shared = {
  target: 'node20',
  platform: 'node',
  // Shared chunks within each format: the entries of one format share one copy of every class.
  splitting: true,
  treeshake: true,
  // `npm run build` empties dist/ first; the configs run at the same time and must not delete each other's output.
  clean: false,
  sourcemap: false,
  minify: false,
  // The emulator's console page (src/emulator/console/console.html) ships inside the JavaScript as a string, so
  // the ESM and CommonJS builds and the bin's chunks all have it without a file to find at run time.
  loader: { '.html': 'text' },
} as const

export default defineConfig([
  {
    ...shared,
    entry: { ...entries, ...esmOnlyEntries, ...workerEntries },
    format: ['esm'],
    // Declarations are bundled per entry with shared chunks, so `DomainRegistry` is declared once per format
    // and one consumer augmentation of '@tech-vendor/api' types both the root and './v1' (the packaging test
    // proves it with a consumer tsc run).
    dts: { entry: { ...entries, ...esmOnlyEntries, ...profileEntries } },
  },
  {
    ...shared,
    entry: { ...entries },
    format: ['cjs'],
    // The Groovy engine's JVM side is Groovy source, run from dist/groovy-runtime/ by whichever build starts it
    // (groovy-runtime-folder.ts finds it from any chunk).
    onSuccess: async () => {
      cpSync('src/emulator/logic/groovy/runtime', 'dist/groovy-runtime', { recursive: true })
    },
    // `import.meta.url` (the PGlite store finds its snapshot cache, the server store its worker) from CommonJS too.
    shims: true,
    dts: { entry: { ...entries, ...profileEntries } },
  },
  // The `vendor-api` bin: an ESM file with its shebang, no declarations (a command, not an import);
  // `typescript` stays external (an optional peer dependency, loaded from the plugin's project). Split, so
  // that `serve`'s dynamically imported emulator (and its dependencies) is a chunk `check` never loads.
  {
    entry: { cli: 'src/checker/cli.ts' },
    ...shared,
    outDir: 'dist/checker',
    format: ['esm'],
    dts: false,
  },
])
