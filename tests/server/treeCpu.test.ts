import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createTreeCpu } from '../../src/server/live/worker/treeCpu';

const children: ReturnType<typeof spawn>[] = [];
/** How long the test's processes live at most: each ends by itself, so none outlives a killed test run. */
const LIFETIME_MS = 8000;
// Each parent leads its own process group (detached): killing the group takes its spinning child too.
afterEach(() => children.splice(0).forEach((c) => process.kill(-c.pid!, 'SIGKILL')));

describe("a worker's CPU with everything it runs", () => {
  it('counts a busy grandchild under an idle process, not only the process itself', async () => {
    // An idle parent (as the worker mostly is) whose child spins (as a capture browser's renderer does).
    const spin = `const end = Date.now() + ${LIFETIME_MS}; while (Date.now() < end) {}`;
    const spinner = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(spin)}], { stdio: 'ignore' }); setTimeout(() => {}, ${LIFETIME_MS});`;
    const parent = spawn(process.execPath, ['-e', spinner], { stdio: 'ignore', detached: true });
    children.push(parent);
    await new Promise((r) => setTimeout(r, 500)); // both are running
    const cores = createTreeCpu(parent.pid!);
    await cores(); // the first reading lists the tree (the child included) and starts each process' history
    await new Promise((r) => setTimeout(r, 1000));
    // The child spins on a core for that second: even on a loaded two-core machine it gets a good part of one.
    expect(await cores()).toBeGreaterThan(0.2);
  });

  it('reads nothing of a process that is gone', async () => {
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    expect(await createTreeCpu(gone.pid!)()).toBeNull();
  });
});
