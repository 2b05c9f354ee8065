import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const noElectron = { name: 'electron', message: 'Only main/electron (and preload) may import electron.' };
const noNode = nodeBuiltins.map((name) => ({ name, message: 'This layer runs outside Node: no Node built-ins.' }));
// electron/main, electron/renderer, ... are electron too.
const noElectronPaths = [{ group: ['electron/*'], message: noElectron.message }];

// The layers of shared/design.md. `boundaries` checks imports between our own
// folders; `no-restricted-imports` checks the outside world (electron, node:*).
const layers = [
  { type: 'common', pattern: 'main/common' },
  { type: 'core', pattern: 'main/core' },
  { type: 'electron', pattern: 'main/electron' },
  { type: 'preload', pattern: 'preload' },
  { type: 'renderer', pattern: 'renderer' },
  { type: 'test', pattern: 'test' },
];
// One formatter (main/common/format) for every number and date a user reads: no ad-hoc formatting elsewhere.
const adHocFormatting = [
  {
    selector: 'CallExpression[callee.property.name=/^(toFixed|toPrecision|toLocaleString|toLocaleDateString|toLocaleTimeString)$/]',
    message: 'Format numbers and dates through main/common/format/format.ts (the user locale, one precision policy).',
  },
  { selector: "MemberExpression[object.name='Intl']", message: 'Intl is used in main/common/format/format.ts only; call its formatters.' },
];
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] }, globals: { ...globals.browser } },
  },
  {
    files: ['main/**', 'preload/**', 'renderer/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': layers,
      'import/resolver': { node: { extensions: ['.ts', '.js', '.svelte'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allow('common', ['common']),
            allow('core', ['common', 'core']),
            allow('electron', ['common', 'core', 'electron']),
            allow('preload', ['common', 'preload']),
            allow('renderer', ['common', 'renderer']),
          ],
        },
      ],
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  { files: ['main/common/**'], rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNode], patterns: noElectronPaths }] } },
  { files: ['main/common/**'], languageOptions: { globals: {} } },
  { files: ['main/core/**'], rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: noElectronPaths }] } },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNode], patterns: noElectronPaths }] },
  },
  {
    files: ['main/**', 'renderer/**'],
    ignores: ['main/common/format/**'],
    rules: { 'no-restricted-syntax': ['error', ...adHocFormatting] },
  },
);
