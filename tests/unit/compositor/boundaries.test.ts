import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// DESIGN.md: model imports nothing; layout imports only ../model; nothing under compositor/ imports
// React, zustand, immer, pixi.js or src/.
const ROOT = join(__dirname, '../../../compositor');
const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);
const files = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.ts')).map((f) => join(ROOT, dir, f));

describe('compositor kernel import boundaries', () => {
  it.each(files('model'))('%s imports only model files', (file) => {
    for (const spec of importsOf(file)) expect(spec).toMatch(/^\.\/[\w.]+$/);
  });

  it.each(files('layout'))('%s imports only layout and model files', (file) => {
    for (const spec of importsOf(file)) expect(spec).toMatch(/^(\.\/[\w.]+|\.\.\/model(\/[\w.]+)?)$/);
  });
});
