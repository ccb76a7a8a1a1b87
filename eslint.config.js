import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/**
 * Lint enforces DESIGN.md's boundaries: engine/ and workflows/ import no React, antd or RJSF;
 * schemas/ is data; server/ imports nothing from renderers/ or src/; no cycles anywhere.
 */
const FRAMEWORKS = ['react', 'react-dom', 'react-dom/*', 'react/*', 'antd', 'antd/*', '@rjsf/*', '@xstate/react', 'react-router', 'react-i18next', 'zustand', 'i18next'];
const restrict = (patterns, message) => ({ patterns: [{ group: patterns, message }] });

export default tseslint.config(
  { ignores: ['.tmp/**', 'dist/**', 'node_modules/**', 'data/**', 'storybook-static/**', 'workflows-export/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['engine/**/*.ts', 'workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', restrict([...FRAMEWORKS, '**/renderers/**', '**/src/**', '**/server/**'], 'engine/ and workflows/ stay framework-free and import no app layer (DESIGN.md).')],
    },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', restrict([...FRAMEWORKS, '**/engine/**', '**/renderers/**', '**/src/**', '**/server/**', 'ajv', 'ajv/*'], 'workflows/ imports xstate only (DESIGN.md).')],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', restrict([...FRAMEWORKS, '**/renderers/**', '**/src/**'], 'server/ never imports renderers/ or src/ (DESIGN.md).')],
    },
  },
  {
    files: ['renderers/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', restrict(['**/src/**', '**/server/**'], 'renderers/ render engine descriptions; they import no app or server code (DESIGN.md).')],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', restrict(['**/server/**'], 'src/ talks to the server over HTTP only (DESIGN.md).')],
    },
  },
);
