import { readdirSync } from 'node:fs'

import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Imports flow app → features → shared (components, lib, config). A feature never imports
// another feature; shared code imports neither features nor the app.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const sideways = (message, allowed) => ({
  group: [
    '@/features/*',
    '**/features/*',
    ...(allowed ? [`!@/features/${allowed}`, `!@/features/${allowed}/**`] : []),
  ],
  message,
})

const appImport = { group: ['@/app/*', '**/app/*'], message: 'Only src/app may import from src/app.' }

// Relative imports stay inside a feature's own folders; anything further goes through '@/'.
const leavesFolder = {
  regex: '^(\\.\\./){2,}',
  message: "Import from outside this folder with '@/…', never '../../'.",
}

export default defineConfig(
  { ignores: ['dist', 'node_modules', 'coverage', 'playwright-report', 'test-results'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // A cycle of imports makes module order matter and hides a missing layer.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sideways(`Features do not import each other; compose them in src/app.`, feature),
            appImport,
            leavesFolder,
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [sideways('Shared code must not depend on features.'), appImport] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['*.{js,ts}', 'scripts/**/*.{js,mjs}', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // The end-to-end harness runs in Node and reports its progress on the console.
    files: ['e2e/**/*.ts', 'playwright.config.ts', 'scripts/**/*.{js,mjs}'],
    rules: { 'no-console': 'off', '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['*.js', 'scripts/**/*.{js,mjs}'],
    extends: [js.configs.recommended],
  },
)
