import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_READABLE = ['react', 'react-*', 'antd', '@refinedev/*', 'node:*', 'fastify', 'kysely'];

/** Files of `files` may not import from the folders `above` (relative paths, from any depth). */
function layer(files, above, packages = []) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(packages.length ? [{ group: packages, message: 'The server reads this file too.' }] : []),
            { regex: `^(\\.\\./)+(${above.join('|')})(/|$)`, message: 'This layer does not import from a layer above it.' },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', '.e2e', 'tests/.readme'] },
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
  // Layers, lowest first: contract, providers, src (the shell), resources, then server, mocks and
  // app (the entry, which puts the shell, providers and resources together). A folder imports only
  // from the layers below it.
  layer(['providers/**'], ['src', 'resources', 'server', 'mocks', 'app']),
  layer(['src/**'], ['resources', 'server', 'mocks', 'app']),
  layer(['resources/**'], ['server', 'mocks', 'app']),
  layer(['server/**', 'mocks/**'], ['app']),
  // The contract imports nothing of ours; it, the definitions and the bespoke screens' declarations
  // are read by the server too: no React, no browser, no Node APIs.
  layer(['contract/**'], ['providers', 'src', 'resources', 'server', 'mocks', 'app'], SERVER_READABLE),
  layer(
    ['resources/**/definition.ts', 'resources/define.ts', 'resources/registry.ts', 'resources/**/screen.ts', 'resources/**/screens.ts', 'resources/bespokeScreens.ts'],
    ['server', 'mocks', 'app'],
    SERVER_READABLE,
  ),
);
