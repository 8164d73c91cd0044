import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { defineConfig, type Plugin } from 'vitest/config'
import { ENTRY_POINTS } from './entry-points.js'

/**
 * Vite 8 transforms TypeScript with Oxc, which does not lower standard (TC39) decorators yet
 * (oxc-project/oxc#9170): a decorated class in a test reaches Node as a raw `@` and fails to parse. This
 * lowers them with the TypeScript compiler the package already uses, only in files that hold a decorator.
 */
function standardDecorators(): Plugin {
  const decorator = /^\s*(?:export\s+)?@[\w$]/m
  return {
    name: 'tech-vendor:standard-decorators',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.[cm]?tsx?$/.test(id.split('?', 1)[0] ?? '') || !decorator.test(code)) return null
      const out = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: {
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
          verbatimModuleSyntax: true,
          useDefineForClassFields: true,
          sourceMap: true,
        },
      })
      return {
        code: out.outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''),
        map: out.sourceMapText ?? null,
      }
    },
  }
}

/**
 * `.html` imports as their text, as the build's `text` loader (tsup.config.ts) makes them: the emulator's console
 * page ships inside its JavaScript.
 */
function htmlAsText(): Plugin {
  return {
    name: 'tech-vendor:html-as-text',
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?', 1)[0]!.endsWith('.html')) return null
      return { code: `export default ${JSON.stringify(code)}`, map: null }
    },
  }
}

/**
 * The package's entry points by name, resolved to their sources (as tsconfig.json's `paths`), so that the
 * example plugin under examples/ imports '@tech-vendor/api' as a plugin author does, without a build.
 */
const entryPoints = ENTRY_POINTS.map((e) => [e.specifier, e.source] as const)

/** Tests that hold only where code generation is not allowed. */
const NO_CODE_GENERATION_ONLY = 'test/**/*.no-code-generation.test.ts'

export default defineConfig({
  plugins: [standardDecorators(), htmlAsText()],
  resolve: {
    alias: entryPoints.map(([name, source]) => ({
      find: new RegExp(`^${name.replaceAll('/', '\\/')}$`),
      replacement: fileURLToPath(new URL(source, import.meta.url)),
    })),
  },
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: [NO_CODE_GENERATION_ONLY],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        // The reference host where code generation from strings is not allowed (a Content Security Policy, or
        // Node's flag): the engine and the copies take their closure paths, and must answer the same.
        extends: true,
        test: {
          name: 'no code generation',
          include: [
            'test/testing/store/memory/**/*.test.ts',
            'test/testing/facets/**/*.test.ts',
            NO_CODE_GENERATION_ONLY,
          ],
          execArgv: ['--disallow-code-generation-from-strings'],
        },
      },
    ],
  },
})
