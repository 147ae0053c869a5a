/** compositor/render imports only pixi.js, render, model, layout or templates (DESIGN folder table). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('compositor/render import boundaries (DESIGN folder table)', () => {
  const dir = join(__dirname, '../../../compositor/render');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  it.each(files)('%s imports only pixi.js, render, model, layout or templates', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    const specs = [...source.matchAll(/^(?:(?:import|export)\b[^;]*?\bfrom\s*|import\s*)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    // A file that imports (or re-exports) anything must have it seen by the pattern; one with no import
    // statement at all (frameClock.ts) has nothing to cross.
    if (/^import\b|^export\b[^;]*\bfrom\b/m.test(source)) expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) expect(spec).toMatch(/^(pixi\.js(\/unsafe-eval)?|\.\/[\w.]+|\.\.\/(model|layout|templates)(\/[\w./]+)?)$/);
  });
});
