import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * DESIGN.md import rules: arrows point down the floors only. Each floor names the folders it must
 * not import; tests/unit/importRules.test.ts lints a breaking import for every rule.
 */
const SRC_FLOORS = ['lib', 'state', 'ui', 'services', 'features', 'demo', 'app', 'api', 'realtime'];
/** What only the studio backend (Node) may import: a browser floor that did would not build or would ship it. */
const serverOnly = {
  group: ['**/server', '**/server/*', '**/server/**', 'node:*', 'fastify', 'fastify/*', '@fastify/*', 'pg', 'pg/*', 'ws', '@electric-sql/pglite', 'playwright-core'],
  message: 'Browser code never imports src/server or a Node module (fs, fastify, pg, ws…): the server is not bundled.',
};
const noFolders = (folders, message) => ({
  patterns: [{ group: folders.flatMap((f) => [`**/${f}/*`, `**/${f}`, `**/${f}/**`]).filter((g) => !g.startsWith('**/lib')), message }, serverOnly],
});
const without = (...allowed) => SRC_FLOORS.filter((f) => !allowed.includes(f));
const frameworkFree = [
  { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'compositor/ is framework-free: no React.' },
  { group: ['zustand', 'zustand/*', 'immer'], message: 'compositor/ never reads stores: it takes a { getState, subscribe } source.' },
  { group: ['**/src/**', '../../src/*', '../../../src/*'], message: 'compositor/ must not import from src/.' },
  { ...serverOnly, message: 'compositor/ runs in the browser and on the server alike: no Node modules.' },
];
const compositorFloor = (folders, message) => ({
  patterns: [...frameworkFree, ...(folders.length ? [{ group: folders.flatMap((f) => [`**/${f}/*`, `**/${f}`, `../${f}`]), message }] : [])],
});
/** DESIGN: stores hold state and pure actions; the calls through the Backend port are the services'. */
const noBackendCalls = { group: ['**/backend'], importNames: ['backend'], message: 'Stores hold state and pure actions: backend() is called by services (src/services), which apply the results through store actions.' };
const noPixi = { group: ['pixi.js', 'pixi.js/*'], message: 'This floor is pure data: no pixi (views live in compositor/render and templates/<kind>/view).' };

/** [files, restricted-imports option] per floor. */
export const FLOOR_RULES = [
  ['compositor/**/*.ts', compositorFloor([], '')],
  ['compositor/model/**/*.ts', { patterns: [...compositorFloor(['layout', 'templates', 'convert', 'render', 'sync'], 'compositor/model imports nothing: it is the ground floor.').patterns, noPixi] }],
  ['compositor/layout/**/*.ts', { patterns: [...compositorFloor(['templates', 'convert', 'render', 'sync'], 'compositor/layout imports only model.').patterns, noPixi] }],
  ['compositor/templates/**/*.ts', compositorFloor(['convert', 'render', 'sync'], 'compositor/templates imports model, layout and pixi only.')],
  ['compositor/templates/**/{item,schemas,schemaKit,schemaTypes,schema,geometry}.ts', { patterns: [...compositorFloor(['convert', 'render', 'sync'], 'compositor/templates imports model, layout and pixi only.').patterns, noPixi] }],
  ['compositor/convert/**/*.ts', { patterns: [...compositorFloor(['render', 'sync'], 'compositor/convert converts data: model, layout and template schemas only.').patterns, noPixi] }],
  ['compositor/sync/**/*.ts', { patterns: [...compositorFloor(['render'], 'compositor/sync merges channel data: model, layout, template schemas and convert only.').patterns, noPixi] }],
  ['src/lib/**/*.{ts,tsx}', { patterns: [...noFolders(without(), 'src/lib holds shared leaves: it imports nothing of src.').patterns, { group: ['react', 'react-dom', 'zustand', 'immer'], message: 'src/lib is framework-free.' }] }],
  ['src/state/**/*.{ts,tsx}', { patterns: [...noFolders(without('lib', 'state'), 'src/state imports only lib and compositor: no ui, services, features, demo, app, api or realtime.').patterns, noBackendCalls] }],
  ['src/ui/**/*.{ts,tsx}', noFolders(without('lib', 'state', 'ui'), 'src/ui holds shared controls: it imports lib and state only.')],
  ['src/api/**/*.{ts,tsx}', noFolders(without('lib', 'api'), 'src/api imports model types (and lib) only.')],
  ['src/realtime/**/*.{ts,tsx}', noFolders(without('lib', 'api', 'realtime'), 'src/realtime imports api types (and lib) only.')],
  ['src/services/**/*.{ts,tsx}', noFolders(['features', 'demo', 'app'], 'src/services never imports features, demo or app.')],
  ['src/features/**/*.{ts,tsx}', noFolders(['api', 'realtime', 'demo', 'app'], 'Features call actions or services, never api, realtime, demo or app directly.')],
  ['src/demo/**/*.{ts,tsx}', noFolders(['ui', 'features', 'app', 'api', 'realtime'], 'The demo implements services interfaces with state actions: no ui, features, app, api or realtime.')],
  ['src/*.{ts,tsx}', { patterns: [serverOnly] }],
  [
    'src/server/**/*.{ts,mjs}',
    {
      patterns: [
        { group: SRC_FLOORS.filter((f) => f !== 'lib').flatMap((f) => [`**/src/${f}`, `**/src/${f}/**`, `../${f}`, `../${f}/**`, `../../${f}`, `../../${f}/**`]), message: 'src/server imports compositor/{model,convert,sync} and src/lib only: never a browser floor.' },
        { group: ['**/compositor/layout', '**/compositor/layout/**', '**/compositor/templates', '**/compositor/templates/**', '**/compositor/render', '**/compositor/render/**'], message: 'src/server reads the channel through compositor/{model,convert,sync} only.' },
        { group: ['react', 'react-dom', 'react/*', 'pixi.js', 'pixi.js/*', 'zustand', 'immer'], message: 'src/server is Node: no browser frameworks.' },
      ],
    },
  ],
];

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
  { files: ['src/services/media/segmentation-worker.js'], languageOptions: { globals: globals.worker, sourceType: 'script' } },
  ...FLOOR_RULES.map(([files, option]) => ({ files: [files], rules: { 'no-restricted-imports': ['error', option] } })),
);
