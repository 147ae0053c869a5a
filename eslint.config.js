import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** DESIGN.md import rules: arrows point down the folder table only. */
const compositorRule = {
  patterns: [
    { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@pixi/react'], message: 'compositor/ is framework-free: no React.' },
    { group: ['zustand', 'zustand/*', 'immer'], message: 'compositor/ never reads stores: it takes a { getState, subscribe } source.' },
    { group: ['**/src/**', '../../src/*', '../../../src/*'], message: 'compositor/ must not import from src/.' },
  ],
};
const featureRule = {
  patterns: [{ group: ['**/api/*', '**/realtime/*', '**/api', '**/realtime'], message: 'Features call actions or services, never api or realtime directly.' }],
};
const uiRule = {
  patterns: [{ group: ['**/features/**'], message: 'src/ui holds shared controls and imports nothing of features.' }],
};

export default tseslint.config(
  { ignores: ['dist', 'dist-e2e', 'node_modules', 'tests/.tmp', 'playwright-report', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'info', 'log', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['src/services/segmentation-worker.js'], languageOptions: { globals: globals.worker, sourceType: 'script' } },
  { files: ['compositor/**/*.ts'], rules: { 'no-restricted-imports': ['error', compositorRule] } },
  { files: ['src/features/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', featureRule] } },
  { files: ['src/ui/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', uiRule] } },
);
