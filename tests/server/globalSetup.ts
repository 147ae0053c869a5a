/**
 * Once per run of the server tests: a blank PGlite cluster (what initdb makes, ~5 s), which every
 * backend the tests start on a new folder copies instead of running initdb again (helpers.ts
 * blankClusterReady, db/open.ts). The tests of a first start itself (dataFolder, the CLI's) do not use it.
 *
 * It is made in a child process, not awaited here: the run goes on meanwhile (test files import for
 * seconds before their first backend, and files that start none never wait), and initdb's
 * WebAssembly stays off this process, which serves the workers their modules.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the cluster appears once made (renamed into place whole), and the file saying why it was not. */
    blankCluster: { path: string; failed: string };
  }
}

const MAKE = `
import { renameSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
const [partial, path] = process.argv.slice(1);
await (await PGlite.create({ dataDir: partial })).close();
renameSync(partial, path);
`;

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'studio-blank-cluster-'));
  const path = join(root, 'pg');
  const failed = join(root, 'failed');
  const child = spawn(process.execPath, ['--input-type=module', '-e', MAKE, join(root, 'partial'), path], { cwd: project.config.root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
  child.once('exit', (code, signal) => {
    if (code !== 0) writeFileSync(failed, `making the blank PGlite cluster failed (${signal ?? code}): ${stderr}`);
  });
  project.provide('blankCluster', { path, failed });
  return () => {
    child.removeAllListeners('exit');
    child.kill();
    rmSync(root, { recursive: true, force: true });
  };
}
