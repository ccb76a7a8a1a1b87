import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Lint enforces DESIGN.md's boundaries as allow-lists: for each folder, the folders of the repo
 * and the packages it MAY import; everything else is refused (a new package or folder has to be
 * added here on purpose). No cycles anywhere. React's hook rules hold in renderers/ and src/.
 */
const FOLDERS = {
  engine: { folders: ['engine', 'schemas', 'workflows', 'types'], packages: ['xstate', 'ajv', 'ajv-draft-04', 'ajv-formats', 'ajv-i18n', 'elkjs'] },
  workflows: { folders: ['workflows'], packages: ['xstate'] },
  renderers: {
    folders: ['renderers', 'engine', 'types'],
    packages: ['react', 'react-dom', 'antd', '@ant-design/icons', '@rjsf/core', '@rjsf/utils', '@rjsf/antd', '@rjsf/validator-ajv8', '@dnd-kit/core', '@dnd-kit/sortable', '@dnd-kit/utilities', 'dayjs', 'zustand', 'xstate', '@xstate/react', 'elkjs', '@tanstack/react-query', '@storybook/react-vite'],
  },
  src: {
    folders: ['src', 'renderers', 'engine', 'types'],
    packages: ['react', 'react-dom', 'antd', '@ant-design/icons', 'react-i18next', 'i18next', 'react-router', 'dayjs', 'zustand', 'xstate', '@xstate/react', '@tanstack/react-query', '@storybook/react-vite', 'qrcode', 'echarts', '@stomp/stompjs', 'virtual:antd-styles.css', 'virtual:antd-map-token'],
  },
  server: {
    folders: ['server', 'engine', 'schemas', 'workflows', 'types'],
    packages: ['node:*', 'fastify', '@fastify/static', '@fastify/compress', '@fastify/cookie', 'helmet', '@fastify/rate-limit', '@fastify/under-pressure', '@fastify/websocket', 'ws', '@stomp/stompjs', 'postgres', '@electric-sql/pglite', 'nodemailer', 'pdfkit', 'svg-captcha', 'exceljs', 'archiver', 'yauzl', 'saxes', '@e965/xlsx', 'xstate', 'vite', 'node-forge', '@aws-sdk/client-s3', 'piscina', 'tar-stream', 'prom-client'],
  },
};
const WHY = {
  engine: 'engine/ imports schemas, workflows, ajv (ajv-draft-04 for draft-04), xstate and elkjs only: no framework, no app layer, no node-only module (DESIGN.md).',
  workflows: 'workflows/ imports xstate only (DESIGN.md).',
  renderers: 'renderers/ render engine descriptions with React, antd and RJSF; they import no app, server, workflows/ or schemas/ code (DESIGN.md).',
  src: 'src/ reaches workflows/ and schemas/ through the engine and the server over HTTP only (DESIGN.md).',
  server: 'server/ imports engine, schemas and workflows, never renderers/ or src/ or a UI framework (DESIGN.md).',
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A package name, or `scope/*`, as the start of a specifier: itself or one of its subpaths. */
const packageAlternative = (p) => (p.endsWith(':*') ? `${escape(p.slice(0, -1))}.*` : `${escape(p)}(?:/.*)?`);
const allowList = (name) => {
  const { folders, packages } = FOLDERS[name];
  return [
    {
      files: [`${name}/**/*.{ts,tsx}`],
      rules: {
        // Packages: any specifier that is not relative and not an allowed package is refused.
        'no-restricted-imports': ['error', { patterns: [{ regex: `^(?!\\.|(?:${packages.map(packageAlternative).join('|')})(?:\\?.*)?$)`, message: WHY[name] }] }],
        // Folders of the repository: everything under the root but the allowed folders is refused.
        'import-x/no-restricted-paths': ['error', { zones: [{ target: `./${name}`, from: '.', except: [...folders.map((f) => `./${f}`), './node_modules'], message: WHY[name] }] }],
      },
    },
  ];
};

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
  ...Object.keys(FOLDERS).flatMap(allowList),
  {
    files: ['renderers/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The large-form speed module (renderers/form/speed/) is used through its index only.
    files: ['renderers/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    ignores: ['renderers/form/speed/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/(^|\\/)speed\\/(?!index\\.ts$)/]', message: 'Import the large-form speed module from renderers/form/speed/index.ts only.' },
      ],
    },
  },
);
