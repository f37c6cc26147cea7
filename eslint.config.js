import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      '**/*.generated.*',
      '**/sanity.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended-strict'],
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Two router entry points load two copies of its contexts under Node (ESM and CJS builds), and a
      // component using the other one crashes the server render with "useLocation() ... <Router>".
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router-dom', message: "Import from 'react-router' (ADR 030)." }] },
      ],
    },
  },
  {
    // One-way imports: shared code in web/src/lib and components never reaches into features or app.
    files: ['web/src/lib/**', 'web/src/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }],
    },
  },
)
