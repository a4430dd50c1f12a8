import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', '.e2e'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Definitions and the contract are read by the server too: no React, no browser, no Node APIs.
    files: ['contract/**/*.ts', 'resources/**/definition.ts', 'resources/define.ts', 'resources/registry.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'antd', '@refinedev/*', 'node:*', 'fastify', 'kysely'] }],
    },
  },
);
