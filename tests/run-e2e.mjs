#!/usr/bin/env node
// The browser suite as three runs, one after the other: the studio tests, then the guest tests (two
// more Chromiums and Janus) alone, then going live (a capture Chromium, ffmpeg and nginx) alone, so
// their load never starves the timing of the others on a two-core machine. Separate runs rather than
// project dependencies, which would skip the later ones whenever an earlier test failed. Arguments (a
// spec name, --repeat-each…) go to every run; the exit code is the first failure's.
import { spawnSync } from 'node:child_process';

const run = (project) => spawnSync('npx', ['playwright', 'test', `--project=${project}`, '--pass-with-no-tests', ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1;
const studio = run('studio');
const guests = run('guests');
const live = run('live');
process.exit(studio || guests || live);
