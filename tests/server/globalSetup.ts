/**
 * Once per run of the server tests: a blank PGlite cluster (what initdb makes, ~5 s), which every
 * backend the tests start on a new folder copies instead of running initdb again (helpers.ts
 * BLANK_CLUSTER, db/open.ts). The tests of a first start itself (dataFolder, the CLI's) do not use it.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    blankCluster: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'studio-blank-cluster-'));
  const cluster = join(root, 'pg');
  await (await PGlite.create({ dataDir: cluster })).close();
  project.provide('blankCluster', cluster);
  return () => rmSync(root, { recursive: true, force: true });
}
