// @vitest-environment node
/**
 * The floors of DESIGN.md, enforced by ESLint (eslint.config.js FLOOR_RULES): for every rule a
 * fixture that imports one floor up must fail, and the same file importing downwards must pass.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { join } from 'node:path';

const eslint = new ESLint({ cwd: join(__dirname, '../..') });
const restricted = async (file: string, spec: string): Promise<boolean> => {
  const [result] = await eslint.lintText(`import { x } from '${spec}';\nexport const y = x;\n`, { filePath: file });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
};

// [file, an import that runs back up, an import that is allowed]
const FIXTURES: [string, string, string][] = [
  ['compositor/model/fixture.ts', '../layout/rects', './types'],
  ['compositor/model/fixture.ts', 'pixi.js', './constants'],
  ['compositor/layout/fixture.ts', '../templates/schemas', '../model/types'],
  ['compositor/templates/fixture.ts', '../render/keyed', '../layout/rects'],
  ['compositor/templates/fixture.ts', '../convert/body', 'pixi.js'],
  ['compositor/templates/ticker/item.ts', 'pixi.js', '../schemaKit'],
  ['compositor/convert/fixture.ts', '../render/reconcile', '../templates/schemas'],
  ['compositor/convert/fixture.ts', 'pixi.js', '../layout'],
  ['compositor/render/fixture.ts', 'react', '../templates'],
  ['compositor/render/fixture.ts', 'zustand', 'pixi.js'],
  ['compositor/render/fixture.ts', '../../src/state/channel/store', '../model/scene'],
  ['compositor/sync/fixture.ts', '../render/reconcile', '../convert/body'],
  ['compositor/sync/fixture.ts', 'pixi.js', '../templates/schemas'],
  ['compositor/sync/fixture.ts', 'zustand', './keyed'],
  ['compositor/convert/fixture.ts', '../sync/keyed', '../model/channel'],
  ['src/lib/fixture.ts', '../state/channel/store', './limits'],
  ['src/lib/fixture.ts', 'react', './clock'],
  ['src/state/fixture.ts', '../ui/Dialog', '../lib/limits'],
  ['src/state/fixture.ts', '../services/media/elements', '../../compositor/model/types'],
  ['src/state/chat/fixture.ts', '../../features/chat/texts', '../../lib/text'],
  ['src/ui/fixture.tsx', '../services/devices', '../state/screenStore'],
  ['src/ui/fixture.tsx', '../features/stage/LayoutToolbar', '../lib/texts'],
  ['src/services/fixture.ts', '../features/stage/StagePane', '../state/channel/store'],
  ['src/services/fixture.ts', '../demo/demoSession', '../lib/clock'],
  ['src/features/stage/fixture.tsx', '../../api/client', '../../services/media/elements'],
  ['src/features/stage/fixture.tsx', '../../realtime/socket', '../../state/channel/store'],
  ['src/features/stage/fixture.tsx', '../../demo/demoData', '../../ui/Dialog'],
  ['src/demo/fixture.ts', '../features/chat/texts', '../state/chat/chatStore'],
  ['src/demo/fixture.ts', '../ui/Dialog', '../services/channel/stageSetup'],
  ['src/api/fixture.ts', '../state/channel/store', '../../compositor/model/types'],
  ['src/realtime/fixture.ts', '../services/show/entry', '../api/client'],
  // The server is Node and never bundled: no browser file imports it or a Node module.
  ['src/services/fixture.ts', '../server/studio', '../state/channel/store'],
  ['src/features/stage/fixture.tsx', 'node:fs', '../../ui/Dialog'],
  ['src/state/fixture.ts', 'fastify', '../lib/limits'],
  ['src/fixture.ts', 'node:fs', './lib/clock'],
  ['compositor/sync/fixture.ts', 'node:crypto', './keyed'],
  // The server reads compositor/{model,convert,sync} and src/lib only.
  ['src/server/fixture.ts', '../features/stage/StagePane', '../../compositor/sync'],
  ['src/server/routes/fixture.ts', '../../state/channel/store', '../../lib/text'],
  ['src/server/fixture.ts', '../../compositor/render', 'node:fs'],
  ['src/server/fixture.ts', 'react', 'fastify'],
];

describe('import floors (DESIGN.md: arrows point down only)', () => {
  it.each(FIXTURES)('%s: importing %s fails, %s passes', async (file, up, down) => {
    expect(await restricted(file, up)).toBe(true);
    expect(await restricted(file, down)).toBe(false);
  });

  it('a store never calls backend() (I/O lives in services); the port’s types are fine', async () => {
    const lint = async (code: string) => (await eslint.lintText(code, { filePath: 'src/state/chat/fixture.ts' }))[0]!.messages.some((m) => m.ruleId === 'no-restricted-imports');
    expect(await lint(`import { backend } from '../backend';\nexport const y = backend;\n`)).toBe(true);
    expect(await lint(`import type { Backend } from '../backend';\nexport type Y = Backend;\n`)).toBe(false);
  });
});
