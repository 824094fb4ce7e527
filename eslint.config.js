import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tsImport } from 'tsx/esm/api';

// ESLint over the whole tree (`npm run lint`, with `prettier --check`): typescript-eslint's recommended rules
// without type information, the architecture's "never" list as no-restricted-imports (derived from
// tests/unit/architecture/rules.ts, so it is declared once), and eslint-config-prettier last, so the formatter
// alone decides layout.

const { restrictedImportConfigs } = await tsImport('./tests/unit/architecture/restricted-imports.ts', import.meta.url);

export default defineConfig(
  {
    ignores: [
      '.output/',
      '.wxt/',
      '.tmp/',
      'coverage/',
      'bench/results/',
      'server/companion/dist/',
      'server/companion/dist-edge/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.webextensions } },
    rules: {
      // A leading underscore names what is left out on purpose (a rest sibling dropped, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `let x` declared before a closure that reads it, and assigned once after: const would be read in its TDZ.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // What a browser page answers through evaluate() is untyped; shipped code stays free of `any`.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The search engine's packed strings separate fields with NUL, on purpose.
    files: ['lib/search/**'],
    rules: { 'no-control-regex': 'off' },
  },
  restrictedImportConfigs(import.meta.dirname),
  prettier,
);
