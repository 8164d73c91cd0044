import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'

/** The Node globals that plain JavaScript files here use (the `globals` package is not a dependency). */
const nodeGlobals = {
  console: 'readonly',
  process: 'readonly',
  globalThis: 'readonly',
  require: 'readonly',
  module: 'writable',
  URL: 'readonly',
}

export default defineConfig(
  globalIgnores([
    'dist/',
    'docs/api/',
    'coverage/',
    '.tmp/',
    '**/node_modules/',
    // Fixture plugins hold deliberate mistakes for the checker's tests, at asserted lines and columns.
    'test/**/fixtures/',
  ]),

  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: nodeGlobals },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },

  {
    files: ['**/*.{ts,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },

  // The package itself: type-aware rules.
  {
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // The sources alone, as they are published: the DomainRegistry augmentations of the tests stay out.
      parserOptions: { project: './tsconfig.src.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The facades hand `arguments` to hostFacet so that a missing member is reported with what was really
      // passed (Groovy's MissingMethodException lists every argument), overloads included.
      'prefer-rest-params': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/prefer-nullish-coalescing': 'off',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Misreads types over DomainRegistry, which plugins fill by augmentation: `keyof DomainRegistry & string`
      // is `never & string` here and a union of names in a plugin.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },

  // Tests, benches, scripts and examples: plain recommended rules, with the freedoms tests need.
  {
    files: ['test/**/*.{ts,mts,cts}', 'bench/**/*.ts', 'scripts/**/*.ts', 'examples/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', minimumDescriptionLength: 3 },
      ],
      'prefer-rest-params': 'off',
    },
  },
)
