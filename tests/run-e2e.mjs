#!/usr/bin/env node
// The browser suite as two runs, one after the other: the studio tests, then the guest tests (two more
// Chromiums and Janus) alone, so their load never starves the timing of the others on a two-core
// machine. Two runs rather than a project dependency, which would skip the guest tests whenever a
// studio test failed. Arguments (a spec name, --repeat-each…) go to both runs; the exit code is the
// first failure's.
import { spawnSync } from 'node:child_process';

const run = (project) => spawnSync('npx', ['playwright', 'test', `--project=${project}`, '--pass-with-no-tests', ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1;
const studio = run('studio');
const guests = run('guests');
process.exit(studio || guests);
