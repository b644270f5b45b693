import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/@mf-types/**',
      'coverage/**',
      'data/**',
      '.tmp/**',
      'bench/.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['host/src/**/*.{ts,tsx}', 'public-remote/src/**/*.{ts,tsx}', 'admin-remote/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The shared package is universal code: no framework or I/O imports.
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', '@nestjs/*', 'typeorm', 'class-validator', 'node:*', 'fs', 'http'] },
      ],
    },
  },
  {
    // Server code that maps rows to objects adds no property after a spread: V8 (Node 20) builds such
    // an object on a slow path, 1-4 µs against 0.05-0.2 for Object.assign onto a fresh object, and
    // the object costs more to serialize (docs/performance.md, "Objects built after a spread").
    files: ['api/src/**/*.ts', 'shared/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(map|flatMap)$/] ObjectExpression > SpreadElement:not([argument.type=/^(ConditionalExpression|LogicalExpression|ObjectExpression)$/]) ~ Property',
          message:
            "A property after a spread puts each row's object on V8's slow path: Object.assign({}, source, { ... }) or Object.assign(fresh, { ... }).",
        },
      ],
    },
  },
  {
    // A remote never imports the host or the other remote.
    files: ['public-remote/src/**/*.{ts,tsx}', 'admin-remote/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/host/**', '@friends/host', '@friends/*-remote'] }],
    },
  },
  {
    // No import circles: a module's dependencies load before it, so a circle leaves one side undefined at
    // load time (or forces a lazy require). Workspace packages are resolved to their source too.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
