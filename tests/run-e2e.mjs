#!/usr/bin/env node
// The browser suite as four runs, one after the other: the studio tests, then the guest tests (two
// more Chromiums and Janus) alone, then going live (a capture Chromium, ffmpeg and nginx) alone, then
// the scale-out (nginx in front of two backends on PostgreSQL, with a broadcast) alone, so
// their load never starves the timing of the others on a two-core machine. Separate runs rather than
// project dependencies, which would skip the later ones whenever an earlier test failed. Arguments (a
// spec name, --repeat-each…) go to every run; the exit code is the first failure's.
import { spawnSync } from 'node:child_process';

const run = (project) => spawnSync('npx', ['playwright', 'test', `--project=${project}`, '--pass-with-no-tests', ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1;
const studio = run('studio');
const guests = run('guests');
const live = run('live');
const scale = run('scale');
process.exit(studio || guests || live || scale);
