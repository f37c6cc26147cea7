import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importBoundaries, REACT_ROUTER_DOM } from './eslint.boundaries.js'

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
      // Import boundaries (ADR 074): every zone below repeats the react-router-dom ban, because an override
      // replaces a rule's options instead of adding to them.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [REACT_ROUTER_DOM] }],
    },
  },
  ...importBoundaries,
  {
    // A function in product code has at most 80 lines, blank lines and comments included (ADR 074). A factory
    // whose body is only a group of small closures may say so in an eslint-disable-next-line comment.
    files: ['server/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
)
